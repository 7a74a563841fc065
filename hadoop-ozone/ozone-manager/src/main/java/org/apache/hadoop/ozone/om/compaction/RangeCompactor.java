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
import org.apache.hadoop.hdds.utils.db.managed.ManagedCompactRangeOptions;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.rocksdb.CompactRangeOptions.BottommostLevelCompaction;

/** Compacts one key range of one table, the way that does not get in the way of OM's writes. */
final class RangeCompactor {
  private RangeCompactor() {
  }

  /**
   * @param forceBottommost whether the bottommost level's files of the range are rewritten too (kForce), or left
   *     to RocksDB's default (kIfHaveCompactionFilter)
   */
  static void compact(RocksDatabase db, RocksDatabase.ColumnFamily family, KeySpan span, boolean forceBottommost)
      throws IOException {
    try (ManagedCompactRangeOptions options = new ManagedCompactRangeOptions()) {
      // Not exclusive: an exclusive manual compaction holds back RocksDB's own L0->L1 compactions, which is how
      // upstream's full-table CompactionService caused write stalls.
      options.setExclusiveManualCompaction(false);
      options.setMaxSubcompactions(1);
      // Wait for RocksDB rather than push it into a write stall.
      options.setAllowWriteStall(false);
      // Tombstone-only SSTs of sequential keys are otherwise moved to the bottom level without being rewritten,
      // and their tombstones stay; forcing the bottommost level of this range drops them.
      options.setBottommostLevelCompaction(forceBottommost ? BottommostLevelCompaction.kForce
          : BottommostLevelCompaction.kIfHaveCompactionFilter);
      db.compactRange(family, span.getStart(), span.getEnd(), options);
    }
  }
}
