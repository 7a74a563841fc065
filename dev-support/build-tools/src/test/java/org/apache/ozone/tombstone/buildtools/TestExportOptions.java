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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The export's command line: defaults, JIRAs, and one clear line for each bad input. */
class TestExportOptions {

  @TempDir
  private Path project;

  @BeforeEach
  void layout() throws Exception {
    Files.writeString(project.resolve("pom.xml"), "<properties><ozone.version>2.2.1</ozone.version></properties>");
    Files.createDirectories(project.resolve("patches"));
  }

  @Test
  void defaultsAndJiras() throws Exception {
    ExportOptions options = parse("--jira", "range-stats=HDDS-12345", "--jira", "omkeybench=HDDS-9");

    assertThat(options.base()).isEqualTo("2.2.1");
    assertThat(options.out()).isEqualTo(project.resolve("target/upstream-patches"));
    assertThat(options.jiras()).containsEntry("range-stats", "HDDS-12345").containsEntry("omkeybench", "HDDS-9");
    assertThat(options.identity()).isEqualTo(new ScratchRepo.Identity("A B", "a@b.org", "2026-01-01T00:00:00Z"));
  }

  @Test
  void refusesBadInputWithOneLine() {
    assertBad("Unknown option '--bogus'", "--bogus", "x");
    assertBad("--out needs a value", "--out");
    assertBad("Bad --jira 'range-stats=12345'; expected FEATURE=HDDS-NNNNN", "--jira", "range-stats=12345");
    assertBad("Bad --base '2.2.1-SNAPSHOT'", "--base", "2.2.1-SNAPSHOT");
    assertBad("Bad --date 'yesterday'", "--date", "yesterday");
    assertThatThrownBy(() -> ExportOptions.parse(new String[] {"--project", project.resolve("nowhere").toString()}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Not this repository's root");
  }

  private void assertBad(String message, String... args) {
    assertThatThrownBy(() -> parse(args)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(message).hasMessageNotContaining("\n");
  }

  private ExportOptions parse(String... args) throws Exception {
    String[] all = new String[args.length + 6];
    System.arraycopy(new String[] {"--project", project.toString(), "--author", "A B <a@b.org>", "--date",
        "2026-01-01T00:00:00Z"}, 0, all, 0, 6);
    System.arraycopy(args, 0, all, 6, args.length);
    return ExportOptions.parse(all);
  }
}
