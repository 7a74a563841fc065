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
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.SstFile;

/**
 * Which ranges to compact: pure code over range statistics.
 *
 * <ol>
 *   <li>A range qualifies with at least {@code min.tombstones} estimated
 *   tombstones at a ratio of at least {@code tombstone.ratio}.</li>
 *   <li>A qualifying range is skipped while it cools down after a compaction
 *   of an overlapping span; while a compaction is reading some of the SSTs
 *   compacting it would read (RocksDB may drop the tombstones itself, and a
 *   manual compaction would wait for it); when compacting it would read more
 *   than the entry or byte bound ({@link CompactionCost}); or when that is more
 *   than {@code max.overlap.ratio} times the range's own bytes.</li>
 *   <li>The rest are offered densest first (highest score).</li>
 * </ol>
 */
public final class RangeCompactionPolicy {
  /** Why a qualifying range was not chosen. */
  public enum Skip {
    COOLDOWN, BUSY, TOO_LARGE, OVERLAP
  }

  private final RangeCompactionConfig config;

  public RangeCompactionPolicy(RangeCompactionConfig config) {
    this.config = config;
  }

  /** @return whether the range holds enough tombstones, densely enough, to be worth compacting */
  public boolean qualifies(KeyRange range) {
    return range.getTombstones() >= config.getMinTombstones() && range.getRatio() >= config.getTombstoneRatio();
  }

  /**
   * @param ranges the ranges of one table
   * @param files the table's live SSTs
   * @param memtableBytes the size of the table's memtables
   * @param skips counts the qualifying ranges that were not chosen, by reason
   * @return the qualifying ranges that may be compacted now, densest first
   */
  List<CompactionCandidate> choose(Collection<KeyRange> ranges, Collection<SstFile> files, long memtableBytes,
      Cooldowns cooldowns, long now, EnumMap<Skip, Integer> skips) {
    List<KeyRange> dense = new ArrayList<>();
    for (KeyRange r : ranges) {
      if (qualifies(r)) {
        dense.add(r);
      }
    }
    dense.sort(KeyRange.DENSEST_FIRST);
    List<CompactionCandidate> chosen = new ArrayList<>();
    for (KeyRange r : dense) {
      Skip skip = null;
      CompactionCost cost = null;
      if (cooldowns.isCooling(r, now)) {
        skip = Skip.COOLDOWN;
      } else {
        cost = CompactionCost.of(r, files, memtableBytes);
        if (cost.isBusy()) {
          skip = Skip.BUSY;
        } else if (cost.getEntries() > config.getMaxCompactionEntries()
            || cost.getBytes() > config.getMaxCompactionBytes()) {
          skip = Skip.TOO_LARGE;
        } else if (cost.getBytes() > config.getMaxOverlapRatio() * Math.max(1, r.getBytes())) {
          skip = Skip.OVERLAP;
        }
      }
      if (skip == null) {
        chosen.add(new CompactionCandidate(r, cost));
      } else {
        skips.merge(skip, 1, Integer::sum);
      }
    }
    return chosen;
  }
}
