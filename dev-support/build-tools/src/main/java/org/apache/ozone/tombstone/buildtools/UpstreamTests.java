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
import java.util.List;
import java.util.TreeSet;

/**
 * Upstream's own tests that the build runs against a module's patched classes: {@code <module>/upstream-tests.txt},
 * one test class a line as a path ({@code org/apache/.../TestRDBStore.java}), which is also the include list of the
 * module's surefire execution {@code upstream-tests} (see the overlay parent pom). Commit messages of the upstream
 * series quote it, so the tests they name are the ones the build runs.
 */
final class UpstreamTests {

  static final String FILE = "upstream-tests.txt";
  private static final int WIDTH = 72;

  private UpstreamTests() {
  }

  /** The listed test classes of a module, as class names ({@code org.apache...TestRDBStore}); empty without list. */
  static List<String> of(Path project, String module) throws IOException {
    Path file = project.resolve(module).resolve(FILE);
    List<String> classes = new ArrayList<>();
    if (Files.isRegularFile(file)) {
      for (String line : Files.readAllLines(file)) {
        String entry = line.strip();
        if (entry.isEmpty() || entry.startsWith("#")) {
          continue;
        }
        if (!entry.endsWith(".java") || entry.contains("*")) {
          throw new IllegalStateException(file + ": '" + entry + "' is not one test class (path/to/TestX.java)");
        }
        classes.add(entry.substring(0, entry.length() - ".java".length()).replace('/', '.'));
      }
    }
    return classes;
  }

  /**
   * What a commit message says about upstream's code and tests: nothing of theirs is removed or changed, and which
   * of upstream's tests pass against the patched classes of each module the feature's patches change.
   *
   * @param amends whether the feature also changes classes that earlier patches of the series added
   */
  static String section(Path project, List<String> patches, boolean amends, String base) throws IOException {
    TreeSet<String> modules = new TreeSet<>();
    for (String patch : patches) {
      modules.add(patch.substring(0, patch.lastIndexOf('/')));
    }
    if (modules.isEmpty()) {
      return amends ? wrap("Upstream's code and tests: unchanged, this change only adds new classes and changes "
          + "classes that earlier changes of this series added.", "")
          : "Upstream's code and tests: unchanged, this change only adds new classes.";
    }
    StringBuilder section = new StringBuilder(wrap("Upstream's code and tests: this change adds to upstream's "
        + "classes and removes or changes none of their public, protected or package-private signatures (japicmp, "
        + "against the Apache Ozone " + base + " jars), so upstream's code and tests compile and link unchanged. "
        + "Upstream's own tests of the changed classes pass against them (run from the " + base + " tests jars, "
        + "with every patch of this series applied):", ""));
    for (String module : modules) {
      List<String> tests = of(project, module);
      if (tests.isEmpty()) {
        throw new IllegalStateException("patches/" + module + " changes upstream classes, but " + module + "/"
            + FILE + " names none of upstream's tests to run against them");
      }
      List<String> names = tests.stream().map(t -> t.substring(t.lastIndexOf('.') + 1)).toList();
      section.append('\n').append(wrap("- " + module + ": " + String.join(", ", names) + ".", "  "));
    }
    return section.toString();
  }

  /** Wraps at {@link #WIDTH} columns on spaces, continuation lines indented. */
  private static String wrap(String text, String indent) {
    StringBuilder out = new StringBuilder();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > WIDTH) {
        out.append(line).append('\n');
        line.setLength(0);
        line.append(indent);
      }
      if (line.length() > 0 && !line.toString().equals(indent)) {
        line.append(' ');
      }
      line.append(word);
    }
    return out.append(line).toString();
  }
}
