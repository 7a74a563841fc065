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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.hadoop.ozone.om.rangestats.SstFile;

/**
 * What RocksDB's {@code CompactRange} on a key span reads, estimated from the
 * live SSTs, on the safe side, and whether it must force the bottommost level
 * to drop the span's tombstones. It reads far more than the SSTs inside the
 * range:
 * <ul>
 *   <li>a memtable holding keys in the range is flushed first; its span is
 *   unknown, so it is taken to span what L0 spans (both hold recent writes);</li>
 *   <li>L0 files overlap each other: every L0 file overlapping the span joins,
 *   and widens the span, until no more join;</li>
 *   <li>each level below adds every file overlapping the span so far, and
 *   widens it to those files' bounds.</li>
 * </ul>
 * {@code CompactRange} then compacts level by level, down to the lowest level
 * holding inputs. Where inputs of two levels or more meet, each merge reads
 * what the levels above brought down and the next level's inputs, and the
 * last merge, whose output is the bottommost level for the span, drops the
 * tombstones. An input that overlaps no input below it merges with nothing:
 * RocksDB moves it down whole, and it keeps its tombstones, as do the inputs
 * of a single level. Only a forced bottommost compaction (kForce) rewrites
 * those and drops them. A range grown over its neighbours can hold such an
 * input beside a merge: a queue's tombstones flushed to L0 beside an older
 * bucket's bottom-level SSTs. Forcing it after merges alone would rewrite
 * their output once more for nothing, which doubled what the service wrote
 * (RocksJava 7.7.3 has no kForceOptimized, which skips that).
 */
final class CompactionCost {
  private final Set<SstFile> inputs = new LinkedHashSet<>();
  /** The levels holding inputs, top first; a memtable to flush counts as level 0. */
  private final TreeSet<Integer> levels = new TreeSet<>();
  private final long memtableBytes;
  private long entries;
  private long bytes;
  private boolean busy;

  private CompactionCost(long memtableBytes) {
    this.memtableBytes = memtableBytes;
  }

  /**
   * @param memtableBytes size of the table's memtables, 0 if empty
   */
  static CompactionCost of(KeySpan span, Collection<SstFile> files, long memtableBytes) {
    CompactionCost cost = new CompactionCost(memtableBytes);
    cost.compute(span, files);
    return cost;
  }

  /** @return the SSTs the compaction reads */
  int getFiles() {
    return inputs.size();
  }

  long getEntries() {
    return entries;
  }

  /** @return the bytes the compaction reads, memtables included */
  long getBytes() {
    return bytes;
  }

  /**
   * @return whether some input merges with nothing on its way down (the inputs lie at a single level, or an SST
   *     overlaps no input below it), so that only a forced bottommost compaction drops its tombstones
   */
  boolean needsBottommostForced() {
    if (levels.size() == 1) {
      return true;
    }
    for (SstFile f : inputs) {
      if (f.getLevel() < levels.last() && !overlapsInputBelow(f)) {
        return true;
      }
    }
    return false;
  }

  private boolean overlapsInputBelow(SstFile upper) {
    KeySpan keys = KeySpan.of(upper);
    for (SstFile f : inputs) {
      if (f.getLevel() > upper.getLevel() && keys.overlaps(f)) {
        return true;
      }
    }
    return false;
  }

  /** @return whether a compaction is already reading some of the inputs */
  boolean isBusy() {
    return busy;
  }

  private void compute(KeySpan range, Collection<SstFile> files) {
    int bottom = 0;
    for (SstFile f : files) {
      bottom = Math.max(bottom, f.getLevel());
    }
    KeySpan span = range;
    List<SstFile> level0 = filesAt(files, 0);
    if (memtableBytes > 0) {
      levels.add(0);
      for (SstFile f : level0) {
        span = span.union(f);
      }
    }
    boolean grew = true;
    while (grew) {
      grew = false;
      for (SstFile f : level0) {
        if (!inputs.contains(f) && span.overlaps(f)) {
          add(f);
          span = span.union(f);
          grew = true;
        }
      }
    }
    for (int level = 1; level <= bottom; level++) {
      List<SstFile> joining = new ArrayList<>();
      for (SstFile f : filesAt(files, level)) {
        if (span.overlaps(f)) {
          joining.add(f);
        }
      }
      for (SstFile f : joining) {
        add(f);
        span = span.union(f);
      }
    }
    bytes = reads(memtableBytes, 0);
    for (SstFile f : inputs) {
      bytes += reads(f.getSizeBytes(), f.getLevel());
      entries += reads(f.getEntries(), f.getLevel());
    }
  }

  /**
   * @return how much of an input at {@code level} the compaction reads: once per merge it takes part in. The top
   *     level's inputs join the first merge, the n-th level's the (n-1)-th, and each merge's output joins the next.
   *     Inputs of a single level are read once, by the forced bottommost compaction.
   */
  private long reads(long size, int level) {
    int merges = levels.size() - 1;
    int rank = levels.headSet(level).size();
    return size * Math.max(1, merges - Math.max(0, rank - 1));
  }

  private void add(SstFile f) {
    inputs.add(f);
    levels.add(f.getLevel());
    busy |= f.isBeingCompacted();
  }

  private static List<SstFile> filesAt(Collection<SstFile> files, int level) {
    List<SstFile> atLevel = new ArrayList<>();
    for (SstFile f : files) {
      if (f.getLevel() == level) {
        atLevel.add(f);
      }
    }
    return atLevel;
  }
}
