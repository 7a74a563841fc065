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

import java.util.List;

/**
 * A span of keys {@code [start, end)} of one table in RocksDB's bytewise order;
 * {@code end} null means unbounded. Immutable. The one home of overlap, widening
 * and printing of key spans, for SSTs and key ranges alike.
 */
public final class KeySpan {
  private final byte[] start;
  private final byte[] end;

  private KeySpan(byte[] start, byte[] end) {
    this.start = start;
    this.end = end;
  }

  /** @param end exclusive, or null for unbounded */
  public static KeySpan of(byte[] start, byte[] end) {
    return new KeySpan(start.clone(), end == null ? null : end.clone());
  }

  /** Without a copy: for keys the caller never changes. */
  static KeySpan wrap(byte[] start, byte[] end) {
    return new KeySpan(start, end);
  }

  /** @return the span an SST's keys cover: from its smallest key to just past its largest */
  public static KeySpan of(SstFile file) {
    return new KeySpan(file.smallest(), KeyBytes.after(file.largest()));
  }

  public byte[] getStart() {
    return start.clone();
  }

  /** @return the end (exclusive), or null if unbounded */
  public byte[] getEnd() {
    return end == null ? null : end.clone();
  }

  /** Without a copy, for the range model's inner loops. */
  byte[] start() {
    return start;
  }

  byte[] end() {
    return end;
  }

  public boolean overlaps(KeySpan other) {
    return (end == null || KeyBytes.compare(other.start, end) < 0)
        && (other.end == null || KeyBytes.compare(start, other.end) < 0);
  }

  /** @return whether any of the spans overlaps this one */
  public boolean overlapsAny(List<KeySpan> spans) {
    for (KeySpan other : spans) {
      if (overlaps(other)) {
        return true;
      }
    }
    return false;
  }

  /** @return whether the SST holds keys in this span, by its bounds */
  public boolean overlaps(SstFile file) {
    return KeyBytes.compare(file.largest(), start) >= 0 && (end == null || KeyBytes.compare(file.smallest(), end) < 0);
  }

  /** @return the smallest span holding both */
  public KeySpan union(KeySpan other) {
    return new KeySpan(KeyBytes.compare(other.start, start) < 0 ? other.start : start,
        KeyBytes.compareEnds(other.end, end) > 0 ? other.end : end);
  }

  /** @return the smallest span holding this one and every key of the SST */
  public KeySpan union(SstFile file) {
    return union(of(file));
  }

  /** {@code [start, end)} with printable keys ({@link KeyBytes#printable}), END for unbounded. */
  @Override
  public String toString() {
    return "[" + KeyBytes.printable(start) + ", " + (end == null ? "END" : KeyBytes.printable(end)) + ")";
  }
}
