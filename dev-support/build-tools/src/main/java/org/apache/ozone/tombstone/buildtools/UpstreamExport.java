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
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Exports our changes as a series of git-format patches for apache/ozone, one per HDDS JIRA
 * ({@code scripts/export-upstream-patches}; options in {@link ExportOptions}).
 *
 * <p>The features, in series order, are the files {@code dev-support/upstream/NN-name.feature}; files that stay
 * in the fork are listed in {@code dev-support/upstream/fork-only}. The series is built by git itself: upstream's
 * sources at the base release (from the {@code -sources.jar} artifacts) are committed in a scratch repository,
 * then for each feature its patches from {@code patches/} are applied and its new files, and the earlier ones it
 * amends, written to their upstream paths ({@link UpstreamLayout}: the same, except the MiniOzoneCluster tests) as
 * the feature leaves them ({@link SliceStates}), and committed with the feature's message; {@code git format-patch} writes the series. Finally the series is applied with {@code git am} to a fresh
 * copy of upstream's sources ({@link SeriesApplyCheck}). Documents go as upstream reads them ({@link UpstreamDocs}),
 * the proposal's texts into {@code proposal/} beside the patches.
 */
public final class UpstreamExport {

  static final String FEATURES_DIR = "dev-support/upstream";
  /** The changed lines (tests included) a reviewer reads in one sitting: upstream's guide for one pull request. */
  static final int REVIEW_SIZE_LINES = 1_500;

  private UpstreamExport() {
  }

  /**
   * @param patches the series' patch files, in order
   * @param uncalled by feature name, in series order: the main classes it adds that nothing calls once it is merged
   *     ({@link SeriesReach})
   */
  record Export(List<Path> patches, Map<String, List<String>> uncalled) {
  }

  public static void main(String[] args) {
    try {
      ExportOptions options = ExportOptions.parse(args);
      Export export = run(options);
      System.out.println("Upstream series in " + options.out() + ":");
      List<List<String>> uncalled = new ArrayList<>(export.uncalled().values());
      for (int i = 0; i < export.patches().size(); i++) {
        Path patch = export.patches().get(i);
        int lines = changedLines(patch);
        System.out.printf("%s  %,d lines changed%s  %s%n", patch.getFileName(), lines,
            lines > REVIEW_SIZE_LINES ? " (over the review size guide, " + REVIEW_SIZE_LINES + ")" : "",
            subject(patch));
        if (!uncalled.get(i).isEmpty()) {
          System.out.println("    adds classes nothing calls until a later patch: "
              + String.join(", ", uncalled.get(i)));
        }
      }
      System.out.println("Applied with git am to Apache Ozone " + options.base() + " sources: no conflict");
    } catch (IllegalArgumentException e) {
      System.err.println("export-upstream-patches: " + e.getMessage());
      System.exit(2);
    } catch (IllegalStateException | IOException e) {
      System.err.println("export-upstream-patches: " + e.getMessage());
      System.exit(1);
    }
  }

