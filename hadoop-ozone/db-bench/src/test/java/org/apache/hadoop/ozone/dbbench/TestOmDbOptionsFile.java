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

package org.apache.hadoop.ozone.dbbench;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.ozone.OzoneConsts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Env;
import org.rocksdb.OptionsUtil;

/**
 * What an operator of OM 2.2.1 gets from a DB options file ({@code om.db.ini} in {@code OZONE_CONF_DIR}, the file
 * {@code DBConfigFromFile} looks for), on OM's own classes: nothing. {@code DBStoreBuilder} asks the DB's definition
 * for the file, and {@code OMDBDefinition} keeps {@code DBDefinition}'s empty {@code getOptionsPath}, so OM's column
 * families get the DB profile's options whatever the file says. The options arms on OM's RocksDB 7.7.3 are what
 * 7.7.3 can do, not what OM 2.2.1 lets an operator set (the design's "What an operator can do").
 */
class TestOmDbOptionsFile {
  private static final String CONF_DIR = "OZONE_CONF_DIR";
  private static final String COLLECTOR = OptionsArm.find("deletion-collector").columnFamilyOptions().get(0);

  @TempDir
  private File dir;

  @AfterEach
  void clearConfDir() {
    System.clearProperty(CONF_DIR);
  }

  @Test
  void omDbIniInTheConfDirIsNotReadWhenOmCreatesItsDb() throws Exception {
    // OM's own OPTIONS, with the collector in every column family, as the operator's om.db.ini.
    File first = new File(dir, "first");
    new OmDb(first).close();
    File conf = new File(dir, "conf");
    assertThat(conf.mkdirs()).isTrue();
    Files.write(new File(conf, OzoneConsts.OM_DB_NAME + ".ini").toPath(),
        NativeDb.withOptions(latestOptions(first), List.of(), List.of(COLLECTOR)), UTF_8);
    assertThat(String.join("\n", latestOptions(first))).doesNotContain("CompactOnDeletionCollector");

    System.setProperty(CONF_DIR, conf.getPath());
    File second = new File(dir, "second");
    new OmDb(second).close();

    // 7.7.3 parses the file (the deletion-collector arm opens with these lines), but OM never reads it.
    assertThat(String.join("\n", latestOptions(second))).doesNotContain("CompactOnDeletionCollector");
  }

  private static List<String> latestOptions(File omDir) throws Exception {
    File db = new File(omDir, OzoneConsts.OM_DB_NAME);
    String name = OptionsUtil.getLatestOptionsFileName(db.getPath(), Env.getDefault());
    return Files.readAllLines(new File(db, name).toPath(), UTF_8);
  }
}
