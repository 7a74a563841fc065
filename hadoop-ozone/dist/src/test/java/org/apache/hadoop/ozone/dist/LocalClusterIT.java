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

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * The distribution as a real local cluster (1 SCM, 1 OM, 3 datanodes on 127.0.0.1) through scripts/cluster:
 * start, object store operations through bin/ozone sh, a freon run, and a stop that leaves no process behind.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalClusterIT {

  private static final int BASE_PORT = 17000;
  private static final String[] PROCESSES = {"scm", "om", "dn1", "dn2", "dn3"};

  @TempDir
  private static Path work;
  private static final List<Long> PIDS = new ArrayList<>();
  private static String omWebUi;

  @BeforeAll
  static void start() throws Exception {
    Result start = Commands.cluster(work, BASE_PORT, "start");
    assertThat(start.exitCode()).as(start.output()).isZero();
    assertThat(start.output()).contains("out of safe mode");
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
    assertThat(ProcessHandle.allProcesses()
        .map(p -> p.info().commandLine().orElse(""))
        .filter(cmd -> cmd.contains(work.toString())))
        .as("processes of this cluster after stop")
        .isEmpty();
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

  @Test
  @Order(4)
  void freonCreatesKeys() throws Exception {
    String output = ok(Commands.ozone(client(), "freon", "ockg", "-n", "100", "-t", "4", "-s", "0",
        "-v", "vol1", "-b", "bucket1", "-p", "freon"));
    assertThat(output).contains("Successful executions: 100", "Failures: 0");
    String listing = ok(Commands.ozone(client(), "sh", "key", "list", "/vol1/bucket1", "--prefix", "freon/",
        "-l", "1000"));
    assertThat(Pattern.compile("\"name\" : \"freon/").matcher(listing).results().count()).isEqualTo(100);
  }

  @Test
  @Order(5)
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
  @Order(6)
  void omServesMetrics() throws Exception {
    assertThat(prom()).contains("rocksdb_om_db_");
  }

  /**
   * A delete-heavy run on its own bucket; its tombstones show in the range statistics of a checkpoint of OM's DB
   * and in OM's metrics.
   */
  @Test
  @Order(7)
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

  private static String prom() throws Exception {
    return Commands.httpGet(omWebUi + "/prom");
  }

  private static Path client() {
    return work.resolve("client/etc");
  }

  private static String ok(Result result) {
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output();
  }
}
