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

/** Derived poms carry exactly the recorded differences, and anything unexpected fails. */
class TestDerivedPoms {

  @TempDir
  private Path dir;

  @Test
  void movesVersionsAndEditsExclusions() throws Exception {
    Path nearest = write("hdds-hadoop-dependency-client-2.1.0.pom", pom("hdds-hadoop-dependency-client", "2.1.0",
        "<exclusion><groupId>commons-io</groupId><artifactId>commons-io</artifactId></exclusion>"));

    Path derived = DerivedPoms.derive(nearest, "2.2.1", dir.resolve("repo"));

    assertThat(derived).hasFileName("hdds-hadoop-dependency-client-2.2.1.pom");
    assertThat(derived.getParent().resolve("hdds-hadoop-dependency-client-2.2.1.pom.sha1")).exists();
    String text = Files.readString(derived);
    assertThat(text).contains("<version>2.2.1</version>", "Derived at build time from hdds-hadoop-dependency-client",
        "<artifactId>netty-handler</artifactId>", "<artifactId>netty-transport-native-epoll</artifactId>")
        .doesNotContain("<artifactId>commons-io</artifactId>", "2.1.0</version>");
  }

  @Test
  void failsWhenTheSourcePomIsNotAsRecorded() throws Exception {
    Path nearest = write("hdds-hadoop-dependency-client-2.1.0.pom", pom("hdds-hadoop-dependency-client", "2.1.0", ""));
    assertThatThrownBy(() -> DerivedPoms.derive(nearest, "2.2.1", dir.resolve("repo")))
        .hasMessageContaining("Expected exclusion commons-io:commons-io of hadoop-common is absent");
  }

  @Test
  void failsForAnUnrecordedSourceVersion() throws Exception {
    Path nearest = write("ozone-2.1.0.pom", pom("ozone", "2.1.0", ""));
    assertThatThrownBy(() -> DerivedPoms.derive(nearest, "2.2.1", dir.resolve("repo")))
        .hasMessageContaining("No recorded differences between ozone:2.1.0 and 2.2.1");
  }

  private Path write(String name, String content) throws Exception {
    return Files.writeString(dir.resolve(name), content);
  }

  private static String pom(String artifactId, String version, String exclusions) {
    return "<project><parent><groupId>org.apache.ozone</groupId><artifactId>hdds</artifactId>"
        + "<version>" + version + "</version></parent>"
        + "<artifactId>" + artifactId + "</artifactId><version>" + version + "</version>"
        + "<dependencyManagement><dependencies><dependency><groupId>org.apache.hadoop</groupId>"
        + "<artifactId>hadoop-common</artifactId><exclusions>" + exclusions + "</exclusions></dependency>"
        + "</dependencies></dependencyManagement></project>";
  }
}
