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

import java.util.Map;
import org.apache.hadoop.metrics2.annotation.Metric;
import org.apache.hadoop.metrics2.annotation.Metrics;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeLong;
import org.apache.hadoop.metrics2.lib.MutableRate;

/** Metrics of the range compaction service (on OM's /jmx and /prom as om_range_compaction_*). */
@Metrics(name = RangeCompactionMetrics.SOURCE_NAME, about = "OM range compaction service", context = "om")
public final class RangeCompactionMetrics {
  static final String SOURCE_NAME = "OmRangeCompaction";

  @Metric("Runs of the service (looks at the statistics, and what it did after them)")
  private MutableCounterLong runs;
  @Metric("Qualifying ranges (enough tombstones, densely enough) considered, counted at each pick")
  private MutableCounterLong rangesEvaluated;
  @Metric("Ranges compacted")
  private MutableCounterLong rangesCompacted;
  @Metric("Qualifying ranges skipped: compacted since their table's latest flush")
  private MutableCounterLong skippedCompactedSinceFlush;
  @Metric("Qualifying ranges skipped: a compaction was already reading some of their SSTs")
  private MutableCounterLong skippedBusy;
  @Metric("Qualifying ranges skipped: compacting them would read more than the entry or byte bound")
  private MutableCounterLong skippedTooLarge;
  @Metric("Qualifying ranges skipped: the SSTs to rewrite hold far more than the range")
  private MutableCounterLong skippedOverlap;
  @Metric("Qualifying ranges skipped: their table was under write pressure")
  private MutableCounterLong skippedTablePressure;
  @Metric("Qualifying ranges skipped: compacting them would read more than the budget allows now")
  private MutableCounterLong skippedBudget;
  @Metric("Qualifying memtables not flushed, counted at each pick: their table's SSTs were as the service's latest "
      + "flush of it left them (memtable.flush.repeat off)")
  private MutableCounterLong skippedUnchangedSinceFlush;
  @Metric("Runs ended early because RocksDB was under write pressure")
  private MutableCounterLong skippedWritePressure;
  @Metric("Runs ended early because OM's client requests were slow")
  private MutableCounterLong skippedForegroundLatency;
  @Metric("Runs ended early because the compaction budget was spent")
  private MutableCounterLong waitedForBudget;
  @Metric("Tables skipped because OM snapshots exist")
  private MutableCounterLong skippedSnapshotTables;
  @Metric("Tables skipped at a look because no reader was due to scan them: none had since the service last "
      + "flushed or compacted them, or a periodic reader's next scan was further away than its lead")
  private MutableCounterLong skippedUnreadTables;
  @Metric("Memtables flushed because they held many deletes")
  private MutableCounterLong memtableFlushes;
  @Metric("Looks at which OM was idle (idle.cleanup): low client requests and DB writes for idle.after, RocksDB "
      + "without work of its own")
  private MutableCounterLong idleLooks;
  @Metric("Looks at which this OM was a follower of its Ratis group, which compacts without waiting for readers")
  private MutableCounterLong followerLooks;
  @Metric("Ranges compacted while OM was idle (included in rangesCompacted)")
  private MutableCounterLong idleRangesCompacted;
  @Metric("Memtables flushed while OM was idle (included in memtableFlushes)")
  private MutableCounterLong idleMemtableFlushes;
  @Metric("Compaction time of one range in milliseconds")
  private MutableRate compactionTime;
  @Metric("Time the service spent compacting ranges, in milliseconds; with flushMillis, its busy time")
  private MutableCounterLong compactionMillis;
  @Metric("Time the service spent flushing memtables, in milliseconds")
  private MutableCounterLong flushMillis;
  @Metric("Time the head probes' seeks took, in microseconds")
  private MutableCounterLong headProbeMicros;
  @Metric("Bytes the compactions read (estimated from the SST index, on the safe side)")
  private MutableCounterLong bytesRead;
  @Metric("Bytes of the SSTs the compactions wrote (the new SSTs in the SST index afterwards)")
  private MutableCounterLong bytesWritten;
  @Metric("Estimated tombstones the compactions removed")
  private MutableCounterLong tombstonesRemoved;
  @Metric("Seeks the service made to find tombstones at the first keys of ranges (they count in RocksDB's seek "
      + "statistics beside OM's own seeks)")
  private MutableCounterLong headProbes;
  @Metric("When the last run ended, in milliseconds since the epoch")
  private MutableGaugeLong lastRunTime;

  static RangeCompactionMetrics register() {
    return DefaultMetricsSystem.instance().register(SOURCE_NAME, "OM range compaction service",
        new RangeCompactionMetrics());
  }

  void unregister() {
    DefaultMetricsSystem.instance().unregisterSource(SOURCE_NAME);
  }

