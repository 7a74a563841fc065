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
import java.util.Collections;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hdds.utils.BackgroundService;
import org.apache.hadoop.hdds.utils.BackgroundTaskQueue;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compacts the key ranges of OM's tables that are dense with tombstones, one
 * small compaction at a time, so that iterators crossing them (the key deleting
 * service reading deletedTable from its head, open-key cleanup, listings) stay
 * fast without the write stalls of whole-table compactions.
 *
 * <p>Every {@code interval} (1 s by default) the service looks: it takes the settings in force, reads once what
 * the look decides on ({@link CompactionLook}: how busy OM is, which tables a reader is due to scan, or all of them
 * on a follower or an idle OM, their memtables), and then asks {@link RangeCompactionPolicy#pickNext} what to do
 * with a fresh {@link CompactionEnv} of those tables: flush a memtable dense with deletes, compact a range, wait, or
 * nothing. {@link RangeCompactor} does it, and the service asks again until a pick ends the look. RocksDB's flush
 * and compaction events keep the range statistics current between looks, so a flush that makes a range qualify is
 * acted on within an interval. After each compaction the service pauses in proportion to the time it took; while
 * OM is idle, a look ends after one compaction, so that a load that returns meets at most the one under way.
 *
 * <p>While OM snapshots exist, keyTable, fileTable and directoryTable are left
 * alone unless allowed: their compactions feed the snapshot diff's compaction
 * DAG, which hard-links and keeps every input SST.
 */
public class RangeCompactionService extends BackgroundService {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionService.class);

  private final OmMetadataManagerImpl metadata;
  private final OmRangeStats stats;
  private final RangeCompactionConfig config;
  private final RangeCompactionMetrics metrics;
  private final ForegroundLatency foreground;
  private final BooleanSupplier leader;
  private final IdleCleanupPass idlePass;
  /** Counted down when the service stops, or restarts with a reconfigured interval; a new one for each start. */
  private volatile CountDownLatch stopping = new CountDownLatch(1);
  /** Held by a look from its start to its end: a look of the runs before a restart ends before the next begins. */
  private final Object looking = new Object();
  private CompactionEnvReader reader;
  private RangeCompactor compactor;
  private CompactionPick.Wait lastWait;

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
    this.stats = metadata.getRangeStats();
    config.requireTracked(stats == null || !stats.isEnabled() ? Collections.<String>emptySet() : stats.getTables());
    this.metadata = metadata;
    this.config = config;
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
    queue.add(() -> {
      int compacted = runOnce();
      return () -> compacted;
    });
    return queue;
  }

  /** Ends the current run after its running compaction (which RocksDB cannot cancel), without further pauses. */
  @Override
  public void shutdown() {
    stopRuns();
    metrics.unregister();
  }

  /**
   * Restarts the service in place with the interval of its configuration, as OM's other background services take a
   * reconfigured interval: the current run ends as on {@link #shutdown}, and what the service counted and learned
   * (its metrics, OM's activity, its readers, its budget) stays.
   */
  public void restart() {
    stopRuns();
    synchronized (this) {
      stopping = new CountDownLatch(1);
      setInterval(config.getIntervalMillis(), TimeUnit.MILLISECONDS);
      start();
    }
  }

  /** Applies a reconfigured timeout, which only OM's warning about a slow run reads: each look reads its own. */
  public void timeoutReconfigured() {
    setServiceTimeoutInNanos(TimeUnit.MILLISECONDS.toNanos(config.getTimeoutMillis()));
  }

  private void stopRuns() {
    stopping.countDown();
    super.shutdown();
  }

  /**
   * One run of the service, a look: reads what it decides on once ({@link CompactionLook}), then picks and acts
   * until a pick ends the look, the run has taken {@code timeout}, or the service stops.
   *
   * @return how many ranges were compacted
   */
  public int runOnce() throws IOException {
    CountDownLatch stop = stopping; // a restart counts it down, ending this look, which the next one waits for
    synchronized (looking) {
      CompactionLook look = reader().look(config.snapshot(), leader.getAsBoolean());
      metrics.looked(look);
      idlePass.looked(look);
      int compacted = 0;
      CompactionPick pick = null;
      while (!look.isUnchanged() && stop.getCount() > 0 && !look.isOverdue() && (pick == null || !pick.endsLook())) {
        pick = look.getPolicy().pickNext(reader.read(look));
        compacted += act(pick, look, stop);
      }
      reader.ended(look, pick);
      metrics.runEnded(Time.now());
      return compacted;
    }
  }

  /** The reader of OM's DB (and its compactor), made at the first look: OM starts the service after its DB is open. */
  private CompactionEnvReader reader() {
    if (reader == null) {
      RocksDatabase db = ((RDBStore) metadata.getStore()).getDb();
      CompactedSpans compactedSpans = new CompactedSpans();
      reader = new CompactionEnvReader(db, stats, metadata.getSnapshotInfoTable(), foreground, compactedSpans,
          metrics);
      compactor = new RangeCompactor(db, stats, compactedSpans, metrics);
    }
    return reader;
  }

  /** Records the pick and does what it says, pausing after a compaction: returns the ranges it compacted. */
  private int act(CompactionPick pick, CompactionLook look, CountDownLatch stop) throws IOException {
    metrics.picked(pick);
    logWait(pick);
    idlePass.picked(pick);
    if (pick.getAction() == CompactionPick.Action.FLUSH) {
      compactor.flush(pick);
      reader.flushed(pick);
    } else if (pick.getAction() == CompactionPick.Action.COMPACT) {
      long millis = compactor.compact(pick);
      reader.compacted(pick);
      pause(stop, (long) (millis * look.getSettings().getPauseRatio()));
      return 1;
    }
    return 0;
  }

  /** A wait is logged when it starts, not at every run while it lasts. */
  private void logWait(CompactionPick pick) {
    CompactionPick.Wait wait = pick.getAction() == CompactionPick.Action.WAIT ? pick.getWait() : null;
    if (wait != null && wait != lastWait) {
      LOG.info("Range compaction waits: {}", pick.getWaitReason());
    }
    lastWait = wait;
  }

  /** Pauses, or returns at once when the look's run stops. */
  private static void pause(CountDownLatch stop, long millis) {
    try {
      stop.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
