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
 * One local cluster with OM under async-profiler (scripts/cluster start --profile om), RocksDB statistics and the
 * range compaction service on, and a short omkeybench load: every metric the Grafana dashboard and the alert rules
 * query is on a real /prom scrape, and stop leaves an OM flamegraph that shows RocksDB.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ObservabilityIT {

  private static final int BASE_PORT = 18500;
  private static final String[] PROCESSES = {"scm", "om", "dn1", "dn2", "dn3"};
  private static final Predicate<String> ROCKSDB = title -> title.toLowerCase(Locale.ROOT).contains("rocksdb");
  private static final Pattern ROCKSDB_LOAD = Pattern.compile(
      "org/rocksdb/\\w+\\.(get|multiGet|write|put|delete|seek|next)|rocksdb::(DBImpl::(Write|Get)|DBIter::)");

  @TempDir
  private static Path work;
  private static final List<Long> PIDS = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Result start = Commands.cluster(work, BASE_PORT, "start", "--profile", "om",
        "--om-conf", "ozone.metastore.rocksdb.statistics=ALL",
        "--om-conf", "ozone.om.range.compaction.service.enabled=true",
        "--om-conf", "ozone.om.range.compaction.service.interval=5s");
    assertThat(start.exitCode()).as(start.output()).isZero();
    assertThat(start.output()).containsPattern("profiling: +om with async-profiler \\d");
    for (String name : PROCESSES) {
      PIDS.add(Long.parseLong(Files.readString(work.resolve(name + "/pid")).trim()));
    }
    Result load = Commands.ozone(work.resolve("client/etc"), "freon", "omkeybench", "-n", "3000", "-t", "8",
        "--size=0", "--volume", "vol1", "--bucket", "churn", "--weights", "create:2,delete:2,list:1",
        "--max-live-keys", "200", "--delete-order", "oldest");
    assertThat(load.exitCode()).as(load.output()).isZero();
  }

  @AfterAll
  static void stop() throws Exception {
    Result stop = Commands.cluster(work, BASE_PORT, "stop");
    assertThat(stop.exitCode()).as(stop.output()).isZero();
    assertThat(PIDS).noneMatch(Commands::isAlive);
  }

  @Test
  @Order(1)
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

  @Test
  @Order(2)
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

  private static Set<String> metricNames(String exposition) {
    Set<String> names = new TreeSet<>();
    Matcher sample = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]", Pattern.MULTILINE).matcher(exposition);
    while (sample.find()) {
      names.add(sample.group(1));
    }
    return names;
  }
}
