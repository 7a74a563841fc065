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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A module's patch series: its touched files, and patches that reach outside the module. */
class TestPatchSeries {

  private static final String MODULE = "hadoop-hdds/framework";
  private static final String FILE = MODULE + "/src/main/java/org/apache/Foo.java";

  @TempDir
  private Path patches;

  @Test
  void readsTouchedFilesInNameOrder() throws Exception {
    write("0002-b.patch", diff(FILE, FILE));
    write("0001-a.patch", diff("/dev/null", MODULE + "/src/main/java/org/apache/Bar.java"));

    PatchSeries series = PatchSeries.read(patches, MODULE);

    assertThat(series.patches()).extracting(p -> p.getFileName().toString())
        .containsExactly("0001-a.patch", "0002-b.patch");
    assertThat(series.touchedFiles()).containsExactly(MODULE + "/src/main/java/org/apache/Bar.java", FILE);
    assertThat(series.isCreated(FILE)).isFalse();
    assertThat(series.classPrefix(FILE)).isEqualTo("org/apache/Foo");
  }

  @Test
  void moduleWithoutPatchesHasNone() throws Exception {
    assertThat(PatchSeries.read(patches, "hadoop-ozone/common").patches()).isEmpty();
  }

  @Test
  void rejectsPatchOutsideTheModule() throws Exception {
    String other = "hadoop-ozone/ozone-manager/src/main/java/org/apache/Om.java";
    write("0001-a.patch", diff(other, other));
    assertThatThrownBy(() -> PatchSeries.read(patches, MODULE)).hasMessageContaining("touches " + other);
  }

  private void write(String name, String content) throws Exception {
    Files.createDirectories(patches.resolve(MODULE));
    Files.writeString(patches.resolve(MODULE).resolve(name), content);
  }

  private static String diff(String from, String to) {
    String old = from.equals("/dev/null") ? from : "a/" + from;
    return "Subject: [PATCH] x\n---\n--- " + old + "\n+++ b/" + to + "\n@@ -1 +1 @@\n-x\n+y\n";
  }
}
