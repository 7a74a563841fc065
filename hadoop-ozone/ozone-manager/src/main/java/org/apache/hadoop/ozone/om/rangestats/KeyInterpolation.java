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

/**
 * Estimates the share of the keys between two bounds that fall into a key
 * range, assuming the keys are spread evenly between the bounds.
 *
 * <p>Keys are mapped to numbers by the {@value #POSITION_BYTES} bytes that
 * follow the common prefix of the smallest and the largest key: all keys between
 * the bounds share that prefix, so these bytes are where they differ. Each byte is
 * a digit whose radix is the span of values the two bounds have at that
 * position: for bounds {@code k000} and {@code k999} the digits are decimal, so
 * {@code k500} lands in the middle, where plain base-256 arithmetic would put
 * it at 55%. A byte outside the bounds' span saturates the rest of the number,
 * which keeps the mapping monotonic, so shares of adjacent ranges never
 * overlap and add up to one. Six bytes of at most 256 values stay exact in a
 * double.
 */
final class KeyInterpolation {
  static final int POSITION_BYTES = 6;

  private KeyInterpolation() {
  }

  /**
   * @param smallest the smallest key (inclusive)
   * @param largest the largest key (inclusive)
   * @param start first key of the range (inclusive)
   * @param end end of the range (exclusive), or null for unbounded
   * @return the estimated share of the keys in {@code [start, end)}, in [0, 1]
   */
  static double overlap(byte[] smallest, byte[] largest, byte[] start, byte[] end) {
    if ((end != null && KeyBytes.compare(end, smallest) <= 0) || KeyBytes.compare(start, largest) > 0) {
      return 0;
    }
    boolean fromSmallest = KeyBytes.compare(start, smallest) <= 0;
    boolean toLargest = end == null || KeyBytes.compare(end, largest) > 0;
    if (fromSmallest && toLargest) {
      return 1;
    }
    Radix radix = new Radix(smallest, largest);
    double low = radix.position(smallest);
    double span = radix.position(largest) - low;
    if (span <= 0) {
      // The keys differ only beyond the bytes we look at: no basis to split.
      return 1;
    }
    double from = fromSmallest ? low : radix.position(start);
    double to = toLargest ? low + span : radix.position(end);
    return Math.max(0, Math.min(1, (to - from) / span));
  }

  /** Mixed-radix digits of the bytes after the common prefix of two bounds. */
  private static final class Radix {
    private final int offset;
    private final int[] low = new int[POSITION_BYTES];
    private final int[] base = new int[POSITION_BYTES];

    Radix(byte[] smallest, byte[] largest) {
      offset = KeyBytes.commonPrefixLength(smallest, largest);
      for (int i = 0; i < POSITION_BYTES; i++) {
        int a = digit(smallest, i);
        int b = digit(largest, i);
        low[i] = Math.min(a, b);
        base[i] = Math.abs(a - b) + 1;
      }
    }

    double position(byte[] key) {
      double value = 0;
      int saturated = -1;
      for (int i = 0; i < POSITION_BYTES; i++) {
        int d;
        if (saturated >= 0) {
          d = saturated == 0 ? 0 : base[i] - 1;
        } else {
          d = digit(key, i) - low[i];
          if (d < 0) {
            d = 0;
            saturated = 0;
          } else if (d >= base[i]) {
            d = base[i] - 1;
            saturated = 1;
          }
        }
        value = value * base[i] + d;
      }
      return value;
    }

    /** The byte at {@code i} after the common prefix; missing bytes count as zero. */
    private int digit(byte[] key, int i) {
      int index = offset + i;
      return index < key.length ? key[index] & 0xff : 0;
    }
  }
}
