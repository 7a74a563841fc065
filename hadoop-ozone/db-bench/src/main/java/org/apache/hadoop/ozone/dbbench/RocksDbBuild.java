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

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The RocksDB an {@link OptionsArm} runs on. OM 2.2.1's own is on the benchmark's classpath; the others are
 * rocksdbjni jars the build copies into target/ (never onto the classpath), each run in a JVM of its own by
 * {@link NativeArm}. Which version a run used, the page says from the library itself ({@link NativeDb#version}).
 */
enum RocksDbBuild {
  /** OM 2.2.1's RocksDB (7.7.3), in the benchmark's JVM. */
  OM,
  /** apache/ozone master's RocksDB (10.10.1 since apache/ozone#9813): what the series meets upstream. */
  MASTER,
  /** The first rocksdbjni on Maven Central with Java setters of read-triggered compaction (RocksDB 11.2). */
  NEWER;

  /** Separates an arm from the RocksDB it runs on in an arm's id, as in {@code deletion-collector@master}. */
  static final String ON = "@";

  String id() {
    return name().toLowerCase();
  }

  /** @return the system property naming this build's rocksdbjni jar; scripts/db-bench and the build set it */
  String jarProperty() {
    return "dbbench.rocksdbjni." + id();
  }

  /** @return the arm an arm's id names, without its {@code @ROCKSDB} */
  static String armOf(String armId) {
    int on = armId.indexOf(ON);
    return on < 0 ? armId : armId.substring(0, on);
  }

  /**
   * @return the RocksDB an arm's id asks for after {@code @}, or null if it asks for none
   * @throws IllegalArgumentException if it names none of the builds
   */
  static RocksDbBuild askedIn(String armId) {
    int on = armId.indexOf(ON);
    return on < 0 ? null : byId(armId.substring(on + 1));
  }

  /** @return the build {@code id}, such as "master" */
  static RocksDbBuild byId(String id) {
    for (RocksDbBuild build : values()) {
      if (build.id().equals(id)) {
        return build;
      }
    }
    throw new IllegalArgumentException("Unknown RocksDB '" + id + "'; known: " + ids());
  }

  static String ids() {
    return Arrays.stream(values()).map(RocksDbBuild::id).collect(Collectors.joining(", "));
  }
}
