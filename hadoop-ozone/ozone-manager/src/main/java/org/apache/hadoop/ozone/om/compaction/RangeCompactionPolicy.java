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

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Reason;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Skip;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Wait;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.ozone.rocksdiff.RocksDBCheckpointDiffer;

/**
 * What the range compaction service does next: a pure function of a {@link
 * CompactionEnv}, called before every flush or compaction, in the manner of
 * LevelDB's {@code VersionSet::PickCompaction}. The design, with what was tried
 * and failed, is in docs/design/range-compaction.md.
 *
 * <ol>
 *   <li>Only the tables a reader is due to scan are looked at ({@link #isDue}): a reader that scans every P looks
 *   is within a 32nd of P of its next scan, or one was seen scanning the table since the service last flushed or
 *   compacted it and is not early in its period. Tombstones cost only the readers that cross them. An idle OM
 *   ({@link #isIdle}) looks at every table, and a follower, which may lead at any time, at every table no reader
 *   scans there.</li>
 *   <li>A range qualifies with at least {@code min.tombstones} estimated
 *   tombstones at a ratio of at least {@code tombstone.ratio}, or when a seek
 *   to its first key crosses at least {@code min.tombstones} hidden entries
 *   ({@code HeadProbe}): deletes at the head of a range slow every reader that
 *   starts there, whatever the ratio over the whole range. A table's active
 *   memtable qualifies likewise, with {@code memtable.delete.ratio} for the
 *   ratio and the same probe (unless {@code memtable.flush} is off); it
 *   is flushed first, so that its deletes become an SST the next pick can
 *   reach.</li>
 *   <li>A qualifying range is passed over while the service has compacted an
 *   overlapping span since its table's latest flush; while a compaction reads
 *   some of its SSTs; when compacting it would read more than the entry or
 *   byte bound ({@link CompactionCost}), or more than {@code max.overlap.ratio}
 *   times the range's own bytes, or more than the budget allows now; and while
 *   its table is under write pressure. A qualifying memtable is passed over while its table's SSTs are as the
 *   service's latest flush of it left them, unless {@code memtable.flush.repeat}: until RocksDB flushes or
 *   something compacts the table, the ranges that flush made are still there to compact, and another flush would
 *   only add an L0 file.</li>
 *   <li>Of the rest, the one that removes the most tombstones per byte read
 *   wins, and grows over its qualifying neighbours while the bounds hold: one
 *   compaction instead of several over the same SSTs.</li>
 *   <li>Nothing starts while RocksDB delays or stops writes, or while OM's
 *   latest client requests were slow.</li>
 *   <li>While OM is idle the budget does not bound a compaction: it bounds what
 *   the service takes from a busy OM, and an idle one has nothing to take
 *   from.</li>
 * </ol>
 */
public final class RangeCompactionPolicy {
  /**
   * Fewest client requests in a window for their mean latency to count: with fewer, one slow request would stop
   * the service on an idle OM, and an idle OM has nothing to protect. With 20, one request alone lifts the mean
   * over the default limit of 50 ms only if it took a second (20 x 50 ms): a stall, not noise.
   */
  static final long MIN_REQUESTS_FOR_LATENCY = 20;

  /**
   * A table read every P looks is flushed and compacted from P / LEAD_FRACTION looks before its next scan, so that
   * the scan crosses at most that share of P's deletes below {@code min.tombstones}. The lead also absorbs the
   * variation of the readers' periods: OM's background services wait their interval after each run ends, so a
   * period is the interval plus a run, and varies with the run's duration. An eighth left db-bench's seed at 1e7
   * (a reader every 540 looks) with 8,500 deletes in openKeyTable's memtable at each scan, under the 10,000 that
   * make it flush again; a 32nd leaves some 2,100.
   */
  static final int LEAD_FRACTION = 32;
  /**
   * The lead is at least this many looks: a look that compacts can take several intervals, and a reader that scans
   * more often than this is treated as one that scans at every look (a listing).
   */
  static final int MIN_LEAD_LOOKS = 8;

  /**
   * Client requests per second that leave OM quiet whatever their recent rate: a monitoring probe or a user's
   * occasional listing does not make an OM busy.
   */
  static final double QUIET_REQUESTS_PER_SECOND = 1;
  /**
   * DB writes per second that leave OM quiet whatever their recent rate: OM's own trickle, such as the transaction
   * info a double-buffer flush writes, and a request per second's few rows.
   */
  static final double QUIET_WRITES_PER_SECOND = 10;

  private final RangeCompactionConfig config;

  /** @param config the settings of one look ({@link RangeCompactionConfig#snapshot}), or fixed ones in tests */
  public RangeCompactionPolicy(RangeCompactionConfig config) {
    this.config = config;
  }

