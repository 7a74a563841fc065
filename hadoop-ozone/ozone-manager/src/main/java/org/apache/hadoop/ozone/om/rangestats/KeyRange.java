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

package org.apache.hadoop.ozone.om.rangestats;

import java.util.Comparator;

/**
 * Estimated content of a key range {@code [start, end)} of one table, from the
 * SSTs that overlap it (memtables are not included). Immutable.
 *
 * <h2>Ratio and score</h2>
 * {@code ratio = tombstones / entries}, where entries count puts and tombstones
 * alike. A delete leaves its tombstone beside the put it shadows until a
 * compaction brings them together, so a range whose keys were all deleted shows
 * a ratio near 0.5, not 1; it reaches 1 only once the puts are gone and the
 * tombstones wait for the bottommost level. For L live and D deleted keys the
 * ratio is D / (L + 2D): 0.2 means a quarter of the keys written were deleted.
 *
 * <p>{@code score = tombstones x ratio}, as TiKV ranks regions for compaction:
 * it favours runs that are both dense (an iterator skips mostly tombstones) and
 * long (there are many to skip). A few tombstones in a huge range, or a dense
 * but tiny run, score low.
 */
public final class KeyRange {
  /** Highest score first; ties by more tombstones, then by start key. */
  public static final Comparator<KeyRange> DENSEST_FIRST = Comparator.comparingDouble(KeyRange::getScore).reversed()
      .thenComparing(Comparator.comparingLong(KeyRange::getTombstones).reversed())
      .thenComparing((a, b) -> KeyBytes.compare(a.start, b.start));

  private final String table;
  private final byte[] start;
  private final byte[] end;
  private final int ssts;
  private final SstCounts counts;
  private final long bytes;

  /**
   * @param ssts how many live SSTs overlap the range
   * @param counts estimated entries and tombstones of the range
   * @param bytes estimated bytes of SST data in the range
   */
  public KeyRange(String table, byte[] start, byte[] end, int ssts, SstCounts counts, long bytes) {
    this.table = table;
    this.start = start.clone();
    this.end = end == null ? null : end.clone();
    this.ssts = ssts;
    this.counts = counts;
    this.bytes = bytes;
  }

  public String getTable() {
    return table;
  }

  /** @return the first key of the range (inclusive) */
  public byte[] getStart() {
    return start.clone();
  }

  /** @return the end of the range (exclusive), or null if the range is unbounded */
  public byte[] getEnd() {
    return end == null ? null : end.clone();
  }

  /** @return the range's keys */
  public KeySpan getSpan() {
    return KeySpan.wrap(start, end);
  }

  /** @return how many live SSTs overlap the range */
  public int getSsts() {
    return ssts;
  }

  /** @return estimated counts of the range */
  public SstCounts getCounts() {
    return counts;
  }

  /** @return estimated point entries (puts and tombstones) in the range */
  public long getEntries() {
    return counts.getEntries();
  }

  /** @return estimated point tombstones in the range */
  public long getTombstones() {
    return counts.getDeletions();
  }

  /** @return estimated range tombstones in the range */
  public long getRangeDeletions() {
    return counts.getRangeDeletions();
  }

  /** @return estimated bytes of SST data in the range */
  public long getBytes() {
    return bytes;
  }

  /** @return tombstones / entries, 0 for an empty range; see the class comment */
  public double getRatio() {
    long entries = getEntries();
    return entries == 0 ? 0 : Math.min(1, (double) getTombstones() / entries);
  }

  /** @return tombstones x ratio; see the class comment */
  public double getScore() {
    return getTombstones() * getRatio();
  }

  @Override
  public String toString() {
    return table + getSpan() + " ssts=" + ssts + " entries=" + getEntries() + " tombstones=" + getTombstones()
        + " score=" + String.format("%.1f", getScore());
  }
}
