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
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Fails the distribution build unless {@code share/ozone/lib} holds every artifact exactly once and each artifact
 * this build patches (a jar of our groupId) only in our version: an upstream copy next to ours would put two
 * versions of the patched classes on the classpath, and which one wins would depend on directory order.
 *
 * <p>Usage: {@code DistributionCheck <lib dir> <our groupId>}
 */
public final class DistributionCheck {

  private DistributionCheck() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: DistributionCheck <lib dir> <our groupId>");
    }
    Map<String, List<String>> jars = jarsByCoordinates(Path.of(args[0]));
    List<String> problems = check(jars, args[1]);
    if (!problems.isEmpty()) {
      throw new IllegalStateException("Distribution lib is inconsistent:\n  " + String.join("\n  ", problems));
    }
    System.out.printf("[INFO] Distribution lib: %d artifacts, each once; patched: %s%n", jars.size(),
        patched(jars, args[1]));
  }

  /** Problems with a lib directory, given the jars that declare each {@code groupId:artifactId}. */
  static List<String> check(Map<String, List<String>> jars, String ourGroupId) {
    List<String> problems = new ArrayList<>();
    jars.forEach((coordinates, files) -> {
      if (files.size() > 1) {
        problems.add(coordinates + " is in " + files.size() + " jars: " + files);
      }
    });
    List<String> patched = patched(jars, ourGroupId);
    if (patched.isEmpty()) {
      problems.add("no jar of " + ourGroupId + ": the patched jars are missing");
    }
    jars.forEach((coordinates, files) -> {
      String artifactId = coordinates.substring(coordinates.indexOf(':') + 1);
      if (!coordinates.startsWith(ourGroupId + ":") && patched.contains(artifactId)) {
        problems.add("upstream " + coordinates + " " + files + " sneaked in next to our patched " + artifactId);
      }
    });
    return problems;
  }

  private static List<String> patched(Map<String, List<String>> jars, String ourGroupId) {
    List<String> patched = new ArrayList<>();
    for (String coordinates : jars.keySet()) {
      if (coordinates.startsWith(ourGroupId + ":")) {
        patched.add(coordinates.substring(ourGroupId.length() + 1));
      }
    }
    return patched;
  }

  /** The jars of a directory by their own coordinates, see {@link #coordinates}. */
  static Map<String, List<String>> jarsByCoordinates(Path lib) throws IOException {
    Map<String, List<String>> jars = new TreeMap<>();
    try (Stream<Path> files = Files.list(lib)) {
      for (Path jar : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".jar")).sorted()::iterator) {
        jars.computeIfAbsent(coordinates(jar), k -> new ArrayList<>()).add(jar.getFileName().toString());
      }
    }
    return jars;
  }

  /**
   * A jar's own {@code groupId:artifactId[-classifier]}: of the {@code pom.properties} it carries (shaded jars
   * carry those of what they embed too), the one whose {@code artifactId-version} starts the file name; the
   * file name itself for a jar without one.
   */
  private static String coordinates(Path jar) throws IOException {
    String fileName = jar.getFileName().toString();
    String stem = fileName.substring(0, fileName.length() - ".jar".length());
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements();) {
        ZipEntry entry = e.nextElement();
        if (entry.getName().startsWith("META-INF/maven/") && entry.getName().endsWith("/pom.properties")) {
          Properties properties = new Properties();
          try (InputStream in = zip.getInputStream(entry)) {
            properties.load(in);
          }
          String artifactId = properties.getProperty("artifactId");
          String nameAndVersion = artifactId + "-" + properties.getProperty("version");
          if (stem.startsWith(nameAndVersion)) {
            return properties.getProperty("groupId") + ":" + artifactId + stem.substring(nameAndVersion.length());
          }
        }
      }
    }
    return stem;
  }
}
