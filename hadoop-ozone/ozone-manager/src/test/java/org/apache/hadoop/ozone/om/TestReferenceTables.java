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

package org.apache.hadoop.ozone.om;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionSwitch;
import org.apache.hadoop.ozone.om.rangestats.RangeStatsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/reference/*.md are what {@link ReferenceTables} generates from this build: the test fails on any
 * difference and says how to regenerate them ({@value #WRITE} rewrites them instead of comparing).
 */
class TestReferenceTables {
  /** System property that makes the test write the pages instead of comparing them. */
  private static final String WRITE = "reference.tables.write";
  private static final String REGENERATE = "mvn -o -q -pl hadoop-ozone/ozone-manager -am test "
      + "-Dtest=TestReferenceTables -Dsurefire.failIfNoSpecifiedTests=false -D" + WRITE + "=true";
  /** The module's directory is the tests' working directory; the pages live at the top of the repository. */
  private static final Path REFERENCE = Paths.get("../../docs/reference");
  private static final String DEFAULTS = "ozone-manager-default.xml";

  @TempDir
  private File dir;

  @Test
  void configurationTableMatchesTheDefaults() throws IOException {
    String table;
    try (InputStream defaults = getClass().getClassLoader().getResourceAsStream(DEFAULTS)) {
      assertThat(defaults).as(DEFAULTS + " on the classpath").isNotNull();
      table = ReferenceTables.configuration(defaults, REGENERATE, RangeStatsConfig.class,
          RangeCompactionConfig.class);
    }
    check("configuration.md", table);
  }

  @Test
  void metricsTableMatchesTheRegisteredSources() throws IOException {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set(OMConfigKeys.OZONE_OM_DB_DIRS, dir.getAbsolutePath());
    // A real OM DB registers the range statistics' source; the service's switch registers the settings in force,
    // and the service its own.
    OmMetadataManagerImpl metadata = new OmMetadataManagerImpl(conf, null);
    RangeCompactionConfig config = conf.getObject(RangeCompactionConfig.class);
    config.setEnabled(true);
    RangeCompactionSwitch service = new RangeCompactionSwitch(metadata, config, "", () -> true, false);
    service.start();
    try {
      MetricsSystem metrics = DefaultMetricsSystem.instance();
      Map<String, MetricsSource> sources = new LinkedHashMap<>();
      for (String name : new String[] {"OmRangeStats", "OmRangeCompaction", "OmRangeCompactionSettings"}) {
        MetricsSource source = metrics.getSource(name);
        assertThat(source).as("metrics source " + name).isNotNull();
        sources.put(name, source);
      }
      check("metrics.md", ReferenceTables.metrics(sources, REGENERATE));
    } finally {
      service.stop();
      metadata.stop();
      DefaultMetricsSystem.shutdown();
    }
  }

  private static void check(String page, String generated) throws IOException {
    Path file = REFERENCE.resolve(page);
    if (Boolean.getBoolean(WRITE)) {
      Files.createDirectories(REFERENCE);
      Files.write(file, generated.getBytes(UTF_8));
      return;
    }
    String committed = Files.exists(file) ? new String(Files.readAllBytes(file), UTF_8) : "";
    assertThat(committed)
        .as("docs/reference/%s disagrees with the code; regenerate it with:%n  %s%n", page, REGENERATE)
        .isEqualTo(generated);
  }
}
