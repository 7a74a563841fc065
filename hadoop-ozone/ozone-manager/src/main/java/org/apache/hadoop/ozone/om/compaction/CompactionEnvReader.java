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
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.rangestats.TableRanges;
import org.apache.hadoop.util.Time;
import org.rocksdb.MutableColumnFamilyOptions;

/**
 * Reads what the service decides on: at a look's start, a {@link CompactionLook} (OM's activity over the latest
 * looks, which tables OM's readers scanned, the due tables' memtables); before each pick, a {@link CompactionEnv}
 * (the range statistics, kept current by RocksDB's flush and compaction events, a few RocksDB properties per table,
 * bounded probes of where the tombstones are ({@link HeadProbes}), the window of OM's client requests). It asks the
 * look's policy which tables are due; the policy decides what to do.
 */
final class CompactionEnvReader {
  private final RocksDatabase db;
  private final OmRangeStats stats;
  private final ForegroundLatency foreground;
  private final ActivityWatch activity = new ActivityWatch();
  private final TableReadWatch reads = new TableReadWatch();
  private final CompactedSpans compactedSpans;
  private final HeadProbes probes;
  /** The settings of the current look. */
  private RangeCompactionConfig settings;
  /** The reads' clock ({@link TableReads}): one tick per look. */
  private long looks;
  /** Whether OM led at the previous look. */
  private boolean ledAtLastLook;
  /** Write-stall triggers by table, read once: OM sets its column families' options when it opens the DB. */
  private final Map<String, long[]> triggers = new HashMap<>();
  /** Per table the service flushed, the version of its SSTs in the range statistics right after its latest flush. */
  private final Map<String, Long> flushedAt = new HashMap<>();

  /** @param compactedSpans what the service compacted, which its compactor records there */
  CompactionEnvReader(RocksDatabase db, OmRangeStats stats, ForegroundLatency foreground, CompactedSpans compactedSpans,
      RangeCompactionMetrics metrics) {
    this.db = db;
    this.stats = stats;
    this.foreground = foreground;
    this.compactedSpans = compactedSpans;
    this.probes = new HeadProbes(db, compactedSpans, metrics);
  }

  /**
   * Starts a look, once per look: reads OM's activity, sees which tables OM's readers scanned since the previous
   * look, and reads the memtables of the tables due now, all with the settings of {@code policy}.
   */
  CompactionLook look(RangeCompactionPolicy policy, boolean leader) throws IOException {
    settings = policy.getSettings();
    OmActivity now = activity(leader, settings.getTables(), policy.getIdleWindowLooks());
    if (looks > 0 && leader != ledAtLastLook) {
      reads.roleChanged();
    }
    ledAtLastLook = leader;
    looks++;
    List<String> due = new ArrayList<>();
    for (String table : settings.getTables()) {
      reads.observe(table, db.getColumnFamily(table).getIteratorCount(), looks);
      if (policy.isDue(reads.get(table), looks, now)) {
        due.add(table);
      }
    }
    Map<String, MemtableState> memtables = memtables(due);
    return new CompactionLook(policy, now, due, memtables, version(policy, due, memtables));
  }

  /** @return the look's version ({@link CompactionLook#getVersion}) as RocksDB holds the tables now */
  List<Long> version(CompactionLook look) throws IOException {
    return version(look.getPolicy(), look.getDue(), memtables(look.getDue()));
  }

  /** Records that the service flushed or compacted the tables: their readers are served until they scan again. */
  void cleaned(Collection<String> tables) {
    tables.forEach(reads::cleaned);
  }

  /** Records that the service flushed the table, after the flush's SSTs reached the range statistics. */
  void flushed(String table) {
    flushedAt.put(table, stats.getVersion(table));
  }

  private List<Long> version(RangeCompactionPolicy policy, List<String> due, Map<String, MemtableState> memtables) {
    List<Long> version = new ArrayList<>();
    for (String table : policy.getSettings().getTables()) {
      boolean isDue = due.contains(table);
      version.add(stats.getVersion(table));
      version.add(isDue ? 1L : 0L);
      version.add(isDue && policy.qualifies(memtables.get(table)) ? 1L : 0L);
    }
    return version;
  }

