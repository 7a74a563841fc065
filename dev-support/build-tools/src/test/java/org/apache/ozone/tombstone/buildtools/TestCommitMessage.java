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

import static org.apache.ozone.tombstone.buildtools.MadeUpProject.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    write(project, CONFIG, "@Config(key = \"ozone.x.enabled\", defaultValue = \"true\", type = BOOLEAN)\n"
        + "@Config(key = \"ozone.x.tables\",\n      defaultValue = \"a,b,\"\n          + \"c\",\n  type = STRING)\n");
    write(project, TEST, "");
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

    write(project, "bench-results/x.txt", "round 1\n\n      with index  without\nratio 0.98\n");
    assertThat(CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1"))
        .contains("Measured results (bench-results/x.txt):\n\n          with index  without\n    ratio 0.98\n\n")
        .doesNotContain("round 1");
  }

  @Test
  void namesUpstreamTestsOfEachPatchedModule() throws Exception {
    write(project, "om/upstream-tests.txt", "# comment\n\norg/apache/om/TestOmMetadataManager.java\n"
        + "org/apache/om/service/TestKeyDeletingService.java\n");
    write(project, "fw/upstream-tests.txt", "org/apache/fw/TestRDBStore.java\n");
    Feature feature = new Feature("x", "HDDS-XXXXX. Subject", List.of("om/0001-a.patch", "om/0002-b.patch",
        "fw/0001-c.patch"), List.of(), null, null, null, "Why.");

    String message = CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1");

    assertThat(message).contains("\n\nUpstream's code and tests: this change adds to upstream's classes and\n")
        .contains("\n- fw: TestRDBStore.\n- om: TestOmMetadataManager, TestKeyDeletingService.\n\n");
    assertThat(message.replace('\n', ' ')).contains("removes or changes none of their public, protected or"
        + " package-private signatures (japicmp, against the Apache Ozone 2.2.1 jars), so upstream's code and tests"
        + " compile and link unchanged. Upstream's own tests of the changed classes pass against them (run from the"
        + " 2.2.1 tests jars, with every patch of this series applied): - fw:");
    assertThat(message.lines()).allMatch(line -> line.length() <= 72 || line.startsWith("Tests: "));
  }

  @Test
  void newClassesOnlyLeaveUpstreamUnchanged() throws Exception {
    assertThat(CommitMessage.of(feature("x", null, null, "Why."), List.of(), project, Map.of(), List.of("x"),
        "2.2.1")).contains("\n\nUpstream's code and tests: unchanged, this change only adds new classes.\n\n");
  }

  @Test
  void aSliceThatAmendsTheSeriesSaysSo() throws Exception {
    Feature slice = new Feature("x", "HDDS-XXXXX. Subject", List.of(), List.of(), "amends/x.diff", null, null, "Why.");
    assertThat(CommitMessage.of(slice, List.of(), project, Map.of(), List.of("x"), "2.2.1").replace("\n", " "))
        .contains("Upstream's code and tests: unchanged, this change only adds new classes and changes classes that "
            + "earlier changes of this series added.");
  }

  @Test
  void documentsOnlySayNoCodeChanges() throws Exception {
    assertThat(CommitMessage.of(feature("x", null, null, "Why."), List.of(UpstreamDocs.ROOT + "/design/x.md"), project,
        Map.of(), List.of("x"), "2.2.1")).contains("\n\nDocumentation only: no code or test changes.\n\n");
  }

  @Test
  void refusesPatchedModuleWithoutUpstreamTests() throws Exception {
    Feature feature = new Feature("x", "HDDS-XXXXX. Subject", List.of("om/0001-a.patch"), List.of(), null, null,
        null, "Why.");
    assertThatThrownBy(() -> CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1"))
        .hasMessage("patches/om changes upstream classes, but om/upstream-tests.txt names none of upstream's tests"
            + " to run against them");

    write(project, "om/upstream-tests.txt", "org/apache/om/Test*.java\n");
    assertThatThrownBy(() -> CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1"))
        .hasMessage(project.resolve("om/upstream-tests.txt") + ": 'org/apache/om/Test*.java' is not one test class"
            + " (path/to/TestX.java)");
  }

  @Test
  void refusesReferenceToUnknownFeature() {
    Feature feature = feature("x", null, null, "See {jira:nope}.");
    assertThatThrownBy(() -> CommitMessage.of(feature, List.of(), project, Map.of(), List.of("x"), "2.2.1"))
        .hasMessage("x refers to unknown feature {jira:nope}");
  }

  private static Feature feature(String name, String results, String resultsFrom, String body) {
    return new Feature(name, "HDDS-XXXXX. Subject of " + name, List.of(), List.of(), null, results, resultsFrom, body);
  }

}
