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

import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.Objects;

/**
 * What range statistics need to know of one live SST file of a column family:
 * where it sits (level, key range) and how many entries and tombstones it holds.
 * Immutable.
 */
public final class SstFile {
  private final String name;
  private final int level;
  private final byte[] smallestKey;
  private final byte[] largestKey;
  private final SstCounts counts;
  private final long sizeBytes;
  private final boolean beingCompacted;

  /** @param name file name, e.g. {@code 000042.sst} */
  public SstFile(String name, int level, byte[] smallestKey, byte[] largestKey, SstCounts counts, long sizeBytes,
      boolean beingCompacted) {
    this.name = Objects.requireNonNull(name, "name == null");
    this.level = level;
    this.smallestKey = smallestKey.clone();
    this.largestKey = largestKey.clone();
    this.counts = Objects.requireNonNull(counts, "counts == null");
    this.sizeBytes = sizeBytes;
    this.beingCompacted = beingCompacted;
  }

  public String getName() {
    return name;
  }

  public int getLevel() {
    return level;
  }

  public byte[] getSmallestKey() {
    return smallestKey.clone();
  }

  public byte[] getLargestKey() {
    return largestKey.clone();
  }

  /** Package-private accessors without a copy, for the range model's inner loops. */
  byte[] smallest() {
    return smallestKey;
  }

  byte[] largest() {
    return largestKey;
  }

  /**
   * @param start first key of the range (inclusive)
   * @param end end of the range (exclusive), or null for unbounded
   * @return whether the SST holds keys in {@code [start, end)} by its bounds
   */
  public boolean overlaps(byte[] start, byte[] end) {
    return KeySpan.wrap(start, end).overlaps(this);
  }

  public SstCounts getCounts() {
    return counts;
  }

  public long getEntries() {
    return counts.getEntries();
  }

  public long getDeletions() {
    return counts.getDeletions();
  }

  public long getRangeDeletions() {
    return counts.getRangeDeletions();
  }

  public long getSizeBytes() {
    return sizeBytes;
  }

  public boolean isBeingCompacted() {
    return beingCompacted;
  }

  /**
   * @return whether the two lists hold, in the same order, files that give the same ranges: equal but perhaps for
   *     whether a compaction reads them
   */
  static boolean sameRanges(Collection<SstFile> a, Collection<SstFile> b) {
    if (a.size() != b.size()) {
      return false;
    }
    Iterator<SstFile> other = b.iterator();
    for (SstFile f : a) {
      if (!f.sameRange(other.next())) {
        return false;
      }
    }
    return true;
  }

  private boolean sameRange(SstFile that) {
    return this == that || name.equals(that.name) && level == that.level && counts.equals(that.counts)
        && sizeBytes == that.sizeBytes && Arrays.equals(smallestKey, that.smallestKey)
        && Arrays.equals(largestKey, that.largestKey);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof SstFile)) {
      return false;
    }
    SstFile that = (SstFile) o;
    return beingCompacted == that.beingCompacted && sameRange(that);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, level, counts);
  }

  @Override
  public String toString() {
    return name + "{L" + level + " " + KeyBytes.printable(smallestKey) + ".." + KeyBytes.printable(largestKey)
        + " " + counts + " bytes=" + sizeBytes + (beingCompacted ? " compacting" : "") + "}";
  }
}
