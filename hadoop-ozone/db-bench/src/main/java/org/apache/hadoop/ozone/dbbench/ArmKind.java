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

import java.util.ArrayList;
import java.util.List;

/**
 * The arms that run in the benchmark's JVM on OM's own DB classes. With {@link OptionsArm}'s catalogue they make
 * every arm; {@link #ids} is the order of the tables' columns.
 */
enum ArmKind {
  OFF, PROTOTYPE, RANGE, FULL, FLOOR;

  String id() {
    return name().toLowerCase();
  }

  /** @return every arm's id: OM's arms, the catalogue's options arms, then floor (the best layout there is) */
  static List<String> ids() {
    List<String> ids = new ArrayList<>(List.of(OFF.id(), PROTOTYPE.id(), RANGE.id(), FULL.id()));
    OptionsArm.all().forEach(a -> ids.add(a.id()));
    ids.add(FLOOR.id());
    return ids;
  }

  /** @return the arm {@code id} of OM's, or null for an options arm */
  static ArmKind find(String id) {
    for (ArmKind a : values()) {
      if (a.id().equals(id)) {
        return a;
      }
    }
    return null;
  }

  /**
   * @return {@code id} if it names an arm: one of {@link #ids}, or off or an options arm on a RocksDB of its own
   *     ({@code ARM@ROCKSDB}, see {@link OptionsArm})
   */
  static String check(String id) {
    String name = RocksDbBuild.armOf(id);
    if (!ids().contains(name)) {
      throw new IllegalArgumentException("Unknown arm '" + name + "'; known: " + String.join(", ", ids()));
    }
    if (name.equals(id)) {
      return id;
    }
    if (!name.equals(OFF.id()) && OptionsArm.find(name) == null) {
      throw new IllegalArgumentException("Arm '" + name + "' runs on OM's RocksDB only: off and the options arms "
          + "take " + RocksDbBuild.ON + "ROCKSDB");
    }
    try {
      RocksDbBuild.askedIn(id);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Arm '" + id + "': " + e.getMessage(), e);
    }
    return id;
  }

  /**
   * @return {@code id}'s place in the arms' order (the tables' columns): {@link #ids}' order, each arm followed by
   *     its runs on the other RocksDBs in {@link RocksDbBuild}'s order; an unknown arm last
   */
  static int order(String id) {
    int i = ids().indexOf(RocksDbBuild.armOf(id));
    int place = i < 0 ? ids().size() : i;
    RocksDbBuild build = RocksDbBuild.askedIn(id);
    return place * (RocksDbBuild.values().length + 1) + (build == null ? 0 : 1 + build.ordinal());
  }
}
