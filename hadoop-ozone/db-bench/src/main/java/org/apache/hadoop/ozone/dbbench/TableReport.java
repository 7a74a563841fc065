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

package org.apache.hadoop.ozone.dbbench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * One scenario's results as a text table: a row per metric, a column per arm, then each other arm's ratio to range
 * and range/floor (above 1: range is better than that arm, or worse than the floor).
 */
final class TableReport {
  private static final String RANGE = ArmKind.RANGE.id();
  private static final String FLOOR = ArmKind.FLOOR.id();

  private TableReport() {
  }

  /** The table as text with aligned columns, for the console. */
  static void print(PrintStream out, String scenario, long ops, List<ArmResult> results) {
    out.printf("%n== scenario %s, %,d operations ==%n", scenario, ops);
    quietSentence(results).ifPresent(out::println);
    write(out, results, false);
    results.stream().filter(r -> !r.note().isEmpty()).forEach(r -> out.println(r.arm() + ": " + r.note()));
  }

  /** The same table in Markdown, for a results page; {@code workload} is the scenario's (null: not recorded). */
  static void markdown(PrintStream out, String scenario, String workload, long ops, List<ArmResult> results) {
    out.printf("%n## %s, %,d operations%n%n", scenario, ops);
    if (workload != null) {
      out.printf("Workload: %s.%n%n", workload);
    }
    quietSentence(results).ifPresent(sentence -> out.printf("%s%n%n", sentence));
    write(out, results, true);
    out.println();
    results.stream().filter(r -> !r.note().isEmpty()).forEach(r -> out.println("- " + r.arm() + ": " + r.note()));
  }

  /** @return for a bulk scenario, what its quiet period was and what its rows mean */
  private static Optional<String> quietSentence(List<ArmResult> results) {
    return results.stream().map(ArmResult::quiet).filter(q -> q != null && q.looks() > 0).findFirst()
        .map(q -> String.format("After the burst, a quiet period of %s s: %d looks of %s s (the range service's "
            + "interval), no operation written. Tombstones are counted when it ends; `after quiet` rows are the first "
            + "read of each kind after it, `end` rows the reads after those; `quiet:` rows what happened in it "
            + "(look 0: nothing).", seconds(q.secondsIn(q.looks())), q.looks(), seconds(q.secondsIn(1))));
  }

  private static String seconds(double s) {
    return s == Math.rint(s) ? String.format("%,.0f", s) : String.format("%.3f", s);
  }

  private static void write(PrintStream out, List<ArmResult> results, boolean markdown) {
    Map<String, Map<String, Double>> rows = rows(results);
    List<String> arms = results.stream().map(ArmResult::arm).toList();
    List<String[]> ratios = new ArrayList<>();
    if (arms.contains(RANGE)) {
      arms.stream().filter(a -> !a.equals(RANGE) && !a.equals(FLOOR))
          .forEach(a -> ratios.add(new String[] {a, RANGE}));
      if (arms.contains(FLOOR)) {
        ratios.add(new String[] {RANGE, FLOOR});
      }
    }
    List<String> header = new ArrayList<>(List.of("metric"));
    header.addAll(arms);
    ratios.forEach(r -> header.add(r[0] + "/" + r[1]));
    out.println(line(header, arms.size(), markdown));
    if (markdown) {
      out.println("|---".repeat(header.size()) + "|");
    }
    rows.forEach((metric, byArm) -> {
      List<String> cells = new ArrayList<>(List.of(metric));
      arms.forEach(a -> cells.add(format(byArm.get(a))));
      for (String[] r : ratios) {
        Double a = byArm.get(r[0]);
        Double b = byArm.get(r[1]);
        cells.add(a == null || b == null || b == 0 ? "-" : String.format("%.2f", a / b));
      }
      out.println(line(cells, arms.size(), markdown));
    });
  }

  /** A row: the metric, a cell per arm, then the ratios. */
  private static String line(List<String> cells, int arms, boolean markdown) {
    if (markdown) {
      return "| " + String.join(" | ", cells) + " |";
    }
    StringBuilder line = new StringBuilder(String.format("%-34s", cells.get(0)));
    for (int i = 1; i < cells.size(); i++) {
      line.append(String.format(i <= arms ? " %12s" : " %11s", cells.get(i)));
    }
    return line.toString();
  }

  private static String format(Double v) {
    if (v == null) {
      return "-";
    }
    return Math.abs(v) >= 1000 || v == Math.rint(v) ? String.format("%,.0f", v) : String.format("%.3f", v);
  }

