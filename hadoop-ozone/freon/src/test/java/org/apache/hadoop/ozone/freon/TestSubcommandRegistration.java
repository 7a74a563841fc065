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

package org.apache.hadoop.ozone.freon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.hadoop.ozone.freon.omkeybench.OmKeyBench;
import org.junit.jupiter.api.Test;

/**
 * The overlay jar registers every upstream freon subcommand plus omkeybench. A test of this fork's build (it reads
 * the released jar the overlay replaces), so it stays in the fork (dev-support/upstream/fork-only).
 */
class TestSubcommandRegistration {

  private static final String SERVICES = "META-INF/services/" + FreonSubcommand.class.getName();

  @Test
  void servicesFileListsUpstreamAndOmKeyBench() throws Exception {
    Set<String> upstream;
    Path upstreamJar = Paths.get(System.getProperty("overlay.upstream.jar"));
    try (ZipFile zip = new ZipFile(upstreamJar.toFile())) {
      ZipEntry e = zip.getEntry(SERVICES);
      try (InputStream in = zip.getInputStream(e)) {
        upstream = names(new String(readAll(in), StandardCharsets.UTF_8));
      }
    }
    List<URL> urls = Collections.list(getClass().getClassLoader().getResources(SERVICES));
    assertThat(urls).as("one services file on the test classpath (upstream's twin is excluded)").hasSize(1);
    Set<String> ours = names(new String(Files.readAllBytes(Paths.get(urls.get(0).toURI())),
        StandardCharsets.UTF_8));

    assertThat(upstream).hasSizeGreaterThan(20).contains(OmKeyGenerator.class.getName());
    assertThat(ours).containsAll(upstream).contains(OmKeyBench.class.getName()).hasSize(upstream.size() + 1);
  }

  private static Set<String> names(String text) {
    Set<String> s = new TreeSet<>(Arrays.asList(text.split("\\s+")));
    s.remove("");
    return s;
  }

  private static byte[] readAll(InputStream in) throws java.io.IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n; (n = in.read(buf)) > 0;) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }
}
