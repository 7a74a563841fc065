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

package org.apache.ozone.tombstone.buildtools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A throw-away git repository driven through the git command line. Commits carry a fixed identity and date, and
 * the user's and system's git configuration is ignored, so the same inputs always give byte-identical patches.
 */
final class ScratchRepo {

  /** Author and committer of the series: {@code name}, {@code email}, and an ISO-8601 {@code date}. */
  record Identity(String name, String email, String date) {
  }

  private final Path dir;
  private final Identity identity;

  private ScratchRepo(Path dir, Identity identity) {
    this.dir = dir;
    this.identity = identity;
  }

  static ScratchRepo init(Path dir, Identity identity) throws IOException {
    ScratchRepo repo = new ScratchRepo(dir, identity);
    repo.git(null, "init", "-q");
    repo.git(null, "config", "core.autocrlf", "false");
    return repo;
  }

  Path dir() {
    return dir;
  }

  /** Commits the whole work tree, new and deleted files included. */
  String commitAll(String message) throws IOException {
    git(null, "add", "-A");
    git(message, "commit", "-q", "--allow-empty", "-F", "-");
    return git(null, "rev-parse", "HEAD").strip();
  }

  /** Applies a patch to the work tree and index, exactly (no fuzz, no three-way merge). */
  void apply(Path patch) throws IOException {
    git(null, "apply", "--index", patch.toAbsolutePath().toString());
  }

  /** Takes a patch off the work tree and index, exactly. */
  void applyReverse(Path patch) throws IOException {
    git(null, "apply", "--index", "-R", patch.toAbsolutePath().toString());
  }

  /** Writes the commits after {@code base} as numbered git-format patches into {@code out}; returns their paths. */
  List<Path> formatPatch(String base, Path out) throws IOException {
    String output = git(null, "format-patch", "--no-signature", "-o", out.toAbsolutePath().toString(),
        base + "..HEAD");
    List<Path> patches = new ArrayList<>();
    for (String line : output.split("\n")) {
      if (line.strip().endsWith(".patch")) {
        patches.add(Path.of(line.strip()));
      }
    }
    return patches;
  }

  /** Applies a mailbox series with {@code git am}; any conflict fails with git's own explanation. */
  void am(List<Path> patches) throws IOException {
    List<String> args = new ArrayList<>(List.of("am", "-q"));
    patches.forEach(p -> args.add(p.toAbsolutePath().toString()));
    git(null, args.toArray(new String[0]));
  }

  private String git(String stdin, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(Arrays.asList(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    Map<String, String> env = builder.environment();
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("GIT_CONFIG_GLOBAL", "/dev/null");
    env.put("GIT_AUTHOR_NAME", identity.name());
    env.put("GIT_AUTHOR_EMAIL", identity.email());
    env.put("GIT_AUTHOR_DATE", identity.date());
    env.put("GIT_COMMITTER_NAME", identity.name());
    env.put("GIT_COMMITTER_EMAIL", identity.email());
    env.put("GIT_COMMITTER_DATE", identity.date());
    builder.redirectErrorStream(true);
    Process process = builder.start();
    try (var in = process.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin.getBytes(StandardCharsets.UTF_8));
      }
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (process.waitFor() != 0) {
        throw new IOException("git " + String.join(" ", args) + " failed in " + dir + ": " + output.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while running git " + args[0], e);
    }
    return output;
  }
}
