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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The new classes of each patch that nothing calls once the patch is merged: a reviewer asked to merge code that only
 * a later pull request uses cannot judge it. A class is called when production code reaches it from an entry point:
 * a class with a {@code main} or a picocli {@code @Command}, or a class an upstream file names in the series'
 * patches; references are names in code (comments, Javadoc links included, do not count), tests are no callers.
 */
final class SeriesReach {

  /** Comments, string and character literals, whichever starts first. */
  private static final Pattern NOT_CODE =
      Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)+'|/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
  private static final Pattern ENTRY = Pattern.compile("static void main\\(|@(?:CommandLine\\.)?Command\\(");
  private static final Pattern NON_WORD = Pattern.compile("\\W+");
  private static final String MAIN = "/src/main/java/";

  private SeriesReach() {
  }

  /** @return by feature in series order, the simple names of the main classes it adds that nothing calls then */
  static Map<Feature, List<String>> uncalled(Path project, List<Feature> features, SeriesContents contents,
      SliceStates slices) throws IOException {
    Map<Feature, List<String>> uncalled = new LinkedHashMap<>();
    for (int k = 0; k < features.size(); k++) {
      Feature feature = features.get(k);
      Map<String, String> code = new LinkedHashMap<>();
      StringBuilder patches = new StringBuilder();
      for (Feature merged : features.subList(0, k + 1)) {
        for (String file : contents.files(merged)) {
          if (file.contains(MAIN) && file.endsWith(".java")) {
            code.put(simpleName(file), strip(slices.content(feature, file)));
          }
        }
        for (String patch : contents.patches(merged)) {
          for (String line : Files.readAllLines(project.resolve("patches").resolve(patch))) {
            if (line.startsWith("+") && !line.startsWith("+++")) {
              patches.append(line).append('\n');
            }
          }
        }
      }
      Set<String> reached = reach(code, strip(patches.toString()));
      List<String> dead = new ArrayList<>();
      for (String file : contents.files(feature)) {
        String name = simpleName(file);
        if (file.contains(MAIN) && file.endsWith(".java") && !name.equals("package-info") && !reached.contains(name)) {
          dead.add(name);
        }
      }
      uncalled.put(feature, dead);
    }
    return uncalled;
  }

  /** The classes reached from the entry points and from the patches' added lines, through names in code. */
  private static Set<String> reach(Map<String, String> code, String patches) {
    Set<String> named = words(patches);
    Deque<String> next = new ArrayDeque<>();
    for (Map.Entry<String, String> cls : code.entrySet()) {
      if (ENTRY.matcher(cls.getValue()).find() || named.contains(cls.getKey())) {
        next.add(cls.getKey());
      }
    }
    Set<String> reached = new HashSet<>();
    while (!next.isEmpty()) {
      String cls = next.poll();
      if (reached.add(cls)) {
        for (String word : words(code.get(cls))) {
          if (code.containsKey(word) && !reached.contains(word)) {
            next.add(word);
          }
        }
      }
    }
    return reached;
  }

  /** The identifiers of a text, each once: a class is named where its simple name is one of them. */
  private static Set<String> words(String text) {
    return new HashSet<>(Arrays.asList(NON_WORD.split(text)));
  }

  /** Code without comments and literals, whose words name no class. */
  private static String strip(String java) {
    return NOT_CODE.matcher(java).replaceAll(" ");
  }

  private static String simpleName(String file) {
    return file.substring(file.lastIndexOf('/') + 1, file.length() - ".java".length());
  }
}
