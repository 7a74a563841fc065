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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which of our changes goes into which upstream patch, and proof that the series is complete: every patch in
 * {@code patches/} and every file under an overlay module's {@code src/} belongs to exactly one feature, unless
 * it is listed as fork-only. A feature that names a missing patch or whose globs match nothing is an error too,
 * so the feature files cannot silently go stale.
 */
final class SeriesContents {

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
  private static final Pattern PARENT = Pattern.compile("<parent>.*?</parent>", Pattern.DOTALL);

  private final Map<Feature, List<String>> patches;
  private final Map<Feature, List<String>> files;

  private SeriesContents(Map<Feature, List<String>> patches, Map<Feature, List<String>> files) {
    this.patches = patches;
    this.files = files;
  }

  /** Assigns the project's changes to the features; fails listing every file that has no owner or several. */
  static SeriesContents assign(Path project, List<Feature> features, List<String> forkOnlyGlobs)
      throws IOException {
    List<String> problems = new ArrayList<>();
    Map<Feature, List<String>> patches = new LinkedHashMap<>();
    Map<Feature, List<String>> files = new LinkedHashMap<>();
    for (Feature feature : features) {
      patches.put(feature, new ArrayList<>());
      files.put(feature, new ArrayList<>());
    }

    Path patchesRoot = project.resolve("patches");
    for (String patch : relativeFiles(patchesRoot, patchesRoot)) {
      List<Feature> owners = features.stream().filter(f -> f.patches().contains(patch)).toList();
      checkOneOwner("patches/" + patch, owners.size(), problems);
      owners.forEach(f -> patches.get(f).add(patch));
    }
    for (Feature feature : features) {
      for (String patch : feature.patches()) {
        if (!Files.isRegularFile(patchesRoot.resolve(patch))) {
          problems.add(feature.name() + " names patches/" + patch + ", which does not exist");
        }
      }
    }

    List<String> ownFiles = new ArrayList<>(relativeFiles(project.resolve(UpstreamDocs.ROOT), project));
    for (String module : overlayModules(project)) {
      ownFiles.addAll(relativeFiles(project.resolve(module).resolve("src"), project));
    }
    for (String file : ownFiles) {
      List<Feature> owners = features.stream().filter(f -> f.ownsFile(file)).toList();
      boolean forkOnly = Feature.matches(forkOnlyGlobs, file);
      checkOneOwner(file, owners.size() + (forkOnly ? 1 : 0), problems);
      owners.forEach(f -> files.get(f).add(file));
    }
    for (Feature feature : features) {
      // A rule that only changes earlier features' code (its amends) adds no file of its own.
      if (files.get(feature).isEmpty() && patches.get(feature).isEmpty() && feature.amends() == null) {
        problems.add(feature.name() + " has no patch, no amends and its globs match no file");
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException("Upstream series incomplete: " + String.join("; ", problems));
    }
    return new SeriesContents(patches, files);
  }

  private static void checkOneOwner(String file, int owners, List<String> problems) {
    if (owners == 0) {
      problems.add(file + " is in no feature (dev-support/upstream/*.feature) and not fork-only");
    } else if (owners > 1) {
      problems.add(file + " is in " + owners + " features (or also fork-only)");
    }
  }

  /** The modules of the root pom whose parent is the overlay parent: those that change upstream artifacts. */
  static List<String> overlayModules(Path project) throws IOException {
    List<String> modules = new ArrayList<>();
    Matcher matcher = MODULE.matcher(Files.readString(project.resolve("pom.xml")));
    while (matcher.find()) {
      Matcher parent = PARENT.matcher(Files.readString(project.resolve(matcher.group(1)).resolve("pom.xml")));
      if (parent.find() && parent.group().contains("<artifactId>overlay-parent</artifactId>")) {
        modules.add(matcher.group(1));
      }
    }
    return modules;
  }

  /** Regular files under a directory, as sorted '/'-separated paths relative to {@code base}. */
  private static List<String> relativeFiles(Path dir, Path base) throws IOException {
    TreeSet<String> result = new TreeSet<>();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> paths = Files.walk(dir)) {
        paths.filter(Files::isRegularFile).forEach(p -> result.add(base.relativize(p).toString().replace('\\', '/')));
      }
    }
    return new ArrayList<>(result);
  }

  /** The feature's patches, relative to {@code patches/}, in name order. */
  List<String> patches(Feature feature) {
    return patches.get(feature);
  }

  /** The feature's new files, relative to the project: also their path in upstream's tree. */
  List<String> files(Feature feature) {
    return files.get(feature);
  }

  /** The upstream module paths a feature touches, e.g. {@code hadoop-ozone/ozone-manager}; none for documents. */
  TreeSet<String> modules(Feature feature) {
    TreeSet<String> modules = new TreeSet<>();
    for (String patch : patches(feature)) {
      modules.add(patch.substring(0, patch.lastIndexOf('/')));
    }
    for (String file : files(feature)) {
      if (!UpstreamDocs.isDoc(file)) {
        modules.add(file.substring(0, file.indexOf("/src/")));
      }
    }
    return modules;
  }
}
