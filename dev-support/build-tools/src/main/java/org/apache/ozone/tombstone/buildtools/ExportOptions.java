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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Command line of {@code scripts/export-upstream-patches}. Bad input is an {@link IllegalArgumentException} with
 * one line naming the value.
 *
 * <pre>
 * --project DIR          this repository (default: the working directory)
 * --out DIR              where the series goes (default: PROJECT/target/upstream-patches)
 * --base VERSION         upstream release the series applies to (default: ozone.version of the root pom)
 * --jira NAME=HDDS-N     the JIRA of feature NAME (repeatable); unset ones keep HDDS-XXXXX
 * --repository DIR       local Maven repository with the -sources.jar files (default: ~/.m2/repository)
 * --author "NAME &lt;EMAIL&gt;"  author of the patches (default: author of the project's HEAD commit)
 * --date ISO-8601        date of the patches (default: date of the project's HEAD commit)
 * </pre>
 */
record ExportOptions(Path project, Path out, String base, Map<String, String> jiras, Path repository,
    ScratchRepo.Identity identity) {

  private static final Pattern JIRA = Pattern.compile("([a-z0-9-]+)=(HDDS-[1-9][0-9]*)");
  private static final Pattern AUTHOR = Pattern.compile("(.+?)\\s*<([^<>\\s]+@[^<>\\s]+)>");
  private static final Pattern OZONE_VERSION = Pattern.compile("<ozone.version>([^<]+)</ozone.version>");

  static ExportOptions parse(String[] args) throws IOException {
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> jiras = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (!name.matches("--(project|out|base|jira|repository|author|date)")) {
        throw new IllegalArgumentException("Unknown option '" + name + "'; expected --project, --out, --base, "
            + "--jira, --repository, --author or --date");
      }
      if (i + 1 == args.length || args[i + 1].isBlank()) {
        throw new IllegalArgumentException(name + " needs a value");
      }
      String value = args[++i];
      if (name.equals("--jira")) {
        Matcher jira = JIRA.matcher(value);
        if (!jira.matches()) {
          throw new IllegalArgumentException("Bad --jira '" + value + "'; expected FEATURE=HDDS-NNNNN");
        }
        jiras.put(jira.group(1), jira.group(2));
      } else {
        values.put(name.substring(2), value);
      }
    }
    Path project = Path.of(values.getOrDefault("project", ".")).toAbsolutePath().normalize();
    if (!Files.isRegularFile(project.resolve("pom.xml")) || !Files.isDirectory(project.resolve("patches"))) {
      throw new IllegalArgumentException("Not this repository's root (no pom.xml and patches/): " + project);
    }
    Path out = values.containsKey("out") ? Path.of(values.get("out")).toAbsolutePath()
        : project.resolve("target/upstream-patches");
    String base = values.containsKey("base") ? values.get("base") : ozoneVersion(project);
    if (!base.matches("[0-9]+(\\.[0-9]+)*")) {
      throw new IllegalArgumentException("Bad --base '" + base + "'; expected a release version like 2.2.1");
    }
    Path repository = Path.of(values.getOrDefault("repository",
        System.getProperty("user.home") + "/.m2/repository"));
    return new ExportOptions(project, out, base, jiras, repository, identity(project, values));
  }

  private static String ozoneVersion(Path project) throws IOException {
    Matcher version = OZONE_VERSION.matcher(Files.readString(project.resolve("pom.xml")));
    if (!version.find()) {
      throw new IllegalStateException("No ozone.version in " + project.resolve("pom.xml"));
    }
    return version.group(1);
  }

  private static ScratchRepo.Identity identity(Path project, Map<String, String> values) throws IOException {
    String[] head = values.containsKey("author") && values.containsKey("date") ? null : headCommit(project);
    String name = head == null ? null : head[0];
    String email = head == null ? null : head[1];
    if (values.containsKey("author")) {
      Matcher author = AUTHOR.matcher(values.get("author"));
      if (!author.matches()) {
        throw new IllegalArgumentException("Bad --author '" + values.get("author") + "'; expected 'Name <email>'");
      }
      name = author.group(1);
      email = author.group(2);
    }
    String date = values.containsKey("date") ? values.get("date") : head[2];
    if (!date.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}([+-]\\d{2}:\\d{2}|Z)")) {
      throw new IllegalArgumentException("Bad --date '" + date + "'; expected ISO-8601 like 2026-01-31T12:00:00Z");
    }
    return new ScratchRepo.Identity(name, email, date);
  }

  /** Author name, email and ISO date of the project's HEAD commit: reproducible defaults for the series. */
  private static String[] headCommit(Path project) throws IOException {
    Process git = new ProcessBuilder("git", "-C", project.toString(), "log", "-1", "--format=%an%n%ae%n%aI")
        .redirectErrorStream(true).start();
    String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      String[] lines = output.strip().split("\n");
      if (git.waitFor() != 0 || lines.length != 3) {
        throw new IllegalArgumentException("No git commit in " + project + " to take author and date from; "
            + "pass --author and --date");
      }
      return lines;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while reading the HEAD commit", e);
    }
  }
}
