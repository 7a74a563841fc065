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

/**
 * A table's memtables as RocksDB reports them: the deletes there are invisible
 * to SST statistics until a flush. Immutable.
 */
final class MemtableState {
  private final long bytes;
  private final long deletes;
  private final long entries;
  private final boolean deletesAtHead;

  /**
   * @param bytes size of all the table's memtables ({@code rocksdb.cur-size-all-mem-tables}), 0 if they hold no
   *     entries
   * @param deletes deletes in the active memtable ({@code rocksdb.num-deletes-active-mem-table})
   * @param entries entries, deletes included, in the active memtable ({@code rocksdb.num-entries-active-mem-table})
   * @param deletesAtHead whether a seek to the table's or one of its ranges' first key crosses at least {@code
   *     min.tombstones} hidden entries ({@code HeadProbe}), probed while the memtable holds as many deletes
   */
  MemtableState(long bytes, long deletes, long entries, boolean deletesAtHead) {
    this.bytes = bytes;
    this.deletes = deletes;
    this.entries = entries;
    this.deletesAtHead = deletesAtHead;
  }

  /**
   * @param allBytes {@code rocksdb.cur-size-all-mem-tables}
   * @param entries the entries of all the table's memtables, active and immutable
   * @return the bytes a flush of the memtables writes: none if they hold no entries. An empty memtable still holds
   *     its arena's first block; counted as bytes to flush, it made every compaction's cost span all of L0 ({@link
   *     CompactionCost}), which on a table of 10,000 SSTs widened a bucket's to the whole table.
   */
  static long bytesToFlush(long allBytes, long entries) {
    return entries == 0 ? 0 : allBytes;
  }

  long getBytes() {
    return bytes;
  }

  long getDeletes() {
    return deletes;
  }

  long getEntries() {
    return entries;
  }

  boolean hasDeletesAtHead() {
    return deletesAtHead;
  }

  @Override
  public String toString() {
    return "memtable{" + deletes + " of " + entries + " entries deletes" + (deletesAtHead ? " (at a head)" : "")
        + ", " + bytes + " bytes}";
  }
}
