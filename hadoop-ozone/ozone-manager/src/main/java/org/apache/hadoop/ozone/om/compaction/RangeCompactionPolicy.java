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
import java.util.Map;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.Keys;
import org.apache.hadoop.ozone.om.rangestats.SstFile;

/**
 * Which ranges to compact: pure code over range statistics.
 *
 * <ol>
 *   <li>A range qualifies with at least {@code min.tombstones} estimated
 *   tombstones at a ratio of at least {@code tombstone.ratio}.</li>
 *   <li>A qualifying range is skipped while it cools down after its last
 *   compaction, when compacting it would read more than the entry or byte
 *   bound (every SST overlapping it, at every level), or when those SSTs hold
 *   more than {@code max.overlap.ratio} times the range's own bytes.</li>
 *   <li>The rest are offered densest first (highest score).</li>
 * </ol>
 */
public final class RangeCompactionPolicy {
  /** Why a qualifying range was not chosen. */
  public enum Skip {
    COOLDOWN, TOO_LARGE, OVERLAP
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
   * @param cooldowns when each range was last compacted (epoch millis, by {@link CompactionCandidate#getKey})
   * @param skips counts the qualifying ranges that were not chosen, by reason
   * @return the qualifying ranges that may be compacted now, densest first
   */
  public List<CompactionCandidate> choose(Collection<KeyRange> ranges, Collection<SstFile> files,
      Map<String, Long> cooldowns, long now, EnumMap<Skip, Integer> skips) {
    List<KeyRange> dense = new ArrayList<>();
    for (KeyRange r : ranges) {
      if (qualifies(r)) {
        dense.add(r);
      }
    }
    dense.sort(KeyRange.DENSEST_FIRST);
    List<CompactionCandidate> chosen = new ArrayList<>();
    for (KeyRange r : dense) {
      Long last = cooldowns.get(CompactionCandidate.key(r));
      if (last != null && now - last < config.getRangeCooldownMillis()) {
        skips.merge(Skip.COOLDOWN, 1, Integer::sum);
        continue;
      }
      CompactionCandidate candidate = cost(r, files);
      if (candidate.getEntries() > config.getMaxCompactionEntries()
          || candidate.getBytes() > config.getMaxCompactionBytes()) {
        skips.merge(Skip.TOO_LARGE, 1, Integer::sum);
      } else if (candidate.getBytes() > config.getMaxOverlapRatio() * Math.max(1, r.getBytes())) {
        skips.merge(Skip.OVERLAP, 1, Integer::sum);
      } else {
        chosen.add(candidate);
      }
    }
    return chosen;
  }

  /** The SSTs compacting the range reads: all that overlap it, whole. */
  static CompactionCandidate cost(KeyRange range, Collection<SstFile> files) {
    byte[] start = range.getStart();
    byte[] end = range.getEnd();
    int count = 0;
    long entries = 0;
    long bytes = 0;
    for (SstFile f : files) {
      if (Keys.compare(f.getLargestKey(), start) >= 0 && (end == null || Keys.compare(f.getSmallestKey(), end) < 0)) {
        count++;
        entries += f.getEntries();
        bytes += f.getSizeBytes();
      }
    }
    return new CompactionCandidate(range, count, entries, bytes);
  }
}
