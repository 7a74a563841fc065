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

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a result came from, as every result of this project records it in the same envelope (its fields, their
 * order and what each holds: scripts/harness/envelope.py, which the docs check runs over every committed result):
 * this checkout's git commit and whether its tree had uncommitted changes, the command line, when it started, how
 * long it took, and the machine. The wrapper ({@code scripts/db-bench}) knows the checkout and the command line and
 * passes them as system properties; the JVM knows the rest.
 *
 * @param gitCommit {@code git rev-parse HEAD} of the checkout, or null outside the wrapper or a checkout
 * @param gitDirty whether {@code git status --porcelain} listed changes, or null where gitCommit is
 * @param commandLine the wrapper's command line, a word each, or null outside the wrapper
 * @param startedAt when the run started (UTC, seconds); null in a result older than the field
 * @param wallSeconds the run's wall time, its page aside; null in a result older than the field
 * @param cores processors the JVM saw
 * @param memoryGiB the machine's physical memory; null in a result older than the field
 */
record Provenance(String gitCommit, Boolean gitDirty, List<String> commandLine, String startedAt, Double wallSeconds,
    Integer cores, Double memoryGiB) {
  static final String TOOL = "scripts/db-bench";
  static final String COMMIT_PROPERTY = "dbbench.git.commit";
  static final String DIRTY_PROPERTY = "dbbench.git.dirty";
  /** The wrapper's command line, a word a line. */
  static final String COMMAND_PROPERTY = "dbbench.command";

  /** @return the provenance of a run that started at {@code started} and ends now */
  static Provenance of(Instant started) {
    String commit = System.getProperty(COMMIT_PROPERTY);
    String dirty = System.getProperty(DIRTY_PROPERTY);
    String command = System.getProperty(COMMAND_PROPERTY);
    if (commit != null && !commit.matches("[0-9a-f]{40}")) {
      commit = null;  // the wrapper outside a git checkout
      dirty = null;
    }
    long memory = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    return new Provenance(commit, dirty == null ? null : Boolean.valueOf(dirty),
        command == null ? null : Arrays.asList(command.split("\n")), started.truncatedTo(ChronoUnit.SECONDS).toString(),
        Math.round(Duration.between(started, Instant.now()).toMillis() / 100.0) / 10.0,
        Runtime.getRuntime().availableProcessors(), Math.round(memory / (double) (1L << 30) * 10) / 10.0);
  }

  /** @return a result's root up to its settings: the envelope's fields, in its order (a complete run's) */
  Map<String, Object> envelope() {
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", cores);
    machine.put("memoryGiB", memoryGiB);
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("tool", TOOL);
    root.put("status", "complete");
    root.put("reason", null);
    root.put("gitCommit", gitCommit);
    root.put("gitDirty", gitDirty);
    root.put("commandLine", commandLine);
    root.put("startedAt", startedAt);
    root.put("finishedAt", null);
    root.put("wallSeconds", wallSeconds);
    root.put("machine", machine);
    return root;
  }

  /** @return the provenance in a result's envelope */
  static Provenance read(JsonNode root) {
    JsonNode machine = root.path("machine");
    List<String> command = null;
    if (root.path("commandLine").isArray()) {
      command = new ArrayList<>();
      for (JsonNode word : root.get("commandLine")) {
        command.add(word.asText());
      }
    }
    return new Provenance(text(root, "gitCommit"), root.path("gitDirty").isBoolean() ? root.get("gitDirty").asBoolean()
        : null, command, text(root, "startedAt"), number(root, "wallSeconds"),
        machine.path("cores").isNumber() ? machine.get("cores").asInt() : null, number(machine, "memoryGiB"));
  }

  private static String text(JsonNode node, String field) {
    return node.path(field).isTextual() ? node.get(field).asText() : null;
  }

  private static Double number(JsonNode node, String field) {
    return node.path(field).isNumber() ? node.get(field).asDouble() : null;
  }

  /** @return a page's sentence on where the run came from, empty for a result older than its commit */
  String sentence() {
    if (gitCommit == null) {
      return "";
    }
    return String.format(" Run at git commit %s%s with `%s`, started %s, %.0f s wall, on %d cores and %.1f GiB.",
        gitCommit, Boolean.TRUE.equals(gitDirty) ? " (with uncommitted changes)" : "",
        commandLine == null ? "" : String.join(" ", commandLine), startedAt, wallSeconds, cores, memoryGiB);
  }
}
