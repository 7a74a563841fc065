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

package org.apache.hadoop.ozone.om.rangestats;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;

/**
 * What the range statistics benchmarks (test-scope mains, run by their scripts) share: their command line, and the
 * fields every result of this project starts with, where it came from (the wrapper passes the command line, a word a
 * line, and the checkout's commit and state as system properties; the JVM knows the rest).
 */
final class BenchRun {
  private final String tool;
  private final Instant started = Instant.now();
  private final long startedNanos = System.nanoTime();

  /** A benchmark's options, as picocli fills a {@code @Command}'s {@code @Option} fields, and what runs on them. */
  interface Main {
    /** Refuses values out of range with an IllegalArgumentException that names the option. */
    void validate();

    void run() throws Exception;
  }

  BenchRun(String tool) {
    this.tool = tool;
  }

  /**
   * Writes a complete run's result as JSON in {@code file}: where it came from, in the fields and order every result
   * of this project starts with (tool, status, reason, gitCommit, gitDirty, commandLine, startedAt, finishedAt,
   * wallSeconds, machine, settings), then the rest of {@code body}.
   *
   * @param body the benchmark's result, with what it was set to do under {@code settings}
   */
  void writeJson(Path file, Map<String, Object> body) throws IOException {
    String commit = System.getProperty("bench.git.commit");
    boolean inGit = commit != null && commit.matches("[0-9a-f]{40}");
    String command = System.getProperty("bench.command");
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    machine.put("memoryGiB", ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalPhysicalMemorySize() / (double) (1L << 30));
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("tool", tool);
    root.put("status", "complete");
    root.put("reason", null);
    root.put("gitCommit", inGit ? commit : null);
    root.put("gitDirty", inGit ? Boolean.parseBoolean(System.getProperty("bench.git.dirty")) : null);
    root.put("commandLine", command == null ? null : Arrays.asList(command.split("\n")));
    root.put("startedAt", started.toString());
    root.put("finishedAt", Instant.now().toString());
    root.put("wallSeconds", (System.nanoTime() - startedNanos) / 1e9);
    root.put("machine", machine);
    root.put("settings", body.get("settings"));
    body.forEach(root::putIfAbsent);
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
  }

  /**
   * Parses {@code args} into {@code main}'s options and runs it: a bad argument is one line and exit code 2,
   * {@code --help} the usage, a failure its stack trace and exit code 1.
   */
  static void main(String tool, Main main, String[] args) {
    CommandLine cli = new CommandLine(main);
    try {
      cli.parseArgs(args);
      if (cli.isUsageHelpRequested()) {
        cli.usage(System.out);
        return;
      }
      main.validate();
    } catch (CommandLine.ParameterException | IllegalArgumentException e) {
      System.err.println(tool + ": " + e.getMessage() + " (see --help)");
      System.exit(2);
      return;
    }
    int status = 0;
    try {
      main.run();
    } catch (Exception e) {
      e.printStackTrace();
      status = 1;
    }
    // RocksDB and Hadoop leave non-daemon threads behind.
    System.exit(status);
  }

  /** @throws IllegalArgumentException naming the option if {@code value} is not in [min, max] */
  static void requireWithin(String option, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException("Bad value " + value + " for " + option + ": must be in [" + min + ", "
          + max + "]");
    }
  }
}
