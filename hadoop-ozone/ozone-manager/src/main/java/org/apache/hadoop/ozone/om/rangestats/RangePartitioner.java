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
import java.util.Arrays;
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
 * SSTs) and asks it which files overlap each range, in O(levels x log n + k) for the k that do, while a cut at SST
 * boundaries sweeps its pieces: a recomputation costs O(n log n) in the table's SSTs where a scan of every SST per
 * range and piece made it quadratic.
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
     * then merges consecutive pieces while they stay within the limit. The pieces
     * are swept in key order, each SST joining at its first key and leaving past
     * its last, so that no piece asks which SSTs it overlaps.
     */
    List<KeyRange> splitAtSstBoundaries(byte[] start, byte[] end) {
      int[] inside = overlapping.overlapping(start, end);
      TreeSet<byte[]> cuts = new TreeSet<>(KeyBytes::compare);
      for (int i : inside) {
        SstFile f = files.get(i);
        addIfInside(f.smallest(), start, end, cuts);
        addIfInside(KeyBytes.after(f.largest()), start, end, cuts);
      }
      Sweep sweep = new Sweep(inside);
      List<KeyRange> ranges = new ArrayList<>();
      byte[] pieceStart = start;
      byte[] mergedStart = start;
      long mergedEntries = 0;
      for (byte[] cut : cuts) {
        long pieceEntries = Math.round(sum(sweep.overlapping(pieceStart, cut), pieceStart, cut).entries);
        if (mergedEntries > 0 && mergedEntries + pieceEntries > maxRangeEntries) {
          addEstimate(mergedStart, pieceStart, ranges);
          mergedStart = pieceStart;
          mergedEntries = 0;
        }
        mergedEntries += pieceEntries;
        pieceStart = cut;
      }
      long lastEntries = Math.round(sum(sweep.overlapping(pieceStart, end), pieceStart, end).entries);
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
      List<Integer> positions = new ArrayList<>();
      for (int i : overlapping.overlapping(start, end)) {
        positions.add(i);
      }
      Sums sums = sum(positions, start, end);
      SstCounts counts = new SstCounts(Math.round(sums.entries), Math.round(sums.tombstones),
          Math.round(sums.rangeDeletions));
      return new KeyRange(table, start, end, sums.ssts, counts, Math.round(sums.bytes));
    }

    /**
     * Adds the share of each overlapping SST's counts, in the files' order: the same sums, to the last bit, as a scan
     * of every file.
     *
     * @param positions the files overlapping {@code [start, end)}, ascending
     */
    private Sums sum(Iterable<Integer> positions, byte[] start, byte[] end) {
      Sums sums = new Sums();
      for (int i : positions) {
        SstFile f = files.get(i);
        double share = spread.share(f, start, end);
        if (share > 0) {
          sums.ssts++;
          sums.entries += share * f.getEntries();
          sums.tombstones += share * f.getDeletions();
          sums.rangeDeletions += share * f.getRangeDeletions();
          sums.bytes += share * f.getSizeBytes();
        }
      }
      return sums;
    }

    /**
     * The files of one span overlapping consecutive pieces of it, cut where they start and past where they end: a
     * file overlaps a piece from the piece its first key starts to the piece its last key ends in.
     */
    private final class Sweep {
      private final Integer[] bySmallest;
      private final Integer[] byLargest;
      /** The files overlapping the current piece, ascending. */
      private final TreeSet<Integer> active = new TreeSet<>();
      private int joined;
      private int left;

      /** @param positions the files overlapping the span */
      Sweep(int[] positions) {
        bySmallest = new Integer[positions.length];
        for (int i = 0; i < positions.length; i++) {
          bySmallest[i] = positions[i];
        }
        byLargest = bySmallest.clone();
        Arrays.sort(bySmallest, (a, b) -> KeyBytes.compare(files.get(a).smallest(), files.get(b).smallest()));
        Arrays.sort(byLargest, (a, b) -> KeyBytes.compare(files.get(a).largest(), files.get(b).largest()));
      }

      /**
       * @param pieceStart the piece's first key, at or after the previous piece's end
       * @return the files overlapping {@code [pieceStart, pieceEnd)}, ascending
       */
      Iterable<Integer> overlapping(byte[] pieceStart, byte[] pieceEnd) {
        while (joined < bySmallest.length && (pieceEnd == null
            || KeyBytes.compare(files.get(bySmallest[joined]).smallest(), pieceEnd) < 0)) {
          active.add(bySmallest[joined++]);
        }
        while (left < byLargest.length && KeyBytes.compare(files.get(byLargest[left]).largest(), pieceStart) < 0) {
          active.remove(byLargest[left++]);
        }
        return active;
      }
    }
  }

  /** The estimated counts of a span before rounding: what a piece's size needs, without a range's copies. */
  private static final class Sums {
    private int ssts;
    private double entries;
    private double tombstones;
    private double rangeDeletions;
    private double bytes;
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
