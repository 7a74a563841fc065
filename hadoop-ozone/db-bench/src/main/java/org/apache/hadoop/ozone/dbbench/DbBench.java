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

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * scripts/db-bench: replays what OM writes to RocksDB for each scenario on real OM DBs, once per arm, and prints
 * what each compaction policy leaves for OM's reads. See docs/benchmarks.md.
 */
public final class DbBench {
  private DbBench() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && List.of("--page", "--sweep-page", "--repeats-page").contains(args[0])) {
      try {
        System.out.println(writePages(args[0], new File(args[1])));
      } catch (IOException e) {
        System.err.println("db-bench: " + args[0] + " " + args[1] + ": " + e.getMessage());
        System.exit(1);
      }
      return;
    }
    BenchOptions options;
    try {
      options = BenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("db-bench: " + e.getMessage() + " (see --help)");
      System.exit(2);
      return;
    }
    if (options.repeats() > 1) {
      List<JsonReport.Results> runs = new ArrayList<>();
      for (int k = 1; k <= options.repeats(); k++) {
        runs.add(runAndWrite(options.repeatRun(k)));
      }
      System.out.println("Repeats: " + RepeatReport.write(options.out(), runs));
      return;
    }
    if (options.sweep().isEmpty()) {
      runAndWrite(options);
      return;
    }
    List<JsonReport.Results> runs = new ArrayList<>();
    for (long ops : options.sweep()) {
      runs.add(runAndWrite(options.sweepRun(ops)));
    }
    System.out.println("Sweep: " + SweepReport.write(options.out(), runs));
  }

  private static JsonReport.Results runAndWrite(BenchOptions options) throws Exception {
    Instant started = Instant.now();
    Map<String, List<ArmResult>> scenarios = run(options);
    JsonReport.Results results = new JsonReport.Results(Provenance.of(started), JsonReport.Run.of(options),
        scenarios);
    if (options.out() != null) {
      File json = JsonReport.write(options.out(), results);
      File page = writePage(results, options.out());
      System.out.println("\nJSON: " + json + "\nMarkdown: " + page);
    }
    return results;
  }

  /**
   * Writes a run's page from {@code DIR/db-bench.json}, a sweep's from {@code DIR/ops-N/db-bench.json}, or the
   * repeats' from {@code DIR/repeat-K/db-bench.json}.
   */
  private static String writePages(String option, File path) throws IOException {
    return switch (option) {
    case "--page" -> "Markdown: " + writePage(JsonReport.read(path), path.getAbsoluteFile().getParentFile());
    case "--sweep-page" -> "Sweep: " + SweepReport.write(path, SweepReport.read(path));
    default -> "Repeats: " + RepeatReport.write(path, RepeatReport.read(path));
    };
  }

  /** db-bench.md in {@code dir}: the console's tables in Markdown, for docs/results. */
  private static File writePage(JsonReport.Results results, File dir) throws IOException {
    JsonReport.Run run = results.run();
    File page = new File(dir, "db-bench.md");
    try (PrintStream out = new PrintStream(page, StandardCharsets.UTF_8)) {
      out.printf("# db-bench: %s at %,d operations%n%n", String.join(", ", results.scenarios().keySet()),
          run.ops());
      out.printf("Generated from db-bench.json by `scripts/db-bench` (seed %d, %d processors, %d in-run and %d end "
          + "samples per read, every arm %s against the model). Ratios above 1 favour range; range/floor is how far "
          + "range stays from the best layout.%s%s%n", run.seed(), results.provenance().cores(), run.inRunSamples(),
          run.endSamples(), run.verified() ? "checked" : "not checked", run.rangeConfSentence(),
          results.provenance().sentence());
      results.scenarios().forEach((scenario, arms) ->
          TableReport.markdown(out, scenario, run.workloads().get(scenario), run.ops(), arms));
    }
    return page;
  }

  static Map<String, List<ArmResult>> run(BenchOptions options) throws Exception {
    Map<String, List<ArmResult>> results = new LinkedHashMap<>();
    for (Scenario scenario : options.scenarios()) {
      List<ArmResult> arms = new ArrayList<>();
      ArmRunner runner = new ArmRunner(scenario, options);
      for (String arm : options.runOrder()) {
        long start = System.nanoTime();
        arms.add(runner.run(arm));
        System.err.printf("db-bench: %s %s done in %.1f s%n", scenario.id(), arm,
            (System.nanoTime() - start) / 1e9);
      }
      // The tables' columns and ratios take the arms in their order, whichever order they ran in.
      arms.sort(Comparator.comparingInt(r -> options.arms().indexOf(r.arm())));
      results.put(scenario.id(), arms);
      TableReport.print(System.out, scenario.id(), options.ops(), arms);
    }
    return results;
  }
}
