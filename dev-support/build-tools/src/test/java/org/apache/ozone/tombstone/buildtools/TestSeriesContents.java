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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Assignment of a project's changes to features: each file in exactly one, stale feature files refused. */
class TestSeriesContents {

  @TempDir
  private Path project;

  @BeforeEach
  void layout() throws Exception {
    write(project, "pom.xml", "<modules><module>om</module><module>dist</module></modules>");
    write(project, "om/pom.xml",
        "<parent><artifactId>overlay-parent</artifactId></parent><artifactId>ozone-manager</artifactId>");
    write(project, "dist/pom.xml", "<artifactId>dist</artifactId>");
    write(project, "dist/src/main/Fork.java", "");
    write(project, "patches/om/0001-a.patch", "");
    write(project, "om/src/main/java/a/A.java", "");
    write(project, "om/src/test/java/a/TestA.java", "");
    write(project, "om/src/main/java/b/B.java", "");
    write(project, "om/src/main/resources/version.properties", "");
  }

  @Test
  void assignsEachFileToItsFeature() throws Exception {
    Feature a = feature("a", List.of("om/0001-a.patch"), "om/src/*/java/a/**");
    Feature b = feature("b", List.of(), "om/src/*/java/b/**");

    SeriesContents contents = SeriesContents.assign(project, List.of(a, b), List.of("om/src/main/resources/*"));

    assertThat(contents.patches(a)).containsExactly("om/0001-a.patch");
    assertThat(contents.files(a)).containsExactly("om/src/main/java/a/A.java", "om/src/test/java/a/TestA.java");
    assertThat(contents.files(b)).containsExactly("om/src/main/java/b/B.java");
    assertThat(contents.modules(a)).containsExactly("om");
  }

  @Test
  void refusesFilesInNoFeatureOrInTwo() throws Exception {
    Feature a = feature("a", List.of("om/0001-a.patch"), "om/src/*/java/**");
    Feature b = feature("b", List.of(), "om/src/*/java/b/**");

    assertThatThrownBy(() -> SeriesContents.assign(project, List.of(a, b), List.of()))
        .hasMessageContaining("om/src/main/java/b/B.java is in 2 features")
        .hasMessageContaining("om/src/main/resources/version.properties is in no feature");
  }

  @Test
  void refusesUnassignedPatchAndMissingPatch() throws Exception {
    Feature a = feature("a", List.of("om/0002-gone.patch"), "om/src/**");

    assertThatThrownBy(() -> SeriesContents.assign(project, List.of(a), List.of()))
        .hasMessageContaining("patches/om/0001-a.patch is in no feature")
        .hasMessageContaining("a names patches/om/0002-gone.patch, which does not exist");
  }

  @Test
  void aFeatureMayAmendWithoutFilesOfItsOwnButNotBeEmpty() throws Exception {
    Feature a = feature("a", List.of("om/0001-a.patch"), "om/src/**");
    Feature rule = MadeUpProject.feature("rule", List.of(), List.of("om/src/*/java/none/**"), "amends/rule.diff");
    Feature empty = feature("empty", List.of(), "om/src/*/java/none/**");

    SeriesContents contents = SeriesContents.assign(project, List.of(a, rule), List.of());
    assertThat(contents.files(rule)).isEmpty();
    assertThatThrownBy(() -> SeriesContents.assign(project, List.of(a, empty), List.of()))
        .hasMessageContaining("empty has no patch, no amends and its globs match no file");
  }

  private static Feature feature(String name, List<String> patches, String glob) {
    return MadeUpProject.feature(name, patches, List.of(glob), null);
  }

}
