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
 * The short variant of {@code scripts/fault-test} (by default 10 kills of a single OM and 5 of the leader of three
 * OMs): OM killed with SIGKILL as a range compaction starts, twice, once during a compaction of keyTable and once
 * during one of openKeyTable, under a delete-heavy load. After each restart the bucket holds every key whose create
 * OM acknowledged and none whose delete it acknowledged, the restarted OM's logs name no corruption, and its service
 * runs again (its /prom counts runs). The kills of an OM leader are the full run's (a committed result); a ring of
 * three OMs, restarted OM by OM, is {@link RollingUpgradeIT}'s.
 */
class FaultTestIT {

  private static final int BASE_PORT = 17700;

  @TempDir
  private Path work;

  @Test
  @SuppressWarnings("unchecked")
  void noAcknowledgedKeyIsLostOrRevivedWhenOmIsKilledDuringRangeCompactions() throws Exception {
    Path out = work.resolve("fault-test");
    Result result = Commands.script("fault-test", Duration.ofMinutes(20), "--kills", "2", "--ha-kills", "0",
        "--base-port", Integer.toString(BASE_PORT), "--out", out.toString());
    System.out.println(result.output());
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(Commands.processesMentioning(out)).as("processes of the clusters after fault-test").isEmpty();

    Map<String, Object> report = (Map<String, Object>) Json.parse(Files.readString(out.resolve("fault-test.json")));
    List<Map<String, Object>> kills = (List<Map<String, Object>>) report.get("rows");
    assertThat(kills).extracting(k -> k.get("mode")).containsExactly("single", "single");
    // The kills take turns over a table of keys and a queue: the short test interrupts a compaction of each.
    assertThat(kills).extracting(k -> k.get("table")).containsExactly("keyTable", "openKeyTable");
    for (Map<String, Object> kill : kills) {
      // OM was killed during one of the service's compactions (its log's Compacting line with no Compacted yet),
      // under today's defaults (reader pacing on): a kill at another moment would test nothing of the service.
      assertThat(kill).as("kill %s", kill)
          .containsEntry("passed", true)
          .containsEntry("compaction_in_progress", true)
          .containsEntry("missing_count", 0.0)
          .containsEntry("revived_count", 0.0);
      assertThat((String) kill.get("table")).as("kill %s", kill).isNotBlank();
      assertThat((String) kill.get("compaction")).startsWith("Compacting " + kill.get("table") + "[");
      assertThat((Double) kill.get("keys_must_exist")).isPositive();
      assertThat((Double) kill.get("keys_deleted")).isPositive();
    }
    assertThat(Files.readString(out.resolve("fault-test.md"))).contains("2 of 2 kills passed every check");
    // The envelope every result starts with (scripts/harness/envelope.py), of a complete run of this checkout.
    assertThat(report).containsKeys("tool", "reason", "gitDirty", "commandLine", "startedAt", "finishedAt",
        "wallSeconds", "machine", "settings").containsEntry("status", "complete");
    assertThat((String) report.get("gitCommit")).matches("[0-9a-f]{40}");
  }
}
