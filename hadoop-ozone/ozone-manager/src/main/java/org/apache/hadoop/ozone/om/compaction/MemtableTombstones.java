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

/**
 * Tombstones still in a table's active memtable, which SST statistics cannot
 * see. Under retention-style deletes (oldest keys first, listings from the
 * bucket start) OM's 128 MB write buffer held 200k-330k tombstones beside their
 * puts; compacting SST ranges alone then barely helps. Flushing such a
 * memtable first turns them into an SST the next compaction can reach.
 */
final class MemtableTombstones {
  private final long minDeletes;
  private final double minRatio;

  MemtableTombstones(long minDeletes, double minRatio) {
    this.minDeletes = minDeletes;
    this.minRatio = minRatio;
  }

  /** @return whether the table's active memtable holds enough deletes, densely enough, to flush it now */
  boolean needsFlush(RocksDatabase db, RocksDatabase.ColumnFamily family) throws IOException {
    long deletes = WritePressure.parse(db.getProperty(family, "rocksdb.num-deletes-active-mem-table"));
    long entries = WritePressure.parse(db.getProperty(family, "rocksdb.num-entries-active-mem-table"));
    return deletes >= minDeletes && deletes >= minRatio * entries;
  }
}
