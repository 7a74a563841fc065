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
import java.util.Map;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;

/** What {@code RangeCompactionPolicy#pickNext} decided, and why it passed over other ranges. Immutable. */
final class CompactionPick {
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

  /** Why something that qualifies has to wait. */
  enum Wait {
    WRITE_PRESSURE, FOREGROUND_LATENCY, BUDGET
  }

  /** Why a qualifying range was passed over. */
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
    BUDGET
  }

  private final Action action;
  private final String table;
  private final KeyRange range;
  private final CompactionCost cost;
  private final Wait wait;
  private final String reason;
  private final Map<Skip, Integer> skips;
  private final boolean idle;
  private final boolean bottommostForced;

  @SuppressWarnings("checkstyle:ParameterNumber")
  private CompactionPick(Action action, String table, KeyRange range, CompactionCost cost, Wait wait,
      String reason, EnumMap<Skip, Integer> skips, boolean idle, boolean bottommostForced) {
    this.action = action;
    this.table = table;
    this.range = range;
    this.cost = cost;
    this.wait = wait;
    this.reason = reason;
    this.skips = Collections.unmodifiableMap(skips);
    this.idle = idle;
    this.bottommostForced = bottommostForced;
  }

  static CompactionPick none(EnumMap<Skip, Integer> skips) {
    return new CompactionPick(Action.NONE, null, null, null, null, null, skips, false, false);
  }

  /** @param idle whether OM is idle: the flush is idle cleanup */
  static CompactionPick flush(String table, EnumMap<Skip, Integer> skips, boolean idle) {
    return new CompactionPick(Action.FLUSH, table, null, null, null, null, skips, idle, false);
  }

  /**
   * @param idle whether OM is idle: the compaction is idle cleanup, not charged to the budget
   * @param bottommostForced whether the compaction rewrites its output at the bottommost level (RocksDB's kForce)
   */
  static CompactionPick compact(KeyRange range, CompactionCost cost, EnumMap<Skip, Integer> skips, boolean idle,
      boolean bottommostForced) {
    return new CompactionPick(Action.COMPACT, range.getTable(), range, cost, null, null, skips, idle,
        bottommostForced);
  }

  static CompactionPick waitFor(Wait wait, String reason, EnumMap<Skip, Integer> skips) {
    return new CompactionPick(Action.WAIT, null, null, null, wait, reason, skips, false, false);
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

  Wait getWait() {
    return wait;
  }

  /** @return why the service waits, for its log */
  String getReason() {
    return reason;
  }

  /** @return whether the flush or compaction is idle cleanup: OM was idle, and the budget did not bound it */
  boolean isIdle() {
    return idle;
  }

  /**
   * @return whether the look ends with this pick: nothing to do, a wait, or a compaction while OM is idle (one per
   *     look: the next look sees a load that returned meanwhile)
   */
  boolean endsLook() {
    return action == Action.NONE || action == Action.WAIT || action == Action.COMPACT && idle;
  }

  /** @return whether the compaction is charged to the budget, which bounds what the service takes from a busy OM */
  boolean isChargedToBudget() {
    return action == Action.COMPACT && !idle;
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
      return (idle ? "idle " : "") + "flush " + table;
    case COMPACT:
      return (idle ? "idle " : "") + "compact " + range + " reading " + cost.getBytes() + " bytes";
    case WAIT:
      return "wait (" + wait + "): " + reason;
    default:
      return "none";
    }
  }
}
