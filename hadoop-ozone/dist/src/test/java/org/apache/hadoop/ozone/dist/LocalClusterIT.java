/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements.  See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License.  You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package org.apache.hadoop.ozone.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.ozone.dist.Commands.Result;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as a real local cluster (1 SCM, 1 OM, 3 datanodes on 127.0.0.1) through scripts/cluster, with OM
 * under async-profiler ({@code --profile om}), RocksDB statistics and the range compaction service on: start, object
 * store operations through bin/ozone sh, HttpFS, freon runs, range statistics of a checkpoint, every metric the Grafana
 * dashboard and the alert rules query on a real /prom scrape, and a stop that leaves an OM flamegraph showing RocksDB
 * and no process behind. One cluster for all: each start costs half a minute of CI.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalClusterIT {

  private static final int BASE_PORT = 17000;
  // scripts/cluster's layout: OM's RPC port is base+7; HttpFS takes a port after the cluster's 48.
  private static final int OM_RPC_OFFSET = 7;
  private static final int HTTPFS_PORT = BASE_PORT + 48;
  private static final String USER = System.getProperty("user.name");
  private static final String RANGE_SERVICE = "ozone.om.range.compaction.service.";
  private static final String[] PROCESSES = {"scm", "om", "dn1", "dn2", "dn3"};
  private static final Predicate<String> ROCKSDB = title -> title.toLowerCase(Locale.ROOT).contains("rocksdb");
  private static final Pattern ROCKSDB_LOAD = Pattern.compile(
      "org/rocksdb/\\w+\\.(get|multiGet|write|put|delete|seek|next)|rocksdb::(DBImpl::(Write|Get)|DBIter::)");

  @TempDir
  private static Path work;
  private static final List<Long> PIDS = new ArrayList<>();
  private static String omWebUi;

  @BeforeAll
  static void start() throws Exception {
    // The service at its defaults compacts nothing of these small runs (min.tombstones 10,000): the range
    // statistics below still show their tombstones.
    Result start = Commands.cluster(work, BASE_PORT, "start", "--profile", "om",
        "--om-conf", "ozone.metastore.rocksdb.statistics=ALL",
        "--om-conf", "ozone.om.range.compaction.service.enabled=true",
        // HttpFS calls OM as the user it runs as, on behalf of its caller.
        "--om-conf", "hadoop.proxyuser." + USER + ".hosts=*", "--om-conf", "hadoop.proxyuser." + USER + ".groups=*");
    assertThat(start.exitCode()).as(start.output()).isZero();
    assertThat(start.output()).contains("out of safe mode")
        .containsPattern("profiling: +om with async-profiler \\d");
    Matcher web = Pattern.compile("OM web UI: +(http://\\S+)").matcher(start.output());
    assertThat(web.find()).as(start.output()).isTrue();
    omWebUi = web.group(1);
    for (String name : PROCESSES) {
      PIDS.add(Long.parseLong(Files.readString(work.resolve(name + "/pid")).trim()));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    Result stop = Commands.cluster(work, BASE_PORT, "stop");
    assertThat(stop.exitCode()).as(stop.output()).isZero();
    assertThat(PIDS).noneMatch(Commands::isAlive);
    assertThat(Commands.processesMentioning(work)).as("processes of this cluster after stop").isEmpty();
  }

  @Test
  @Order(1)
  void statusShowsEveryProcessRunning() throws Exception {
    Result status = Commands.cluster(work, BASE_PORT, "status");
    assertThat(status.exitCode()).as(status.output()).isZero();
    for (String name : PROCESSES) {
      assertThat(status.output()).containsPattern(name + " +running");
    }
  }

  @Test
  @Order(2)
  void secondStartIsRefused() throws Exception {
    Result again = Commands.cluster(work, BASE_PORT, "start");
    assertThat(again.exitCode()).isNotZero();
    assertThat(again.output()).contains("already running");
  }

  @Test
  @Order(3)
  void putListAndReadKey() throws Exception {
    Path file = work.resolve("key.txt");
    Files.writeString(file, "range compaction\n");
    Path copy = work.resolve("key.copy");

    ok(Commands.ozone(client(), "sh", "volume", "create", "/vol1"));
    ok(Commands.ozone(client(), "sh", "bucket", "create", "/vol1/bucket1", "--layout", "OBJECT_STORE"));
    ok(Commands.ozone(client(), "sh", "key", "put", "/vol1/bucket1/key1", file.toString()));
    assertThat(ok(Commands.ozone(client(), "sh", "key", "list", "/vol1/bucket1"))).contains("\"name\" : \"key1\"");
    ok(Commands.ozone(client(), "sh", "key", "get", "/vol1/bucket1/key1", copy.toString()));
    assertThat(Files.readString(copy, StandardCharsets.UTF_8)).isEqualTo("range compaction\n");
  }

  /** HttpFS of the distribution lists the volume through ofs://, as WebHDFS clients (curl, webhdfs://) see it. */
  @Test
  @Order(4)
  void httpFsListsTheVolume() throws Exception {
    Path conf = work.resolve("httpfs/etc");
    Files.createDirectories(conf);
    Files.copy(client().resolve("ozone-site.xml"), conf.resolve("ozone-site.xml"));
    Files.writeString(conf.resolve("core-site.xml"), configuration(Map.of(
        "fs.defaultFS", "ofs://127.0.0.1:" + (BASE_PORT + OM_RPC_OFFSET))));
    Files.writeString(conf.resolve("httpfs-site.xml"), configuration(Map.of(
        "httpfs.http.hostname", "127.0.0.1", "httpfs.http.port", Integer.toString(HTTPFS_PORT),
        "httpfs.hadoop.config.dir", conf.toString())));
    Process httpfs = Commands.startOzone(conf, "httpfs");
    try {
      String url = "http://127.0.0.1:" + HTTPFS_PORT + "/webhdfs/v1/vol1?op=LISTSTATUS&user.name=" + USER;
      String listing = null;
      for (int i = 0; i < 120 && listing == null; i++) {
        try {
          listing = Commands.httpGet(url);
        } catch (IOException notYet) {
          assertThat(httpfs.isAlive()).as("httpfs is running").isTrue();
          Thread.sleep(500);
        }
      }
      assertThat(listing).as("httpfs on port %d within 60 s", HTTPFS_PORT).isNotNull()
          .contains("\"pathSuffix\":\"bucket1\"", "\"type\":\"DIRECTORY\"");
    } finally {
      httpfs.destroy();
      httpfs.waitFor();
    }
  }

  @Test
  @Order(5)
  void freonCreatesKeys() throws Exception {
    String output = ok(Commands.ozone(client(), "freon", "ockg", "-n", "100", "-t", "4", "-s", "0",
        "-v", "vol1", "-b", "bucket1", "-p", "freon"));
    assertThat(output).contains("Successful executions: 100", "Failures: 0");
    String listing = ok(Commands.ozone(client(), "sh", "key", "list", "/vol1/bucket1", "--prefix", "freon/",
        "-l", "1000"));
    assertThat(Pattern.compile("\"name\" : \"freon/").matcher(listing).results().count()).isEqualTo(100);
  }

  @Test
  @Order(6)
  void freonOmKeyBenchRunsTheSeedCommandLine() throws Exception {
    String output = ok(Commands.ozone(client(), "freon", "omkeybench", "-n", "300", "-t", "10", "--size=0",
        "--volume", "vol1", "--bucket", "bucket1", "--weights", "create:20,delete:8,list:1",
        "--max-live-keys", "25000"));
    assertThat(output).contains("Successful executions: 300", "Failures: 0");
    // freon's final timers (its reporter logs them without a console)
    assertThat(output).containsPattern("type=TIMER, name=CREATE, count=[1-9]\\d*, ")
        .containsPattern("type=TIMER, name=DELETE, count=\\d+, ")
        .containsPattern("type=TIMER, name=LIST, count=\\d+, ");
    assertThat(output).containsPattern("live=\\d+/25000 created=\\d+ deleted=\\d+ CREATE: rate \\d+ max \\d+ "
        + "DELETE: rate \\d+ max \\d+ LIST: rate \\d+ max \\d+");
  }

  @Test
  @Order(7)
  void omServesMetrics() throws Exception {
    assertThat(prom()).contains("rocksdb_om_db_");
  }

  /**
   * A delete-heavy run on its own bucket; its tombstones show in the range statistics of a checkpoint of OM's DB
   * and in OM's metrics.
   */
  @Test
  @Order(8)
  void rangeStatsShowWhereTheTombstonesAre() throws Exception {
    ok(Commands.ozone(client(), "freon", "omkeybench", "-n", "2000", "-t", "10", "--size=0", "--volume", "vol1",
        "--bucket", "churn", "--weights", "create:1,delete:1", "--max-live-keys", "100", "--delete-order", "oldest"));
    Path checkpoint = work.resolve("checkpoint");
    ok(Commands.cluster(work, BASE_PORT, "checkpoint", checkpoint.toString()));

    String json = ok(Commands.ozone(client(), "debug", "range-stats", "--db", checkpoint.toString(),
        "--table", "keyTable", "--top", "0", "--json"));
    Matcher churn = Pattern.compile("\"start\" : \"/vol1/churn/\",[^}]*\"tombstones\" : (\\d+)").matcher(json);
    assertThat(churn.find()).as(json).isTrue();
    assertThat(Long.parseLong(churn.group(1))).isPositive();

    // The checkpoint flushed OM's memtables; OM's own statistics follow that flush.
    Pattern tombstones = Pattern.compile("om_range_stats_estimated_tombstones\\{[^}]*table=\"keyTable\"[^}]*} [1-9]");
    long deadline = System.currentTimeMillis() + 30_000;
    String metrics = prom();
    while (!tombstones.matcher(metrics).find() && System.currentTimeMillis() < deadline) {
      Thread.sleep(1000);
      metrics = prom();
    }
    assertThat(metrics).containsPattern(tombstones);
  }

  @Test
  @Order(9)
  void everyQueriedMetricIsScraped() throws Exception {
    Set<String> queried = ComposeConfigIT.queriedMetrics();
    assertThat(queried).contains("rocksdb_om_db_number_db_seek", "rocksdb_om_db_number_iter_skip",
        "om_range_stats_estimated_tombstones", "om_range_compaction_runs");
    // What Prometheus scrapes in compose/ozone: SCM, OM and a datanode.
    Set<String> scraped = new TreeSet<>();
    for (int port : new int[] {BASE_PORT + 3, BASE_PORT + 8, BASE_PORT + 15}) {
      scraped.addAll(metricNames(Commands.httpGet("http://127.0.0.1:" + port + "/prom")));
    }
    Set<String> missing = new TreeSet<>(queried);
    missing.removeAll(scraped);
    assertThat(missing).as("metrics the dashboard or alerts query but no /prom serves").isEmpty();
  }

  /**
   * The service switched off and on at runtime as an operator does it: OM's ozone-site.xml edited, then {@code ozone
   * admin reconfig ... start}. The settings in force on /prom follow, and the service's own metrics go and come back.
   */
  @Test
  @Order(10)
  void reconfigSwitchesTheServiceAtRuntime() throws Exception {
    Path site = work.resolve("om/etc/ozone-site.xml");
    Matcher address = Pattern.compile("<name>ozone.om.address</name><value>([^<]+)</value>")
        .matcher(Files.readString(site));
    assertThat(address.find()).as(site.toString()).isTrue();
    String reconfig = "--address=" + address.group(1);
    assertThat(ok(Commands.ozone(client(), "admin", "reconfig", "--service=OM", reconfig, "properties")))
        .contains(RANGE_SERVICE + "enabled", RANGE_SERVICE + "interval", RANGE_SERVICE + "idle.after",
            RANGE_SERVICE + "budget.ratio", RANGE_SERVICE + "tables");
    assertThat(prom()).containsPattern(settingEnabled(1)).contains("om_range_compaction_runs");

    for (boolean enabled : new boolean[] {false, true}) {
      Files.writeString(site, Files.readString(site).replaceFirst(
          "(<name>" + RANGE_SERVICE + "enabled</name><value>)[^<]*", "$1" + enabled));
      ok(Commands.ozone(client(), "admin", "reconfig", "--service=OM", reconfig, "start"));
      String status = "";
      long deadline = System.currentTimeMillis() + 60_000;
      while (!status.contains("finished") && System.currentTimeMillis() < deadline) {
        Thread.sleep(500);
        status = ok(Commands.ozone(client(), "admin", "reconfig", "--service=OM", reconfig, "status"));
      }
      assertThat(status).contains("finished").contains(RANGE_SERVICE + "enabled");
      // OM's metrics system takes its snapshot for /prom every 10 s.
      Pattern setting = settingEnabled(enabled ? 1 : 0);
      String metrics = prom();
      while (!(setting.matcher(metrics).find() && metrics.contains("om_range_compaction_runs") == enabled)
          && System.currentTimeMillis() < deadline + 30_000) {
        Thread.sleep(1000);
        metrics = prom();
      }
      assertThat(metrics).containsPattern(setting);
      assertThat(metrics.contains("om_range_compaction_runs")).as("the service's metrics").isEqualTo(enabled);
    }
  }

  private static Pattern settingEnabled(int value) {
    return Pattern.compile("om_range_compaction_settings_enabled\\{[^}]*} " + value + "(\\.0)?\\b");
  }

  @Test
  @Order(11)
  void stopLeavesAnOmFlamegraphWithRocksDb() throws Exception {
    Result stop = Commands.cluster(work, BASE_PORT, "stop");
    assertThat(stop.exitCode()).as(stop.output()).isZero();
    Path html = work.resolve("om/flamegraph.html");
    assertThat(stop.output()).contains("Flamegraph of om: " + html);
    assertThat(PIDS).noneMatch(Commands::isAlive);
    assertThat(work.resolve("scm/flamegraph.html")).doesNotExist();

    FlameGraph graph = FlameGraph.parse(Files.readString(html));
    assertThat(graph.totalSamples()).isPositive();
    assertThat(graph.frames()).anyMatch(frame -> ROCKSDB.test(frame.title()));
    // Not only opening the DB at start: the load's reads and writes.
    assertThat(graph.frames()).anyMatch(frame -> ROCKSDB_LOAD.matcher(frame.title()).find());
    double share = graph.share(ROCKSDB);
    assertThat(share).isPositive();
    // For the record: how much of OM's CPU RocksDB took, and where.
    System.out.printf("OM flamegraph: %d samples, %.1f%% with a RocksDB frame on the stack, %.1f%% in the load's"
            + " RocksDB reads and writes%n", graph.totalSamples(), 100 * share,
        100 * graph.share(title -> ROCKSDB_LOAD.matcher(title).find()));
    Map<String, Long> byTitle = new HashMap<>();
    graph.frames().stream().filter(frame -> ROCKSDB.test(frame.title()))
        .forEach(frame -> byTitle.merge(frame.title(), frame.width(), Long::sum));
    byTitle.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(15)
        .forEach(e -> System.out.printf("  %5.1f%%  %.150s%n", 100.0 * e.getValue() / graph.totalSamples(),
            e.getKey()));
  }

  private static String prom() throws Exception {
    return Commands.httpGet(omWebUi + "/prom");
  }

  private static Path client() {
    return work.resolve("client/etc");
  }

  private static String configuration(Map<String, String> properties) {
    StringBuilder xml = new StringBuilder("<configuration>\n");
    properties.forEach((name, value) -> xml.append("  <property><name>").append(name).append("</name><value>")
        .append(value).append("</value></property>\n"));
    return xml.append("</configuration>\n").toString();
  }

  private static String ok(Result result) {
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output();
  }

  private static Set<String> metricNames(String exposition) {
    Set<String> names = new TreeSet<>();
    Matcher sample = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]", Pattern.MULTILINE).matcher(exposition);
    while (sample.find()) {
      names.add(sample.group(1));
    }
    return names;
  }
}
