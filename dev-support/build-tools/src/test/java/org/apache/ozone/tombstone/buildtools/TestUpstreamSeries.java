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

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The upstream series of this repository: exported from the real tree, it applies with {@code git am} to Apache
 * Ozone's sources rebuilt from the {@code -sources.jar} artifacts (the export fails otherwise), every file our
 * build changes or adds is in exactly one of its patches, and each patch is a pull request a reviewer reads in one
 * sitting.
 */
class TestUpstreamSeries {

  private static final Path PROJECT = Path.of(System.getProperty("project.root"));
  /** Upstream checkstyle's LineLength. */
  private static final int MAX_LINE = 120;
  /** An import, with the simple name it brings in. */
  private static final Pattern IMPORT = Pattern.compile("^import (?:static )?[\\w.]+\\.(\\w+);$", Pattern.MULTILINE);

  @TempDir
  private Path out;

  @Test
  void seriesAppliesToUpstreamAndHoldsEveryChangeOnce() throws Exception {
    ExportOptions options = ExportOptions.parse(new String[] {
        "--project", PROJECT.toString(), "--out", out.toString(),
        "--repository", System.getProperty("local.repository"),
        "--author", "Upstream check <check@localhost>", "--date", "2026-01-01T00:00:00Z",
        "--jira", "range-stats=HDDS-1"});

    UpstreamExport.Export export = UpstreamExport.run(options);
    List<Path> series = export.patches();

    List<Feature> features = UpstreamExport.features(PROJECT);
    assertThat(series).hasSize(features.size());
    // A vertical slice is called by the code it adds or amends: no patch adds a class that only a later one calls.
    assertThat(export.uncalled()).allSatisfy((feature, classes) -> assertThat(classes).as(feature).isEmpty());
    for (int i = 0; i < series.size(); i++) {
      String text = Files.readString(series.get(i));
      assertThat(text).startsWith("From ").contains("\nFrom: Upstream check <check@localhost>\n", "\nDate: ");
      String expected = "HDDS-XXXXX";
      if (features.get(i).name().equals("range-stats")) {
        expected = "HDDS-1";
      }
      // git pads the number to the width of the count: [PATCH 01/13].
      String number = String.format("%0" + String.valueOf(series.size()).length() + "d", i + 1);
      assertThat(UpstreamExport.subject(series.get(i)))
          .startsWith("[PATCH " + number + "/" + series.size() + "] " + expected + ". ");
      assertThat(UpstreamExport.changedLines(series.get(i))).as("lines changed by %s", series.get(i).getFileName())
          .isPositive().isLessThanOrEqualTo(UpstreamExport.REVIEW_SIZE_LINES);
      // Upstream's checkstyle (LineLength 120) reads each file as each patch leaves it: every line any patch adds.
      assertThat(addedJavaLines(series.get(i))).as("Java lines over 120 columns in %s", series.get(i).getFileName())
          .filteredOn(line -> line.length() > MAX_LINE).isEmpty();
    }
    // Each file in exactly one patch, and again in each patch that amends it (a rule added to earlier code).
    assertThat(fileChanges(series)).hasSize(changedFiles(series).size() + (int) amendedFiles(features));
    assertThat(changedFiles(series)).containsExactlyElementsOf(expectedFiles())
        .contains(UpstreamLayout.INTEGRATION_TESTS + "org/apache/hadoop/ozone/om/compaction/TestRangeCompactionHA.java")
        .noneMatch(f -> f.startsWith("hadoop-ozone/ozone-manager/") && f.contains("MiniCluster"));

    // Documents and the proposal's texts go with the values of their facts, not the markers the docs check reads.
    assertThat(changedFiles(series)).contains(UpstreamDocs.ROOT + "/design/range-compaction.md");
    assertThat(Files.readString(series.get(0))).contains("+jira: HDDS-XXXXX").doesNotContain("<!--fact");
    try (Stream<Path> texts = Files.list(out.resolve("proposal"))) {
      List<Path> proposal = texts.toList();
      assertThat(proposal).hasSize(2);
      for (Path text : proposal) {
        assertThat(Files.readString(text)).contains("HDDS-12682").doesNotContain("<!--fact");
      }
    }

    // Each patch that changes upstream classes names the upstream tests the build runs against them.
    for (int i = 0; i < series.size(); i++) {
      String message = Files.readString(series.get(i)).replace("\n", " ");
      List<String> patches = features.get(i).patches();
      if (features.get(i).name().equals("range-compaction-design")) {
        assertThat(message).contains("Documentation only: no code or test changes.");
      } else if (patches.isEmpty() && features.get(i).amends() != null) {
        assertThat(message).contains("Upstream's code and tests: unchanged, this change only adds new classes and "
            + "changes classes that earlier changes of this series added.");
      } else if (patches.isEmpty()) {
        assertThat(message).contains("Upstream's code and tests: unchanged, this change only adds new classes.");
      }
      for (String patch : patches) {
        String module = patch.substring(0, patch.lastIndexOf('/'));
        List<String> tests = UpstreamTests.of(PROJECT, module);
        assertThat(tests).isNotEmpty();
        assertThat(message).contains("(japicmp, against the Apache Ozone " + options.base() + " jars)",
            "- " + module + ": ");
        tests.forEach(t -> assertThat(message).contains(t.substring(t.lastIndexOf('.') + 1)));
      }
    }
  }

