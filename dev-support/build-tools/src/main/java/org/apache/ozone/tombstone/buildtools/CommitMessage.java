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
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commit message of one feature: its subject and why (from the feature file), then what reviewers look for
 * that is derived from the sources rather than typed: the configuration keys with their defaults, the measured
 * results, the tests, upstream's tests that pass with the change ({@link UpstreamTests}), and the release the
 * patch is based on.
 *
 * <p>{@code HDDS-XXXXX} in the subject becomes the feature's JIRA when one is given; {@code {jira:NAME}} in the
 * body becomes the JIRA of feature NAME (or {@code HDDS-XXXXX}), for references between the patches.
 */
final class CommitMessage {

  static final String PLACEHOLDER = "HDDS-XXXXX";
  private static final Pattern REFERENCE = Pattern.compile("\\{jira:([a-z0-9-]+)}");

  private CommitMessage() {
  }

  static String of(Feature feature, List<String> files, Path project, Map<String, String> jiras,
      List<String> featureNames, String base) throws IOException {
    StringBuilder message = new StringBuilder();
    message.append(feature.subject().replace(PLACEHOLDER, jiras.getOrDefault(feature.name(), PLACEHOLDER)))
        .append("\n\n");
    message.append(references(feature, jiras, featureNames)).append("\n\n");

    List<Path> mainSources = files.stream().filter(f -> f.contains("/src/main/java/") && f.endsWith(".java"))
        .map(project::resolve).toList();
    Map<String, String> keys = ConfigKeys.of(mainSources);
    if (!keys.isEmpty()) {
      message.append("Configuration keys (typed, documented in the module's -default.xml), with defaults:\n");
      keys.forEach((key, value) -> message.append("- ").append(key).append(" = ").append(value).append('\n'));
      message.append('\n');
    }

    message.append(BenchmarkResults.section(project, feature)).append("\n\n");

    List<String> tests = files.stream().filter(f -> f.contains("/src/test/java/"))
        .map(f -> f.substring(f.lastIndexOf('/') + 1, f.length() - ".java".length()))
        .filter(name -> name.startsWith("Test")).toList();
    if (!tests.isEmpty()) {
      message.append("Tests: ").append(String.join(", ", tests)).append(".\n\n");
    }
    message.append(feature.patches().isEmpty() && !files.isEmpty() && files.stream().allMatch(UpstreamDocs::isDoc)
        ? "Documentation only: no code or test changes." : UpstreamTests.section(project, feature.patches(),
        feature.amends() != null, base))
        .append("\n\n");
    message.append("Based on Apache Ozone ").append(base).append(".\n");
    return message.toString();
  }

  private static String references(Feature feature, Map<String, String> jiras, List<String> featureNames) {
    Matcher matcher = REFERENCE.matcher(feature.body());
    StringBuilder body = new StringBuilder();
    while (matcher.find()) {
      String name = matcher.group(1);
      if (!featureNames.contains(name)) {
        throw new IllegalStateException(feature.name() + " refers to unknown feature {jira:" + name + "}");
      }
      matcher.appendReplacement(body, jiras.getOrDefault(name, PLACEHOLDER));
    }
    matcher.appendTail(body);
    return body.toString();
  }
}
