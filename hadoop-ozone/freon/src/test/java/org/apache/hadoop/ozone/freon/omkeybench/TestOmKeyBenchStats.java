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

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress line and the JSON summary. */
class TestOmKeyBenchStats {

  @Test
  void progressLine() {
    LiveSet<String> live = new LiveSet<>(2, false);
    OmKeyBenchStats stats = new OmKeyBenchStats(OpWeights.parse("create:20,delete:8,list:1"), live);
    assertThat(stats.sampleStatus(0))
        .isEqualTo("live=0/2 created=0 deleted=0 CREATE: rate 0 max 0 DELETE: rate 0 max 0 LIST: rate 0 max 0");
    for (int i = 0; i < 3; i++) {
      stats.addCreated();
      stats.op(OmKeyBenchOp.CREATE).succeed();
      live.tryAdd("k" + i);
    }
    stats.addDeleted(1);
    stats.op(OmKeyBenchOp.DELETE).succeed();
    assertThat(stats.sampleStatus(TimeUnit.MILLISECONDS.toNanos(500)))
        .isEqualTo("live=2/2 created=3 deleted=1 [LIMIT_REACHED] CREATE: rate 6 max 6 DELETE: rate 2 max 2 "
            + "LIST: rate 0 max 0");
    assertThat(stats.sampleStatus(TimeUnit.MILLISECONDS.toNanos(1500)))
        .endsWith("CREATE: rate 0 max 6 DELETE: rate 0 max 2 LIST: rate 0 max 0");
  }

  @Test
  void summaryIsValidJsonAndAddsUp(@TempDir Path dir) throws Exception {
    OpWeights weights = OpWeights.parse("create:2,delete:1");
    LiveSet<String> live = new LiveSet<>(10, false);
    OmKeyBenchStats stats = new OmKeyBenchStats(weights, live);
    MetricRegistry registry = new MetricRegistry();
    Map<OmKeyBenchOp, Timer> timers = new EnumMap<>(OmKeyBenchOp.class);
    timers.put(OmKeyBenchOp.CREATE, registry.timer("CREATE"));
    timers.put(OmKeyBenchOp.DELETE, registry.timer("DELETE"));
    for (int i = 0; i < 4; i++) {
      stats.op(OmKeyBenchOp.CREATE).succeed();
      stats.addCreated();
      timers.get(OmKeyBenchOp.CREATE).update(2 + i, TimeUnit.MILLISECONDS);
    }
    stats.op(OmKeyBenchOp.CREATE).fail();
    stats.op(OmKeyBenchOp.DELETE).skip();
    stats.op(OmKeyBenchOp.DELETE).succeed();
    stats.addDeleted(1);

    Path file = dir.resolve("sub/summary.json");
    SummaryJsonWriter.write(file, SummaryJsonWriter.render(stats, timers, 2.0, 7, 3, weights,
        new StepSchedule(0, 0, StepSchedule.SYSTEM_CLOCK)));
    JsonNode json = new ObjectMapper().readTree(Files.readAllBytes(file));

    assertThat(json.get("totalOps").asLong()).isEqualTo(7);
    assertThat(json.get("failures").asLong()).isEqualTo(1);
    assertThat(json.get("opsPerSecond").asDouble()).isEqualTo(3.5);
    assertThat(json.get("created").asLong()).isEqualTo(4);
    assertThat(json.get("deleted").asLong()).isEqualTo(1);
    assertThat(json.get("seed").asLong()).isEqualTo(7);
    assertThat(json.get("weights").asText()).isEqualTo("create:2,delete:1");
    JsonNode create = json.get("operations").get("CREATE");
    assertThat(create.get("count").asLong()).isEqualTo(4);
    assertThat(create.get("failures").asLong()).isEqualTo(1);
    assertThat(create.get("latencyMs").get("max").asDouble()).isEqualTo(5.0);
    assertThat(create.get("latencyMs").get("p50").asDouble()).isBetween(2.0, 5.0);
    assertThat(json.get("operations").get("DELETE").get("skipped").asLong()).isEqualTo(1);
    assertThat(json.get("operations").get("DELETE").get("latencyMs").isNull()).isTrue();
    JsonNode load = json.get("load");
    assertThat(load.get("loop").asText()).isEqualTo("closed");
    assertThat(load.get("offeredOpsPerSecond").isNull()).isTrue();
    assertThat(load.get("achievedOpsPerSecond").isNull()).as("no step ran").isTrue();
    assertThat(load.get("rateMet").asBoolean()).isTrue();
    assertThat(Files.exists(dir.resolve("sub/summary.json.tmp"))).isFalse();
  }
}
