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

import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;

/** What {@code RangeCompactionPolicy#pickNext} decided, and why it passed over other ranges. Immutable. */
final class CompactionPick {
  private final Action action;
  private final String table;
  private final KeyRange range;
  private final CompactionCost cost;
  private final Reason reason;
  private final Wait wait;
  private final String waitReason;
  private final Map<Skip, Integer> skips;
  private final boolean bottommostForced;

  /** What the service does next. */
  enum Action {
    /** Nothing qualifies: wait for RocksDB to write something new. */
    NONE,
    /** Flush the table's memtables, whose deletes SST statistics cannot see. */
    FLUSH,
    /** Compact the key range. */
    COMPACT,
    /** Something qualifies, but not now: see {@link Wait}. */
    WAIT
  }

  /**
   * Why the service flushes or compacts (as RocksDB's CompactionReason names why it compacts): on the leader under
   * load a reader is due to scan the table; a follower under load keeps its DB clean for when it leads; an idle OM
   * is cleaned outside the budget.
   */
  enum Reason {
    READER, FOLLOWER, IDLE;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Why something that qualifies has to wait. */
  enum Wait {
    WRITE_PRESSURE, FOREGROUND_LATENCY, BUDGET
  }

  /** Why a qualifying range or memtable was passed over. */
  enum Skip {
    /** The service compacted an overlapping span since the table's latest flush, which alone adds tombstones. */
    COMPACTED_SINCE_FLUSH,
    /** A compaction is already reading some of the SSTs. */
    BUSY,
    /** Compacting it would read more than the entry or byte bound. */
    TOO_LARGE,
    /** The SSTs to rewrite hold far more than the range. */
    OVERLAP,
    /** Its table is under write pressure. */
    WRITE_PRESSURE,
    /** Compacting it would read more than the budget allows now. */
    BUDGET,
    /**
     * A memtable: its table's SSTs are as the service's latest flush of it left them ({@code memtable.flush.repeat}).
     */
    UNCHANGED_SINCE_FLUSH
  }

  @SuppressWarnings("checkstyle:ParameterNumber")
  private CompactionPick(Action action, String table, KeyRange range, CompactionCost cost, Reason reason, Wait wait,
      String waitReason, EnumMap<Skip, Integer> skips, boolean bottommostForced) {
    this.action = action;
    this.table = table;
    this.range = range;
    this.cost = cost;
    this.reason = reason;
    this.wait = wait;
    this.waitReason = waitReason;
    this.skips = Collections.unmodifiableMap(skips);
    this.bottommostForced = bottommostForced;
  }

  static CompactionPick none(EnumMap<Skip, Integer> skips) {
    return new CompactionPick(Action.NONE, null, null, null, null, null, null, skips, false);
  }

  static CompactionPick flush(String table, EnumMap<Skip, Integer> skips, Reason reason) {
    return new CompactionPick(Action.FLUSH, table, null, null, reason, null, null, skips, false);
  }

  /** @param bottommostForced whether the compaction rewrites its output at the bottommost level (RocksDB's kForce) */
  static CompactionPick compact(KeyRange range, CompactionCost cost, EnumMap<Skip, Integer> skips, Reason reason,
      boolean bottommostForced) {
    return new CompactionPick(Action.COMPACT, range.getTable(), range, cost, reason, null, null, skips,
        bottommostForced);
  }

  static CompactionPick waitFor(Wait wait, String waitReason, EnumMap<Skip, Integer> skips) {
    return new CompactionPick(Action.WAIT, null, null, null, null, wait, waitReason, skips, false);
  }

  Action getAction() {
    return action;
  }

  /** @return the table to flush or compact */
  String getTable() {
    return table;
  }

  /** @return the range to compact, with its estimated content */
  KeyRange getRange() {
    return range;
  }

  /** @return what compacting the range reads */
  CompactionCost getCost() {
    return cost;
  }

  /** @return why the service flushes or compacts, null for a pick that does neither */
  Reason getReason() {
    return reason;
  }

  Wait getWait() {
    return wait;
  }

  /** @return why the service waits, for its log */
  String getWaitReason() {
    return waitReason;
  }

  /** @return whether the flush or compaction is idle cleanup: OM was idle, and the budget did not bound it */
  boolean isIdle() {
    return reason == Reason.IDLE;
  }

  /**
   * @return whether the look ends with this pick: nothing to do, a wait, or a compaction while OM is idle (one per
   *     look: the next look sees a load that returned meanwhile)
   */
  boolean endsLook() {
    return action == Action.NONE || action == Action.WAIT || action == Action.COMPACT && isIdle();
  }

  /** @return whether the compaction is charged to the budget, which bounds what the service takes from a busy OM */
  boolean isChargedToBudget() {
    return action == Action.COMPACT && !isIdle();
  }

  /** @return whether the compaction forces its output to the bottommost level ({@link CompactionCost}) */
  boolean isBottommostForced() {
    return bottommostForced;
  }

  /** @return the qualifying ranges passed over, by reason */
  Map<Skip, Integer> getSkips() {
    return skips;
  }

  @Override
  public String toString() {
    switch (action) {
    case FLUSH:
      return "flush " + table + " (" + reason + ")";
    case COMPACT:
      return "compact " + range + " reading " + cost.getBytes() + " bytes (" + reason + ")";
    case WAIT:
      return "wait (" + wait + "): " + waitReason;
    default:
      return "none";
    }
  }
}
