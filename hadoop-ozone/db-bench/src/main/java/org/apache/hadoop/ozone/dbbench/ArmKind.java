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

/** The compared policies, in the report's column order; see docs/benchmarks.md. */
enum ArmKind {
  NONE, PROTOTYPE, RANGE, FULL, NATIVE, NATIVE_SCAN, FLOOR;

  String id() {
    return name().toLowerCase().replace('_', '-');
  }

  /** @return whether the arm runs on a newer RocksDB in a JVM of its own ({@link NativeArm}) */
  boolean isNative() {
    return this == NATIVE || this == NATIVE_SCAN;
  }

  static ArmKind byId(String id) {
    for (ArmKind a : values()) {
      if (a.id().equals(id)) {
        return a;
      }
    }
    throw new IllegalArgumentException("Unknown arm '" + id + "'; known: "
        + String.join(", ", Arrays.stream(values()).map(ArmKind::id).toList()));
  }
}