  /** metric -> arm -> value, in display order; a metric no arm has is left out. */
  private static Map<String, Map<String, Double>> rows(List<ArmResult> results) {
    Map<String, Map<String, Double>> rows = new LinkedHashMap<>();
    Set<String> reads = new LinkedHashSet<>();
    results.forEach(r -> {
      reads.addAll(firstReads(r).keySet());
      reads.addAll(r.inRun().keySet());
      reads.addAll(r.atEnd().keySet());
    });
    for (String read : reads) {
      for (ArmResult r : results) {
        ReadStats first = firstReads(r).get(read);
        put(rows, read + " after quiet ms", r.arm(), first == null ? null : first.meanMs());
      }
      for (ArmResult r : results) {
        ReadStats first = firstReads(r).get(read);
        put(rows, read + " after quiet skips", r.arm(), first == null ? null : first.meanSkips());
      }
      readRows(rows, results, read, "in-run", ArmResult::inRun);
      readRows(rows, results, read, "end", ArmResult::atEnd);
    }
    Set<String> tables = new LinkedHashSet<>();
    results.forEach(r -> tables.addAll(r.tombstones().keySet()));
    for (String table : tables) {
      for (ArmResult r : results) {
        Tombstones t = r.tombstones().get(table);
        put(rows, "tombstones " + table, r.arm(), t == null ? null : (double) t.total());
      }
      // Only where an arm has one: the scenarios without range deletes would get a row of zeros per table.
      if (results.stream().anyMatch(r -> rangeTombstones(r, table) > 0)) {
        for (ArmResult r : results) {
          put(rows, "range tombstones " + table, r.arm(), (double) rangeTombstones(r, table));
        }
      }
    }
    quietRows(rows, results);
    for (ArmResult r : results) {
      put(rows, "compaction MB read", r.arm(), r.compactReadBytes() == null ? null : r.compactReadBytes() / 1e6);
    }
    for (ArmResult r : results) {
      put(rows, "compaction MB written", r.arm(), r.compactWriteBytes() / 1e6);
      put(rows, "flush MB written", r.arm(), r.flushWriteBytes() / 1e6);
      put(rows, "live SST MB at end", r.arm(), r.liveSstBytes() == null ? null : r.liveSstBytes() / 1e6);
      put(rows, "write stall s", r.arm(), r.stallMicros() == null ? null : r.stallMicros() / 1e6);
      put(rows, "manual compaction s", r.arm(), r.manualCompactionSeconds());
      put(rows, "replay ops/s", r.arm(), r.replayOpsPerSecond() == 0 ? null : r.replayOpsPerSecond());
    }
    // Where the service's time went, in the arms that run it.
    for (ArmResult r : results) {
      if (r.serviceSeconds() != null) {
        r.serviceSeconds().forEach((part, seconds) -> put(rows, "service s: " + part, r.arm(), seconds));
      }
    }
    // Only the kinds some arm had: whether an option's trigger fired at all.
    for (String trigger : ArmResult.TRIGGERS) {
      String kind = trigger.toLowerCase(Locale.ROOT);
      if (results.stream().anyMatch(r -> triggered(r, kind) > 0)) {
        for (ArmResult r : results) {
          put(rows, "compaction MB of " + kind + " files", r.arm(), triggered(r, kind) / 1e6);
        }
      }
    }
    // No row that no arm has: the bulk scenarios sample nothing in-run, the others have no quiet period.
    rows.values().removeIf(Map::isEmpty);
    return rows;
  }

  private static long triggered(ArmResult r, String kind) {
    return r.triggeredCompactionBytes() == null ? 0 : r.triggeredCompactionBytes().getOrDefault(kind, 0L);
  }

  private static long rangeTombstones(ArmResult r, String table) {
    Tombstones t = r.tombstones().get(table);
    return t == null || t.rangeInSsts() == null ? 0 : t.rangeInSsts();
  }

  private static Map<String, ReadStats> firstReads(ArmResult r) {
    return r.quiet() == null ? Map.of() : r.quiet().firstReads();
  }

  /** What each arm did in a bulk scenario's quiet period (nothing for the others, nor for floor, which has none). */
  private static void quietRows(Map<String, Map<String, Double>> rows, List<ArmResult> results) {
    List<ArmResult> quiet = results.stream().filter(r -> r.quiet() != null && r.quiet().looks() > 0).toList();
    if (quiet.isEmpty()) {
      return;
    }
    // Look 0: none.
    for (ArmResult r : quiet) {
      put(rows, "quiet: arm's last flush/compaction, look", r.arm(), (double) r.quiet().lastWorkLook());
    }
    for (ArmResult r : quiet) {
      put(rows, "quiet: arm's last flush/compaction, s", r.arm(), r.quiet().secondsIn(r.quiet().lastWorkLook()));
    }
    for (ArmResult r : quiet) {
      put(rows, "quiet: RocksDB's own work, last look", r.arm(), (double) r.quiet().lastBusyLook());
    }
    for (ArmResult r : quiet) {
      put(rows, "quiet: s waited for RocksDB", r.arm(), r.quiet().waitedSeconds());
    }
    for (ArmResult r : quiet) {
      put(rows, "quiet: compaction MB read", r.arm(), r.quiet().compactReadBytes() / 1e6);
    }
    for (ArmResult r : quiet) {
      put(rows, "quiet: compaction MB written", r.arm(), r.quiet().compactWriteBytes() / 1e6);
    }
  }

  private static void readRows(Map<String, Map<String, Double>> rows, List<ArmResult> results, String read,
      String phase, Function<ArmResult, Map<String, ReadStats>> phaseOf) {
    String name = read + " " + phase;
    for (ArmResult r : results) {
      ReadStats s = phaseOf.apply(r).get(read);
      put(rows, name + " mean ms", r.arm(), s == null ? null : s.meanMs());
      put(rows, name + " p50 ms", r.arm(), s == null ? null : s.p50Ms());
      put(rows, name + " p99 ms", r.arm(), s == null ? null : s.p99Ms());
      put(rows, name + " max ms", r.arm(), s == null ? null : s.maxMs());
      put(rows, name + " skips/read", r.arm(), s == null ? null : s.meanSkips());
    }
  }

  private static void put(Map<String, Map<String, Double>> rows, String metric, String arm, Double value) {
    Map<String, Double> byArm = rows.computeIfAbsent(metric, k -> new LinkedHashMap<>());
    if (value != null) {
      byArm.put(arm, value);
    }
  }
}