  /** Writes the series into the output directory, proves it applies, and returns the patch files in order. */
  static Export run(ExportOptions options) throws IOException {
    Path project = options.project();
    List<Feature> features = features(project);
    List<String> names = features.stream().map(Feature::name).toList();
    for (String name : options.jiras().keySet()) {
      if (!names.contains(name)) {
        throw new IllegalArgumentException("Unknown feature '" + name + "' in --jira; known: "
            + String.join(", ", names));
      }
    }
    SeriesContents contents = SeriesContents.assign(project, features, forkOnly(project));
    SliceStates slices = SliceStates.compute(project, features, contents);
    SeriesOrder.check(features, contents, slices);
    TreeSet<String> modules = new TreeSet<>();
    features.forEach(f -> modules.addAll(contents.modules(f)));

    Path scratch = Files.createTempDirectory("upstream-export");
    try {
      Path tree = scratch.resolve("export");
      Files.createDirectories(tree);
      UpstreamSourceTree.write(project, modules, options.repository(), options.base(), tree);
      ScratchRepo repo = ScratchRepo.init(tree, options.identity());
      String base = repo.commitAll("Apache Ozone " + options.base() + " sources");
      for (Feature feature : features) {
        for (String patch : contents.patches(feature)) {
          repo.apply(project.resolve("patches").resolve(patch));
        }
        List<String> files = slices.files(feature);
        for (String file : files) {
          Path target = tree.resolve(UpstreamLayout.upstreamPath(project, file));
          Files.createDirectories(target.getParent());
          Files.writeString(target, UpstreamDocs.isDoc(file) ? UpstreamDocs.exported(project, file)
              : slices.content(feature, file));
        }
        repo.commitAll(CommitMessage.of(feature, files, project, options.jiras(), names, options.base()));
      }
      Files.createDirectories(options.out());
      deleteOldSeries(options.out());
      List<Path> series = repo.formatPatch(base, options.out());
      SeriesApplyCheck.check(project, modules, options, series, scratch.resolve("check"));
      writeProposal(project, options.out());
      Map<String, List<String>> uncalled = new LinkedHashMap<>();
      SeriesReach.uncalled(project, features, contents, slices).forEach((f, classes) -> uncalled.put(f.name(), classes));
      return new Export(series, uncalled);
    } finally {
      FileTrees.delete(scratch);
    }
  }

  static List<Feature> features(Path project) throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(project.resolve(FEATURES_DIR), "*.feature")) {
      dir.forEach(files::add);
    }
    files.sort(null);
    List<Feature> features = new ArrayList<>();
    for (Path file : files) {
      features.add(Feature.read(file));
    }
    return features;
  }

  /** @return the globs of {@code dev-support/upstream/fork-only}: files that stay in the fork */
  static List<String> forkOnly(Path project) throws IOException {
    return Files.readAllLines(project.resolve(FEATURES_DIR).resolve("fork-only")).stream()
        .map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
  }

  /** Writes the texts to post with the series ({@link UpstreamDocs#PROPOSAL}) into {@code out/proposal}. */
  private static void writeProposal(Path project, Path out) throws IOException {
    Path proposal = out.resolve("proposal");
    Files.createDirectories(proposal);
    try (DirectoryStream<Path> texts = Files.newDirectoryStream(project.resolve(UpstreamDocs.PROPOSAL), "*.md")) {
      for (Path text : texts) {
        Files.writeString(proposal.resolve(text.getFileName()),
            UpstreamDocs.exported(project, project.relativize(text).toString()));
      }
    }
  }

  /** Removes a previous series (NNNN-*.patch) so that a shorter new one leaves no stale patch behind. */
  private static void deleteOldSeries(Path out) throws IOException {
    try (DirectoryStream<Path> old = Files.newDirectoryStream(out, "[0-9][0-9][0-9][0-9]-*.patch")) {
      for (Path patch : old) {
        Files.delete(patch);
      }
    }
  }

  /** The lines a patch adds or removes, without the diff's file headers. */
  static int changedLines(Path patch) throws IOException {
    int lines = 0;
    boolean inDiff = false;
    for (String line : Files.readAllLines(patch)) {
      if (line.startsWith("diff --git ")) {
        inDiff = true;
      } else if (line.equals("-- ")) {
        inDiff = false;
      } else if (inDiff && (line.startsWith("+") || line.startsWith("-"))
          && !line.startsWith("+++ ") && !line.startsWith("--- ")) {
        lines++;
      }
    }
    return lines;
  }

  /** The patch's Subject header, unfolded (git folds long subjects onto continuation lines). */
  static String subject(Path patch) throws IOException {
    List<String> lines = Files.readAllLines(patch);
    StringBuilder subject = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("Subject: ")) {
        subject.append(lines.get(i).substring("Subject: ".length()));
        while (i + 1 < lines.size() && lines.get(i + 1).startsWith(" ")) {
          subject.append(lines.get(++i));
        }
        break;
      }
    }
    return subject.toString();
  }
}
