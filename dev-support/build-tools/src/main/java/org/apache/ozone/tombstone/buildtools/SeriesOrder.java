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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Proof that the series can be merged in its order: no file of a patch, as the patch leaves it, links in its Javadoc
 * to a class that only a later patch adds. javac does not resolve such links, upstream's javadoc check does (a reference not found is an
 * error), so the pull request would fail there although it compiles. Code references need no such check here:
 * scripts/upstream-on-master builds each patch of the series on its own, in order.
 */
final class SeriesOrder {

  /**
   * The class a Javadoc link names: {@code {@link [package.]Class[.Nested][#member]}}, also linkplain, value, see;
   * the name may start the next line of the comment, after its {@code *}.
   */
  private static final Pattern LINK =
      Pattern.compile("(?:\\{@(?:link|linkplain|value)|@see)(?:\\s|\\*)+(?:[a-z]\\w*\\.)*([A-Z]\\w*)");

  private SeriesOrder() {
  }

  /** @throws IllegalStateException naming every link to a class a later feature adds */
  static void check(List<Feature> features, SeriesContents contents, SliceStates slices) throws IOException {
    Map<String, Integer> addedBy = new HashMap<>();
    for (int i = features.size() - 1; i >= 0; i--) {
      for (String file : javaFiles(contents.files(features.get(i)))) {
        addedBy.put(className(file), i);
      }
    }
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < features.size(); i++) {
      Feature feature = features.get(i);
      for (String file : javaFiles(slices.files(feature))) {
        Matcher link = LINK.matcher(slices.content(feature, file));
        while (link.find()) {
          Integer later = addedBy.get(link.group(1));
          if (later != null && later > i) {
            problems.add(file + " (" + feature.name() + ") links to " + link.group(1) + ", which "
                + features.get(later).name() + " adds later");
          }
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException("Upstream series out of order: " + String.join("; ", problems));
    }
  }

  private static List<String> javaFiles(List<String> files) {
    return files.stream().filter(f -> f.endsWith(".java")).toList();
  }

  private static String className(String file) {
    return file.substring(file.lastIndexOf('/') + 1, file.length() - ".java".length());
  }
}
