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
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the range statistics benchmarks (test-scope mains, run by their scripts) share: their arguments' numbers and
 * the provenance every result of this project records (the wrapper passes the command line and the checkout's
 * commit and state as system properties; the JVM knows the rest).
 */
final class BenchRun {
  private final String tool;
  private final Instant started = Instant.now();
  private final long startedNanos = System.nanoTime();

  BenchRun(String tool) {
    this.tool = tool;
  }

  /** @return a result's root: where it came from, then {@code body}, as JSON in {@code file} */
  void writeJson(Path file, Map<String, Object> body) throws IOException {
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    machine.put("memoryGiB", ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalPhysicalMemorySize() / (double) (1L << 30));
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("tool", tool);
    root.put("commandLine", System.getProperty("bench.command"));
    root.put("gitCommit", System.getProperty("bench.git.commit"));
    root.put("gitDirty", Boolean.parseBoolean(System.getProperty("bench.git.dirty")));
    root.put("startedAt", started.toString());
    root.put("wallSeconds", (System.nanoTime() - startedNanos) / 1e9);
    root.put("machine", machine);
    root.putAll(body);
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
  }

  /** @return {@code value} as a whole number in [min, max], or an error that names the argument */
  static long number(String name, String value, long min, long max) {
    long n;
    try {
      n = Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Bad value '" + value + "' for " + name + ": not an integer");
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException("Bad value '" + value + "' for " + name + ": must be in [" + min + ", "
          + max + "]");
    }
    return n;
  }
}
