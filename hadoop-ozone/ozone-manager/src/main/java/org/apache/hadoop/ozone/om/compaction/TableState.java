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
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.hadoop.ozone.om.rangestats.SstFile;

/** What the policy knows of one table when it decides. Immutable; the lists are not copied. */
final class TableState {
  private final String name;
  private final List<KeyRange> ranges;
  private final Collection<SstFile> files;
  private final MemtableState memtable;
  private final WritePressure pressure;
  private final List<KeySpan> compactedSinceFlush;
  private final BitSet tombstonesAtHead;

  /**
   * @param ranges the table's ranges in key order
   * @param files the table's live SSTs
   * @param compactedSinceFlush spans the service compacted since the table's latest flush
   * @param tombstonesAtHead the indexes of the ranges where a seek to the first key crosses at least {@code
   *     min.tombstones} hidden entries ({@code HeadProbe})
   */
  TableState(String name, List<KeyRange> ranges, Collection<SstFile> files, MemtableState memtable,
      WritePressure pressure, List<KeySpan> compactedSinceFlush, BitSet tombstonesAtHead) {
    this.name = name;
    this.ranges = ranges;
    this.files = files;
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
