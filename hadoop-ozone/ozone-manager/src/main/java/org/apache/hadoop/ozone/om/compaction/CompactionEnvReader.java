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
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.rangestats.TableRanges;
import org.apache.hadoop.util.Time;
import org.rocksdb.MutableColumnFamilyOptions;

/**
 * Reads what the service decides on: at a look's start, a {@link CompactionLook} (OM's activity over the latest looks,
 * which tables OM's readers scanned, the due tables' memtables, whether OM snapshots exist, and whether anything
 * changed since a look found nothing to do); before each pick, a {@link CompactionEnv} (the range statistics, kept
 * current by RocksDB's flush and compaction events, a few RocksDB properties per table, bounded probes of where the
 * tombstones are ({@link HeadProbes}), the window of OM's client requests, what the budget allows). It asks the look's
 * policy which tables are due; the policy decides what to do. The service tells it what it flushed and compacted, which
 * the next reads and looks take into account.
 */
final class CompactionEnvReader {
  private final RocksDatabase db;
  private final OmRangeStats stats;
  private final Table<?, ?> snapshotInfo;
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
  private CompactionBudget budget;
  /** The version of the latest look whose last pick found nothing to do; null when it did something or waited. */
  private List<Long> nothingAt;
  /** The tables the service flushed in the current look. */
  private final Set<String> flushed = new HashSet<>();
  /** The tables the service flushed or compacted in the current look. */
  private final Set<String> cleaned = new HashSet<>();

  /**
   * @param snapshotInfo OM's snapshotInfoTable
   * @param compactedSpans what the service compacted, which its compactor records there
   */
  CompactionEnvReader(RocksDatabase db, OmRangeStats stats, Table<?, ?> snapshotInfo, ForegroundLatency foreground,
      CompactedSpans compactedSpans, RangeCompactionMetrics metrics) {
    this.db = db;
    this.stats = stats;
    this.snapshotInfo = snapshotInfo;
    this.foreground = foreground;
    this.compactedSpans = compactedSpans;
    this.probes = new HeadProbes(db, compactedSpans, metrics);
  }

  /**
   * Starts a look, once per look: reads OM's activity, sees which tables OM's readers scanned since the previous
   * look, reads the memtables of the tables due now, and unless nothing changed since a look found nothing to do,
   * which of them OM's snapshots leave alone and what the budget holds, all with {@code lookSettings}.
   *
   * @param lookSettings the settings in force, a copy that no reconfiguration changes during the look
   */
  CompactionLook look(RangeCompactionConfig lookSettings, boolean leader) throws IOException {
    RangeCompactionPolicy policy = new RangeCompactionPolicy(lookSettings);
    settings = lookSettings;
    long deadline = Time.monotonicNow() + settings.getTimeoutMillis();
    flushed.clear();
    cleaned.clear();
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
    List<Long> version = version(policy, due, memtables);
    if (version.equals(nothingAt)) {
      return new CompactionLook(policy, now, due, null, memtables, version, deadline);
    }
    // A snapshot created after this check sees this look's compactions in its DAG, as RocksDB's own ones.
    boolean snapshotsExist = !snapshotInfo.isEmpty();
    List<String> tables = new ArrayList<>();
    for (String table : due) {
      if (!policy.isLeftForSnapshots(table, snapshotsExist)) {
        tables.add(table);
      }
    }
    budget = CompactionBudget.forSettings(budget, settings, stats.getFlushedBytes());
    return new CompactionLook(policy, now, due, tables, memtables, version, deadline);
  }

  /** Records that the service flushed the pick's table, after the flush's SSTs reached the range statistics. */
  void flushed(CompactionPick pick) {
    flushed.add(pick.getTable());
    cleaned.add(pick.getTable());
    flushedAt.put(pick.getTable(), stats.getVersion(pick.getTable()));
  }

  /** Records that the service compacted the pick's range, charging the budget if the pick says so. */
  void compacted(CompactionPick pick) {
    cleaned.add(pick.getTable());
    if (pick.isChargedToBudget()) {
      budget.spend(pick.getCost().getBytes());
    }
  }

  /**
   * Ends a look: the readers of the tables it flushed or compacted are served until they scan again, and a look whose
   * last pick found nothing to do leaves its version, so that the next looks skip their picks while it holds.
   *
   * @param last the look's last pick, null if it made none
   */
  void ended(CompactionLook look, CompactionPick last) throws IOException {
    if (look.isUnchanged()) {
      return;
    }
    // Unless this look flushed or compacted, what it read at its start still holds. A look that flushed ended with
    // its table passed over (one flush per look), whatever its memtable took in since: the next look judges it.
    boolean nothing = last != null && last.getAction() == CompactionPick.Action.NONE && flushed.isEmpty();
    nothingAt = !nothing ? null
        : cleaned.isEmpty() ? look.getVersion() : version(look.getPolicy(), look.getDue(), memtables(look.getDue()));
    cleaned.forEach(reads::cleaned);
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
   * Reads the environment of the look's next pick: of its tables the service may compact now
   * ({@link CompactionLook#getTables}). Until the look flushes or compacts, the memtables read at its start still
   * hold (a probe is not repeated).
   */
  CompactionEnv read(CompactionLook look) throws IOException {
    Map<String, MemtableState> memtables = cleaned.isEmpty() ? look.getMemtables()
        : Collections.<String, MemtableState>emptyMap();
    List<TableState> states = new ArrayList<>();
    Set<String> unchangedSinceFlush = new HashSet<>();
    for (String table : look.getTables()) {
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
          span -> published.estimate(span.getStart(), span.getEnd()),
          memtable != null ? memtable : memtable(family, ranges), pressure(family), compactedSinceFlush,
          probes.tombstonesAtHead(settings, family, published.getVersion(), ranges)));
    }
    return new CompactionEnv(states, property(null, "rocksdb.is-write-stopped") > 0,
        property(null, "rocksdb.actual-delayed-write-rate") > 0, foreground.read(),
        budget.available(stats.getFlushedBytes()), look.getActivity(), flushed, unchangedSinceFlush);
  }

  /** @param ranges the table's ranges, some of whose first keys are probed when the memtable holds enough deletes */
  private MemtableState memtable(RocksDatabase.ColumnFamily family, List<KeyRange> ranges) throws IOException {
    long deletes = property(family, "rocksdb.num-deletes-active-mem-table");
    long entries = property(family, "rocksdb.num-entries-active-mem-table");
    long bytes = MemtableState.bytesToFlush(property(family, "rocksdb.cur-size-all-mem-tables"),
        entries + property(family, "rocksdb.num-entries-imm-mem-tables"));
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