  /**
   * What a patch needs on master ({@code scripts/upstream-on-master} applies {@code NNNN-*.patch} with patch NNNN)
   * names the feature it is for, so that a slice inserted before it, which renumbers the series, cannot leave it
   * beside the wrong patch.
   */
  @Test
  void masterVariantsNameTheFeatureAtTheirNumber() throws Exception {
    List<Feature> features = UpstreamExport.features(PROJECT);
    Pattern variant = Pattern.compile("(\\d{4})-([a-z0-9]+(?:-[a-z0-9]+)*)--.+\\.patch");
    try (Stream<Path> files = Files.list(PROJECT.resolve(UpstreamExport.FEATURES_DIR).resolve("master"))) {
      for (Path file : files.toList()) {
        Matcher name = variant.matcher(file.getFileName().toString());
        assertThat(name.matches()).as("%s is NNNN-feature--what.patch", file.getFileName()).isTrue();
        int number = Integer.parseInt(name.group(1));
        assertThat(number).as("the patch %s is for", file.getFileName()).isBetween(1, features.size());
        assertThat(features.get(number - 1).name()).as("feature %s", name.group(1)).isEqualTo(name.group(2));
      }
    }
  }

  /**
   * Upstream's checkstyle (UnusedImports) reads each file as each patch leaves it: a rule cut out of earlier code takes
   * its imports along.
   */
  @Test
  void eachSliceUsesEveryImportOfTheFilesItLeaves() throws Exception {
    List<Feature> features = UpstreamExport.features(PROJECT);
    SeriesContents contents = SeriesContents.assign(PROJECT, features, UpstreamExport.forkOnly(PROJECT));
    SliceStates slices = SliceStates.compute(PROJECT, features, contents);
    List<String> unused = new ArrayList<>();
    for (Feature feature : features) {
      for (String file : slices.files(feature)) {
        if (file.endsWith(".java")) {
          unused.addAll(unusedImports(feature.name() + ": " + file, slices.content(feature, file)));
        }
      }
    }
    assertThat(unused).isEmpty();
  }

