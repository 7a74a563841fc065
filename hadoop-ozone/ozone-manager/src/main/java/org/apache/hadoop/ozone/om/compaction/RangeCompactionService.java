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

import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DIRECTORY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.FILE_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.KEY_TABLE;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdds.utils.BackgroundService;
import org.apache.hadoop.hdds.utils.BackgroundTask;
import org.apache.hadoop.hdds.utils.BackgroundTaskQueue;
import org.apache.hadoop.hdds.utils.BackgroundTaskResult;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.Keys;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compacts the key ranges of OM's tables that are dense with tombstones, one
 * small compaction at a time, so that iterators crossing them (the key deleting
 * service reading deletedTable from its head, open-key cleanup, listings) stay
 * fast without the write stalls of whole-table compactions.
 *
 * <p>A run: flush the tables whose memtable holds many deletes (SST statistics
 * cannot see them), refresh the range statistics, let {@link
 * RangeCompactionPolicy} choose the densest ranges, then compact them one by
 * one. Before each compaction it checks RocksDB's write pressure and stops the
 * run if there is any; after each it waits in proportion to the time it took,
 * and re-reads the statistics to count the tombstones removed.
 *
 * <p>While OM snapshots exist, keyTable, fileTable and directoryTable are left
 * alone unless allowed: their compactions feed the snapshot diff's compaction
 * DAG, which hard-links and keeps every input SST.
 */
