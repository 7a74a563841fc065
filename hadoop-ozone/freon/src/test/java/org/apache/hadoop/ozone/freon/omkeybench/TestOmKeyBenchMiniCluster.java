/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements. See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License. You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package org.apache.hadoop.ozone.freon.omkeybench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneKey;
import org.apache.hadoop.ozone.freon.Freon;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.ozone.test.GenericTestUtils.PortAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code ozone freon omkeybench} against one MiniOzoneCluster (1 datanode; zero-size keys never reach it). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestOmKeyBenchMiniCluster {

  private MiniOzoneCluster cluster;
  private OzoneClient client;
  private final Map<String, String> clientConf = new HashMap<>();

  @BeforeAll
  void startCluster() throws Exception {
    OzoneConfiguration conf = new OzoneConfiguration();
    // the S3 gRPC server binds fixed port 8981, which another OM on the machine may hold
    conf.setBoolean(OMConfigKeys.OZONE_OM_S3_GPRC_SERVER_ENABLED, false);
    PortAllocator.NEXT_PORT.set(freePortRange());
    cluster = MiniOzoneCluster.newBuilder(conf).setNumDatanodes(1).build();
    cluster.waitForClusterToBeReady();
    for (Map.Entry<String, String> e : cluster.getConf()) {
      clientConf.put(e.getKey(), e.getValue());
    }
    client = cluster.newClient();
  }

  /**
   * MiniOzoneCluster numbers its ports from 15000 in every JVM without checking them, so a cluster of another build
   * on the machine holds the same ports: start at a random block of 100 ports that are free now.
   */
  private static int freePortRange() {
    for (int attempt = 0; attempt < 100; attempt++) {
      int base = PortAllocator.MIN_PORT + 100 * ThreadLocalRandom.current().nextInt(20, 160);
      if (allFree(base, 100)) {
        return base;
      }
    }
    throw new IllegalStateException("no block of 100 free ports between 17000 and 31000");
  }

  private static boolean allFree(int base, int count) {
    for (int port = base; port < base + count; port++) {
      try (ServerSocket ignored = new ServerSocket(port)) {
        continue;
      } catch (IOException inUse) {
        return false;
      }
    }
    return true;
  }

  @AfterAll
  void stopCluster() throws Exception {
    if (client != null) {
      client.close();
    }
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  /** Runs freon as {@code ozone freon} does; @return the subcommand instance, after the run. */
  private OmKeyBench run(int expectedExit, String... args) {
    Freon freon = new Freon();
    freon.setConfigurationOverrides(clientConf);
    StringWriter err = new StringWriter();
    freon.getCmd().setErr(new PrintWriter(err, true));
    String[] argv = new String[args.length + 1];
    argv[0] = "omkeybench";
    System.arraycopy(args, 0, argv, 1, args.length);
    int exit = freon.execute(argv);
    assertThat(exit).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
    return (OmKeyBench) freon.getCmd().getSubcommands().get("omkeybench").getCommand();
  }

  private List<String> keys(String volume, String bucket, String prefix) throws Exception {
    OzoneBucket b = client.getObjectStore().getVolume(volume).getBucket(bucket);
    List<String> names = new ArrayList<>();
    Iterator<? extends OzoneKey> it = b.listKeys(prefix);
    while (it.hasNext()) {
      String name = it.next().getName();
      if (!name.endsWith("/")) {
        names.add(name);
      }
    }
    return names;
  }

  /** Drains the live set of {@code bench}; @return the tracked key names. */
  private static Set<String> tracked(OmKeyBench bench) {
    Set<String> names = new HashSet<>();
    LiveSet<TrackedKey> live = bench.liveSet();
    LiveSet.Handle<TrackedKey> h;
    while ((h = live.removeRandom(1)) != null) {
      names.add(h.value().name());
    }
    return names;
  }

  @Test
  void countsMatchTheBucket(@TempDir Path dir) throws Exception {
    Path summary = dir.resolve("summary.json");
    OmKeyBench bench = run(0, "-n", "2000", "-t", "8", "-p", "mix", "-v", "vmix", "-b", "bmix",
        "--weights", "create:5,delete:3,list:2", "--max-live-keys", "50", "--seed", "1",
        "--batch-size", "20", "--summary-json", summary.toString());
    OmKeyBenchStats stats = bench.stats();

    List<String> inBucket = keys("vmix", "bmix", "mix/");
    assertThat(inBucket).hasSize((int) (stats.created() - stats.deleted()));
    assertThat(stats.deleted()).isPositive();
    assertThat(stats.untrackedCreated()).isPositive();
    assertThat(stats.listed()).isPositive();
    assertThat(stats.live()).isLessThanOrEqualTo(50);
    // every key ever created is mix/<sequence>; those not in the bucket are exactly the deleted ones
    Set<String> all = new HashSet<>();
    for (long i = 0; i < stats.created(); i++) {
      all.add(String.format("mix/%012d", i));
    }
    assertThat(all).containsAll(inBucket);
    assertThat(all.size() - inBucket.size()).isEqualTo(stats.deleted());
    int live = stats.live();
    Set<String> tracked = tracked(bench);
    assertThat(tracked).hasSize(live);
    assertThat(inBucket).containsAll(tracked);

    JsonNode json = new ObjectMapper().readTree(Files.readAllBytes(summary));
    long sum = 0;
    for (JsonNode op : json.get("operations")) {
      sum += op.get("count").asLong() + op.get("failures").asLong() + op.get("skipped").asLong();
    }
    assertThat(sum).isEqualTo(2000);
    assertThat(json.get("totalOps").asLong()).isEqualTo(2000);
    assertThat(json.get("failures").asLong()).isZero();
    assertThat(json.get("created").asLong()).isEqualTo(stats.created());
    assertThat(json.get("deleted").asLong()).isEqualTo(stats.deleted());
    assertThat(json.get("operations").get("LIST").get("count").asLong()).isPositive();
    assertThat(json.get("listed").asLong()).isEqualTo(stats.listed());
  }

  /** Without faults, the journal's last word on every key is its state in the bucket. */
  @Test
  void journalMatchesTheBucket(@TempDir Path dir) throws Exception {
    Path journal = dir.resolve("journal");
    OmKeyBench bench = run(0, "-n", "1500", "-t", "6", "-p", "jrn", "-v", "vjrn", "-b", "bjrn",
        "--weights", "create:5,delete:4,list:1", "--max-live-keys", "40", "--untracked", "delete",
        "--delete-order", "oldest", "--seed", "4", "--journal", journal.toString());
    Map<String, String> last = new HashMap<>();
    for (String line : Files.readAllLines(journal)) {
      String[] eventAndKey = line.split(" ", 2);
      last.put(eventAndKey[1], eventAndKey[0]);
    }
    assertThat(last).hasSize((int) bench.stats().created()).doesNotContainValue("deleting");
    Set<String> created = new HashSet<>();
    last.forEach((key, event) -> {
      if (event.equals("created")) {
        created.add(key);
      }
    });
    assertThat(keys("vjrn", "bjrn", "")).containsExactlyInAnyOrderElementsOf(created);
    assertThat(last.size() - created.size()).isEqualTo(bench.stats().deleted()).isPositive();
  }

  /** Every completed operation is in exactly one interval's line of its operation. */
  @Test
  void latencyCsvCountsEveryCompletedOperationOnce(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("latency.csv");
    OmKeyBench bench = run(0, "-n", "3000", "-t", "4", "-p", "lat", "-v", "vlat", "-b", "blat",
        "--weights", "create:5,delete:3,list:1", "--max-live-keys", "30", "--untracked", "delete",
        "--seed", "5", "--latency-csv", csv.toString(), "--latency-interval", "1");
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0)).isEqualTo(IntervalLatencies.HEADER);
    Map<String, Long> counts = new HashMap<>();
    Set<String> times = new HashSet<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      times.add(f[0]);
      counts.merge(f[1], Long.parseLong(f[2]), Long::sum);
      double p50 = Double.parseDouble(f[3]);
      double p99 = Double.parseDouble(f[4]);
      assertThat(p50).isPositive().isLessThanOrEqualTo(p99).isLessThanOrEqualTo(Double.parseDouble(f[5]));
    }
    OmKeyBenchStats stats = bench.stats();
    assertThat(counts).containsEntry("CREATE", stats.op(OmKeyBenchOp.CREATE).succeeded())
        .containsEntry("DELETE", stats.op(OmKeyBenchOp.DELETE).succeeded())
        .containsEntry("LIST", stats.op(OmKeyBenchOp.LIST).succeeded())
        .containsEntry("UNTRACKED_DELETE", stats.untrackedCreated());
    assertThat(times).hasSizeGreaterThan(1);
  }

  /**
   * An open loop reports the rate it offered and the one it achieved, its latencies leave the warm-up out, and a
   * rate one thread cannot carry is reported as not met.
   */
  @Test
  void openLoopReportsOfferedAndAchievedRate(@TempDir Path dir) throws Exception {
    Path summary = dir.resolve("paced.json");
    Path log = dir.resolve("paced.log");
    OmKeyBench bench = run(0, "-n", "200", "-t", "16", "-p", "paced", "-v", "vpaced", "-b", "bpaced",
        "--weights", "create:3,list:1", "--rate", "50", "--warmup", "1", "--latency-log", log.toString(),
        "--summary-json", summary.toString());
    JsonNode load = new ObjectMapper().readTree(Files.readAllBytes(summary)).get("load");
    assertThat(load.get("loop").asText()).isEqualTo("open");
    assertThat(load.get("offeredOpsPerSecond").asDouble()).isEqualTo(50.0);
    double achieved = load.get("achievedOpsPerSecond").asDouble();
    assertThat(achieved).isBetween(40.0, 50.5);
    assertThat(load.get("rateMet").asBoolean()).isEqualTo(achieved >= 50 * (1 - StepSchedule.RATE_TOLERANCE));
    // the first second's 50 steps ran and count as operations, but their latencies are left out (no step skips)
    assertThat(bench.stats().totalOps()).isEqualTo(200);
    assertThat(Files.readAllLines(log)).hasSize(1 + 150);

    Path unmet = dir.resolve("unmet.json");
    run(0, "-n", "300", "-t", "1", "-p", "unmet", "-v", "vpaced", "-b", "bpaced", "--weights", "create:1",
        "--rate", "100000", "--summary-json", unmet.toString());
    load = new ObjectMapper().readTree(Files.readAllBytes(unmet)).get("load");
    assertThat(load.get("achievedOpsPerSecond").asDouble()).isLessThan(10000.0);
    assertThat(load.get("rateMet").asBoolean()).isFalse();
  }

  /** Every completed operation is one line of the latency log, with its start within the run. */
  @Test
  void latencyLogHasALinePerCompletedOperation(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("latency.log");
    long before = System.currentTimeMillis();
    OmKeyBench bench = run(0, "-n", "2000", "-t", "4", "-p", "llog", "-v", "vllog", "-b", "bllog",
        "--weights", "create:5,delete:3,list:1", "--max-live-keys", "30", "--untracked", "delete",
        "--seed", "6", "--latency-log", file.toString());
    long after = System.currentTimeMillis();
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).isEqualTo(LatencyLog.HEADER);
    Map<String, Long> counts = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      assertThat(Long.parseLong(f[0])).isBetween(before, after);
      assertThat(Double.parseDouble(f[2])).isPositive().isLessThan(after - before);
      counts.merge(f[1], 1L, Long::sum);
    }
    OmKeyBenchStats stats = bench.stats();
    assertThat(counts).containsEntry("CREATE", stats.op(OmKeyBenchOp.CREATE).succeeded())
        .containsEntry("DELETE", stats.op(OmKeyBenchOp.DELETE).succeeded())
        .containsEntry("LIST", stats.op(OmKeyBenchOp.LIST).succeeded())
        .containsEntry("UNTRACKED_DELETE", stats.untrackedCreated());
  }

  @Test
  void untrackedDeleteKeepsTheBucketBounded() throws Exception {
    OmKeyBench bench = run(0, "-n", "600", "-t", "6", "-p", "untr", "-v", "vuntr", "-b", "buntr",
        "--weights", "create:10,delete:1,list:1", "--max-live-keys", "20", "--untracked", "delete",
        "--delete-order", "oldest", "--list-start", "first", "--seed", "2");
    OmKeyBenchStats stats = bench.stats();
    List<String> inBucket = keys("vuntr", "buntr", "");
    assertThat(stats.untrackedCreated()).isPositive();
    assertThat(inBucket).hasSize((int) (stats.created() - stats.deleted())).hasSizeLessThanOrEqualTo(20);
    assertThat(inBucket).containsExactlyInAnyOrderElementsOf(tracked(bench));
  }

  /**
   * A second run adopts the first run's keys: its deletes take the oldest of them first, its creates continue after
   * them; a count that does not match the bucket is refused before any operation.
   */
  @Test
  void existingKeysAreTrackedOldestFirstAndCreatesContinueAfterThem() throws Exception {
    run(0, "-n", "60", "-t", "4", "-p", "old", "-v", "vold", "-b", "bold", "--weights", "create:1");
    OmKeyBench bench = run(0, "-n", "40", "-t", "1", "-p", "old", "-v", "vold", "-b", "bold",
        "--weights", "create:1,delete:1", "--max-live-keys", "50", "--existing-keys", "60",
        "--delete-order", "oldest", "--seed", "5");
    OmKeyBenchStats stats = bench.stats();
    long deleted = stats.deleted();
    assertThat(deleted).isPositive();
    List<String> expected = new ArrayList<>();
    for (long seq = deleted; seq < 60 + stats.created(); seq++) {
      expected.add(String.format("old/%012d", seq));
    }
    assertThat(keys("vold", "bold", "")).containsExactlyElementsOf(expected);

    run(-1, "-n", "1", "-p", "old", "-v", "vold", "-b", "bold", "--existing-keys", "50");
  }

  /** --size: every key holds that many bytes, written to the datanode (one replica: the cluster has one). */
  @Test
  void keysWithData() throws Exception {
    run(0, "-n", "20", "-t", "2", "-p", "data", "-v", "vdata", "-b", "bdata", "--weights", "create:1",
        "--size", "1KB", "--buffer", "100", "--type", "RATIS", "--replication", "ONE");
    OzoneBucket bucket = client.getObjectStore().getVolume("vdata").getBucket("bdata");
    List<Long> sizes = new ArrayList<>();
    Iterator<? extends OzoneKey> it = bucket.listKeys("data/");
    while (it.hasNext()) {
      sizes.add(it.next().getDataSize());
    }
    assertThat(sizes).hasSize(20).containsOnly(1024L);
  }

  @Test
  void defaultCommandLineRuns() throws Exception {
    OmKeyBench bench = run(0, "-n", "300", "-t", "10", "--size=0", "--volume", "vol1", "--bucket", "bucket1",
        "--weights", "create:20,delete:8,list:1", "--max-live-keys", "25000");
    assertThat(bench.stats().totalOps()).isEqualTo(300);
    assertThat(bench.stats().created()).isPositive();
    assertThat(client.getObjectStore().getVolume("vol1").getBucket("bucket1").getBucketLayout().name())
        .isEqualTo("OBJECT_STORE");
  }

  @Test
  void directoriesInFsoBucket() throws Exception {
    OmKeyBench bench = run(0, "-n", "600", "-t", "6", "-p", "fso", "-v", "vfso", "-b", "bfso",
        "--layout", "FILE_SYSTEM_OPTIMIZED", "--files-per-dir", "5",
        "--weights", "create:10,delete:2,list:1,deletedir:2", "--max-live-keys", "100", "--seed", "3");
    OmKeyBenchStats stats = bench.stats();
    assertThat(stats.op(OmKeyBenchOp.DELETEDIR).succeeded()).isPositive();
    assertThat(stats.op(OmKeyBenchOp.LIST).succeeded()).isPositive();
    assertThat(stats.listed()).isPositive();
    List<String> inBucket = keys("vfso", "bfso", "");
    assertThat(inBucket).hasSize((int) (stats.created() - stats.deleted()));
    assertThat(inBucket).allMatch(n -> n.matches("fso/dir-\\d{12}/\\d{12}"));
    assertThat(inBucket).containsAll(tracked(bench));
  }
}