  /** The upstream tests the overlay modules run exist in upstream's tests jars: no list names a stale class. */
  @Test
  void upstreamTestListsNameTestsOfUpstreamsTestsJars() throws Exception {
    int listed = 0;
    for (String module : SeriesContents.overlayModules(PROJECT)) {
      List<String> tests = UpstreamTests.of(PROJECT, module);
      if (tests.isEmpty()) {
        continue;
      }
      String artifactId = UpstreamSourceTree.artifactId(PROJECT, module);
      String version = System.getProperty("ozone.version");
      Path jar = Path.of(System.getProperty("local.repository"), "org/apache/ozone", artifactId, version,
          artifactId + "-" + version + "-tests.jar");
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        for (String test : tests) {
          assertThat(zip.getEntry(test.replace('.', '/') + ".class")).as("%s in %s", test, jar).isNotNull();
          listed++;
        }
      }
    }
    assertThat(listed).isPositive();
  }

  /** The imports of a Java file whose simple name appears nowhere else in it (Javadoc counts, as for checkstyle). */
  private static List<String> unusedImports(String where, String java) {
    String rest = IMPORT.matcher(java).replaceAll("");
    List<String> unused = new ArrayList<>();
    Matcher imports = IMPORT.matcher(java);
    while (imports.find()) {
      if (!Pattern.compile("\\b" + imports.group(1) + "\\b").matcher(rest).find()) {
        unused.add(where + " imports " + imports.group(1));
      }
    }
    return unused;
  }

  /** The Java lines a patch adds, without their diff mark. */
  private static List<String> addedJavaLines(Path patch) throws Exception {
    List<String> lines = new ArrayList<>();
    boolean java = false;
    for (String line : Files.readAllLines(patch)) {
      if (line.startsWith("diff --git ")) {
        java = line.endsWith(".java");
      } else if (java && line.startsWith("+") && !line.startsWith("+++ ")) {
        lines.add(line.substring(1));
      }
    }
    return lines;
  }

  /** The files the patches change, each once. */
  private static List<String> changedFiles(List<Path> series) throws Exception {
    return new ArrayList<>(new TreeSet<>(fileChanges(series)));
  }

  /** The files each patch changes, in series order: a file twice when a later patch amends it. */
  private static List<String> fileChanges(List<Path> series) throws Exception {
    List<String> files = new ArrayList<>();
    for (Path patch : series) {
      for (String line : Files.readAllLines(patch)) {
        if (line.startsWith("diff --git a/")) {
          files.add(line.substring("diff --git a/".length(), line.indexOf(" b/")));
        }
      }
    }
    return files;
  }

  /** How many files the features' amends change, all together. */
  private static long amendedFiles(List<Feature> features) throws Exception {
    long files = 0;
    for (Feature feature : features) {
      if (feature.amends() != null) {
        files += Files.readAllLines(PROJECT.resolve(feature.amends())).stream()
            .filter(line -> line.startsWith("+++ ")).count();
      }
    }
    return files;
  }

  /**
   * What our build changes or adds: the files patches/ touches, the overlay modules' own files and the documents for
   * upstream's site, less fork-only.
   */
  private static List<String> expectedFiles() throws Exception {
    List<String> forkOnly = UpstreamExport.forkOnly(PROJECT);
    TreeSet<String> files = new TreeSet<>();
    try (Stream<Path> docs = Files.walk(PROJECT.resolve(UpstreamDocs.ROOT))) {
      docs.filter(Files::isRegularFile).forEach(p -> files.add(PROJECT.relativize(p).toString().replace('\\', '/')));
    }
    for (String module : SeriesContents.overlayModules(PROJECT)) {
      files.addAll(PatchSeries.read(PROJECT.resolve("patches"), module).touchedFiles());
      try (Stream<Path> paths = Files.walk(PROJECT.resolve(module).resolve("src"))) {
        for (String file : paths.filter(Files::isRegularFile)
            .map(p -> PROJECT.relativize(p).toString().replace('\\', '/'))
            .filter(f -> !Feature.matches(forkOnly, f)).toList()) {
          files.add(UpstreamLayout.upstreamPath(PROJECT, file));
        }
      }
    }
    return new ArrayList<>(files);
  }
}
