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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where an SST's entries are assumed to lie, for sharing its counts among the
 * ranges it overlaps.
 *
 * <p>OM's keys cluster in buckets, and bucket names say nothing about how many
 * keys lie between them: an SST from {@code /vol/churn/...} to
 * {@code /vol/steady/...} holds keys of those two buckets (and of any bucket
 * between them that shows in some SST's bounds), not keys spread over all the
 * names from "churn" to "steady". So an SST that spans several known buckets
 * is split equally among them, and only within each bucket are its keys
 * assumed to be spread evenly by key position ({@link KeyInterpolation}).
 * An SST within one bucket, or outside the known buckets, is spread by key
 * position between its bounds.
 */
final class SstSpread {
  private final TreeSet<byte[]> buckets = new TreeSet<>(KeyBytes::compare);
  /** The segments of the SSTs that span several buckets; an SST missing here is spread between its own bounds. */
  private final Map<SstFile, Segments> segments = new IdentityHashMap<>();

  /**
   * Reads every SST's segments now, so that shares can be asked from several threads.
   *
   * @param files the table's SSTs, whose bounds tell which buckets exist
   */
  SstSpread(KeyLayout layout, Collection<SstFile> files) {
    for (SstFile f : files) {
      addIfPresent(layout.prefix(f.smallest(), 1));
      addIfPresent(layout.prefix(f.largest(), 1));
    }
    for (SstFile f : files) {
      Segments parts = segmentsOf(f);
      if (parts != null) {
        segments.put(f, parts);
      }
    }
  }

  /** @return the estimated share of the SST's entries in {@code [start, end)}, in [0, 1] */
  double share(SstFile file, byte[] start, byte[] end) {
    Segments parts = segments.get(file);
    if (parts == null) {
      return KeyInterpolation.overlap(file.smallest(), file.largest(), start, end);
    }
    // The segments are disjoint and in key order: only those from the first that reaches start to the last that
    // begins before end can share; the others would add zeros (as an SST spanning 100 buckets does for most pieces).
    double share = 0;
    for (int i = KeyBytes.countBelow(parts.highs, start); i < parts.highs.length; i++) {
      if (end != null && KeyBytes.compare(parts.lows[i], end) >= 0) {
        break;
      }
      share += KeyInterpolation.overlap(parts.lows[i], parts.highs[i], start, end);
    }
    return share / parts.highs.length;
  }

  /** The SST's key bounds within each known bucket it touches, or null if it touches fewer than two. */
  private Segments segmentsOf(SstFile file) {
    List<byte[]> lows = new ArrayList<>();
    List<byte[]> highs = new ArrayList<>();
    byte[] from = buckets.floor(file.smallest());
    for (byte[] bucket : from == null ? buckets : buckets.tailSet(from, true)) {
      if (KeyBytes.compare(bucket, file.largest()) > 0) {
        break;
      }
      byte[] bucketEnd = KeyBytes.prefixEnd(bucket);
      if (bucketEnd != null && KeyBytes.compare(bucketEnd, file.smallest()) <= 0) {
        continue;
      }
      byte[] low = KeyBytes.compare(file.smallest(), bucket) > 0 ? file.smallest() : bucket;
      byte[] high = bucketEnd == null || KeyBytes.compare(file.largest(), bucketEnd) < 0 ? file.largest() : bucketEnd;
      lows.add(low);
      highs.add(high);
    }
    return highs.size() < 2 ? null : new Segments(lows.toArray(new byte[0][]), highs.toArray(new byte[0][]));
  }

  /** One SST's disjoint segments in key order: segment i spans {@code lows[i]..highs[i]}, both inclusive. */
  private static final class Segments {
    private final byte[][] lows;
    private final byte[][] highs;

    Segments(byte[][] lows, byte[][] highs) {
      this.lows = lows;
      this.highs = highs;
    }
  }

  private void addIfPresent(byte[] bucket) {
    if (bucket != null) {
      buckets.add(bucket);
    }
  }
}
