/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements.  See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License.  You may obtain a copy of the License at
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

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Runs scripts/cluster and the distribution's bin/ozone as separate processes, as a user would. */
final class Commands {

  static final Path REPO = Path.of(System.getProperty("ozone.repo.dir"));
  static final Path DIST = Path.of(System.getProperty("ozone.dist.dir"));
  static final String VERSION = System.getProperty("ozone.project.version");
  static final Path DIST_CONF = DIST.resolve("etc/hadoop");
  /** The upstream artifacts this build patches: its overlay modules, the jars of the kit for existing installs. */
  static final List<String> PATCHED_ARTIFACTS = List.of("hdds-server-framework", "ozone-common", "ozone-manager",
      "ozone-freon", "ozone-cli-debug");
  private static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

  private Commands() {
  }

  /** The exit code and combined output of a finished command. */
  record Result(int exitCode, String output) {
  }

  /** The body of an HTTP GET, for the processes' web endpoints (/prom, /jmx). */
  static String httpGet(String url) throws IOException {
    try (InputStream in = new URL(url).openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static Result cluster(Path workDir, int basePort, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(REPO.resolve("scripts/cluster").toString(),
        "--dir", workDir.toString(), "--base-port", Integer.toString(basePort)));
    command.addAll(List.of(args));
    return run(command, null, DEFAULT_TIMEOUT);
  }

  /** Runs scripts/{@code name}, which may take up to {@code timeout}. */
  static Result script(String name, Duration timeout, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(REPO.resolve("scripts").resolve(name).toString()));
    command.addAll(List.of(args));
    return run(command, null, timeout);
  }

  /** Runs a command of the machine, e.g. a script of the distribution or an install tree. */
  static Result exec(String... command) throws IOException, InterruptedException {
    return run(List.of(command), null, DEFAULT_TIMEOUT);
  }

  /** Runs bin/ozone with the configuration in {@code confDir}. */
  static Result ozone(Path confDir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(DIST.resolve("bin/ozone").toString()));
    command.addAll(List.of(args));
    return run(command, confDir, DEFAULT_TIMEOUT);
  }

  /** Starts bin/ozone in the background, its output discarded; the caller ends it. */
  static Process startOzone(Path confDir, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(DIST.resolve("bin/ozone").toString()));
    command.addAll(List.of(args));
    return builder(command, confDir).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
  }

  private static ProcessBuilder builder(List<String> command, Path confDir) {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    if (confDir != null) {
      builder.environment().put("OZONE_CONF_DIR", confDir.toString());
    }
    return builder;
  }

  private static Result run(List<String> command, Path confDir, Duration timeout)
      throws IOException, InterruptedException {
    ProcessBuilder builder = builder(command, confDir);
    Path output = Files.createTempFile("command", ".out");
    try {
      Process process = builder.redirectOutput(output.toFile()).start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("Timed out: " + command);
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.delete(output);
    }
  }

  /** @return the command lines of the running processes that name this path, such as a cluster's directory */
  static List<String> processesMentioning(Path path) {
    return ProcessHandle.allProcesses()
        .map(p -> p.info().commandLine().orElse(""))
        .filter(cmd -> cmd.contains(path.toString()))
        .collect(Collectors.toList());
  }

  /** Whether a process with this PID is alive. */
  static boolean isAlive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
