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

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.ozone.dist.Commands.Result;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/** The built distribution carries the patched classes and reports this build's version. */
class DistributionIT {

  private static final Path LIB = Commands.DIST.resolve("share/ozone/lib");

  @Test
  void classpathResolvesPatchedListenerHook() throws Exception {
    try (Stream<Path> jars = Files.list(LIB);
         URLClassLoader loader = new URLClassLoader(urls(jars), null)) {
      Class<?> builder = loader.loadClass("org.apache.hadoop.hdds.utils.db.DBStoreBuilder");
      Class<?> listener = loader.loadClass("org.apache.hadoop.hdds.utils.db.managed.ManagedEventListener");
      assertThat(builder.getMethod("addEventListener", listener)).isNotNull();
      assertThat(Path.of(builder.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName())
          .hasToString("hdds-server-framework-" + Commands.VERSION + ".jar");
    }
  }

  @Test
  void patchedArtifactsAreOnlyOurs() throws Exception {
    try (Stream<Path> jars = Files.list(LIB)) {
      List<String> names = jars.map(p -> p.getFileName().toString()).collect(Collectors.toList());
      for (String overlay : Commands.PATCHED_ARTIFACTS) {
        assertThat(names).filteredOn(n -> n.matches(Pattern.quote(overlay) + "-[0-9].*\\.jar"))
            .containsExactly(overlay + "-" + Commands.VERSION + ".jar");
      }
    }
  }

  /** Upstream's gateways on the launcher's one classpath; the shaded Hadoop client jar beside it, not in it. */
  @Test
  void gatewaysAndTheHadoopClientJar() throws Exception {
    Result help = Commands.ozone(Commands.DIST_CONF, "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.output()).contains("  s3g ", "  httpfs ");
    try (Stream<Path> lib = Files.list(LIB);
         Stream<Path> client = Files.list(Commands.DIST.resolve("share/ozone/client"))) {
      assertThat(lib.map(p -> p.getFileName().toString()))
          .anyMatch(n -> n.matches("ozone-s3gateway-[0-9.]+\\.jar"))
          .anyMatch(n -> n.matches("ozone-httpfsgateway-[0-9.]+\\.jar"))
          .noneMatch(n -> n.startsWith("ozone-filesystem-hadoop"));
      assertThat(client.map(p -> p.getFileName().toString()))
          .singleElement(as(InstanceOfAssertFactories.STRING)).matches("ozone-filesystem-hadoop3-[0-9.]+\\.jar");
    }
  }

  @Test
  void versionIsThisBuild() throws Exception {
    Result version = Commands.ozone(Commands.DIST_CONF, "version");
    assertThat(version.exitCode()).as(version.output()).isZero();
    assertThat(version.output()).contains(Commands.VERSION);
  }

  @Test
  void unknownCommandIsRefused() throws Exception {
    Result result = Commands.ozone(Commands.DIST_CONF, "frobnicate");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.output()).contains("ozone: unknown command 'frobnicate'", "Usage: ozone <command>");
  }

  private static URL[] urls(Stream<Path> jars) {
    return jars.map(p -> {
      try {
        return p.toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalStateException(e);
      }
    }).toArray(URL[]::new);
  }
}
