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
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.hadoop.hdds.utils.BackgroundService;
import org.apache.hadoop.hdds.utils.BackgroundTask;
import org.apache.hadoop.hdds.utils.BackgroundTaskQueue;
import org.apache.hadoop.hdds.utils.BackgroundTaskResult;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.rangestats.SstFile;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compacts the key ranges of OM's tables that are dense with tombstones, one
 * small compaction at a time, so that iterators crossing them (the key deleting
 * service reading deletedTable from its head, open-key cleanup, listings) stay
 * fast without the write stalls of whole-table compactions.
 *
 * <p>Every {@code interval} (1 s by default) a run first reads how busy OM is
 * ({@link OmActivity}) and sees which tables OM's readers scanned ({@link
 * TableReadWatch}), and keeps those a reader is due to scan, or all of them on
 * a follower or an idle OM ({@link RangeCompactionPolicy#isDue}); for them it reads a fresh
 * {@link CompactionEnv} and asks {@link RangeCompactionPolicy#pickNext} what to do:
 * flush a memtable dense with deletes, compact a range, wait, or nothing. It
 * does that and asks again, until there is nothing to do or the policy says
 * wait. RocksDB's flush and compaction events keep the range statistics
 * current between runs, so a flush that makes a range qualify is acted on
 * within an interval. After each compaction the run pauses in proportion to
 * the time it took; while OM is idle, a run ends after one compaction, so that
 * a load that returns meets at most the one under way.
 *
 * <p>While OM snapshots exist, keyTable, fileTable and directoryTable are left
 * alone unless allowed: their compactions feed the snapshot diff's compaction
 * DAG, which hard-links and keeps every input SST.
 */
public class RangeCompactionService extends BackgroundService {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionService.class);

  private final OmMetadataManagerImpl metadata;
  private final RangeCompactionConfig config;
  private final RangeCompactionPolicy policy;
  private final RangeCompactionMetrics metrics;
  private final ForegroundLatency foreground;
  private final BooleanSupplier leader;
  private final IdleCleanupPass idlePass;
  private final CompactedSpans compactedSpans = new CompactedSpans();
  private final TableReadWatch reads = new TableReadWatch();
  private final CountDownLatch stopping = new CountDownLatch(1);
  /** Made at the first run: OM starts the service after its DB is open, and the DB stays for its lifetime. */
  private CompactionEnvReader reader;
  private CompactionBudget budget;
  private CompactionPick.Wait lastWait;
  /** The service's clock for {@link TableReads}: one look per run. */
  private long looks;
  /** What {@link #changes} returned when the last pick found nothing to do; null when it did or waited. */
  private List<Long> idleAt;

  /**
   * A service for a DB that only its own process writes, as the leader OM does (db-bench, tests).
   *
   * @throws IllegalArgumentException if range statistics are off or do not track a table to compact
   */
  public RangeCompactionService(OmMetadataManagerImpl metadata, RangeCompactionConfig config,
      String threadNamePrefix) {
    this(metadata, config, threadNamePrefix, () -> true);
  }

  /**
   * @param leader whether this OM leads its Ratis group now ({@code OzoneManager#isLeaderReady})
   * @throws IllegalArgumentException if range statistics are off or do not track a table to compact
   */
  public RangeCompactionService(OmMetadataManagerImpl metadata, RangeCompactionConfig config,
      String threadNamePrefix, BooleanSupplier leader) {
    super("RangeCompactionService", config.getIntervalMillis(), TimeUnit.MILLISECONDS, 1,
        config.getTimeoutMillis(), threadNamePrefix);
    OmRangeStats stats = metadata.getRangeStats();
    config.requireTracked(stats == null || !stats.isEnabled() ? Collections.<String>emptySet() : stats.getTables());
    this.metadata = metadata;
    this.config = config;
    this.policy = new RangeCompactionPolicy(config);
    this.metrics = RangeCompactionMetrics.register();
    this.leader = leader;
    this.idlePass = new IdleCleanupPass(metrics);
    this.foreground = new ForegroundLatency(DefaultMetricsSystem.instance());
    // The first latency window starts now (OM registers its client metrics before it starts the key manager),
    // so that the first run judges the requests served since.
    foreground.read();
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
   * One run of the service: picks and acts until there is nothing to do, the policy says wait, the run has taken
   * {@code timeout}, or the service stops.
   *
   * @return how many ranges were compacted
   */
  public int runOnce() throws IOException {
    OmRangeStats stats = metadata.getRangeStats();
    RocksDatabase db = ((RDBStore) metadata.getStore()).getDb();
    if (reader == null) {
      reader = new CompactionEnvReader(db, stats, foreground, config, metrics);
    }
    OmActivity activity = reader.activity(leader.getAsBoolean(), config.getTables(), policy.getIdleWindowLooks());
    boolean idle = policy.isIdle(activity);
    metrics.looked(activity.isLeader(), idle);
    if (!idle) {
      idlePass.end("OM is busy again: " + activity);
    }
    List<String> due = dueTables(db, activity);
    Map<String, MemtableState> memtables = memtables(db, stats, due);
    List<Long> changes = changes(stats, memtables, due);
    if (changes.equals(idleAt)) {
      metrics.runEnded(Time.now());
      return 0;
    }
    idleAt = null;
    List<String> tables = tablesToCompact(due);
    Set<String> flushed = new HashSet<>();
    // The tables this run flushed or compacted: what it changed, and what its readers are now served for.
    Set<String> cleaned = new HashSet<>();
    long deadline = Time.monotonicNow() + config.getTimeoutMillis();
    int compacted = 0;
    while (stopping.getCount() > 0 && Time.monotonicNow() < deadline) {
      CompactionPick pick = policy.pickNext(reader.read(tables, compactedSpans,
          budget(stats.getFlushedBytes()).available(stats.getFlushedBytes()), memtables, activity, flushed));
      // A flush or compaction of this run changes the memtables: the next pick reads them anew.
      memtables = Collections.emptyMap();
      metrics.picked(pick);
      logWait(pick);
      // Only a flush or a compaction is idle work.
      if (pick.isIdle()) {
        idlePass.working();
      }
      CompactionEvents.Reason reason = CompactionEvents.Reason.of(pick, activity.isLeader());
      if (pick.getAction() == CompactionPick.Action.FLUSH) {
        flushed.add(pick.getTable());
        flush(db, pick, stats, reason);
        cleaned.add(pick.getTable());
      } else if (pick.getAction() == CompactionPick.Action.COMPACT) {
        long millis = compact(db, pick, stats, reason);
        compacted++;
        cleaned.add(pick.getTable());
        // While idle, one compaction per look: the next look sees a load that returned meanwhile.
        if (pause((long) (millis * config.getPauseRatio())) || pick.isIdle()) {
          break;
        }
      } else {
        // Nothing to do, or a wait: the next run looks again.
        if (pick.getAction() == CompactionPick.Action.NONE) {
          idlePass.end("nothing qualifies");
          // Unless this run flushed or compacted, what it read at its start still holds.
          idleAt = cleaned.isEmpty() ? changes : changes(stats, memtables(db, stats, due), due);
        }
        break;
      }
    }
    cleaned.forEach(reads::cleaned);
    metrics.runEnded(Time.now());
    return compacted;
  }

  /**
   * Starts a look: sees which tables OM's readers scanned since the previous one.
   *
   * @return the configured tables a reader is due to scan, or all on a follower or an idle OM ({@link
   *     RangeCompactionPolicy#isDue})
   */
  private List<String> dueTables(RocksDatabase db, OmActivity activity) {
    looks++;
    List<String> due = new ArrayList<>();
    for (String table : config.getTables()) {
      reads.observe(table, db.getColumnFamily(table).getIteratorCount(), looks);
      if (policy.isDue(reads.get(table), looks, activity)) {
        due.add(table);
      } else {
        metrics.skippedUnread();
      }
    }
    return due;
  }

  /**
   * What can turn "nothing to do" into something: a change of a table's SSTs (RocksDB's events move the index's
   * version), a memtable that comes to qualify, or a reader that comes due. While none happens, the same env would
   * give the same pick, so a run reads no more than this. (Snapshots created or removed meanwhile are seen at the
   * next flush of any table.)
   */
  private List<Long> changes(OmRangeStats stats, Map<String, MemtableState> memtables, List<String> due) {
    List<Long> changes = new ArrayList<>();
    for (String table : config.getTables()) {
      boolean isDue = due.contains(table);
      changes.add(stats.getVersion(table));
      changes.add(isDue ? 1L : 0L);
      changes.add(isDue && policy.qualifies(memtables.get(table)) ? 1L : 0L);
    }
    return changes;
  }

  /** The memtable of every due table, read (and probed) once for the run's first look. */
  private Map<String, MemtableState> memtables(RocksDatabase db, OmRangeStats stats, List<String> due)
      throws IOException {
    Map<String, MemtableState> memtables = new HashMap<>();
    for (String table : due) {
      memtables.put(table, reader.memtable(db.getColumnFamily(table), stats.getRanges(table),
          compactedSpans.ever(table)));
    }
    return memtables;
  }

  /** A wait is logged when it starts, not at every run while it lasts. */
  private void logWait(CompactionPick pick) {
    CompactionPick.Wait wait = pick.getAction() == CompactionPick.Action.WAIT ? pick.getWait() : null;
    if (wait != null && wait != lastWait) {
      LOG.info("Range compaction waits: {}", pick.getReason());
    }
    lastWait = wait;
  }

  /**
   * The due tables, less those the policy leaves to RocksDB while snapshots exist. A snapshot created after this
   * check sees at most the compactions of this run in its DAG, as with RocksDB's own ones.
   */
  private List<String> tablesToCompact(List<String> due) throws IOException {
    boolean snapshotsExist = !metadata.getSnapshotInfoTable().isEmpty();
    List<String> tables = new ArrayList<>();
    for (String table : due) {
      if (policy.isLeftForSnapshots(table, snapshotsExist)) {
        metrics.skippedForSnapshots();
      } else {
        tables.add(table);
      }
    }
    return tables;
  }

  /** Flushes the picked memtable and records it. */
  private void flush(RocksDatabase db, CompactionPick pick, OmRangeStats stats, CompactionEvents.Reason reason)
      throws IOException {
    String table = pick.getTable();
    Set<String> filesBefore = fileNames(stats, table);
    long startMs = Time.now();
    long start = System.nanoTime();
    db.flush(table);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    long endMs = Time.now();
    metrics.memtableFlushed(millis, pick.isIdle());
    stats.refresh(table);
    CompactionEvents.record("flush", reason, table, startMs, endMs, 0, bytesNotIn(filesBefore, stats, table));
  }

  /**
   * Compacts the picked range and counts what it changed: the tombstones of the same key span before and after,
   * and the bytes of the SSTs that were not there before. Returns how long it took in milliseconds.
   */
  private long compact(RocksDatabase db, CompactionPick pick, OmRangeStats stats, CompactionEvents.Reason reason)
      throws IOException {
    KeyRange range = pick.getRange();
    String table = range.getTable();
    Set<String> filesBefore = fileNames(stats, table);
    LOG.info("Compacting {}{}{}: {} tombstones, reading up to {} SSTs ({} bytes)", table, range.getSpan(),
        pick.isIdle() ? " (OM idle)" : "",
        range.getTombstones(), pick.getCost().getFiles(), pick.getCost().getBytes());
    long startMs = Time.now();
    long start = System.nanoTime();
    RangeCompactor.compact(db, db.getColumnFamily(table), range.getSpan(), pick.isBottommostForced());
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    long endMs = Time.now();
    if (!pick.isIdle()) {
      budget.spend(pick.getCost().getBytes());
    }

    stats.refresh(table);
    // After the refresh: a compaction first flushes a memtable that overlaps its range.
    compactedSpans.compacted(table, range.getSpan(), stats.getFlushes(table));
    KeyRange left = stats.estimate(table, range.getStart(), range.getEnd());
    // None is estimated once the table has more SSTs than range statistics compute ranges for: none counted removed.
    long tombstonesLeft = left == null ? range.getTombstones() : left.getTombstones();
    long written = bytesNotIn(filesBefore, stats, table);
    CompactionEvents.record("compact", reason, table, startMs, endMs, pick.getCost().getBytes(), written);
    metrics.compacted(millis, pick.getCost().getBytes(), written, range.getTombstones() - tombstonesLeft,
        pick.isIdle());
    LOG.info("Compacted {}{} in {} ms: tombstones {} -> {}, wrote {} bytes", table, range.getSpan(), millis,
        range.getTombstones(), tombstonesLeft, written);
    return millis;
  }

  private static Set<String> fileNames(OmRangeStats stats, String table) {
    return stats.getFiles(table).stream().map(SstFile::getName).collect(Collectors.toSet());
  }

  /** The bytes of the table's SSTs that are not in {@code names}: what a flush or compaction since wrote. */
  private static long bytesNotIn(Set<String> names, OmRangeStats stats, String table) {
    long bytes = 0;
    for (SstFile f : stats.getFiles(table)) {
      if (!names.contains(f.getName())) {
        bytes += f.getSizeBytes();
      }
    }
    return bytes;
  }

  /** The budget for the configured ratio and bound; a reconfigured one starts anew, full. */
  private CompactionBudget budget(long flushedBytes) {
    if (budget == null || !budget.hasSettings(config.getBudgetRatio(), config.getMaxCompactionBytes())) {
      budget = new CompactionBudget(config.getBudgetRatio(), config.getMaxCompactionBytes(), flushedBytes);
    }
    return budget;
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
