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

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which new classes of a patch nothing calls once it is merged, on a made-up project. */
class TestSeriesReach {

  @TempDir
  private Path project;

  @BeforeEach
  void layout() throws Exception {
    MadeUpProject.withOverlayModule(project);
  }

  @Test
  void codeReachedFromAnEntryPointOrAnUpstreamFileIsCalledAndTestsAndCommentsAreNot() throws Exception {
    write(project, "om/src/main/java/a/Values.java", "class Values {}\n");
    write(project, "om/src/test/java/a/TestValues.java", "class TestValues { Values v; }\n");
    write(project, "om/src/main/java/b/Tool.java", "class Tool { Pick p; public static void main(String[] a) {} }\n");
    write(project, "om/src/main/java/b/Pick.java", "class Pick { Values v; String s = \"Unused\"; }\n");
    write(project, "om/src/main/java/b/Unused.java", "/** Not {@link Pick}. */ class Unused {} // Values\n");
    write(project, "om/src/main/java/c/Service.java", "class Service {}\n");
    write(project, "patches/om/0001-wire.patch", "--- a/x\n+++ b/x\n@@ -1 +1,2 @@\n x\n+  new Service();\n");
    Feature values = feature("values", "om/src/*/java/a/**", List.of());
    Feature tool = feature("tool", "om/src/*/java/b/**", List.of());
    Feature service = feature("service", "om/src/*/java/c/**", List.of("om/0001-wire.patch"));
    List<Feature> features = List.of(values, tool, service);
    SeriesContents contents = SeriesContents.assign(project, features, List.of());

    Map<Feature, List<String>> uncalled = SeriesReach.uncalled(project, features, contents,
        SliceStates.compute(project, features, contents));

    // Values: only a test uses it when it is merged; the tool calls it later.
    assertThat(uncalled.get(values)).containsExactly("Values");
    assertThat(uncalled.get(tool)).containsExactly("Unused");
    assertThat(uncalled.get(service)).isEmpty();
  }

  private static Feature feature(String name, String glob, List<String> patches) {
    return MadeUpProject.feature(name, patches, List.of(glob), null);
  }

}
