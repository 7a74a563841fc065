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

import java.util.HashMap;
import java.util.Map;

/**
 * Sees OM's readers scan each table: the iterators opened on its column family ({@code
 * RocksDatabase.ColumnFamily#getIteratorCount}), compared at each look of the service. Listings, the key and
 * directory deleting services and the open-key cleanup all read through such iterators; the service's own head
 * probes do not count. Only the service's thread uses it.
 */
final class TableReadWatch {
  private final Map<String, Long> iteratorsAtLastLook = new HashMap<>();
  private final Map<String, TableReads> reads = new HashMap<>();

  /**
   * Records what look {@code look} sees of a table: a scan if iterators were opened since the previous look (or
   * since the DB opened, at the first look).
   */
  void observe(String table, long iterators, long look) {
    Long before = iteratorsAtLastLook.put(table, iterators);
    if (iterators > (before == null ? 0 : before)) {
      reads.put(table, get(table).scannedAt(look));
    }
  }

  /**
   * Forgets the scans seen when OM changes role: a leader's scanning services stop when it follows, and a follower's
   * readers (follower reads) go to the leader, so the readers of one role tell nothing of the other's. The iterator
   * counts stay, so that the next look sees only the scans since.
   */
  void roleChanged() {
    reads.clear();
  }

  /** Records that the service flushed or compacted the table. */
  void cleaned(String table) {
    reads.put(table, get(table).cleaned());
  }

  TableReads get(String table) {
    return reads.getOrDefault(table, TableReads.NONE);
  }
}
