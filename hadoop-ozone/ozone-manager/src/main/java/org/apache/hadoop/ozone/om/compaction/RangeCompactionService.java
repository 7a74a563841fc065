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
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdds.utils.BackgroundService;
import org.apache.hadoop.hdds.utils.BackgroundTask;
import org.apache.hadoop.hdds.utils.BackgroundTaskQueue;
import org.apache.hadoop.hdds.utils.BackgroundTaskResult;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.Keys;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.rangestats.SstFile;
import org.apache.hadoop.util.Time;
import org.apache.ozone.rocksdiff.RocksDBCheckpointDiffer;
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
 * one. Before each compaction it checks RocksDB's write pressure and the
 * latency of OM's client requests, and stops the run if either is high; after
 * each it waits in proportion to the time it took, and re-reads the statistics
 * to count the tombstones removed.
 *
 * <p>While OM snapshots exist, keyTable, fileTable and directoryTable are left
 * alone unless allowed: their compactions feed the snapshot diff's compaction
 * DAG, which hard-links and keeps every input SST.
 */
public class RangeCompactionService extends BackgroundService {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionService.class);
  /** Fewer client requests since the previous check say too little about their latency to back off. */
  private static final long MIN_REQUESTS_FOR_LATENCY = 20;

  private final OmMetadataManagerImpl metadata;
  private final RangeCompactionConfig config;
  private final RangeCompactionPolicy policy;
  private final MemtableTombstones memtables;
  private final RangeCompactionMetrics metrics;
  private final Cooldowns cooldowns;
  private final ForegroundLatency foreground;
  private final CountDownLatch stopping = new CountDownLatch(1);

  /**
   * @throws IllegalArgumentException if range statistics are off or do not track a table to compact
   */
  public RangeCompactionService(OmMetadataManagerImpl metadata, RangeCompactionConfig config,
      String threadNamePrefix) {
    super("RangeCompactionService", config.getIntervalMillis(), TimeUnit.MILLISECONDS, 1,
        config.getTimeoutMillis(), threadNamePrefix);
    requireTracked(metadata.getRangeStats(), config.getTables());
    this.metadata = metadata;
    this.config = config;
    this.cooldowns = new Cooldowns(config.getRangeCooldownMillis());
    this.policy = new RangeCompactionPolicy(config);
    this.memtables = new MemtableTombstones(config.getMemtableMinDeletes(), config.getMemtableDeleteRatio());
    this.metrics = RangeCompactionMetrics.register();
    this.foreground = new ForegroundLatency(DefaultMetricsSystem.instance(), config.getForegroundLatencyMillis(),
        MIN_REQUESTS_FOR_LATENCY);
    // The first latency window starts now (OM registers its client metrics before it starts the key manager),
    // so that the first run judges the requests served since.
    foreground.reasonToWait();
  }

  private static void requireTracked(OmRangeStats stats, Set<String> tables) {
    if (stats == null || !stats.isEnabled()) {
      throw new IllegalArgumentException("The range compaction service needs range statistics: set "
          + "ozone.om.range.stats.enabled=true or ozone.om.range.compaction.service.enabled=false");
    }
    Set<String> untracked = new HashSet<>(tables);
    untracked.removeAll(stats.getTables());
    if (!untracked.isEmpty()) {
      throw new IllegalArgumentException("ozone.om.range.compaction.service.tables names " + untracked
          + ", which ozone.om.range.stats.tables does not track");
    }
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
    int compacted = compactDenseRanges();
    metrics.runEnded(Time.now());
    return compacted;
  }

  private int compactDenseRanges() throws IOException {
    OmRangeStats stats = metadata.getRangeStats();
    RocksDatabase db = ((RDBStore) metadata.getStore()).getDb();
    long deadline = Time.monotonicNow() + config.getTimeoutMillis();
    WritePressure pressure = new WritePressure(db, config.getBackoffFraction());
    String dbWideReason = pressure.reasonToWait();
    if (dbWideReason != null) {
      metrics.skippedForWritePressure();
      LOG.info("Range compaction waits for the next run: {}", dbWideReason);
      return 0;
    }
    if (clientsWaitLong()) {
      return 0;
    }
    List<String> tables = tablesToCompact();
    flushMemtablesDenseWithDeletes(db, tables, pressure);
    for (String table : tables) {
      stats.refresh(table);
    }

    int compacted = 0;
    for (CompactionCandidate candidate : choose(db, stats, tables)) {
      // The run's start checked the clients; from then on each check judges the compactions since the last one.
      if (stopping.getCount() == 0 || Time.monotonicNow() > deadline || (compacted > 0 && clientsWaitLong())) {
        break;
      }
      if (!stillQualifies(stats, candidate.getRange())) {
        continue;
      }
      RocksDatabase.ColumnFamily family = db.getColumnFamily(candidate.getRange().getTable());
      String reason = pressure.reasonToWait(family);
      if (reason != null) {
        metrics.skippedForWritePressure();
        LOG.info("Range compaction skips {} in this run: {}", family.getName(), reason);
        continue;
      }
      long millis = compact(db, family, candidate, stats);
      compacted++;
      if (pause((long) (millis * config.getPauseRatio()))) {
        break;
      }
    }
    return compacted;
  }

  /**
   * Ranges are chosen before the run compacts any, but a compaction rewrites whole files: L0 files overlap each
   * other, so compacting one range of a table often takes the SSTs of its other dense ranges along. So each range is
   * estimated again from the current statistics (refreshed after each of the run's compactions, and kept current
   * for RocksDB's own ones by the SST index listener) and left out if it no longer qualifies.
   */
  private boolean stillQualifies(OmRangeStats stats, KeyRange range) {
    if (policy.qualifies(stats.estimate(range.getTable(), range.getStart(), range.getEnd()))) {
      return true;
    }
    LOG.debug("{} no longer qualifies: its SSTs were rewritten since this run chose it", describe(range));
    return false;
  }

  /** Checks the latency of the client requests served since the previous check: the next run retries. */
  private boolean clientsWaitLong() {
    String reason = foreground.reasonToWait();
    if (reason != null) {
      metrics.skippedForForegroundLatency();
      LOG.info("Range compaction waits for the next run: {}", reason);
    }
    return reason != null;
  }

  /**
   * The configured tables, less those snapshot diffs depend on while snapshots exist (unless allowed). A snapshot
   * created after this check sees at most the compactions of this run in its DAG, as with RocksDB's own ones.
   */
  private List<String> tablesToCompact() throws IOException {
    boolean snapshotsExist = !metadata.getSnapshotInfoTable().isEmpty();
    List<String> tables = new ArrayList<>();
    for (String table : config.getTables()) {
      if (snapshotsExist && !config.isSnapshotTablesAllowed()
          && RocksDBCheckpointDiffer.COLUMN_FAMILIES_TO_TRACK_IN_DAG.contains(table)) {
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
  private List<CompactionCandidate> choose(RocksDatabase db, OmRangeStats stats, List<String> tables)
      throws IOException {
    long now = Time.monotonicNow();
    List<CompactionCandidate> candidates = new ArrayList<>();
    EnumMap<RangeCompactionPolicy.Skip, Integer> skips = new EnumMap<>(RangeCompactionPolicy.Skip.class);
    int evaluated = 0;
    for (String table : tables) {
      long memtableBytes = WritePressure.parse(db.getProperty(db.getColumnFamily(table),
          "rocksdb.cur-size-all-mem-tables"));
      List<CompactionCandidate> chosen =
          policy.choose(stats.getRanges(table), stats.getFiles(table), memtableBytes, cooldowns, now, skips);
      candidates.addAll(chosen);
      evaluated += chosen.size();
    }
    for (Map.Entry<RangeCompactionPolicy.Skip, Integer> e : skips.entrySet()) {
      metrics.skipped(e.getKey(), e.getValue());
      evaluated += e.getValue();
    }
    metrics.evaluated(evaluated);
    candidates.sort((a, b) -> KeyRange.DENSEST_FIRST.compare(a.getRange(), b.getRange()));
    return candidates.size() > config.getRangesPerRun() ? candidates.subList(0, config.getRangesPerRun())
        : candidates;
  }

  /**
   * Compacts the range and counts what it changed: the tombstones of the same key span before and after, and the
   * bytes of the SSTs that were not there before. Returns how long it took in milliseconds.
   */
  private long compact(RocksDatabase db, RocksDatabase.ColumnFamily family, CompactionCandidate candidate,
      OmRangeStats stats) throws IOException {
    KeyRange range = candidate.getRange();
    String table = range.getTable();
    Set<String> filesBefore = new HashSet<>();
    for (SstFile f : stats.getFiles(table)) {
      filesBefore.add(f.getName());
    }
    LOG.info("Compacting {}: {} tombstones, reading up to {} SSTs ({} bytes)", describe(range),
        range.getTombstones(), candidate.getFiles(), candidate.getBytes());
    long start = System.nanoTime();
    RangeCompactor.compact(db, family, range);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    cooldowns.compacted(range, Time.monotonicNow());

    stats.refresh(table);
    long tombstonesLeft = stats.estimate(table, range.getStart(), range.getEnd()).getTombstones();
    long written = 0;
    for (SstFile f : stats.getFiles(table)) {
      if (!filesBefore.contains(f.getName())) {
        written += f.getSizeBytes();
      }
    }
    metrics.compacted(millis, candidate.getBytes(), written, range.getTombstones() - tombstonesLeft);
    LOG.info("Compacted {} in {} ms: tombstones {} -> {}, wrote {} bytes", describe(range), millis,
        range.getTombstones(), tombstonesLeft, written);
    return millis;
  }

  private static String describe(KeyRange range) {
    return range.getTable() + " [" + Keys.printable(range.getStart()) + ", "
        + (range.getEnd() == null ? "END" : Keys.printable(range.getEnd())) + ")";
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
