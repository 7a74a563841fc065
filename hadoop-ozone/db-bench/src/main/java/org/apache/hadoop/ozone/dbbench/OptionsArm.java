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
 * <p>An arm runs on the RocksDB its entry names, or on another one asked for by its id: {@code ARM@ROCKSDB}, such
 * as {@code deletion-collector@master}. {@code off@ROCKSDB} is OM's options with nothing added, the baseline of the
 * arms on that RocksDB.
 *
 * @param rocksDb the RocksDB it runs on
 * @param dbOptions lines for the OPTIONS file's [DBOptions] section
 * @param columnFamilyOptions lines for every column family's section
 */
record OptionsArm(String id, RocksDbBuild rocksDb, boolean experimental, String about, List<String> dbOptions,
    List<String> columnFamilyOptions) {
  private static final String CATALOGUE = "/rocksdb-options-arms.properties";
  private static final List<OptionsArm> ALL = load();
  private static final OptionsArm OFF = new OptionsArm(ArmKind.OFF.id(), RocksDbBuild.OM, false,
      "OM's own options, nothing added: RocksDB's automatic compaction only.", List.of(), List.of());

  /** @return the catalogue's arms, in its order */
  static List<OptionsArm> all() {
    return ALL;
  }

  /**
   * @return the arm {@code id}: a catalogue arm, or {@code ARM@ROCKSDB} for a catalogue arm or off on that RocksDB;
   *     null if there is none
   * @throws IllegalArgumentException if the RocksDB after {@code @} is unknown
   */
  static OptionsArm find(String id) {
    String name = RocksDbBuild.armOf(id);
    RocksDbBuild build = RocksDbBuild.askedIn(id);
    OptionsArm arm = ALL.stream().filter(a -> a.id.equals(name)).findFirst()
        .orElse(build != null && name.equals(OFF.id) ? OFF : null);
    return arm == null || build == null ? arm : arm.on(build);
  }

  /** @return this arm on {@code build}, whose id says so */
  private OptionsArm on(RocksDbBuild build) {
    return new OptionsArm(id + RocksDbBuild.ON + build.id(), build, experimental, about, dbOptions,
        columnFamilyOptions);
  }

  /** @return what the page says of the arm: its options, then why */
  String describe() {
    List<String> options = new ArrayList<>(dbOptions);
    options.addAll(columnFamilyOptions);
    String lines = options.isEmpty() ? "" : "`" + String.join("`, `", options) + "`: ";
    return (experimental ? "EXPERIMENTAL in RocksDB. " : "") + lines + about;
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
      RocksDbBuild rocksDb;
      try {
        rocksDb = RocksDbBuild.byId(String.valueOf(p.getProperty(id + ".rocksdb")));
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(CATALOGUE + ": " + id + ".rocksdb: " + e.getMessage(), e);
      }
      arms.add(new OptionsArm(id, rocksDb, Boolean.parseBoolean(p.getProperty(id + ".experimental")),
          p.getProperty(id + ".about"), lines(p.getProperty(id + ".db")), lines(p.getProperty(id + ".cf"))));
    }
    return List.copyOf(arms);
  }

  private static List<String> lines(String value) {
    return value == null ? List.of() : Arrays.stream(value.split("\n")).map(String::trim).toList();
  }
}
