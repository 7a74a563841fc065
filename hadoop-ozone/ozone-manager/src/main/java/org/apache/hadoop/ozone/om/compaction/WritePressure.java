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

package org.apache.hadoop.ozone.om.compaction;

import java.io.IOException;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.rocksdb.MutableColumnFamilyOptions;

/**
 * Tells whether RocksDB is under write pressure, so that a background
 * compaction waits instead of adding to it: writes delayed or stopped, or a
 * table close to its write-stall triggers (L0 files, pending compaction bytes).
 */
final class WritePressure {
  private final RocksDatabase db;
  private final double fraction;

  /** @param fraction of each stall trigger from which the pressure counts as too high */
  WritePressure(RocksDatabase db, double fraction) {
    this.db = db;
    this.fraction = fraction;
  }

  /** @return why no compaction should run now, whatever its table, or null if writes flow freely */
  String reasonToWait() throws IOException {
    if (parse(db.getProperty("rocksdb.is-write-stopped")) > 0) {
      return "writes are stopped";
    }
    if (parse(db.getProperty("rocksdb.actual-delayed-write-rate")) > 0) {
      return "writes are delayed";
    }
    return null;
  }

  /** @return why compacting this table now would add to its write pressure, or null if it would not */
  String reasonToWait(RocksDatabase.ColumnFamily family) throws IOException {
    MutableColumnFamilyOptions.MutableColumnFamilyOptionsBuilder options = db.getMutableOptions(family);
    long l0Files = parse(db.getProperty(family, "rocksdb.num-files-at-level0"));
    int slowdownTrigger = options.level0SlowdownWritesTrigger();
    if (slowdownTrigger > 0 && l0Files >= fraction * slowdownTrigger) {
      return family.getName() + " has " + l0Files + " L0 files (writes slow down at " + slowdownTrigger + ")";
    }
    long pendingBytes = parse(db.getProperty(family, "rocksdb.estimate-pending-compaction-bytes"));
    long softLimit = options.softPendingCompactionBytesLimit();
    if (softLimit > 0 && pendingBytes >= fraction * softLimit) {
      return family.getName() + " has " + pendingBytes + " bytes pending compaction (writes slow down at "
          + softLimit + ")";
    }
    return null;
  }

  static long parse(String property) {
    return property == null || property.isEmpty() ? 0 : Long.parseLong(property.trim());
  }
}