public class RangeCompactionService extends BackgroundService {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionService.class);
  /** The tables whose compactions RocksDBCheckpointDiffer tracks for snapshot diffs. */
  static final Set<String> SNAPSHOT_DIFF_TABLES =
      Collections.unmodifiableSet(new HashSet<>(Arrays.asList(KEY_TABLE, FILE_TABLE, DIRECTORY_TABLE)));

  private final OmMetadataManagerImpl metadata;
  private final RangeCompactionConfig config;
  private final RangeCompactionPolicy policy;
  private final MemtableTombstones memtables;
  private final RangeCompactionMetrics metrics;
  private final Map<String, Long> lastCompacted = new ConcurrentHashMap<>();
  private final CountDownLatch stopping = new CountDownLatch(1);

  public RangeCompactionService(OmMetadataManagerImpl metadata, RangeCompactionConfig config,
      String threadNamePrefix) {
    super("RangeCompactionService", config.getIntervalMillis(), TimeUnit.MILLISECONDS, 1,
        config.getTimeoutMillis(), threadNamePrefix);
    this.metadata = metadata;
    this.config = config;
    this.policy = new RangeCompactionPolicy(config);
    this.memtables = new MemtableTombstones(config.getMemtableMinDeletes(), config.getMemtableDeleteRatio());
    this.metrics = RangeCompactionMetrics.register();
  }

  public RangeCompactionMetrics getMetrics() {
    return metrics;
  }

  @Override
  public BackgroundTaskQueue getTasks() {
    BackgroundTaskQueue queue = new BackgroundTaskQueue();
    queue.add(new BackgroundTask() {
      @Override
      public BackgroundTaskResult call() throws IOException {
        int compacted = runOnce();
        return () -> compacted;
      }
    });
    return queue;
  }

  /** Ends the current run after its running compaction (which RocksDB cannot cancel), without further pauses. */
  @Override
  public void shutdown() {
    stopping.countDown();
    super.shutdown();
    metrics.unregister();
  }

  /**
   * One run of the service.
   *
   * @return how many ranges were compacted
   */
  public int runOnce() throws IOException {
    OmRangeStats stats = metadata.getRangeStats();
    RDBStore store = (RDBStore) metadata.getStore();
    if (stats == null || !stats.isEnabled() || store == null) {
      LOG.warn("Range compaction needs range statistics (ozone.om.range.stats.enabled); nothing to do");
      return 0;
    }
    RocksDatabase db = store.getDb();
    long deadline = System.currentTimeMillis() + config.getTimeoutMillis();
    List<String> tables = tablesToCompact(stats);
    WritePressure pressure = new WritePressure(db, config.getBackoffFraction());
    flushMemtablesDenseWithDeletes(db, tables, pressure);
    stats.refresh();

    int compacted = 0;
    for (CompactionCandidate candidate : choose(stats, tables)) {
      if (stopping.getCount() == 0 || System.currentTimeMillis() > deadline) {
        break;
      }
      RocksDatabase.ColumnFamily family = db.getColumnFamily(candidate.getRange().getTable());
      String reason = pressure.reasonToWait(family);
      if (reason != null) {
        metrics.skippedForWritePressure();
        LOG.info("Range compaction waits for the next run: {}", reason);
        break;
      }
      long millis = compact(db, family, candidate, stats);
      compacted++;
      if (pause((long) (millis * config.getPauseRatio()))) {
        break;
      }
    }
    metrics.runEnded(System.currentTimeMillis());
    return compacted;
  }

  /** The configured tables, less those snapshot diffs depend on while snapshots exist (unless allowed). */
  private List<String> tablesToCompact(OmRangeStats stats) throws IOException {
    boolean snapshotsExist = !metadata.getSnapshotInfoTable().isEmpty();
    List<String> tables = new ArrayList<>();
    for (String table : config.getTables()) {
      if (!stats.getTables().contains(table)) {
        continue;
      }
      if (snapshotsExist && !config.isSnapshotTablesAllowed() && SNAPSHOT_DIFF_TABLES.contains(table)) {
        metrics.skippedForSnapshots();
        continue;
      }
      tables.add(table);
    }
    return tables;
  }

  /** A flush adds an L0 file, so it too waits while RocksDB is under write pressure. */
  private void flushMemtablesDenseWithDeletes(RocksDatabase db, List<String> tables, WritePressure pressure)
      throws IOException {
    for (String table : tables) {
      RocksDatabase.ColumnFamily family = db.getColumnFamily(table);
      if (memtables.needsFlush(db, family) && pressure.reasonToWait(family) == null) {
        db.flush(table);
        metrics.memtableFlushed();
      }
    }
  }

  /** The densest compactable ranges of all tables, at most ranges.per.run. */
  private List<CompactionCandidate> choose(OmRangeStats stats, List<String> tables) {
    long now = System.currentTimeMillis();
    lastCompacted.values().removeIf(time -> now - time >= config.getRangeCooldownMillis());
    List<CompactionCandidate> candidates = new ArrayList<>();
    EnumMap<RangeCompactionPolicy.Skip, Integer> skips = new EnumMap<>(RangeCompactionPolicy.Skip.class);
    for (String table : tables) {
      List<KeyRange> ranges = stats.getRanges(table);
      for (KeyRange r : ranges) {
        if (policy.qualifies(r)) {
          metrics.evaluated(1);
        }
      }
      candidates.addAll(policy.choose(ranges, stats.getFiles(table), lastCompacted, now, skips));
    }
    for (Map.Entry<RangeCompactionPolicy.Skip, Integer> e : skips.entrySet()) {
      metrics.skipped(e.getKey(), e.getValue());
    }
    candidates.sort((a, b) -> KeyRange.DENSEST_FIRST.compare(a.getRange(), b.getRange()));
    return candidates.size() > config.getRangesPerRun() ? candidates.subList(0, config.getRangesPerRun())
        : candidates;
  }

  /** Compacts the range and counts what it removed; returns how long it took in milliseconds. */
  private long compact(RocksDatabase db, RocksDatabase.ColumnFamily family, CompactionCandidate candidate,
      OmRangeStats stats) throws IOException {
    KeyRange range = candidate.getRange();
    LOG.info("Compacting {}: {} tombstones in {} SSTs ({} bytes)", describe(range), range.getTombstones(),
        candidate.getFiles(), candidate.getBytes());
    long start = System.nanoTime();
    RangeCompactor.compact(db, family, range);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    lastCompacted.put(candidate.getKey(), System.currentTimeMillis());

    stats.refresh();
    long tombstonesLeft = tombstonesIn(stats.getRanges(range.getTable()), range);
    long written = RangeCompactionPolicy.cost(range, stats.getFiles(range.getTable())).getBytes();
    metrics.compacted(millis, candidate.getBytes(), written, range.getTombstones() - tombstonesLeft);
    LOG.info("Compacted {} in {} ms: tombstones {} -> {}, SST bytes {} -> {}", describe(range), millis,
        range.getTombstones(), tombstonesLeft, candidate.getBytes(), written);
    return millis;
  }

  private static String describe(KeyRange range) {
    return range.getTable() + " [" + Keys.printable(range.getStart()) + ", "
        + (range.getEnd() == null ? "END" : Keys.printable(range.getEnd())) + ")";
  }

  /** @return the estimated tombstones of the ranges that start within {@code within} */
  private static long tombstonesIn(List<KeyRange> ranges, KeyRange within) {
    long tombstones = 0;
    for (KeyRange r : ranges) {
      if (Keys.compare(r.getStart(), within.getStart()) >= 0
          && (within.getEnd() == null || Keys.compare(r.getStart(), within.getEnd()) < 0)) {
        tombstones += r.getTombstones();
      }
    }
    return tombstones;
  }

  /** @return whether the service is stopping */
  private boolean pause(long millis) {
    try {
      return stopping.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }
}
