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

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The range model: cuts a table's key space into ranges and estimates what
 * each holds from the table's live SSTs. Pure code over {@link SstFile}s.
 *
 * <ol>
 *   <li>One range per prefix of the table's {@link KeyLayout} at depth 1 (a
 *   bucket), as seen in the SSTs' smallest and largest keys. Key space between
 *   two known buckets that SSTs cover (buckets no SST starts or ends in) becomes
 *   a range of its own, so every estimated entry belongs to exactly one range.</li>
 *   <li>A range with more than {@code maxRangeEntries} entries is cut by the
 *   next prefix depth (the parent directory of FSO tables), and below the
 *   layout's prefixes at SST boundaries: consecutive pieces between the SSTs'
 *   first and past-last keys are merged while they stay within the limit.</li>
 *   <li>An SST that only partly overlaps a range adds the share of its counts
 *   that {@link SstSpread} estimates, not all of them.</li>
 * </ol>
 * Ranges with less than one estimated entry are left out.
 *
 * <p>A run reads the files once into a {@link Model} ({@link SstOverlaps} and {@link SstSpread}, O(n log n) for n
 * SSTs) and asks it which files overlap each range and piece, in O(log n + k) for the k that do: a recomputation
 * costs O(n log n) in the table's SSTs where a scan of every SST per range made it quadratic.
 */
public final class RangePartitioner {
  private final long maxRangeEntries;
  private final Function<List<SstFile>, Overlaps> overlaps;

  public RangePartitioner(long maxRangeEntries) {
    this(maxRangeEntries, SstOverlaps::new);
  }

  /** @param overlaps how a model finds the files overlapping a span (tests compare against a scan of every file) */
  RangePartitioner(long maxRangeEntries, Function<List<SstFile>, Overlaps> overlaps) {
    if (maxRangeEntries < 1) {
      throw new IllegalArgumentException("maxRangeEntries must be positive: " + maxRangeEntries);
    }
    this.maxRangeEntries = maxRangeEntries;
    this.overlaps = overlaps;
  }

  /** @return the ranges of the table in key order */
  public List<KeyRange> partition(String table, KeyLayout layout, Collection<SstFile> files) {
    return model(table, layout, files).partition();
  }

  /** @return the model of one table's files, for its ranges and for estimates of any span */
  Model model(String table, KeyLayout layout, Collection<SstFile> files) {
    return new Model(table, layout, new ArrayList<>(files));
  }

  /** Which of a table's SSTs overlap a key span. */
  interface Overlaps {
    /**
     * @param start first key of the span (inclusive)
     * @param end end of the span (exclusive), or null for unbounded
     * @return the positions, in the model's list of files, of those whose bounds overlap the span, ascending
     */
    int[] overlapping(byte[] start, byte[] end);
  }

  /** One table's files as the range model reads them. Immutable once built: it may be read by several threads. */
  final class Model {
    private final String table;
    private final KeyLayout layout;
    private final List<SstFile> files;
    private final SstSpread spread;
    private final Overlaps overlapping;

    Model(String table, KeyLayout layout, List<SstFile> files) {
      this.table = table;
      this.layout = layout;
      this.files = files;
      this.spread = new SstSpread(layout, files);
      this.overlapping = overlaps.apply(files);
    }

    /** @return the ranges of the table in key order */
    List<KeyRange> partition() {
      List<KeyRange> ranges = new ArrayList<>();
      for (KeyRange bucket : splitByPrefix(KeyBytes.EMPTY, null, 1)) {
        addLimited(bucket, 2, ranges);
      }
      return ranges;
    }

    /** Adds the range, or its pieces if it holds more than the limit, cutting at {@code depth} and below. */
    void addLimited(KeyRange range, int depth, List<KeyRange> out) {
      if (range.getEntries() <= maxRangeEntries) {
        out.add(range);
        return;
      }
      List<KeyRange> pieces = depth <= layout.depth()
          ? splitByPrefix(range.getStart(), range.getEnd(), depth)
          : splitAtSstBoundaries(range.getStart(), range.getEnd());
      if (depth > layout.depth() && pieces.size() <= 1) {
        out.add(range);
        return;
      }
      for (KeyRange piece : pieces) {
        addLimited(piece, depth + 1, out);
      }
    }

