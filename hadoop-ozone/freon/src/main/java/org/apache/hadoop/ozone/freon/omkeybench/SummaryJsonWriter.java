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

import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * Writes the {@code --summary-json} file of an {@code omkeybench} run, for scripts. Fields:
 * <pre>
 * totalOps, durationSeconds, opsPerSecond, failures, seed, threads, weights, maxLiveKeys,
 * live, created, deleted, untrackedCreated, listed,
 * load: { loop: open|closed, offeredOpsPerSecond (null: closed), achievedOpsPerSecond, warmupSeconds, rateMet },
 * operations: { CREATE: { count, failures, skipped, opsPerSecond,
 *                         latencyMs: { mean, p50, p95, p99, max } }, ... }
 * </pre>
 * {@code count} is the operations OM completed (a DELETE whose key was already gone included); count + failures +
 * skipped over all operations is totalOps. Latencies are of those {@code count} operations only, less the warm-up's
 * (the counts include it), from when each was due (open loop) or sent (closed loop). {@code achievedOpsPerSecond}
 * is of the steps after the warm-up, from the first one's due time to the last one's start; null below two such
 * steps. The file is
 * written to a temporary sibling and moved into place, so a reader never sees half of it.
 */
final class SummaryJsonWriter {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final double NANOS_PER_MILLI = 1e6;

  private SummaryJsonWriter() {
  }

  /** Renders the summary. */
  static ObjectNode render(OmKeyBenchStats stats, Map<OmKeyBenchOp, Timer> timers, double durationSeconds,
      long seed, int threads, OpWeights weights, StepSchedule schedule) {
    ObjectNode json = MAPPER.createObjectNode();
    json.put("totalOps", stats.totalOps());
    json.put("durationSeconds", round(durationSeconds));
    json.put("opsPerSecond", round(rate(stats.totalOps(), durationSeconds)));
    json.put("failures", stats.totalFailures());
    json.put("seed", seed);
    json.put("threads", threads);
    json.put("weights", weights.toString());
    json.put("maxLiveKeys", stats.maxLive());
    json.put("live", stats.live());
    json.put("created", stats.created());
    json.put("deleted", stats.deleted());
    json.put("untrackedCreated", stats.untrackedCreated());
    json.put("listed", stats.listed());
    ObjectNode load = json.putObject("load");
    load.put("loop", schedule.isOpenLoop() ? "open" : "closed");
    if (schedule.isOpenLoop()) {
      load.put("offeredOpsPerSecond", schedule.offeredRate());
    } else {
      load.putNull("offeredOpsPerSecond");
    }
    double achieved = schedule.achievedRate();
    if (Double.isNaN(achieved)) {
      load.putNull("achievedOpsPerSecond");
    } else {
      load.put("achievedOpsPerSecond", round(achieved));
    }
    load.put("warmupSeconds", schedule.warmupSeconds());
    load.put("rateMet", schedule.isRateMet());
    ObjectNode operations = json.putObject("operations");
    for (Map.Entry<OmKeyBenchOp, OmKeyBenchStats.OpCounters> e : stats.ops().entrySet()) {
      OmKeyBenchStats.OpCounters c = e.getValue();
      ObjectNode op = operations.putObject(e.getKey().name());
      op.put("count", c.succeeded());
      op.put("failures", c.failed());
      op.put("skipped", c.skipped());
      op.put("opsPerSecond", round(rate(c.succeeded(), durationSeconds)));
      Timer t = timers.get(e.getKey());
      if (t == null || t.getCount() == 0) {
        op.putNull("latencyMs");
      } else {
        Snapshot s = t.getSnapshot();
        ObjectNode latency = op.putObject("latencyMs");
        latency.put("mean", ms(s.getMean()));
        latency.put("p50", ms(s.getMedian()));
        latency.put("p95", ms(s.get95thPercentile()));
        latency.put("p99", ms(s.get99thPercentile()));
        latency.put("max", ms(s.getMax()));
      }
    }
    return json;
  }

  /** Writes {@code json} to {@code file} atomically. */
  static void write(Path file, ObjectNode json) throws IOException {
    Path abs = file.toAbsolutePath();
    Path parent = abs.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
    MAPPER.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), json);
    Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static double rate(long count, double seconds) {
    return seconds > 0 ? count / seconds : 0;
  }

  private static double ms(double nanos) {
    return round(nanos / NANOS_PER_MILLI);
  }

  /** Three decimals: microseconds for latencies, enough for rates. */
  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