  private Map<String, MemtableState> memtables(List<String> tables) throws IOException {
    Map<String, MemtableState> memtables = new HashMap<>();
    for (String table : tables) {
      memtables.put(table, memtable(db.getColumnFamily(table), stats.getRanges(table)));
    }
    return memtables;
  }

  /**
   * Reads OM's activity at the start of a look.
   *
   * @param tables the tables the service compacts, whose bytes pending compaction count
   * @param windowLooks the looks of the idle window ({@link RangeCompactionPolicy#getIdleWindowLooks})
   */
  private OmActivity activity(boolean leader, Collection<String> tables, int windowLooks) throws IOException {
    long pending = 0;
    for (String table : tables) {
      pending += property(db.getColumnFamily(table), "rocksdb.estimate-pending-compaction-bytes");
    }
    long running = property(null, "rocksdb.num-running-compactions") + property(null, "rocksdb.num-running-flushes");
    return activity.look(windowLooks, leader, foreground.totalRequests(), db.getLatestSequenceNumber(),
        Time.monotonicNow(), running, pending);
  }

  /**
   * @param tables the look's tables the service may compact now ({@link CompactionLook#tablesToCompact})
   * @param budgetBytes bytes the next compaction may read
   * @param flushed the tables the service flushed since the look began
   * @param acted whether the look flushed or compacted yet: until it does, the memtables it read at its start
   *     still hold (a probe is not repeated)
   */
  CompactionEnv read(CompactionLook look, List<String> tables, long budgetBytes, Set<String> flushed, boolean acted)
      throws IOException {
    Map<String, MemtableState> memtables = acted ? Collections.<String, MemtableState>emptyMap() : look.getMemtables();
    List<TableState> states = new ArrayList<>();
    Set<String> unchangedSinceFlush = new HashSet<>();
    for (String table : tables) {
      RocksDatabase.ColumnFamily family = db.getColumnFamily(table);
      // One published version of the table: its ranges, files and flushes agree with each other.
      TableRanges published = stats.get(table);
      List<KeyRange> ranges = published.getRanges();
      MemtableState memtable = memtables.get(table);
      List<KeySpan> compactedSinceFlush = compactedSpans.since(table, published.getFlushes());
      if (Long.valueOf(published.getVersion()).equals(flushedAt.get(table))) {
        unchangedSinceFlush.add(table);
      }
      states.add(new TableState(table, ranges, published.getFiles(),
          memtable != null ? memtable : memtable(family, ranges), pressure(family), compactedSinceFlush,
          probes.tombstonesAtHead(settings, family, published.getVersion(), ranges)));
    }
    return new CompactionEnv(states, property(null, "rocksdb.is-write-stopped") > 0,
        property(null, "rocksdb.actual-delayed-write-rate") > 0, foreground.read(), budgetBytes, look.getActivity(),
        flushed, unchangedSinceFlush);
  }

  /** @param ranges the table's ranges, some of whose first keys are probed when the memtable holds enough deletes */
  private MemtableState memtable(RocksDatabase.ColumnFamily family, List<KeyRange> ranges) throws IOException {
    long deletes = property(family, "rocksdb.num-deletes-active-mem-table");
    long entries = property(family, "rocksdb.num-entries-active-mem-table");
    // An empty memtable still holds its arena's first block. Counted as bytes to flush, it made every compaction's
    // cost span all of L0 (CompactionCost), which on a table of 10,000 SSTs widened a bucket's to the whole table.
    long bytes = entries + property(family, "rocksdb.num-entries-imm-mem-tables") == 0 ? 0
        : property(family, "rocksdb.cur-size-all-mem-tables");
    return new MemtableState(bytes, deletes, entries,
        probes.memtableDeletesAtHead(settings, family, ranges, deletes));
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
