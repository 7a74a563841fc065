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
 * holding inputs: each step takes a level's inputs, with what the steps above
 * brought down, and merges them with the next level's files that overlap their
 * combined span. Each merge reads what the levels above brought down and the
 * next level's inputs, and drops the tombstones of keys that nothing below
 * holds. A step that overlaps nothing below merges nothing: RocksDB moves its
 * files down whole (L0 files too, unless they overlap each other), and they
 * keep their tombstones, as do bottom-level inputs that nothing from above
 * reached. Only a forced bottommost compaction (kForce) rewrites those and
 * drops them: a range grown over its neighbours can hold a queue's tombstones
 * flushed to L0 beside an older bucket's bottom-level SSTs. Forcing it after
 * merges alone would rewrite their output once more for nothing, which doubled
 * what the service wrote (RocksJava 7.7.3 has no kForceOptimized, which skips
 * that); a forced compaction's cost counts that second read of every input.
 */
final class CompactionCost {
  private final Set<SstFile> inputs = new LinkedHashSet<>();
  /** The levels holding inputs, top first; a memtable to flush counts as level 0. */
  private final TreeSet<Integer> levels = new TreeSet<>();
  private final long memtableBytes;
  private long entries;
  private long bytes;
  private boolean busy;
  private boolean movedDownWhole;

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
   * @return whether tombstones among the inputs reach the lowest input level without a merge (see the class
   *     comment), so that only a forced bottommost compaction drops them
   */
  boolean needsBottommostForced() {
    return movedDownWhole;
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
    movedDownWhole = movesTombstonesDownWhole(span);
    // Inputs of one level are read once, by the forced compaction; after merges, it reads their output again.
    int forcedPass = movedDownWhole && levels.size() > 1 ? 1 : 0;
    bytes = reads(memtableBytes, 0) + forcedPass * memtableBytes;
    for (SstFile f : inputs) {
      bytes += reads(f.getSizeBytes(), f.getLevel()) + forcedPass * f.getSizeBytes();
      entries += reads(f.getEntries(), f.getLevel()) + forcedPass * f.getEntries();
    }
  }

  /**
   * Follows {@code CompactRange} down the input levels (the class comment).
   *
   * @param memtableSpan what a flushed memtable is taken to span: all the inputs
   * @return whether tombstones reach the lowest input level without a merge
   */
  private boolean movesTombstonesDownWhole(KeySpan memtableSpan) {
    KeySpan above = null;
    boolean unmerged = false;
    for (int level : levels) {
      List<SstFile> here = filesAt(inputs, level);
      if (above == null) {
        boolean memtable = level == 0 && memtableBytes > 0;
        boolean merged = level == 0 && (memtable && !here.isEmpty() || overlapEachOther(here));
        unmerged = !merged && (memtable || holdTombstones(here));
        above = memtable ? memtableSpan : span(here);
        continue;
      }
      // This level's files that what came down overlaps merge with it; the others wait for the next step.
      List<SstFile> untouched = new ArrayList<>();
      for (SstFile f : here) {
        if (!above.overlaps(f)) {
          untouched.add(f);
        }
      }
      unmerged = (unmerged && untouched.size() == here.size()) || holdTombstones(untouched);
      above = above.union(span(here));
    }
    return unmerged;
  }

  private static boolean overlapEachOther(List<SstFile> files) {
    for (int i = 0; i < files.size(); i++) {
      for (int j = i + 1; j < files.size(); j++) {
        if (KeySpan.of(files.get(i)).overlaps(files.get(j))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean holdTombstones(List<SstFile> files) {
    for (SstFile f : files) {
      if (f.getDeletions() > 0 || f.getRangeDeletions() > 0) {
        return true;
      }
    }
    return false;
  }

  /** @return the smallest span holding every key of the files, which must not be empty */
  private static KeySpan span(Collection<SstFile> files) {
    KeySpan span = null;
    for (SstFile f : files) {
      span = span == null ? KeySpan.of(f) : span.union(f);
    }
    return span;
  }

  /**
   * @return how much of an input at {@code level} the compaction reads: once per merge it takes part in. The top
   *     level's inputs join the first merge, the n-th level's the (n-1)-th, and each merge's output joins the next.
   *     Inputs of a single level are read once.
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
