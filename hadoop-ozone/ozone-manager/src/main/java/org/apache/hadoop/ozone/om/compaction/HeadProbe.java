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
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.managed.ManagedReadOptions;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksIterator;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * Whether a reader that seeks to a key crosses at least {@code bound} hidden entries (tombstones and the values
 * they hide) before it reaches a live one: what a listing from a bucket's first key, or a queue drained from its
 * head, pays there. Statistics count tombstones per range but not where in the range they are; this tells deletes
 * at the head, which every such reader crosses, from deletes scattered between live keys, which few do.
 *
 * <p>It is RocksDB's own iterator with {@code max_skippable_internal_keys}: the seek stops with status Incomplete
 * once it has skipped that many, so a probe costs at most {@code bound} skips whatever lies behind. It reads all
 * tiers: a memtable-only seek would count deletes whose live neighbours are in SSTs, as where random old keys are
 * deleted while new ones are appended, and cross runs of tombstones no reader crosses.
 */
final class HeadProbe {
  private final RocksDatabase db;
  private final RangeCompactionMetrics metrics;

  HeadProbe(RocksDatabase db, RangeCompactionMetrics metrics) {
    this.db = db;
    this.metrics = metrics;
  }

  /**
   * @return whether a seek to {@code key} crosses at least {@code bound} hidden entries, in the memtables and the
   *     SSTs together as every reader sees them
   */
  boolean crosses(RocksDatabase.ColumnFamily family, byte[] key, long bound) throws IOException {
    try (ManagedReadOptions options = new ManagedReadOptions()) {
      // RocksDB gives up once it has skipped more than this many.
      options.setMaxSkippableInternalKeys(bound - 1);
      // A probe must not evict the blocks OM's readers use.
      options.setFillCache(false);
      long start = System.nanoTime();
      try (ManagedRocksIterator iterator = db.newIterator(family, options)) {
        iterator.get().seek(key);
        iterator.get().status();
        return false;
      } catch (RocksDBException e) {
        if (e.getStatus() != null && e.getStatus().getCode() == Status.Code.Incomplete) {
          return true;
        }
        throw new IOException("Probe of " + family.getName() + " failed", e);
      } finally {
        metrics.headProbed(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start));
      }
    }
  }
}
