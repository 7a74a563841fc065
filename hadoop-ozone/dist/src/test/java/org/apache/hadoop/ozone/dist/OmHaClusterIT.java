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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local cluster with three OMs in one Ratis group ({@code scripts/cluster start --om-ha}), each running the range
 * compaction service: status names each OM's role and the leader, a client configured with the service id writes and
 * reads a key, and stop leaves no process behind.
 */
class OmHaClusterIT {

  private static final int BASE_PORT = 25100;
  private static final String[] PROCESSES = {"scm", "om1", "om2", "om3", "dn1", "dn2", "dn3"};

  @TempDir
  private static Path work;
  private static final List<Long> PIDS = new ArrayList<>();
  private static final List<String> OM_WEB_UIS = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    String output = ok(Commands.cluster(work, BASE_PORT, "start", "--om-ha",
        "--om-conf", "ozone.om.range.compaction.service.enabled=true"));
    assertThat(output).contains("out of safe mode")
        .containsPattern("OM service: +omservice \\(om1..om3\\); leader om[123]");
    Matcher web = Pattern.compile("om[123] web UI: (http://\\S+)").matcher(output);
    while (web.find()) {
      OM_WEB_UIS.add(web.group(1));
    }
    assertThat(OM_WEB_UIS).as(output).hasSize(3);
    for (String name : PROCESSES) {
      PIDS.add(Long.parseLong(Files.readString(work.resolve(name + "/pid")).trim()));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    ok(Commands.cluster(work, BASE_PORT, "stop"));
    assertThat(PIDS).noneMatch(Commands::isAlive);
  }

  @Test
  void threeOmsServeOneServiceWithTheServiceOnEach() throws Exception {
    String status = ok(Commands.cluster(work, BASE_PORT, "status"));
    for (String name : PROCESSES) {
      assertThat(status).containsPattern(name + " +running");
    }
    assertThat(status).containsPattern("om[123] +running +PID \\d+ +LEADER")
        .containsPattern("OM leader: om[123]");
    String leader = ok(Commands.cluster(work, BASE_PORT, "leader")).trim();
    assertThat(status).contains("OM leader: " + leader);

    Path client = Path.of(ok(Commands.cluster(work, BASE_PORT, "conf")).trim());
    assertThat(Files.readString(client.resolve("ozone-site.xml")))
        .contains("<name>ozone.om.service.ids</name><value>omservice</value>");
    Path file = work.resolve("key.txt");
    Files.writeString(file, "three OMs\n");
    Path copy = work.resolve("key.copy");
    ok(Commands.ozone(client, "sh", "volume", "create", "/vol1"));
    ok(Commands.ozone(client, "sh", "bucket", "create", "/vol1/bucket1"));
    ok(Commands.ozone(client, "sh", "key", "put", "/vol1/bucket1/key1", file.toString()));
    ok(Commands.ozone(client, "sh", "key", "get", "/vol1/bucket1/key1", copy.toString()));
    assertThat(Files.readString(copy, StandardCharsets.UTF_8)).isEqualTo("three OMs\n");

    // Each OM runs its own service on its own DB and reports it on its own endpoint.
    for (String webUi : OM_WEB_UIS) {
      assertThat(Commands.httpGet(webUi + "/prom")).as(webUi).contains("om_range_compaction_runs");
    }
  }

  private static String ok(Result result) {
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output();
  }
}
