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

import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.hadoop.ozone.om.rangestats.SstFile;

/** What the policy knows of one table when it decides. Immutable; the lists are not copied. */
final class TableState {
  private final String name;
  private final List<KeyRange> ranges;
  private final Collection<SstFile> files;
  private final Function<KeySpan, KeyRange> estimate;
  private final MemtableState memtable;
  private final WritePressure pressure;
  private final List<KeySpan> compactedSinceFlush;
  private final BitSet tombstonesAtHead;

  /**
   * @param ranges the table's ranges in key order
   * @param files the table's live SSTs
   * @param estimate the estimated content of a span of the table, as its ranges are estimated
   *     ({@code TableRanges#estimate})
   * @param compactedSinceFlush spans the service compacted since the table's latest flush
   * @param tombstonesAtHead the indexes of the ranges where a seek to the first key crosses at least {@code
   *     min.tombstones} hidden entries ({@code HeadProbe})
   */
  @SuppressWarnings("checkstyle:ParameterNumber")
  TableState(String name, List<KeyRange> ranges, Collection<SstFile> files, Function<KeySpan, KeyRange> estimate,
      MemtableState memtable, WritePressure pressure, List<KeySpan> compactedSinceFlush, BitSet tombstonesAtHead) {
    this.name = name;
    this.ranges = ranges;
    this.files = files;
    this.estimate = estimate;
    this.memtable = memtable;
    this.pressure = pressure;
    this.compactedSinceFlush = compactedSinceFlush;
    this.tombstonesAtHead = tombstonesAtHead;
  }

  String getName() {
    return name;
  }

  List<KeyRange> getRanges() {
    return ranges;
  }

  Collection<SstFile> getFiles() {
    return files;
  }

  /** @return the estimated content of {@code span}: the one estimate of the range statistics, for merged ranges too */
  KeyRange estimate(KeySpan span) {
    return estimate.apply(span);
  }

  MemtableState getMemtable() {
    return memtable;
  }

  WritePressure getPressure() {
    return pressure;
  }

  /** @return whether a seek to the first key of range {@code index} crosses at least {@code min.tombstones} */
  boolean hasTombstonesAtHead(int index) {
    return tombstonesAtHead.get(index);
  }

  /** @return whether the service compacted an overlapping span since the table's latest flush */
  boolean compactedSinceFlush(KeySpan span) {
    return span.overlapsAny(compactedSinceFlush);
  }
}
