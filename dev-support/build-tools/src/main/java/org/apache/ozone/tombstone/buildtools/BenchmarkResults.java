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
import java.util.List;

/**
 * The measured results a commit message quotes: the benchmark output file a feature names ({@code results:}),
 * from the first line containing its {@code results-from:} text to the end, as the benchmark wrote it. Numbers
 * are never typed by hand; without the file the message says the change was not measured.
 */
final class BenchmarkResults {

  private BenchmarkResults() {
  }

  static String section(Path project, Feature feature) throws IOException {
    if (feature.resultsFile() == null) {
      return "Measured results: not measured (no benchmark covers this change).";
    }
    Path file = project.resolve(feature.resultsFile());
    if (!Files.isRegularFile(file)) {
      return "Measured results: not measured (no benchmark output in " + feature.resultsFile() + ").";
    }
    List<String> lines = Files.readAllLines(file);
    int from = 0;
    if (feature.resultsFrom() != null) {
      while (from < lines.size() && !lines.get(from).contains(feature.resultsFrom())) {
        from++;
      }
      if (from == lines.size()) {
        throw new IllegalStateException(file + " has no line containing '" + feature.resultsFrom()
            + "' (results-from of " + feature.name() + ")");
      }
    }
    StringBuilder section = new StringBuilder("Measured results (" + feature.resultsFile() + "):\n\n");
    for (String line : lines.subList(from, lines.size())) {
      section.append(line.isBlank() ? "" : "    " + line.stripTrailing()).append('\n');
    }
    return section.toString().stripTrailing();
  }
}
