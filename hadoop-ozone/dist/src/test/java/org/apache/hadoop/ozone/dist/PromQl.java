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

package org.apache.hadoop.ozone.dist;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The metric names a PromQL expression reads (enough PromQL for dashboards and alert rules). */
final class PromQl {

  private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "by", "without",
      "on", "ignoring", "group_left", "group_right", "inf", "nan");
  private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?");

  private PromQl() {
  }

  static Set<String> metricNames(String expr) {
    String bare = expr
        .replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"")       // string literals (label values)
        .replaceAll("\\{[^}]*}", "")                      // label matchers
        .replaceAll("\\[[^]]*]", "")                      // range and subquery selectors
        .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", "");  // label lists
    Set<String> names = new TreeSet<>();
    Matcher identifier = IDENTIFIER.matcher(bare);
    while (identifier.find()) {
      boolean function = identifier.group(2) != null;
      String name = identifier.group(1);
      if (!function && !KEYWORDS.contains(name.toLowerCase())) {
        names.add(name);
      }
    }
    return names;
  }
}
