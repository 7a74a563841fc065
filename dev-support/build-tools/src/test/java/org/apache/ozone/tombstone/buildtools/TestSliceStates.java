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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Vertical slices on a made-up project: the project holds the code as the series leaves it, and each feature's
 * files come out as that feature leaves them, its amends taken off the later ones.
 */
class TestSliceStates {

  private static final String POLICY = "om/src/main/java/a/Policy.java";

  @TempDir
  private Path project;

  private final Feature service = feature("service", "om/src/*/java/a/**", null);
  private final Feature idle = feature("idle", "om/src/*/java/b/**", "amends/idle.diff");
  private final Feature head = feature("head", "om/src/*/java/c/**", "amends/head.diff");

  @BeforeEach
  void layout() throws Exception {
    MadeUpProject.withOverlayModule(project);
    write(project, POLICY, "class Policy {\n  boolean dense;\n  boolean idle;\n  boolean head;\n}\n");
    write(project, "om/src/main/java/b/Idle.java", "class Idle {}\n");
    write(project, "om/src/main/java/c/Head.java", "class Head {}\n");
    write(project, "amends/idle.diff", diff(POLICY, "@@ -1,3 +1,4 @@", " class Policy {", "   boolean dense;",
        "+  boolean idle;", " }"));
    write(project, "amends/head.diff", diff(POLICY, "@@ -2,3 +2,4 @@", "   boolean dense;", "   boolean idle;",
        "+  boolean head;", " }"));
  }

  @Test
  void eachFeatureLeavesTheFilesWithTheRulesUpToIt() throws Exception {
    SliceStates slices = compute(service, idle, head);

    assertThat(slices.content(service, POLICY)).isEqualTo("class Policy {\n  boolean dense;\n}\n");
    assertThat(slices.content(idle, POLICY)).isEqualTo("class Policy {\n  boolean dense;\n  boolean idle;\n}\n");
    assertThat(slices.content(head, POLICY)).isEqualTo(Files.readString(project.resolve(POLICY)));
    assertThat(slices.files(service)).containsExactly(POLICY);
    assertThat(slices.files(idle)).containsExactly("om/src/main/java/b/Idle.java", POLICY);
    assertThat(slices.content(idle, "om/src/main/java/b/Idle.java")).isEqualTo("class Idle {}\n");
  }

  @Test
  void anAmendOfALaterFeaturesFileIsRefused() throws Exception {
    assertThatThrownBy(() -> compute(idle, service, head))
        .hasMessageContaining("idle amends " + POLICY + ", which is no earlier feature's code");
  }

  @Test
  void anAmendThatNoLongerFitsTheCodeIsRefusedNamingItsFeature() throws Exception {
    write(project, POLICY, "class Policy {\n  boolean dense;\n  boolean idle;\n  boolean headProbe;\n}\n");

    assertThatThrownBy(() -> compute(service, idle, head))
        .hasMessageContaining("head's amends amends/head.diff no longer fit the code");
  }

  @Test
  void theAmendsAreMadeAgainFromEditedStates() throws Exception {
    SliceStates slices = compute(service, idle, head);
    Path states = project.resolve("states");
    slices.write(states);
    assertThat(states.resolve("01-service").resolve(POLICY)).hasContent("class Policy {\n  boolean dense;\n}\n");
    assertThat(states.resolve("03-head").resolve(POLICY)).hasContent(Files.readString(project.resolve(POLICY)));

    // A field the service adds, and so every state after it, and the idle rule's field renamed from idle on.
    for (String state : new String[] {"01-service", "02-idle", "03-head"}) {
      Path policy = states.resolve(state).resolve(POLICY);
      String text = Files.readString(policy).replace("  boolean dense;\n", "  boolean dense;\n  int looks;\n");
      Files.writeString(policy, text.replace("boolean idle;", "boolean quiet;"));
    }
    slices.amendsFrom(states);

    SliceStates again = compute(service, idle, head);
    assertThat(again.content(service, POLICY)).isEqualTo("class Policy {\n  boolean dense;\n  int looks;\n}\n");
    assertThat(again.content(idle, POLICY))
        .isEqualTo("class Policy {\n  boolean dense;\n  int looks;\n  boolean quiet;\n}\n");
    assertThat(project.resolve(POLICY))
        .hasContent("class Policy {\n  boolean dense;\n  int looks;\n  boolean quiet;\n  boolean head;\n}\n");
    // The service's field is a line of the service's own code, context in the idle rule's amend.
    assertThat(Files.readString(project.resolve("amends/idle.diff"))).contains("+  boolean quiet;", "   int looks;")
        .doesNotContain("+  int looks;");
  }

  @Test
  void aChangeAtAFeatureWithoutAmendsIsRefused() throws Exception {
    Feature tests = feature("tests", "om/src/*/java/t/**", null);
    write(project, "om/src/test/java/t/TestPolicy.java", "class TestPolicy {}\n");
    SliceStates slices = compute(service, idle, tests, head);
    Path states = project.resolve("states");
    slices.write(states);
    Path atTests = states.resolve("03-tests").resolve(POLICY);
    Files.writeString(atTests, Files.readString(atTests).replace("dense", "full"));

    assertThatThrownBy(() -> slices.amendsFrom(states))
        .hasMessageContaining(POLICY + " changes at tests, which has no amends");
  }

  private SliceStates compute(Feature... features) throws Exception {
    List<Feature> series = List.of(features);
    return SliceStates.compute(project, series, SeriesContents.assign(project, series, List.of()));
  }

  private static String diff(String file, String... hunk) {
    return "--- a/" + file + "\n+++ b/" + file + "\n" + String.join("\n", hunk) + "\n";
  }

  private static Feature feature(String name, String glob, String amends) {
    return MadeUpProject.feature(name, List.of(), List.of(glob), amends);
  }

}
