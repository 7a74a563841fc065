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

package org.apache.ozone.tombstone.buildtools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The patches of one overlay module: {@code patches/<module path>/*.patch}, applied in name order. Patches carry
 * upstream's paths ({@code a/hadoop-hdds/framework/src/main/java/...}) so that they apply to Ozone's source tree
 * unchanged; a patch touching anything but this module's {@code src/main/java} is rejected.
 */
final class PatchSeries {

  static final String DEV_NULL = "/dev/null";

  private final List<Path> patches;
  private final Set<String> touchedFiles;
  private final Set<String> createdFiles;
  private final String sourcePrefix;

  private PatchSeries(List<Path> patches, Set<String> touched, Set<String> created, String sourcePrefix) {
    this.patches = patches;
    this.touchedFiles = touched;
    this.createdFiles = created;
    this.sourcePrefix = sourcePrefix;
  }

  static PatchSeries read(Path patchesRoot, String modulePath) throws IOException {
    String sourcePrefix = modulePath + "/src/main/java/";
    Path dir = patchesRoot.resolve(modulePath);
    List<Path> patches = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> files = Files.list(dir)) {
        files.filter(p -> p.getFileName().toString().endsWith(".patch")).sorted().forEach(patches::add);
      }
    }
    Set<String> touched = new LinkedHashSet<>();
    Set<String> created = new LinkedHashSet<>();
    for (Path patch : patches) {
      String oldPath = null;
      for (String line : Files.readAllLines(patch)) {
        if (line.startsWith("--- ")) {
          oldPath = headerPath(line, "a/");
        } else if (line.startsWith("+++ ") && oldPath != null) {
          String newPath = headerPath(line, "b/");
          if (newPath.equals(DEV_NULL) || !newPath.startsWith(sourcePrefix) || !newPath.endsWith(".java")) {
            throw new IllegalStateException(patch + " touches " + newPath + ", outside " + sourcePrefix
                + " (new files belong in the module's own src/, deletions are not supported)");
          }
          touched.add(newPath);
          if (oldPath.equals(DEV_NULL)) {
            created.add(newPath);
          }
          oldPath = null;
        }
      }
    }
    return new PatchSeries(Collections.unmodifiableList(patches), touched, created, sourcePrefix);
  }

  /** The path of a unified diff header line without its {@code a/}/{@code b/} prefix and timestamp. */
  static String headerPath(String line, String prefix) {
    String path = line.substring(4);
    int tab = path.indexOf('\t');
    if (tab >= 0) {
      path = path.substring(0, tab);
    }
    path = path.trim();
    return path.startsWith(prefix) ? path.substring(prefix.length()) : path;
  }

  List<Path> patches() {
    return patches;
  }

  /** Upstream paths of the files the series changes or creates. */
  Set<String> touchedFiles() {
    return touchedFiles;
  }

  boolean isCreated(String upstreamPath) {
    return createdFiles.contains(upstreamPath);
  }

  /** The path of an upstream file inside the module's jars, e.g. {@code org/apache/.../RDBStore.java}. */
  String entryName(String upstreamPath) {
    return upstreamPath.substring(sourcePrefix.length());
  }

  /** The class file name prefix of a patched source: {@code org/x/Foo} for {@code org/x/Foo.java}. */
  String classPrefix(String upstreamPath) {
    String entry = entryName(upstreamPath);
    return entry.substring(0, entry.length() - ".java".length());
  }
}
