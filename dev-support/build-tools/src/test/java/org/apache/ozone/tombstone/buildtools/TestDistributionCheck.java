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

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The distribution check on jars made here: identity from pom.properties, duplicates, upstream twins. */
class TestDistributionCheck {

  private static final String OURS = "org.apache.ozone.tombstone";

  @TempDir
  private Path lib;

  @Test
  void acceptsEachArtifactOnceWithShadedCopiesIgnored() throws Exception {
    jar("hdds-server-framework-1.0-fork.jar", pom(OURS, "hdds-server-framework", "1.0-fork"));
    jar("guava-33.jar", pom("com.google.guava", "guava", "33"));
    jar("shaded-1.jar", pom("x", "shaded", "1"), pom("com.google.guava", "guava", "31"));

    assertThat(DistributionCheck.check(DistributionCheck.jarsByCoordinates(lib), OURS)).isEmpty();
  }

  @Test
  void reportsUpstreamTwinAndDuplicates() throws Exception {
    jar("hdds-server-framework-1.0-fork.jar", pom(OURS, "hdds-server-framework", "1.0-fork"));
    jar("hdds-server-framework-1.0.jar", pom("org.apache.ozone", "hdds-server-framework", "1.0"));
    jar("guava-33.jar", pom("com.google.guava", "guava", "33"));
    jar("guava-32.jar", pom("com.google.guava", "guava", "32"));

    assertThat(DistributionCheck.check(DistributionCheck.jarsByCoordinates(lib), OURS)).containsExactlyInAnyOrder(
        "com.google.guava:guava is in 2 jars: [guava-32.jar, guava-33.jar]",
        "upstream org.apache.ozone:hdds-server-framework [hdds-server-framework-1.0.jar] sneaked in next to our "
            + "patched hdds-server-framework");
  }

  @Test
  void reportsMissingPatchedJars() throws Exception {
    jar("guava-33.jar", pom("com.google.guava", "guava", "33"));
    assertThat(DistributionCheck.check(DistributionCheck.jarsByCoordinates(lib), OURS))
        .containsExactly("no jar of " + OURS + ": the patched jars are missing");
  }

  private static String[] pom(String groupId, String artifactId, String version) {
    return new String[] {"META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties",
        "groupId=" + groupId + "\nartifactId=" + artifactId + "\nversion=" + version + "\n"};
  }

  private void jar(String name, String[]... entries) throws Exception {
    try (OutputStream file = Files.newOutputStream(lib.resolve(name));
         ZipOutputStream zip = new ZipOutputStream(file)) {
      for (String[] entry : entries) {
        zip.putNextEntry(new ZipEntry(entry[0]));
        zip.write(entry[1].getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
    }
  }
}
