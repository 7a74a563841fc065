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

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.rocksdb.MutableColumnFamilyOptions;

/**
 * Reads a {@link CompactionEnv}: the range statistics (kept current by RocksDB's
 * flush and compaction events), a few RocksDB properties per table, and the
 * window of OM's client requests. It only reads; the policy decides.
 */
final class CompactionEnvReader {
  private final RocksDatabase db;
  private final OmRangeStats stats;
  private final ForegroundLatency foreground;
  /** Write-stall triggers by table, read once: OM sets its column families' options when it opens the DB. */
  private final Map<String, long[]> triggers = new HashMap<>();

  CompactionEnvReader(RocksDatabase db, OmRangeStats stats, ForegroundLatency foreground) {
    this.db = db;
    this.stats = stats;
    this.foreground = foreground;
  }

  /**
   * @param tables the tables the service may compact now
   * @param budgetBytes bytes the next compaction may read
   */
  CompactionEnv read(List<String> tables, CompactedSpans compacted, long budgetBytes) throws IOException {
    List<TableState> states = new ArrayList<>();
    for (String table : tables) {
      RocksDatabase.ColumnFamily family = db.getColumnFamily(table);
      states.add(new TableState(table, stats.getRanges(table), stats.getFiles(table), memtable(family),
          pressure(family), compacted.since(table, stats.getFlushes(table))));
    }
    return new CompactionEnv(states, property(null, "rocksdb.is-write-stopped") > 0,
        property(null, "rocksdb.actual-delayed-write-rate") > 0, foreground.read(), budgetBytes);
  }

  MemtableState memtable(RocksDatabase.ColumnFamily family) throws IOException {
    return new MemtableState(property(family, "rocksdb.cur-size-all-mem-tables"),
        property(family, "rocksdb.num-deletes-active-mem-table"),
        property(family, "rocksdb.num-entries-active-mem-table"));
  }

  private WritePressure pressure(RocksDatabase.ColumnFamily family) throws IOException {
    long[] t = triggers.get(family.getName());
    if (t == null) {
      MutableColumnFamilyOptions.MutableColumnFamilyOptionsBuilder options = db.getMutableOptions(family);
      t = new long[] {options.level0SlowdownWritesTrigger(), options.softPendingCompactionBytesLimit()};
      triggers.put(family.getName(), t);
    }
    return new WritePressure(property(family, "rocksdb.num-files-at-level0"), (int) t[0],
        property(family, "rocksdb.estimate-pending-compaction-bytes"), t[1]);
  }

  /** @param family null for a DB-wide property */
  private long property(RocksDatabase.ColumnFamily family, String name) throws IOException {
    String value = family == null ? db.getProperty(name) : db.getProperty(family, name);
    return value == null || value.isEmpty() ? 0 : Long.parseLong(value.trim());
  }
}