  RangeCompactionConfig getSettings() {
    return config;
  }

  /** @return how many looks OM's activity must stay low for OM to count as idle: {@code idle.after} in looks */
  int getIdleWindowLooks() {
    return (int) Math.max(1, (config.getIdleAfterMillis() + config.getIntervalMillis() - 1)
        / config.getIntervalMillis());
  }

  /**
   * @return whether OM is idle, so that cleaning its tables costs nobody: {@code idle.cleanup} is on; for the whole
   *     idle window, its client requests and DB writes per second stayed at most {@code idle.activity.ratio} of their
   *     recent rate (or under a floor); and RocksDB has no compaction or flush running and none pending, so that
   *     the service's work never queues behind or ahead of RocksDB's own
   */
  boolean isIdle(OmActivity activity) {
    return config.isIdleCleanupEnabled() && activity.getLooks() >= getIdleWindowLooks()
        && activity.getRunningJobs() == 0 && activity.getPendingCompactionBytes() == 0
        && isQuiet(activity.getPeakRequestRate(), activity.getRecentRequestRate(), QUIET_REQUESTS_PER_SECOND)
        && isQuiet(activity.getPeakWriteRate(), activity.getRecentWriteRate(), QUIET_WRITES_PER_SECOND);
  }

  private boolean isQuiet(double peakRate, double recentRate, double floor) {
    return peakRate <= Math.max(floor, config.getIdleActivityRatio() * recentRate);
  }

  /**
   * @param look the service's current look
   * @param activity OM's activity at that look
   * @return whether flushing or compacting the table now serves a reader (always, if {@code reader.paced} is off,
   *     while OM is idle, and on a follower for a table no reader scanned there since it became one): not before the
   *     lead ahead of a periodic reader's next scan; then once for the latest scan, and, within the lead on either
   *     side of the next scan, as often as the table qualifies, so that the scan crosses only what gathered since
   *     the latest cleaning, however many deletes the lead holds. A follower cleans its tables for whoever reads
   *     them once it leads, at an unknown time; where it serves readers itself (a follower read), they are paced
   *     as a leader's are.
   */
  boolean isDue(TableReads reads, long look, OmActivity activity) {
    if (!config.isReaderPaced() || isIdle(activity) || !activity.isLeader() && reads.getLastScan() < 0) {
      return true;
    }
    long period = reads.getPeriod();
    long lead = Math.max(MIN_LEAD_LOOKS, period / LEAD_FRACTION);
    long nextScan = reads.getLastScan() + period;
    if (look < nextScan - lead) {
      return false;
    }
    return reads.isScannedSinceCleaned() || period > 0 && look <= nextScan + lead;
  }

  /** @return whether the range holds enough tombstones, densely enough, to be worth compacting */
  public boolean qualifies(KeyRange range) {
    return isDense(range.getTombstones(), range.getEntries(), config.getTombstoneRatio());
  }

  /** @return whether range {@code index} of the table is dense overall or at its first key */
  private boolean qualifies(TableState table, int index) {
    return qualifies(table.getRanges().get(index)) || table.hasTombstonesAtHead(index);
  }

  /** @return whether the active memtable holds enough deletes, densely enough or at a head, to be flushed now */
  boolean qualifies(MemtableState memtable) {
    return config.isMemtableFlushEnabled()
        && (isDense(memtable.getDeletes(), memtable.getEntries(), config.getMemtableDeleteRatio())
            || memtable.getDeletes() >= config.getMinTombstones() && memtable.hasDeletesAtHead());
  }

  private boolean isDense(long tombstones, long entries, double ratio) {
    return tombstones >= config.getMinTombstones() && tombstones >= ratio * entries;
  }

  /**
   * @return what to do next, from the first of these steps that has an answer, in this order: nothing qualifies (or
   *     all that does waits for its table's write pressure or for the budget); RocksDB delays or stops writes, or
   *     OM's clients wait long, so nothing starts; a qualifying memtable is flushed; the best qualifying range is
   *     compacted. A flush or compaction carries its {@link Reason}.
   */
  CompactionPick pickNext(CompactionEnv env) {
    boolean idle = isIdle(env.getActivity());
    Qualifying work = qualifying(env, idle ? Long.MAX_VALUE : env.getBudgetBytes());
    if (work.flush == null && work.best == null) {
      return nothingNow(env, work);
    }
    CompactionPick strained = strained(env, work.skips);
    if (strained != null) {
      return strained;
    }
    Reason reason = idle ? Reason.IDLE : env.getActivity().isLeader() ? Reason.READER : Reason.FOLLOWER;
    if (work.flush != null) {
      return CompactionPick.flush(work.flush, work.skips, reason);
    }
    return CompactionPick.compact(work.best.range, work.best.cost, work.skips, reason,
        config.isBottommostForced() && work.best.cost.needsBottommostForced());
  }

