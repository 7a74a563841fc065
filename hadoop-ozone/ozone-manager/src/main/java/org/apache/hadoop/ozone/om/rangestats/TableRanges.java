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

import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * One table's range statistics as of one version of its indexed SSTs: the files, their ranges, and the totals a
 * metrics scrape reads. Computed once per version in the index's thread, then only read, so that a scrape or a look
 * of the compaction service never computes anything and always sees files and ranges of the same version.
 *
 * <p>A table with more SSTs than {@code max.ssts} is degraded: it keeps its files and totals, but has no ranges
 * and answers no estimates, so that its cost to OM stays linear in its SSTs.
 */
public final class TableRanges {
  static final TableRanges EMPTY = new TableRanges(null, 0, 0, Collections.<SstFile>emptyList(), null,
      Collections.<KeyRange>emptyList(), 0, false);

  /** The table's name; null for {@link #EMPTY}. */
  private final String table;
  private final long version;
  private final long flushes;
  private final Collection<SstFile> files;
  private final RangePartitioner.Model model;
  private final List<KeyRange> ranges;
  private final long entries;
  private final long tombstones;
  private final double topScore;
  private final long computeNanos;
  private final boolean degraded;

  /**
   * Computes the ranges of one version of a table's files, timed.
   *
   * @param maxSsts the most files whose ranges are computed; a table with more is degraded
   */
  public static TableRanges compute(String table, long version, long flushes, Collection<SstFile> files,
      RangePartitioner partitioner, long maxSsts) {
    long start = System.nanoTime();
    boolean degraded = files.size() > maxSsts;
    RangePartitioner.Model model = degraded || files.isEmpty() ? null
        : partitioner.model(table, OmTableLayouts.layoutOf(table), files);
    List<KeyRange> ranges = model == null ? Collections.<KeyRange>emptyList() : model.partition();
    return new TableRanges(table, version, flushes, files, model, ranges, System.nanoTime() - start, degraded);
  }

  @SuppressWarnings("checkstyle:ParameterNumber")
  private TableRanges(String table, long version, long flushes, Collection<SstFile> files,
      RangePartitioner.Model model, List<KeyRange> ranges, long computeNanos, boolean degraded) {
    this.table = table;
    this.version = version;
    this.flushes = flushes;
    this.files = files;
    this.model = model;
    this.ranges = Collections.unmodifiableList(ranges);
    this.computeNanos = computeNanos;
    this.degraded = degraded;
    long e = 0;
    long t = 0;
    for (SstFile f : files) {
      e += f.getEntries();
      t += f.getDeletions();
    }
    double top = 0;
    for (KeyRange r : ranges) {
      top = Math.max(top, r.getScore());
    }
    this.entries = e;
    this.tombstones = t;
    this.topScore = top;
  }

  /**
   * @param newFiles files with the same ranges ({@link SstFile#sameRanges})
   * @return the same ranges, for a newer version of the files that moved none of them
   */
  TableRanges withVersion(long newVersion, long newFlushes, Collection<SstFile> newFiles) {
    return new TableRanges(table, newVersion, newFlushes, newFiles, model, ranges, computeNanos, degraded);
  }

  /** @return the version of the table's indexed SSTs these statistics are of; 0 before the first indexing */
  public long getVersion() {
    return version;
  }

  /** @return how many flushes of the table the files include, since start */
  public long getFlushes() {
    return flushes;
  }

  /** @return the table's live SSTs, in level then key order */
  public Collection<SstFile> getFiles() {
    return files;
  }

  /** @return the table's ranges in key order; none while degraded */
  public List<KeyRange> getRanges() {
    return ranges;
  }

  /**
   * @param start first key (inclusive)
   * @param end end (exclusive), or null for unbounded
   * @return the estimated content of {@code [start, end)}, as the ranges are estimated (empty for a table without
   *     SSTs, such as a queue a compaction drained); null before the first indexing and while degraded
   */
  public KeyRange estimate(byte[] start, byte[] end) {
    if (model != null) {
      return model.estimate(start, end);
    }
    return version == 0 || degraded ? null : new KeyRange(table, start, end, 0, new SstCounts(0, 0, 0), 0);
  }

  /** @return point entries (puts and tombstones) in the table's live SSTs */
  public long getEntries() {
    return entries;
  }

  /** @return point tombstones in the table's live SSTs */
  public long getTombstones() {
    return tombstones;
  }

  /** @return the score of the table's densest range ({@link KeyRange#getScore}), 0 if none */
  public double getTopScore() {
    return topScore;
  }

  /** @return how long the ranges of this version took to compute, in nanoseconds */
  public long getComputeNanos() {
    return computeNanos;
  }

  /** @return whether the table has more SSTs than {@code max.ssts}, so that only its totals are kept */
  public boolean isDegraded() {
    return degraded;
  }
}
