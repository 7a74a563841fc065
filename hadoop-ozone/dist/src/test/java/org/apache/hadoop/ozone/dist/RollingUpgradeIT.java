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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.ozone.dist.Commands.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short form of {@code scripts/rolling-upgrade} ({@code --oms 1}; the committed result rolls all three): a ring
 * of three OMs started on upstream's jars alone (target/ozone-2.2.1-upstream), one follower moved onto the jar kit
 * ({@code install-into} its host install) so that the ring runs mixed, the service turned on at runtime on it and
 * leadership moved to it until it compacts ranges, then the OM moved back ({@code install-into --restore}, leadership
 * moved off first) and, made leader again, serving the bucket from the DB its service compacted. A journaled
 * delete-heavy load runs through every step; after each no acknowledged key is missing or back.
 */
class RollingUpgradeIT {

  private static final int BASE_PORT = 18100;

  @TempDir
  private Path work;

  @Test
  @SuppressWarnings("unchecked")
  void theRingRollsOntoTheKitAndBackWithEveryAcknowledgedKeyKept() throws Exception {
    Path out = work.resolve("rolling-upgrade");
    Result result = Commands.script("rolling-upgrade", Duration.ofMinutes(20), "--oms", "1", "--step-ops", "100",
        "--threads", "2", "--base-port", Integer.toString(BASE_PORT), "--out", out.toString());
    System.out.println(result.output());
    assertThat(result.exitCode()).as(result.output()).isZero();
    // scripts/cluster start --om-ha: three OMs in one service, each with its web UI, the leader named.
    assertThat(result.output()).containsPattern("OM service: +omservice \\(om1..om3\\); leader om[123]")
        .containsPattern("om1 web UI: http://\\S+ .*\\n.*om2 web UI: http://\\S+ .*\\n.*om3 web UI: http://\\S+");
    assertThat(Commands.processesMentioning(out)).as("processes of the ring after rolling-upgrade").isEmpty();

    Map<String, Object> report =
        (Map<String, Object>) Json.parse(Files.readString(out.resolve("rolling-upgrade.json")));
    List<Map<String, Object>> steps = (List<Map<String, Object>>) report.get("rows");
    assertThat(steps).extracting(s -> s.get("name")).containsExactly("upgrade", "service-on", "downgrade", "reads");
    assertThat(steps).extracting(s -> s.get("jars")).containsExactly("kit", null, "upstream", "upstream");
    Object rolled = steps.get(0).get("om");
    assertThat(steps).extracting(s -> s.get("om")).containsExactly(rolled, null, rolled, rolled);
    // A follower first; the service compacts once the rolled OM leads; leadership off it before its downgrade; the
    // rolled OM leads for the reads. What each step ends with is asserted, and the transfers only as "if any, to
    // where": an election of the ring's own (a heartbeat late on a loaded machine) can spare a step its transfer.
    assertThat(steps.get(0).get("leader_moved_to")).isNull();
    assertThat(steps.get(1)).containsEntry("leader", rolled);
    assertThat(steps.get(1).get("leader_moved_to")).isIn(rolled, null);
    assertThat((Double) steps.get(1).get("first_compaction_s")).as("the leader's first range compaction").isNotNull();
    assertThat(steps.get(2).get("leader_moved_to")).isNotEqualTo(rolled);
    assertThat(steps.get(3)).containsEntry("leader", rolled);
    assertThat(steps.get(3).get("leader_moved_to")).isIn(rolled, null);
    for (Map<String, Object> step : steps) {
      assertThat(step).as("step %s", step)
          .containsEntry("passed", true)
          .containsEntry("missing_count", 0.0)
          .containsEntry("revived_count", 0.0);
    }
    assertThat((Double) steps.get(3).get("keys_deleted")).isPositive();
    assertThat((Double) ((Map<String, Object>) report.get("compactions")).get(rolled)).isPositive();
    assertThat(Files.readString(out.resolve("rolling-upgrade.md"))).contains("4 of 4 steps passed every check");
    // The envelope every result starts with (scripts/harness/envelope.py), of a complete run of this checkout.
    assertThat(report).containsKeys("tool", "reason", "gitDirty", "commandLine", "startedAt", "finishedAt",
        "wallSeconds", "machine", "settings").containsEntry("status", "complete");
    assertThat((String) report.get("gitCommit")).matches("[0-9a-f]{40}");
    // the existing install itself is as it was: its hosts were hard-link copies, changed by renames only
    assertThat(report).containsEntry("upstreamUnchanged", true);
  }
}
