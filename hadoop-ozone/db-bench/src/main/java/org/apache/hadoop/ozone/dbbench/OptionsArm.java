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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * An arm that is RocksDB options and nothing else, from {@code rocksdb-options-arms.properties}: the lines an
 * operator would put in OM's DB options file. Adding one is an entry there; {@link NativeArm} runs them all.
 *
 * @param onNewerRocksDb whether it needs the newer rocksdbjni (a JVM of its own) rather than OM's RocksDB
 * @param dbOptions lines for the OPTIONS file's [DBOptions] section
 * @param columnFamilyOptions lines for every column family's section
 */
record OptionsArm(String id, boolean onNewerRocksDb, boolean experimental, String about, List<String> dbOptions,
    List<String> columnFamilyOptions) {
  private static final String CATALOGUE = "/rocksdb-options-arms.properties";
  private static final List<OptionsArm> ALL = load();

  /** @return the catalogue's arms, in its order */
  static List<OptionsArm> all() {
    return ALL;
  }

  /** @return the catalogue's arm {@code id}, or null */
  static OptionsArm find(String id) {
    return ALL.stream().filter(a -> a.id.equals(id)).findFirst().orElse(null);
  }

  /** @return what the page says of the arm: its options, then why */
  String describe() {
    List<String> options = new ArrayList<>(dbOptions);
    options.addAll(columnFamilyOptions);
    return (experimental ? "EXPERIMENTAL in RocksDB. " : "") + "`" + String.join("`, `", options) + "`: " + about;
  }

  private static List<OptionsArm> load() {
    Properties p = new Properties();
    try (InputStream in = OptionsArm.class.getResourceAsStream(CATALOGUE)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + CATALOGUE, e);
    }
    List<OptionsArm> arms = new ArrayList<>();
    for (String id : p.getProperty("arms").split(",")) {
      String rocksDb = p.getProperty(id + ".rocksdb");
      if (!"om".equals(rocksDb) && !"newer".equals(rocksDb)) {
        throw new IllegalStateException(CATALOGUE + ": " + id + ".rocksdb must be om or newer, not " + rocksDb);
      }
      arms.add(new OptionsArm(id, rocksDb.equals("newer"), Boolean.parseBoolean(p.getProperty(id + ".experimental")),
          p.getProperty(id + ".about"), lines(p.getProperty(id + ".db")), lines(p.getProperty(id + ".cf"))));
    }
    return List.copyOf(arms);
  }

  private static List<String> lines(String value) {
    return value == null ? List.of() : Arrays.stream(value.split("\n")).map(String::trim).toList();
  }
}
