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

/**
 * Byte-string helpers: RocksDB's default bytewise order, the keys next to a key
 * or a prefix in that order, and keys as printed.
 */
public final class KeyBytes {
  static final byte[] EMPTY = new byte[0];

  private KeyBytes() {
  }

  /** Unsigned lexicographic order, the order of RocksDB's default comparator. */
  public static int compare(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      int d = (a[i] & 0xff) - (b[i] & 0xff);
      if (d != 0) {
        return d;
      }
    }
    return a.length - b.length;
  }

  /** Compares range ends, where null stands for "unbounded" and sorts last. */
  static int compareEnds(byte[] a, byte[] b) {
    if (a == null || b == null) {
      return a == b ? 0 : (a == null ? 1 : -1);
    }
    return compare(a, b);
  }

  /** The smallest key greater than {@code key}: {@code key + 0x00}. */
  public static byte[] after(byte[] key) {
    return Arrays.copyOf(key, key.length + 1);
  }

  /**
   * The smallest key greater than every key starting with {@code prefix}, or
   * null (unbounded) if there is none, i.e. the prefix is all 0xff.
   */
  static byte[] prefixEnd(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xff) {
        byte[] end = Arrays.copyOf(prefix, i + 1);
        end[i]++;
        return end;
      }
    }
    return null;
  }

  static int commonPrefixLength(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    int i = 0;
    while (i < n && a[i] == b[i]) {
      i++;
    }
    return i;
  }

  /** Printable ASCII as is, backslash and other bytes as {@code \xNN}; null (unbounded) as the empty string. */
  public static String printable(byte[] key) {
    if (key == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder(key.length);
    for (byte b : key) {
      int c = b & 0xff;
      if (c >= 0x20 && c < 0x7f && c != '\\') {
        sb.append((char) c);
      } else {
        sb.append(String.format("\\x%02x", c));
      }
    }
    return sb.toString();
  }

  /** @return how many of the keys, in bytewise order, are below {@code key}: where a binary search puts it */
  static int countBelow(byte[][] sorted, byte[] key) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (compare(sorted[mid], key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
