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
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * One upstream contribution (one HDDS JIRA, one patch of the series), read from a feature file in
 * {@code dev-support/upstream/}. The file starts with {@code key: value} lines, then a blank line and the
 * commit message body that explains why:
 *
 * <pre>
 * name: range-stats                      used by --jira range-stats=HDDS-NNNNN
 * subject: HDDS-XXXXX. One line          the commit subject
 * patch: hadoop-ozone/ozone-manager/0001-om-range-statistics.patch    (repeatable; under patches/)
 * files: hadoop-ozone/cli-debug/src/**   (repeatable; glob over paths relative to the project)
 * amends: dev-support/upstream/amends/x.diff   (optional) what it adds to files of earlier features
 * results: bench-results/x.txt           (optional) benchmark output quoted in the message
 * results-from: with index               (optional) quote from the first line containing this text
 * </pre>
 *
 * Lines starting with {@code #} are comments.
 *
 * <p>A feature that adds a rule to code an earlier feature added (a vertical slice of the series) amends that
 * code: {@code amends} is a unified diff, with project paths, of the earlier features' files as this feature leaves
 * them against what they were before it. The project holds every file as the whole series leaves it; the export
 * takes the amends off, last feature first, to get each file as each feature leaves it ({@link SliceStates}).
 */
record Feature(String name, String subject, List<String> patches, List<String> fileGlobs, String amends,
    String resultsFile, String resultsFrom, String body) {

  static Feature read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    String name = null;
    String subject = null;
    String results = null;
    String resultsFrom = null;
    String amends = null;
    List<String> patches = new ArrayList<>();
    List<String> globs = new ArrayList<>();
    int i = 0;
    for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
      String line = lines.get(i);
      if (line.startsWith("#")) {
        continue;
      }
      int colon = line.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected 'key: value', found '" + line + "'");
      }
      String value = line.substring(colon + 1).trim();
      switch (line.substring(0, colon).trim()) {
      case "name":
        name = value;
        break;
      case "subject":
        subject = value;
        break;
      case "patch":
        patches.add(value);
        break;
      case "files":
        globs.add(value);
        break;
      case "amends":
        amends = value;
        break;
      case "results":
        results = value;
        break;
      case "results-from":
        resultsFrom = value;
        break;
      default:
        throw new IllegalArgumentException(file + ":" + (i + 1) + ": unknown key '" + line.substring(0, colon) + "'");
      }
    }
    if (name == null || subject == null) {
      throw new IllegalArgumentException(file + ": needs 'name:' and 'subject:'");
    }
    String body = String.join("\n", lines.subList(i, lines.size())).strip();
    return new Feature(name, subject, List.copyOf(patches), List.copyOf(globs), amends, results, resultsFrom, body);
  }

  /** Whether a project file (path relative to the project, '/'-separated) is one of this feature's new files. */
  boolean ownsFile(String relativePath) {
    return matches(fileGlobs, relativePath);
  }

  static boolean matches(List<String> globs, String relativePath) {
    Path path = Path.of(relativePath);
    for (String glob : globs) {
      PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
      if (matcher.matches(path)) {
        return true;
      }
    }
    return false;
  }
}