  /** @return the qualifying memtable to flush and the best range to compact of the env's tables, and the skips */
  private Qualifying qualifying(CompactionEnv env, long budget) {
    Qualifying work = new Qualifying();
    for (TableState table : env.getTables()) {
      boolean memtableDense = qualifies(table.getMemtable());
      List<Integer> dense = denseRanges(table);
      if (!memtableDense && dense.isEmpty()) {
        continue;
      }
      String pressure = writePressure(table.getName(), table.getPressure());
      if (pressure != null) {
        skip(work.skips, Skip.WRITE_PRESSURE, dense.size());
        work.pressure = pressure;
        continue;
      }
      // One flush per table and look: a memtable that still qualifies after it holds what the flush found.
      if (memtableDense && !env.isFlushedThisRun(table.getName())) {
        if (!config.isMemtableFlushRepeated() && env.isUnchangedSinceFlush(table.getName())) {
          skip(work.skips, Skip.UNCHANGED_SINCE_FLUSH, 1);
        } else if (work.flush == null) {
          work.flush = table.getName();
        }
      }
      Candidate candidate = best(table, dense, budget, work.skips);
      if (candidate != null && (work.best == null || candidate.isBetterThan(work.best))) {
        work.best = candidate;
      }
    }
    return work;
  }

  /** @return with nothing to flush or compact now: a wait for write pressure or the budget if they held work back */
  private static CompactionPick nothingNow(CompactionEnv env, Qualifying work) {
    if (work.pressure != null) {
      return CompactionPick.waitFor(Wait.WRITE_PRESSURE, work.pressure, work.skips);
    }
    return work.skips.containsKey(Skip.BUDGET)
        ? CompactionPick.waitFor(Wait.BUDGET, "compactions read up to " + env.getBudgetBytes()
            + " bytes until RocksDB flushes more", work.skips)
        : CompactionPick.none(work.skips);
  }

  /** @return a wait while RocksDB delays or stops writes or OM's clients wait long, or null */
  private CompactionPick strained(CompactionEnv env, EnumMap<Skip, Integer> skips) {
    if (env.isWritesStopped() || env.isWritesDelayed()) {
      return CompactionPick.waitFor(Wait.WRITE_PRESSURE, env.isWritesStopped() ? "writes are stopped"
          : "writes are delayed", skips);
    }
    String slow = clientsWaitLong(env.getForeground());
    return slow == null ? null : CompactionPick.waitFor(Wait.FOREGROUND_LATENCY, slow, skips);
  }

  /**
   * @return why compacting or flushing the table now would add to its write pressure (its L0 files or its bytes
   *     pending compaction reach {@code backoff.fraction} of RocksDB's slowdown triggers), or null if it would not
   */
  private String writePressure(String table, WritePressure pressure) {
    double fraction = config.getBackoffFraction();
    if (pressure.getL0SlowdownTrigger() > 0 && pressure.getL0Files() >= fraction * pressure.getL0SlowdownTrigger()) {
      return table + " has " + pressure.getL0Files() + " L0 files (writes slow down at "
          + pressure.getL0SlowdownTrigger() + ")";
    }
    if (pressure.getPendingSoftLimit() > 0
        && pressure.getPendingBytes() >= fraction * pressure.getPendingSoftLimit()) {
      return table + " has " + pressure.getPendingBytes() + " bytes pending compaction (writes slow down at "
          + pressure.getPendingSoftLimit() + ")";
    }
    return null;
  }

  /**
   * @return why no compaction should start now because OM's clients waited long (a mean latency of at least {@code
   *     backoff.foreground.latency} over at least {@link #MIN_REQUESTS_FOR_LATENCY} requests), or null
   */
  private String clientsWaitLong(ForegroundLatency.Window window) {
    long limit = config.getForegroundLatencyMillis();
    if (window == null || limit == 0 || window.getRequests() < MIN_REQUESTS_FOR_LATENCY
        || window.getMeanMillis() < limit) {
      return null;
    }
    return String.format(Locale.ROOT, "OM's %d latest client requests took %.1f ms on average (limit %d ms)",
        window.getRequests(), window.getMeanMillis(), limit);
  }

