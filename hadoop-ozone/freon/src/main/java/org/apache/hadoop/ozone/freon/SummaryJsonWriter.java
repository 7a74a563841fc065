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

package org.apache.hadoop.ozone.freon;

import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the {@code --summary-json} file of an {@code omkeybench} run, for scripts. Fields:
 * <pre>
 * totalOps, durationSeconds, opsPerSecond, failures, seed, threads, weights, maxLiveKeys,
 * live, created, deleted, untrackedCreated,
 * operations: { CREATE: { count, failures, skipped, opsPerSecond,
 *                         latencyMs: { mean, p50, p95, p99, max } }, ... }
 * </pre>
 * {@code count} is the successful operations; count + failures + skipped over all operations is totalOps.
 * Latencies are of successful operations, from freon's timers. The file is written to a temporary sibling and
 * moved into place, so a reader never sees half of it.
 */
public final class SummaryJsonWriter {

  private static final double NANOS_PER_MILLI = 1e6;

  private SummaryJsonWriter() {
  }

  /** Renders the summary. */
  public static String render(KeyBenchStats stats, Map<KeyBenchOp, Timer> timers, double durationSeconds,
      long seed, int threads, OpWeights weights) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\n");
    field(sb, "totalOps", stats.totalOps());
    field(sb, "durationSeconds", num(durationSeconds));
    field(sb, "opsPerSecond", num(rate(stats.totalOps(), durationSeconds)));
    field(sb, "failures", stats.totalFailures());
    field(sb, "seed", seed);
    field(sb, "threads", threads);
    field(sb, "weights", quote(weights.toString()));
    field(sb, "maxLiveKeys", stats.maxLive());
    field(sb, "live", stats.live());
    field(sb, "created", stats.created());
    field(sb, "deleted", stats.deleted());
    field(sb, "untrackedCreated", stats.untrackedCreated());
    sb.append("  \"operations\": {");
    boolean first = true;
    for (Map.Entry<KeyBenchOp, KeyBenchStats.OpCounters> e : stats.ops().entrySet()) {
      KeyBenchStats.OpCounters c = e.getValue();
      sb.append(first ? "\n" : ",\n");
      first = false;
      sb.append("    \"").append(e.getKey().name()).append("\": {\"count\": ").append(c.succeeded())
          .append(", \"failures\": ").append(c.failed())
          .append(", \"skipped\": ").append(c.skipped())
          .append(", \"opsPerSecond\": ").append(num(rate(c.succeeded(), durationSeconds)))
          .append(", \"latencyMs\": ");
      Timer t = timers.get(e.getKey());
      if (t == null || t.getCount() == 0) {
        sb.append("null}");
      } else {
        Snapshot s = t.getSnapshot();
        sb.append("{\"mean\": ").append(ms(s.getMean()))
            .append(", \"p50\": ").append(ms(s.getMedian()))
            .append(", \"p95\": ").append(ms(s.get95thPercentile()))
            .append(", \"p99\": ").append(ms(s.get99thPercentile()))
            .append(", \"max\": ").append(ms(s.getMax()))
            .append("}}");
      }
    }
    sb.append(first ? "}\n" : "\n  }\n");
    sb.append("}\n");
    return sb.toString();
  }

  /** Writes {@code json} to {@code file} atomically. */
  public static void write(Path file, String json) throws IOException {
    Path abs = file.toAbsolutePath();
    Path parent = abs.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
    try (Writer w = new OutputStreamWriter(Files.newOutputStream(tmp), StandardCharsets.UTF_8)) {
      w.write(json);
    }
    Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static double rate(long count, double seconds) {
    return seconds > 0 ? count / seconds : 0;
  }

  private static String ms(double nanos) {
    return num(nanos / NANOS_PER_MILLI);
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static void field(StringBuilder sb, String name, Object value) {
    sb.append("  \"").append(name).append("\": ").append(value).append(",\n");
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
