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

import static org.apache.ozone.tombstone.buildtools.MadeUpProject.write;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Javadoc links between the patches of a series: backwards only, on a made-up project. */
class TestSeriesOrder {

  @TempDir
  private Path project;

  private final Feature first = feature("first", "om/src/*/java/a/**", null);
  private Feature second = feature("second", "om/src/*/java/b/**", null);

  @BeforeEach
  void layout() throws Exception {
    MadeUpProject.withOverlayModule(project);
  }

  @Test
  void aLinkToAClassOfAnEarlierOrTheSamePatchIsFine() throws Exception {
    write(project, "om/src/main/java/a/A.java", "/** {@link A#run}, see {@link java.util.List}. */ class A {}");
    write(project, "om/src/main/java/b/B.java",
        "/** Uses {@linkplain a.A the first} and {@link B}. @see A */ class B {}");

    assertThatCode(this::check).doesNotThrowAnyException();
  }

  @Test
  void aLinkToAClassOfALaterPatchIsRefusedWithBothNamed() throws Exception {
    write(project, "om/src/main/java/a/A.java", "/** Read by {@link b.B#read}. */ class A {}");
    write(project, "om/src/test/java/a/TestA.java", "/**\n * The rest is in {@link\n * TestB}.\n */\nclass TestA {}");
    write(project, "om/src/main/java/b/B.java", "class B {}");
    write(project, "om/src/test/java/b/TestB.java", "class TestB {}");

    assertThatThrownBy(this::check)
        .hasMessageContaining("om/src/main/java/a/A.java (first) links to B, which second adds later")
        .hasMessageContaining("om/src/test/java/a/TestA.java (first) links to TestB, which second adds later");
  }

  @Test
  void aLinkThatALaterPatchAddsToAnEarlierFileIsFine() throws Exception {
    write(project, "om/src/main/java/a/A.java", "/** Read by {@link b.B#read}. */ class A {}\n");
    write(project, "om/src/main/java/b/B.java", "class B {}");
    write(project, "amends/second.diff", String.join("\n", "--- a/om/src/main/java/a/A.java",
        "+++ b/om/src/main/java/a/A.java", "@@ -1 +1 @@", "-class A {}", "+/** Read by {@link b.B#read}. */ class A {}",
        ""));
    second = feature("second", "om/src/*/java/b/**", "amends/second.diff");

    assertThatCode(this::check).doesNotThrowAnyException();
  }

  private void check() throws Exception {
    List<Feature> features = List.of(first, second);
    SeriesContents contents = SeriesContents.assign(project, features, List.of());
    SeriesOrder.check(features, contents, SliceStates.compute(project, features, contents));
  }

  private static Feature feature(String name, String glob, String amends) {
    return MadeUpProject.feature(name, List.of(), List.of(glob), amends);
  }

}