  /**
   * @param snapshotsExist whether OM snapshots exist
   * @return whether the table is left to RocksDB while snapshots exist: keyTable, fileTable and directoryTable feed
   *     the snapshot diff's compaction DAG, which hard-links and keeps every input SST ({@code
   *     snapshot.tables.allowed} lifts this)
   */
  boolean isLeftForSnapshots(String table, boolean snapshotsExist) {
    return snapshotsExist && !config.isSnapshotTablesAllowed()
        && RocksDBCheckpointDiffer.COLUMN_FAMILIES_TO_TRACK_IN_DAG.contains(table);
  }

  /** @return the indexes of the table's qualifying ranges */
  private List<Integer> denseRanges(TableState table) {
    List<Integer> dense = new ArrayList<>();
    for (int i = 0; i < table.getRanges().size(); i++) {
      if (qualifies(table, i)) {
        dense.add(i);
      }
    }
    return dense;
  }

  /** The table's best compactable range, grown over its qualifying neighbours; null if none may be compacted. */
  private Candidate best(TableState table, List<Integer> dense, long budget, EnumMap<Skip, Integer> skips) {
    Candidate best = null;
    for (int i : dense) {
      KeyRange range = table.getRanges().get(i);
      Skip skip = null;
      Candidate candidate = null;
      if (table.compactedSinceFlush(range.getSpan())) {
        skip = Skip.COMPACTED_SINCE_FLUSH;
      } else {
        candidate = new Candidate(range, i, i, cost(table, range.getSpan()));
        skip = check(candidate, budget);
      }
      if (skip != null) {
        skip(skips, skip, 1);
      } else if (best == null || candidate.isBetterThan(best)) {
        best = candidate;
      }
    }
    return best == null ? null : grow(table, best, budget);
  }

  /** Adds qualifying neighbours on either side while the merged range still passes every check. */
  private Candidate grow(TableState table, Candidate from, long budget) {
    Candidate merged = from;
    boolean grew = true;
    while (grew) {
      grew = false;
      for (int next : new int[] {merged.first - 1, merged.last + 1}) {
        if (next < 0 || next >= table.getRanges().size()) {
          continue;
        }
        if (!qualifies(table, next) || table.compactedSinceFlush(table.getRanges().get(next).getSpan())) {
          continue;
        }
        Candidate wider = merge(table, merged, next);
        if (check(wider, budget) == null) {
          merged = wider;
          grew = true;
        }
      }
    }
    return merged;
  }

  private Candidate merge(TableState table, Candidate c, int next) {
    int first = Math.min(c.first, next);
    int last = Math.max(c.last, next);
    List<KeyRange> ranges = table.getRanges();
    KeySpan span = ranges.get(first).getSpan().union(ranges.get(last).getSpan());
    return new Candidate(table.estimate(span), first, last, cost(table, span));
  }

  private static CompactionCost cost(TableState table, KeySpan span) {
    return CompactionCost.of(span, table.getFiles(), table.getMemtable().getBytes());
  }

  /** @return why the candidate may not be compacted now, or null if it may */
  private Skip check(Candidate c, long budget) {
    CompactionCost cost = c.cost;
    if (cost.isBusy()) {
      return Skip.BUSY;
    }
    if (cost.getEntries() > config.getMaxCompactionEntries() || cost.getBytes() > config.getMaxCompactionBytes()) {
      return Skip.TOO_LARGE;
    }
    if (cost.getBytes() > config.getMaxOverlapRatio() * Math.max(1, c.range.getBytes())) {
      return Skip.OVERLAP;
    }
    return cost.getBytes() > budget ? Skip.BUDGET : null;
  }

  private static void skip(EnumMap<Skip, Integer> skips, Skip skip, int count) {
    if (count > 0) {
      skips.merge(skip, count, Integer::sum);
    }
  }

  /** What qualifies in one pick's tables. */
  private static final class Qualifying {
    private final EnumMap<Skip, Integer> skips = new EnumMap<>(Skip.class);
    // Each null if none: the table whose memtable to flush, the best range that may be compacted now, and why the
    // latest table with qualifying work was passed over for its write pressure.
    private String flush;
    private Candidate best;
    private String pressure;
  }

  /** A range that may be compacted, spanning ranges {@code first..last} of its table. */
  private static final class Candidate {
    private final KeyRange range;
    private final int first;
    private final int last;
    private final CompactionCost cost;

    Candidate(KeyRange range, int first, int last, CompactionCost cost) {
      this.range = range;
      this.first = first;
      this.last = last;
      this.cost = cost;
    }

    /** Tombstones removed per byte read, the benefit per cost. */
    double value() {
      return (double) range.getTombstones() / Math.max(1, cost.getBytes());
    }

    boolean isBetterThan(Candidate other) {
      int byValue = Double.compare(value(), other.value());
      return byValue != 0 ? byValue > 0 : KeyRange.DENSEST_FIRST.compare(range, other.range) < 0;
    }
  }
}
