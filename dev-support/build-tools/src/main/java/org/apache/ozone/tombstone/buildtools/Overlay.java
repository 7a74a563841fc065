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
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Builds an overlay module: upstream's jar with the classes of patched sources replaced.
 *
 * <ul>
 *   <li>{@code prepare} (before compile): extracts the upstream sources that the module's patches touch from the
 *   {@code -sources.jar}, applies the patches with GNU patch (no fuzz; any rejected hunk fails the build), and
 *   unpacks upstream's classes into the output directory without the classes of patched sources (inner classes
 *   included), so no stale class survives. The output directory is rebuilt from scratch on every build.</li>
 *   <li>{@code finish} (after compile): merges upstream's {@code <artifactId>-default.xml} with the one Ozone's
 *   config annotation processor generated for the compiled classes, so new typed config keys are documented
 *   beside upstream's.</li>
 * </ul>
 *
 * <p>Arguments are {@code --name value} pairs; see the overlay parent pom for the full invocation.
 */
public final class Overlay {

  private Overlay() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      throw new IllegalArgumentException("usage: Overlay prepare|finish --name value ...");
    }
    Map<String, String> options = options(args);
    Path upstreamJar = Path.of(option(options, "upstream-jar"));
    Path classes = Path.of(option(options, "classes"));
    String defaults = option(options, "defaults");
    switch (args[0]) {
    case "prepare":
      prepare(option(options, "module"), Path.of(option(options, "patches")), Path.of(option(options, "sources-jar")),
          upstreamJar, Path.of(option(options, "patched-sources")), classes, Path.of(option(options, "resources")),
          defaults);
      break;
    case "finish":
      ConfigDefaults.merge(upstreamJar, defaults, classes.resolve(defaults));
      overlayProperties(upstreamJar, Path.of(option(options, "resources")), classes);
      break;
    default:
      throw new IllegalArgumentException("Unknown overlay step " + args[0] + "; expected prepare or finish");
    }
  }

  @SuppressWarnings("checkstyle:ParameterNumber")
  static void prepare(String modulePath, Path patchesRoot, Path sourcesJar, Path upstreamJar, Path patchedSources,
      Path classes, Path ownResources, String defaults) throws IOException, InterruptedException {
    PatchSeries series = PatchSeries.read(patchesRoot, modulePath);
    FileTrees.recreate(patchedSources);
    try (ZipFile sources = new ZipFile(sourcesJar.toFile())) {
      for (String file : series.touchedFiles()) {
        if (!series.isCreated(file)) {
          extract(sources, series.entryName(file), patchedSources.resolve(file));
        }
      }
    }
    for (Path patch : series.patches()) {
      applyPatch(patch, patchedSources);
    }

    List<String> patchedClasses = new ArrayList<>();
    for (String file : series.touchedFiles()) {
      patchedClasses.add(series.classPrefix(file));
    }
    FileTrees.recreate(classes);
    int kept = 0;
    try (ZipFile upstream = new ZipFile(upstreamJar.toFile())) {
      for (Enumeration<? extends ZipEntry> e = upstream.entries(); e.hasMoreElements();) {
        ZipEntry entry = e.nextElement();
        String name = entry.getName();
        if (entry.isDirectory() || isReplaced(name, patchedClasses, defaults)
            || Files.exists(ownResources.resolve(name))) {
          continue;
        }
        extract(upstream, name, classes.resolve(name));
        kept++;
      }
    }
    System.out.printf("[INFO] Overlay %s: %d patch(es) changing %d file(s) %s; %d upstream entries kept%n",
        modulePath, series.patches().size(), series.touchedFiles().size(), series.touchedFiles(), kept);
  }

  /**
   * A {@code .properties} resource of the module that upstream's jar also has holds only the keys this build
   * changes (e.g. the version in {@code ozone-version-info.properties}); the rest are kept from upstream's.
   */
  private static void overlayProperties(Path upstreamJar, Path ownResources, Path classes) throws IOException {
    if (!Files.isDirectory(ownResources)) {
      return;
    }
    try (ZipFile upstream = new ZipFile(upstreamJar.toFile()); Stream<Path> files = Files.walk(ownResources)) {
      for (Path own : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".properties"))::iterator) {
        String name = ownResources.relativize(own).toString().replace('\\', '/');
        ZipEntry entry = upstream.getEntry(name);
        if (entry == null) {
          continue;
        }
        Properties merged = new Properties();
        try (InputStream in = upstream.getInputStream(entry)) {
          merged.load(in);
        }
        Path built = classes.resolve(name);
        try (InputStream in = Files.newInputStream(built)) {
          merged.load(in);
        }
        try (OutputStream out = Files.newOutputStream(built)) {
          merged.store(out, "Upstream's " + name + " with this build's keys");
        }
      }
    }
  }

  /**
   * Whether an upstream jar entry is replaced by this build: classes of patched sources, the config defaults that
   * {@code finish} regenerates, and metadata that describes upstream's artifact rather than ours.
   */
  private static boolean isReplaced(String name, List<String> patchedClasses, String defaults) {
    if (name.equals(defaults) || name.equals("META-INF/MANIFEST.MF") || name.startsWith("META-INF/maven/")) {
      return true;
    }
    for (String prefix : patchedClasses) {
      if (name.equals(prefix + ".class") || name.startsWith(prefix + "$")) {
        return true;
      }
    }
    return false;
  }

  private static void applyPatch(Path patch, Path dir) throws IOException, InterruptedException {
    Process process = new ProcessBuilder("patch", "-p1", "--batch", "--forward", "--fuzz=0",
        "--no-backup-if-mismatch", "--reject-file=-", "-d", dir.toString(), "-i", patch.toAbsolutePath().toString())
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException("Patch " + patch + " does not apply to upstream sources:\n" + output);
    }
  }

  private static void extract(ZipFile zip, String name, Path target) throws IOException {
    ZipEntry entry = zip.getEntry(name);
    if (entry == null) {
      throw new IllegalStateException(zip.getName() + " has no " + name);
    }
    Files.createDirectories(target.getParent());
    try (InputStream in = zip.getInputStream(entry)) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int i = 1; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("Expected --name value, found " + args[i]);
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }

  private static String option(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null) {
      throw new IllegalArgumentException("Missing --" + name);
    }
    return value;
  }
}
