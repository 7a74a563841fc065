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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Each file as each feature of the series leaves it. The project holds one code base, every file as the whole
 * series leaves it; a feature that adds a rule to an earlier feature's code says so in its amends ({@link
 * Feature#amends}). Taking the amends off in reverse order, last feature first, gives the files before each feature:
 * git applies each in reverse to a scratch copy of the amended files, so an amend that no longer fits the code fails
 * the export with git's own explanation, naming the feature.
 *
 * <p>To change code that amends touch, {@link #write} lays the amended files out as each feature leaves them; after
 * editing those copies, {@link #amendsFrom} makes the amends again from them, and the project's files from the last.
 */
final class SliceStates {

  private static final ScratchRepo.Identity SCRATCH =
      new ScratchRepo.Identity("slices", "slices@localhost", "2026-01-01T00:00:00Z");

  private final Path project;
  private final List<Feature> features;
  private final SeriesContents contents;
  /** By feature, in series order: every file some amend changes, as the feature leaves it. */
  private final List<Map<String, String>> snapshots;
  private final Map<Feature, List<String>> amended;

  private SliceStates(Path project, List<Feature> features, SeriesContents contents,
      List<Map<String, String>> snapshots, Map<Feature, List<String>> amended) {
    this.project = project;
    this.features = features;
    this.contents = contents;
    this.snapshots = snapshots;
    this.amended = amended;
  }

  /**
   * @param features in series order
   * @throws IllegalStateException if an amend changes a file no earlier feature owns, or no longer applies
   */
  static SliceStates compute(Path project, List<Feature> features, SeriesContents contents) throws IOException {
    Map<Feature, List<String>> amended = new HashMap<>();
    Set<String> touched = new LinkedHashSet<>();
    for (int i = 0; i < features.size(); i++) {
      Feature feature = features.get(i);
      List<String> files = feature.amends() == null ? List.of() : touchedFiles(project.resolve(feature.amends()));
      List<Feature> earlier = features.subList(0, i);
      for (String file : files) {
        if (UpstreamDocs.isDoc(file) || earlier.stream().noneMatch(f -> contents.files(f).contains(file))) {
          throw new IllegalStateException(feature.name() + " amends " + file + ", which is no earlier feature's code");
        }
      }
      amended.put(feature, files);
      touched.addAll(files);
    }
    List<Map<String, String>> snapshots = new ArrayList<>();
    for (int i = 0; i < features.size(); i++) {
      snapshots.add(new HashMap<>());
    }
    if (touched.isEmpty()) {
      return new SliceStates(project, features, contents, snapshots, amended);
    }
    Path scratch = Files.createTempDirectory("upstream-slices");
    try {
      for (String file : touched) {
        Path copy = scratch.resolve(file);
        Files.createDirectories(copy.getParent());
        Files.copy(project.resolve(file), copy);
      }
      ScratchRepo repo = ScratchRepo.init(scratch, SCRATCH);
      repo.commitAll("as the series leaves them");
      for (int i = features.size() - 1; i >= 0; i--) {
        for (String file : touched) {
          snapshots.get(i).put(file, Files.readString(scratch.resolve(file)));
        }
        Feature feature = features.get(i);
        // Empty while a new rule is being cut out of the copies before it (write, then amendsFrom).
        if (!amended.get(feature).isEmpty()) {
          try {
            repo.applyReverse(project.resolve(feature.amends()));
          } catch (IOException e) {
            throw new IllegalStateException(feature.name() + "'s amends " + feature.amends()
                + " no longer fit the code (make them again: scripts/upstream-slices): " + e.getMessage());
          }
        }
      }
    } finally {
      FileTrees.delete(scratch);
    }
    return new SliceStates(project, features, contents, snapshots, amended);
  }

  /** The project files a unified diff changes. */
  private static List<String> touchedFiles(Path diff) throws IOException {
    if (!Files.isRegularFile(diff)) {
      throw new IllegalStateException("amends " + diff + " does not exist");
    }
    List<String> files = new ArrayList<>();
    for (String line : Files.readAllLines(diff)) {
      if (line.startsWith("+++ ")) {
        files.add(PatchSeries.headerPath(line, "b/"));
      }
    }
    return files;
  }

  /** @return the files the feature writes: its own, then the earlier features' it amends */
  List<String> files(Feature feature) {
    List<String> files = new ArrayList<>(contents.files(feature));
    files.addAll(amended.getOrDefault(feature, List.of()));
    return files;
  }

  /** @return a file the feature owns or amends, as the feature leaves it */
  String content(Feature feature, String file) throws IOException {
    String state = snapshots.get(features.indexOf(feature)).get(file);
    return state != null ? state : Files.readString(project.resolve(file));
  }

  /**
   * Writes, for each feature from the one before the first that amends, the Java files of the features merged by
   * then as it leaves them: {@code dir/NN-name/<project path>}, NN its place in the series. A new rule is cut by
   * adding its feature with an empty amends file, taking the rule out of the copies before it, and {@link
   * #amendsFrom}.
   */
  void write(Path dir) throws IOException {
    int first = features.stream().filter(f -> f.amends() != null).findFirst().map(features::indexOf).orElse(0);
    for (int i = Math.max(0, first - 1); i < features.size(); i++) {
      for (Feature merged : features.subList(0, i + 1)) {
        for (String file : contents.files(merged)) {
          if (file.endsWith(".java")) {
            Path copy = snapshotDir(dir, i).resolve(file);
            Files.createDirectories(copy.getParent());
            Files.writeString(copy, content(features.get(i), file));
          }
        }
      }
    }
  }

  /**
   * Makes each feature's amends again from the snapshots {@link #write} laid out in {@code dir} (edited since):
   * the changes to earlier features' files between one feature's snapshot and the one before it; the project's files
   * become the last snapshot's.
   *
   * @throws IllegalStateException if files change at a feature that has no amends
   */
  void amendsFrom(Path dir) throws IOException {
    int last = features.size() - 1;
    Map<Feature, StringBuilder> diffs = new HashMap<>();
    for (int i = 1; i <= last; i++) {
      Path before = snapshotDir(dir, i - 1);
      Path after = snapshotDir(dir, i);
      if (!Files.isDirectory(before)) {
        continue;
      }
      for (String file : javaFiles(after)) {
        if (!Files.isRegularFile(before.resolve(file))) {
          continue;
        }
        String diff = diff(before, after, file);
        if (diff.isEmpty()) {
          continue;
        }
        Feature feature = features.get(i);
        if (feature.amends() == null) {
          throw new IllegalStateException(file + " changes at " + feature.name() + ", which has no amends");
        }
        diffs.computeIfAbsent(feature, f -> new StringBuilder()).append(diff);
      }
    }
    for (Feature feature : features) {
      if (feature.amends() != null) {
        Files.writeString(project.resolve(feature.amends()), diffs.getOrDefault(feature, new StringBuilder()));
      }
    }
    for (String file : javaFiles(snapshotDir(dir, last))) {
      Files.copy(snapshotDir(dir, last).resolve(file), project.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The Java files under a snapshot, as sorted project paths. */
  private static List<String> javaFiles(Path snapshot) throws IOException {
    try (Stream<Path> files = Files.walk(snapshot)) {
      return files.filter(f -> f.toString().endsWith(".java")).map(f -> snapshot.relativize(f).toString())
          .sorted().collect(Collectors.toList());
    }
  }

  private Path snapshotDir(Path dir, int index) {
    return dir.resolve(String.format("%02d-%s", index + 1, features.get(index).name()));
  }

  /** A unified diff of one file between two snapshots, with the file's project path in its headers. */
  private static String diff(Path before, Path after, String file) throws IOException {
    Process git = new ProcessBuilder("git", "diff", "--no-index", "--no-color", "-U3", "--",
        before.resolve(file).toString(), after.resolve(file).toString()).redirectErrorStream(true).start();
    String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      int code = git.waitFor();
      if (code > 1) {
        throw new IOException("git diff --no-index of " + file + " failed: " + output.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while comparing " + file, e);
    }
    StringBuilder diff = new StringBuilder();
    for (String line : output.split("\n", -1)) {
      if (line.startsWith("diff --git ")) {
        diff.append("diff --git a/").append(file).append(" b/").append(file).append('\n');
      } else if (line.startsWith("--- ")) {
        diff.append("--- a/").append(file).append('\n');
      } else if (line.startsWith("+++ ")) {
        diff.append("+++ b/").append(file).append('\n');
      } else if (!line.startsWith("index ") && !line.isEmpty()) {
        // A diff's lines all start with a marker (a context line with a space): only the end of the output is empty.
        diff.append(line).append('\n');
      }
    }
    return diff.toString();
  }
}
