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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A made-up project on disk for the build tools' tests: its files written by path, its features built in code. */
final class MadeUpProject {

  private MadeUpProject() {
  }

  /** Writes {@code content} to {@code path} under {@code root}, making the directories it needs. */
  static void write(Path root, String path, String content) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  /** Lays out a project whose one module, {@code om}, is an overlay module: one whose sources the series holds. */
  static void withOverlayModule(Path root) throws IOException {
    write(root, "pom.xml", "<modules><module>om</module></modules>");
    write(root, "om/pom.xml", "<parent><artifactId>overlay-parent</artifactId></parent>");
  }

  /** A feature named {@code name} with a placeholder subject and body. */
  static Feature feature(String name, List<String> patches, List<String> globs, String amends) {
    return new Feature(name, "HDDS-XXXXX. " + name, patches, globs, amends, null, null, "why");
  }
}
