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

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Enumeration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Upstream's source tree at a release, for the modules the series touches, rebuilt from the {@code -sources.jar}
 * artifacts in the local Maven repository: a sources jar holds paths relative to {@code src/main/java}, so its
 * Java files are placed under {@code <module path>/src/main/java/}, as in apache/ozone at the release tag. Only
 * Java files are taken (resources live elsewhere upstream, and our patches touch Java files only).
 */
final class UpstreamSourceTree {

  private static final Pattern PARENT = Pattern.compile("<parent>.*?</parent>", Pattern.DOTALL);
  private static final Pattern ARTIFACT_ID = Pattern.compile("<artifactId>([^<]+)</artifactId>");

  private UpstreamSourceTree() {
  }

  /** Writes the upstream Java sources of {@code modules} (paths like {@code hadoop-ozone/freon}) below {@code dir}. */
  static void write(Path project, Collection<String> modules, Path localRepository, String version, Path dir)
      throws IOException {
    for (String module : modules) {
      Path jar = sourcesJar(localRepository, artifactId(project, module), version);
      Path target = dir.resolve(module).resolve("src/main/java");
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
          ZipEntry entry = entries.nextElement();
          if (entry.isDirectory() || !entry.getName().endsWith(".java")) {
            continue;
          }
          Path file = target.resolve(entry.getName()).normalize();
          if (!file.startsWith(target)) {
            throw new IOException(jar + " has an entry outside its root: " + entry.getName());
          }
          Files.createDirectories(file.getParent());
          try (InputStream in = zip.getInputStream(entry)) {
            Files.copy(in, file);
          }
        }
      }
    }
  }

  static Path sourcesJar(Path localRepository, String artifactId, String version) {
    Path jar = localRepository.resolve("org/apache/ozone").resolve(artifactId).resolve(version)
        .resolve(artifactId + "-" + version + "-sources.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException("Missing " + jar + " (run 'mvn -B install -DskipTests' once to fetch it)");
    }
    return jar;
  }

  /** The artifactId of an overlay module, which is upstream's artifactId of that module. */
  static String artifactId(Path project, String module) throws IOException {
    String pom = PARENT.matcher(Files.readString(project.resolve(module).resolve("pom.xml"))).replaceFirst("");
    Matcher matcher = ARTIFACT_ID.matcher(pom);
    if (!matcher.find()) {
      throw new IllegalStateException(module + "/pom.xml has no artifactId");
    }
    return matcher.group(1);
  }
}
