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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Derives the upstream poms that Maven Central lacks for the Ozone release we build on, from the nearest
 * published version of the same pom, into a file repository that the build lists after Central.
 *
 * <p>Central's copy of {@code org.apache.ozone:ozone:2.2.1} (parent of ozone-manager, ozone-common, ...) and
 * {@code org.apache.ozone:hdds-hadoop-dependency-client:2.2.1} (parent of hdds-common, ...) is missing, so Maven
 * cannot compute the dependencies of the modules below them. Every difference between a missing pom and its
 * nearest published version is written down here; anything else about the source pom makes the build fail.
 *
 * <p>Usage: {@code DerivedPoms <target version> <output repository> <nearest pom>...}, where each nearest pom
 * is named {@code <artifactId>-<version>.pom}.
 */
public final class DerivedPoms {

  private static final String GROUP_PATH = "org/apache/ozone";

  /** Edits beyond the version, keyed by {@code artifactId:sourceVersion}. */
  private static final Map<String, Consumer<PomEditor>> EDITS = Map.of(
      // ozone-2.2.0.pom differs from 2.2.1 only in its version numbers.
      "ozone:2.2.0", pom -> { },
      // 2.2.1 stopped excluding commons-io from hadoop-common and started excluding two netty artifacts.
      "hdds-hadoop-dependency-client:2.1.0", pom -> pom.editExclusions("org.apache.hadoop", "hadoop-common",
          List.of("commons-io:commons-io"),
          List.of("io.netty:netty-handler", "io.netty:netty-transport-native-epoll")));

  private DerivedPoms() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      throw new IllegalArgumentException("usage: DerivedPoms <target version> <output repository> <nearest pom>...");
    }
    String targetVersion = args[0];
    Path repository = Path.of(args[1]);
    for (int i = 2; i < args.length; i++) {
      derive(Path.of(args[i]), targetVersion, repository);
    }
  }

  static Path derive(Path nearestPom, String targetVersion, Path repository) throws IOException {
    PomEditor pom = PomEditor.parse(nearestPom);
    String artifactId = pom.artifactId();
    String sourceVersion = pom.version();
    String expectedName = artifactId + "-" + sourceVersion + ".pom";
    if (!nearestPom.getFileName().toString().equals(expectedName)) {
      throw new IllegalStateException(nearestPom + " does not hold " + expectedName);
    }
    Consumer<PomEditor> edits = EDITS.get(artifactId + ":" + sourceVersion);
    if (edits == null) {
      throw new IllegalStateException("No recorded differences between " + artifactId + ":" + sourceVersion
          + " and " + targetVersion + "; compare the two releases and add them to " + DerivedPoms.class.getName());
    }
    pom.setVersion(sourceVersion, targetVersion);
    edits.accept(pom);
    pom.addComment(" Derived at build time from " + artifactId + ":" + sourceVersion + " because " + artifactId
        + ":" + targetVersion + " is missing from Maven Central. Not an upstream release file. ");

    Path dir = repository.resolve(GROUP_PATH).resolve(artifactId).resolve(targetVersion);
    Files.createDirectories(dir);
    Path out = dir.resolve(artifactId + "-" + targetVersion + ".pom");
    byte[] content = pom.serialize().getBytes(StandardCharsets.UTF_8);
    Files.write(out, content);
    Files.writeString(dir.resolve(out.getFileName() + ".sha1"), sha1(content));
    System.out.println("[WARNING] Derived org.apache.ozone:" + artifactId + ":" + targetVersion + " from "
        + sourceVersion + " into " + out + " (used only where Maven Central lacks it)");
    return out;
  }

  private static String sha1(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