  /** Counts what a look saw at its start: a follower, an idle OM, the tables no reader is due to scan. */
  void looked(CompactionLook look) {
    skippedSnapshotTables.incr(look.getLeftForSnapshots());
    if (!look.getActivity().isLeader()) {
      followerLooks.incr();
    }
    if (look.isIdle()) {
      idleLooks.incr();
    }
    skippedUnreadTables.incr(look.getUnread());
  }

  void runEnded(long now) {
    runs.incr();
    lastRunTime.set(now);
  }

  /** Counts what a pick passed over and, for a wait, why. */
  void picked(CompactionPick pick) {
    int considered = pick.getAction() == CompactionPick.Action.COMPACT ? 1 : 0;
    for (Map.Entry<CompactionPick.Skip, Integer> e : pick.getSkips().entrySet()) {
      skipped(e.getKey()).incr(e.getValue());
      if (e.getKey() != CompactionPick.Skip.UNCHANGED_SINCE_FLUSH) {
        considered += e.getValue();
      }
    }
    rangesEvaluated.incr(considered);
    if (pick.getAction() == CompactionPick.Action.WAIT) {
      waited(pick.getWait()).incr();
    }
  }

  private MutableCounterLong skipped(CompactionPick.Skip reason) {
    switch (reason) {
    case COMPACTED_SINCE_FLUSH:
      return skippedCompactedSinceFlush;
    case BUSY:
      return skippedBusy;
    case TOO_LARGE:
      return skippedTooLarge;
    case OVERLAP:
      return skippedOverlap;
    case WRITE_PRESSURE:
      return skippedTablePressure;
    case BUDGET:
      return skippedBudget;
    case UNCHANGED_SINCE_FLUSH:
      return skippedUnchangedSinceFlush;
    default:
      throw new IllegalArgumentException("No metric for " + reason);
    }
  }

  private MutableCounterLong waited(CompactionPick.Wait reason) {
    switch (reason) {
    case WRITE_PRESSURE:
      return skippedWritePressure;
    case FOREGROUND_LATENCY:
      return skippedForegroundLatency;
    case BUDGET:
      return waitedForBudget;
    default:
      throw new IllegalArgumentException("No metric for " + reason);
    }
  }

  void headProbed(long micros) {
    headProbes.incr();
    headProbeMicros.incr(micros);
  }

  public long getHeadProbeMicros() {
    return headProbeMicros.value();
  }

  public long getHeadProbes() {
    return headProbes.value();
  }

  void memtableFlushed(long millis, boolean idle) {
    memtableFlushes.incr();
    flushMillis.incr(millis);
    if (idle) {
      idleMemtableFlushes.incr();
    }
  }

  void compacted(long millis, long read, long written, long tombstones, boolean idle) {
    rangesCompacted.incr();
    if (idle) {
      idleRangesCompacted.incr();
    }
    compactionTime.add(millis);
    compactionMillis.incr(millis);
    bytesRead.incr(read);
    bytesWritten.incr(written);
    tombstonesRemoved.incr(Math.max(0, tombstones));
  }

  public long getRuns() {
    return runs.value();
  }

  public long getRangesCompacted() {
    return rangesCompacted.value();
  }

  public long getRangesEvaluated() {
    return rangesEvaluated.value();
  }

  public long getCompactionMillis() {
    return compactionMillis.value();
  }

  public long getFlushMillis() {
    return flushMillis.value();
  }

  public long getSkippedWritePressure() {
    return skippedWritePressure.value();
  }

  public long getWaitedForBudget() {
    return waitedForBudget.value();
  }

  public long getSkippedForegroundLatency() {
    return skippedForegroundLatency.value();
  }

  public long getSkippedSnapshotTables() {
    return skippedSnapshotTables.value();
  }

  public long getSkippedUnreadTables() {
    return skippedUnreadTables.value();
  }

  public long getSkippedOverlap() {
    return skippedOverlap.value();
  }

  public long getSkippedUnchangedSinceFlush() {
    return skippedUnchangedSinceFlush.value();
  }

  public long getMemtableFlushes() {
    return memtableFlushes.value();
  }

  public long getIdleLooks() {
    return idleLooks.value();
  }

  public long getFollowerLooks() {
    return followerLooks.value();
  }

  public long getIdleRangesCompacted() {
    return idleRangesCompacted.value();
  }

  public long getIdleMemtableFlushes() {
    return idleMemtableFlushes.value();
  }

  public long getBytesRead() {
    return bytesRead.value();
  }

  public long getBytesWritten() {
    return bytesWritten.value();
  }

  public long getTombstonesRemoved() {
    return tombstonesRemoved.value();
  }
}
