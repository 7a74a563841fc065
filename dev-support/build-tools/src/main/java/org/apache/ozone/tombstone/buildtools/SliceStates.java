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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each file as each feature of the series leaves it. The project holds one code base, every file as the whole
 * series leaves it; a feature that adds a rule to an earlier feature's code says so in its amends ({@link
 * Feature#amends}). Taking the amends off in reverse order, last feature first, gives the files before each feature:
 * git applies each in reverse to a scratch copy of the amended files, so an amend that no longer fits the code fails
 * the export with git's own explanation, naming the feature.
 */
final class SliceStates {

  private static final ScratchRepo.Identity SCRATCH =
      new ScratchRepo.Identity("slices", "slices@localhost", "2026-01-01T00:00:00Z");

  private final Path project;
  private final SeriesContents contents;
  /** By feature: the content of the files it owns or amends that some amend changes, as the feature leaves them. */
  private final Map<Feature, Map<String, String>> states;
  private final Map<Feature, List<String>> amended;

  private SliceStates(Path project, SeriesContents contents, Map<Feature, Map<String, String>> states,
      Map<Feature, List<String>> amended) {
    this.project = project;
    this.contents = contents;
    this.states = states;
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
    Map<Feature, Map<String, String>> states = new HashMap<>();
    if (touched.isEmpty()) {
      return new SliceStates(project, contents, states, amended);
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
        Feature feature = features.get(i);
        Map<String, String> state = new HashMap<>();
        for (String file : touched) {
          if (contents.files(feature).contains(file) || amended.get(feature).contains(file)) {
            state.put(file, Files.readString(scratch.resolve(file)));
          }
        }
        states.put(feature, state);
        if (feature.amends() != null) {
          try {
            repo.applyReverse(project.resolve(feature.amends()));
          } catch (IOException e) {
            throw new IllegalStateException(feature.name() + "'s amends " + feature.amends()
                + " no longer fit the code (make them again from the files before and after it): " + e.getMessage());
          }
        }
      }
    } finally {
      FileTrees.delete(scratch);
    }
    return new SliceStates(project, contents, states, amended);
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
    String state = states.getOrDefault(feature, Map.of()).get(file);
    return state != null ? state : Files.readString(project.resolve(file));
  }
}
