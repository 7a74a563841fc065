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
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.managed.ManagedCompactRangeOptions;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.rangestats.SstFile;
import org.apache.hadoop.util.Time;
import org.rocksdb.CompactRangeOptions.BottommostLevelCompaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Does what a pick names, the way that does not get in the way of OM's clients: flushes a memtable or compacts one
 * key range of one table (in {@link BottomPool}), and records what it did (the range statistics refreshed, the
 * compacted span, the metrics, one event record). Only the service's thread uses it.
 */
final class RangeCompactor {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionService.class);

  private final RocksDatabase db;
  private final OmRangeStats stats;
  private final CompactedSpans compactedSpans;
  private final RangeCompactionMetrics metrics;

  RangeCompactor(RocksDatabase db, OmRangeStats stats, CompactedSpans compactedSpans,
      RangeCompactionMetrics metrics) {
    this.db = db;
    this.stats = stats;
    this.compactedSpans = compactedSpans;
    this.metrics = metrics;
    BottomPool.reserve(db.getManagedRocksDb().get().getEnv());
  }

  /** Flushes the picked memtable and records it. */
  void flush(CompactionPick pick) throws IOException {
    String table = pick.getTable();
    Set<String> filesBefore = fileNames(table);
    long startMs = Time.now();
    long start = System.nanoTime();
    db.flush(table);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    long endMs = Time.now();
    metrics.memtableFlushed(millis, pick.isIdle());
    stats.refresh(table);
    CompactionEvents.record("flush", pick.getReason(), table, startMs, endMs, 0, bytesNotIn(filesBefore, table));
  }

  /**
   * Compacts the picked range and counts what it changed: the tombstones of the same key span before and after,
   * and the bytes of the SSTs that were not there before.
   *
   * @return how long the compaction took in milliseconds
   */
  long compact(CompactionPick pick) throws IOException {
    KeyRange range = pick.getRange();
    String table = range.getTable();
    Set<String> filesBefore = fileNames(table);
    LOG.info("Compacting {}{}{}: {} tombstones, reading up to {} SSTs ({} bytes)", table, range.getSpan(),
        pick.isIdle() ? " (OM idle)" : "",
        range.getTombstones(), pick.getCost().getFiles(), pick.getCost().getBytes());
    long startMs = Time.now();
    long start = System.nanoTime();
    compactRange(db.getColumnFamily(table), range, pick.isBottommostForced());
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    long endMs = Time.now();
    stats.refresh(table);
    // After the refresh: a compaction first flushes a memtable that overlaps its range.
    compactedSpans.compacted(table, range.getSpan(), stats.getFlushes(table));
    KeyRange left = stats.estimate(table, range.getStart(), range.getEnd());
    // None is estimated once the table has more SSTs than range statistics compute ranges for: none counted removed.
    long tombstonesLeft = left == null ? range.getTombstones() : left.getTombstones();
    long written = bytesNotIn(filesBefore, table);
    CompactionEvents.record("compact", pick.getReason(), table, startMs, endMs, pick.getCost().getBytes(), written);
    metrics.compacted(millis, pick.getCost().getBytes(), written, range.getTombstones() - tombstonesLeft,
        pick.isIdle());
    LOG.info("Compacted {}{} in {} ms: tombstones {} -> {}, wrote {} bytes", table, range.getSpan(), millis,
        range.getTombstones(), tombstonesLeft, written);
    return millis;
  }

  /**
   * @param forceBottommost whether the bottommost level's files of the range are rewritten too (kForce), or left
   *     to RocksDB's default (kIfHaveCompactionFilter)
   */
  private void compactRange(RocksDatabase.ColumnFamily family, KeyRange range, boolean forceBottommost)
      throws IOException {
    try (ManagedCompactRangeOptions options = new ManagedCompactRangeOptions()) {
      // Not exclusive: an exclusive manual compaction holds back RocksDB's own L0->L1 compactions; 2.2.1's
      // CompactionService stalled writes so (HDDS-15990 made master's non-exclusive).
      options.setExclusiveManualCompaction(false);
      options.setMaxSubcompactions(1);
      // Wait for RocksDB rather than push it into a write stall.
      options.setAllowWriteStall(false);
      // Tombstone-only SSTs of sequential keys are otherwise moved to the bottom level without being rewritten,
      // and their tombstones stay; forcing the bottommost level of this range drops them.
      options.setBottommostLevelCompaction(forceBottommost ? BottommostLevelCompaction.kForce
          : BottommostLevelCompaction.kIfHaveCompactionFilter);
      db.compactRange(family, range.getStart(), range.getEnd(), options);
    }
  }

  private Set<String> fileNames(String table) {
    return stats.getFiles(table).stream().map(SstFile::getName).collect(Collectors.toSet());
  }

  /** The bytes of the table's SSTs that are not in {@code names}: what a flush or compaction since wrote. */
  private long bytesNotIn(Set<String> names, String table) {
    long bytes = 0;
    for (SstFile f : stats.getFiles(table)) {
      if (!names.contains(f.getName())) {
        bytes += f.getSizeBytes();
      }
    }
    return bytes;
  }
}
