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

package org.apache.hadoop.ozone.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.hadoop.ozone.dist.Commands.Result;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The jar kit as an operator uses it on an existing install: the distribution with upstream's jars alone stands for
 * that install, copied (hard links: install-into replaces files by renames, so the original stays as built).
 */
class KitIT {

  private static final Path UPSTREAM = Path.of(System.getProperty("ozone.upstream.dist.dir"));
  private static final Path KIT = Path.of(System.getProperty("ozone.kit"));
  private static final String UPSTREAM_VERSION = UPSTREAM.getFileName().toString()
      .replaceAll("^ozone-(.*)-upstream$", "$1");
  private static final String RANGE_STATS_USAGE = "Usage: ozone debug range-stats";

  @TempDir
  private Path work;
  private Path home;
  private Path installInto;

  @BeforeEach
  void copyTheInstallAndUnpackTheKit() throws Exception {
    home = work.resolve("install");
    assertThat(Commands.exec("cp", "-al", UPSTREAM.toString(), home.toString()).exitCode()).isZero();
    assertThat(Commands.exec("tar", "-xzf", KIT.toString(), "-C", work.toString()).exitCode()).isZero();
    installInto = work.resolve("ozone-tombstone-kit-" + Commands.VERSION).resolve("install-into");
  }

  /**
   * The keys an operator copies into ozone-site.xml: a well-formed configuration file (an XML comment with two
   * hyphens in a row, as an option written in it once had, is not) that turns the service on.
   */
  @Test
  void theSiteFileIsWellFormedAndTurnsTheServiceOn() throws Exception {
    Document site = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(installInto.resolveSibling("range-compaction-site.xml").toFile());
    Map<String, String> properties = new TreeMap<>();
    NodeList list = site.getElementsByTagName("property");
    for (int i = 0; i < list.getLength(); i++) {
      Element property = (Element) list.item(i);
      properties.put(property.getElementsByTagName("name").item(0).getTextContent(),
          property.getElementsByTagName("value").item(0).getTextContent());
    }
    assertThat(properties).containsEntry("ozone.om.range.compaction.service.enabled", "true")
        .containsEntry("ozone.om.compaction.service.enabled", "false");
  }

  @Test
  void installSwapsThePatchedJarsUnderUpstreamsNamesAndRestorePutsUpstreamsBack() throws Exception {
    Map<String, String> upstream = digests(lib());
    Path kitJars = installInto.resolveSibling("jars");

    Result installed = Commands.exec(installInto.toString(), home.toString());

    assertThat(installed.exitCode()).as(installed.output()).isZero();
    Map<String, String> swapped = digests(lib());
    for (String artifact : Commands.PATCHED_ARTIFACTS) {
      String name = artifact + "-" + UPSTREAM_VERSION + ".jar";
      assertThat(swapped.get(name)).as(name)
          .isEqualTo(digest(kitJars.resolve(artifact + "-" + Commands.VERSION + ".jar")));
      assertThat(digest(home.resolve("share/ozone/tombstone-kit-backup").resolve(name))).isEqualTo(upstream.get(name));
    }
    assertThat(swapped.keySet()).isEqualTo(upstream.keySet());
    assertThat(rangeStatsHelp()).as("our debug command runs from the install").contains(RANGE_STATS_USAGE);
    Result again = Commands.exec(installInto.toString(), home.toString());
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.output()).startsWith("install-into: ").contains("already has kit " + Commands.VERSION);

    Result restored = Commands.exec(installInto.toString(), "--restore", home.toString());

    assertThat(restored.exitCode()).as(restored.output()).isZero();
    assertThat(digests(lib())).isEqualTo(upstream);
    assertThat(home.resolve("share/ozone/tombstone-kit-backup")).doesNotExist();
    assertThat(rangeStatsHelp()).as("upstream's debug command has no range-stats").doesNotContain(RANGE_STATS_USAGE);
    assertThat(digests(UPSTREAM.resolve("share/ozone/lib"))).isEqualTo(upstream);
  }

  @Test
  void anInstallOfAnotherReleaseIsRefusedAndLeftAsItWas() throws Exception {
    Path manager = lib().resolve("ozone-manager-" + UPSTREAM_VERSION + ".jar");
    Files.move(manager, manager.resolveSibling("ozone-manager-0.0.1.jar"));
    Map<String, String> before = digests(lib());

    Result refused = Commands.exec(installInto.toString(), home.toString());

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.output().strip()).startsWith("install-into: ")
        .contains("is not an Ozone " + UPSTREAM_VERSION + " install").doesNotContain("\n");
    assertThat(digests(lib())).isEqualTo(before);
    assertThat(home.resolve("share/ozone/tombstone-kit-backup")).doesNotExist();
    Result restore = Commands.exec(installInto.toString(), "--restore", home.toString());
    assertThat(restore.exitCode()).isEqualTo(1);
    assertThat(restore.output()).contains("has no kit installed");
  }

  /** What {@code ozone debug range-stats --help} prints from the install (upstream's prints its own usage). */
  private String rangeStatsHelp() throws Exception {
    return Commands.exec(home.resolve("bin/ozone").toString(), "debug", "range-stats", "--help").output();
  }

  private Path lib() {
    return home.resolve("share/ozone/lib");
  }

  private static Map<String, String> digests(Path dir) throws IOException {
    Map<String, String> digests = new TreeMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        digests.put(file.getFileName().toString(), digest(file));
      }
    }
    return digests;
  }

  private static String digest(Path file) throws IOException {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