    /** Cuts [start, end) into one range per prefix at depth seen in the SSTs' keys, and the gaps between them. */
    List<KeyRange> splitByPrefix(byte[] start, byte[] end, int depth) {
      TreeSet<byte[]> prefixes = new TreeSet<>(KeyBytes::compare);
      for (int i : overlapping.overlapping(start, end)) {
        SstFile f = files.get(i);
        addIfWithin(layout.prefix(f.smallest(), depth), start, end, prefixes);
        addIfWithin(layout.prefix(f.largest(), depth), start, end, prefixes);
      }
      List<KeyRange> ranges = new ArrayList<>();
      byte[] cursor = start;
      for (byte[] prefix : prefixes) {
        if (KeyBytes.compare(cursor, prefix) < 0) {
          addEstimate(cursor, prefix, ranges);
        }
        byte[] prefixEnd = KeyBytes.prefixEnd(prefix);
        cursor = KeyBytes.compareEnds(prefixEnd, end) < 0 ? prefixEnd : end;
        addEstimate(prefix, cursor, ranges);
        if (cursor == null) {
          return ranges;
        }
      }
      if (KeyBytes.compareEnds(cursor, end) < 0) {
        addEstimate(cursor, end, ranges);
      }
      return ranges;
    }

    /**
     * Cuts [start, end) at the first and past-last keys of the SSTs inside it,
     * then merges consecutive pieces while they stay within the limit.
     */
    List<KeyRange> splitAtSstBoundaries(byte[] start, byte[] end) {
      TreeSet<byte[]> cuts = new TreeSet<>(KeyBytes::compare);
      for (int i : overlapping.overlapping(start, end)) {
        SstFile f = files.get(i);
        addIfInside(f.smallest(), start, end, cuts);
        addIfInside(KeyBytes.after(f.largest()), start, end, cuts);
      }
      List<KeyRange> ranges = new ArrayList<>();
      byte[] pieceStart = start;
      byte[] mergedStart = start;
      long mergedEntries = 0;
      for (byte[] cut : cuts) {
        long pieceEntries = estimate(pieceStart, cut).getEntries();
        if (mergedEntries > 0 && mergedEntries + pieceEntries > maxRangeEntries) {
          addEstimate(mergedStart, pieceStart, ranges);
          mergedStart = pieceStart;
          mergedEntries = 0;
        }
        mergedEntries += pieceEntries;
        pieceStart = cut;
      }
      long lastEntries = estimate(pieceStart, end).getEntries();
      if (mergedEntries > 0 && mergedEntries + lastEntries > maxRangeEntries) {
        addEstimate(mergedStart, pieceStart, ranges);
        mergedStart = pieceStart;
      }
      addEstimate(mergedStart, end, ranges);
      return ranges;
    }

    private void addEstimate(byte[] start, byte[] end, List<KeyRange> out) {
      KeyRange range = estimate(start, end);
      if (range.getEntries() > 0 || range.getRangeDeletions() > 0) {
        out.add(range);
      }
    }

    /** @return the estimated content of {@code [start, end)}: the overlapping share of every SST's counts */
    KeyRange estimate(byte[] start, byte[] end) {
      int ssts = 0;
      double entries = 0;
      double tombstones = 0;
      double rangeDeletions = 0;
      double bytes = 0;
      // In the files' order, as a scan of every file adds them: the same sums to the last bit.
      for (int i : overlapping.overlapping(start, end)) {
        SstFile f = files.get(i);
        double share = spread.share(f, start, end);
        if (share > 0) {
          ssts++;
          entries += share * f.getEntries();
          tombstones += share * f.getDeletions();
          rangeDeletions += share * f.getRangeDeletions();
          bytes += share * f.getSizeBytes();
        }
      }
      SstCounts counts = new SstCounts(Math.round(entries), Math.round(tombstones), Math.round(rangeDeletions));
      return new KeyRange(table, start, end, ssts, counts, Math.round(bytes));
    }
  }

  private static void addIfWithin(byte[] key, byte[] start, byte[] end, TreeSet<byte[]> out) {
    if (key != null && KeyBytes.compare(key, start) >= 0 && (end == null || KeyBytes.compare(key, end) < 0)) {
      out.add(key);
    }
  }

  private static void addIfInside(byte[] key, byte[] start, byte[] end, TreeSet<byte[]> out) {
    if (KeyBytes.compare(key, start) > 0 && (end == null || KeyBytes.compare(key, end) < 0)) {
      out.add(key);
    }
  }
}
