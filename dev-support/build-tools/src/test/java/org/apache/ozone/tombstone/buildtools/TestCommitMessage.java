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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A feature's commit message: JIRAs filled in, config keys from the sources, results quoted or "not measured". */
class TestCommitMessage {

  private static final String CONFIG = "om/src/main/java/x/XConfig.java";
  private static final String TEST = "om/src/test/java/x/TestX.java";

  @TempDir
  private Path project;

  @Test
  void fillsJirasListsKeysAndTests() throws Exception {
    write(CONFIG, "@Config(key = \"ozone.x.enabled\", defaultValue = \"true\", type = BOOLEAN)\n"
        + "@Config(key = \"ozone.x.tables\",\n      defaultValue = \"a,b,\"\n          + \"c\",\n  type = STRING)\n");
    write(TEST, "");
    Feature feature = feature("x", null, null, "Needs {jira:base}.");

    String message = CommitMessage.of(feature, List.of(CONFIG, TEST), project,
        Map.of("x", "HDDS-7", "base", "HDDS-6"), List.of("base", "x"), "2.2.1");

    assertThat(message).startsWith("HDDS-7. Subject of x\n\nNeeds HDDS-6.\n\n")
        .contains("- ozone.x.enabled = true\n- ozone.x.tables = a,b,c\n")
        .contains("Measured results: not measured (no benchmark covers this change).")
        .contains("Tests: TestX.")
        .endsWith("Based on Apache Ozone 2.2.1.\n");
  }

  @Test
  void quotesBenchmarkOutputFromItsSummaryOrSaysNotMeasured() throws Exception {
    Feature feature = feature("x", "bench-results/x.txt", "with index", "Why.");
    assertThat(CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1"))
        .startsWith("HDDS-XXXXX. Subject of x")
        .contains("Measured results: not measured (no benchmark output in bench-results/x.txt).");

    write("bench-results/x.txt", "round 1\n\n      with index  without\nratio 0.98\n");
    assertThat(CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1"))
        .contains("Measured results (bench-results/x.txt):\n\n          with index  without\n    ratio 0.98\n\n")
        .doesNotContain("round 1");
  }

  @Test
  void refusesReferenceToUnknownFeature() {
    Feature feature = feature("x", null, null, "See {jira:nope}.");
    assertThatThrownBy(() -> CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1"))
        .hasMessage("x refers to unknown feature {jira:nope}");
  }

  private static Feature feature(String name, String results, String resultsFrom, String body) {
    return new Feature(name, "HDDS-XXXXX. Subject of " + name, List.of(), List.of(), results, resultsFrom, body);
  }

  private void write(String path, String content) throws Exception {
    Path file = project.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}
