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
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
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
 * bounded probes of where the tombstones are, the window of OM's client requests). It plans its probes from the
 * look's settings and asks the look's policy which tables are due; the policy decides what to do.
 */
final class CompactionEnvReader {
  /**
   * Most seeks a look probes per table, for the memtable and for the SSTs: each costs at most {@code
   * min.tombstones} skips (a few ms for 10,000), so a look stays far below its interval even on an OM with
   * thousands of buckets; OM's hot buckets are few, and the probes go in key order.
   */
  static final int MAX_PROBES = 64;
  /**
   * A memtable found with no crossing is probed again once it holds {@code min.tombstones / PROBE_STEP} more
   * deletes: a head gains at most one hidden entry per delete, so a crossing is seen at most a tenth of the bound
   * late. Probing at every look made the service seek as often as OM's clients (15,047 seeks against 7,110
   * without the service, seed load on a 10^7-key OM), and a probe's seek, which crosses up to the bound, counts in
   * OM's seek average like theirs.
   */
  static final int PROBE_STEP = 10;
  private static final byte[] TABLE_START = new byte[0];

  private final RocksDatabase db;
  private final OmRangeStats stats;
  private final ForegroundLatency foreground;
  private final ActivityWatch activity = new ActivityWatch();
  private final TableReadWatch reads = new TableReadWatch();
  private final CompactedSpans compactedSpans;
  private final HeadProbe probe;
  /** The settings of the current look. */
  private RangeCompactionConfig settings;
  /** The reads' clock ({@link TableReads}): one tick per look. */
  private long looks;
  /** The bound the probes' results below were found with: a reconfigured {@code min.tombstones} probes anew. */
  private long probedWithBound;
  /** Write-stall triggers by table, read once: OM sets its column families' options when it opens the DB. */
  private final Map<String, long[]> triggers = new HashMap<>();
  /** The active memtable's deletes when a probe of the table's memtable last found no crossing. */
  private final Map<String, Long> probedAtDeletes = new HashMap<>();
  /** The SST probes of each table's latest index version. */
  private final Map<String, ProbedHeads> atHead = new HashMap<>();

  /** @param compactedSpans what the service compacted, which its compactor records there */
  CompactionEnvReader(RocksDatabase db, OmRangeStats stats, ForegroundLatency foreground, CompactedSpans compactedSpans,
      RangeCompactionMetrics metrics) {
    this.db = db;
    this.stats = stats;
    this.foreground = foreground;
    this.compactedSpans = compactedSpans;
    this.probe = new HeadProbe(db, metrics);
  }

  /**
   * Starts a look, once per look: reads OM's activity, sees which tables OM's readers scanned since the previous
   * look, and reads the memtables of the tables due now, all with the settings of {@code policy}.
   */
  CompactionLook look(RangeCompactionPolicy policy, boolean leader) throws IOException {
    settings = policy.getSettings();
    OmActivity now = activity(leader, settings.getTables(), policy.getIdleWindowLooks());
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
      memtables.put(table, memtable(db.getColumnFamily(table), stats.getRanges(table), compactedSpans.ever(table)));
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
    for (String table : tables) {
      RocksDatabase.ColumnFamily family = db.getColumnFamily(table);
      // One published version of the table: its ranges, files and flushes agree with each other.
      TableRanges published = stats.get(table);
      List<KeyRange> ranges = published.getRanges();
      MemtableState memtable = memtables.get(table);
      List<KeySpan> compactedSinceFlush = compactedSpans.since(table, published.getFlushes());
      states.add(new TableState(table, ranges, published.getFiles(),
          memtable != null ? memtable : memtable(family, ranges, compactedSpans.ever(table)), pressure(family),
          compactedSinceFlush, tombstonesAtHead(family, published.getVersion(), ranges)));
    }
    return new CompactionEnv(states, property(null, "rocksdb.is-write-stopped") > 0,
        property(null, "rocksdb.actual-delayed-write-rate") > 0, foreground.read(), budgetBytes, look.getActivity(),
        flushed);
  }

  /**
   * @param ranges the table's ranges, some of whose first keys are probed when the memtable holds enough deletes
   * @param compacted the spans of the table the service compacted ({@link CompactedSpans#ever})
   */
  private MemtableState memtable(RocksDatabase.ColumnFamily family, List<KeyRange> ranges,
      List<KeySpan> compacted) throws IOException {
    long deletes = property(family, "rocksdb.num-deletes-active-mem-table");
    long entries = property(family, "rocksdb.num-entries-active-mem-table");
    // An empty memtable still holds its arena's first block. Counted as bytes to flush, it made every compaction's
    // cost span all of L0 (CompactionCost), which on a table of 10,000 SSTs widened a bucket's to the whole table.
    long bytes = entries + property(family, "rocksdb.num-entries-imm-mem-tables") == 0 ? 0
        : property(family, "rocksdb.cur-size-all-mem-tables");
    return new MemtableState(bytes, deletes, entries,
        memtableDeletesAtHead(family, ranges, compacted, deletes));
  }

  /** Probes while the memtable holds {@code min.tombstones} deletes, again after each step of new deletes. */
  private boolean memtableDeletesAtHead(RocksDatabase.ColumnFamily family, List<KeyRange> ranges,
      List<KeySpan> compacted, long deletes) throws IOException {
    long minTombstones = probeBound();
    if (!settings.isHeadProbeEnabled() || deletes < minTombstones) {
      return false;
    }
    Long last = probedAtDeletes.get(family.getName());
    // Fewer deletes than at the last probe: a flush switched the memtable since.
    if (last != null && deletes >= last && deletes - last < Math.max(1, minTombstones / PROBE_STEP)) {
      return false;
    }
    boolean crosses = deletesAtHead(family, ranges, compacted);
    if (crosses) {
      probedAtDeletes.remove(family.getName());
    } else {
      probedAtDeletes.put(family.getName(), deletes);
    }
    return crosses;
  }

  /**
   * Probes the table's first key, then the first keys of the ranges where deletes were seen, until one crosses. A
   * range was seen taking deletes when its SSTs hold tombstones, or when the service compacted it (which dropped
   * them; {@link CompactedSpans}). In a range never seen so, such as a bucket only ever written, new deletes
   * show in its SSTs at the table's next flush and its head is probed from then on; probing it before only reads
   * blocks no reader wanted (on an OM with a 10^7-key cold bucket, most of a probe's seeks went there).
   */
  private boolean deletesAtHead(RocksDatabase.ColumnFamily family, List<KeyRange> ranges,
      List<KeySpan> compacted) throws IOException {
    long bound = probeBound();
    if (probe.crosses(family, TABLE_START, bound)) {
      return true;
    }
    int probes = 0;
    for (int i = 0; i < ranges.size() && probes < MAX_PROBES; i++) {
      KeyRange range = ranges.get(i);
      if (range.getTombstones() > 0 || range.getSpan().overlapsAny(compacted)) {
        probes++;
        if (probe.crosses(family, range.getStart(), bound)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Probes the first key of each range whose SSTs hold at least {@code min.tombstones} tombstones (fewer cannot stop
   * a seek there for long), once per version of the table's SSTs; a range that a new version left as it was keeps
   * its result. A flush or compaction changes the ranges it wrote to, and re-probing all the others after each one
   * made most of the service's SST probes on a table with many dense ranges.
   */
  private BitSet tombstonesAtHead(RocksDatabase.ColumnFamily family, long version, List<KeyRange> ranges)
      throws IOException {
    ProbedHeads previous = atHead.get(family.getName());
    if (previous != null && previous.version == version) {
      return previous.crossing;
    }
    ProbedHeads probed = new ProbedHeads(version, ranges.size());
    int probes = 0;
    long minTombstones = probeBound();
    for (int i = 0; settings.isHeadProbeEnabled() && i < ranges.size(); i++) {
      KeyRange range = ranges.get(i);
      if (range.getTombstones() < minTombstones) {
        continue;
      }
      List<Object> identity = identity(range);
      Boolean crosses = previous == null ? null : previous.byRange.get(identity);
      if (crosses == null && probes < MAX_PROBES) {
        probes++;
        crosses = probe.crosses(family, range.getStart(), minTombstones);
      }
      if (crosses != null) {
        probed.byRange.put(identity, crosses);
        probed.crossing.set(i, crosses);
      }
    }
    atHead.put(family.getName(), probed);
    return probed.crossing;
  }

  /**
   * What a range's probe depends on, besides the memtable: where it starts and what its SSTs hold; not where it
   * ends, which moves when a range appears beside it.
   */
  private static List<Object> identity(KeyRange range) {
    return Arrays.asList(ByteBuffer.wrap(range.getStart()), range.getEntries(), range.getTombstones());
  }

  /**
   * @return {@code min.tombstones}, the probes' bound; when it was reconfigured, what the probes found with the old
   *     one is forgotten
   */
  private long probeBound() {
    long bound = settings.getMinTombstones();
    if (bound != probedWithBound) {
      probedAtDeletes.clear();
      atHead.clear();
      probedWithBound = bound;
    }
    return bound;
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

  /** The probes of one version of a table's ranges: by position, and by range for the next version. */
  private static final class ProbedHeads {
    private final long version;
    private final BitSet crossing;
    private final Map<List<Object>, Boolean> byRange = new HashMap<>();

    ProbedHeads(long version, int ranges) {
      this.version = version;
      this.crossing = new BitSet(ranges);
    }
  }

  /** @param family null for a DB-wide property */
  private long property(RocksDatabase.ColumnFamily family, String name) throws IOException {
    String value = family == null ? db.getProperty(name) : db.getProperty(family, name);
    return value == null || value.isEmpty() ? 0 : Long.parseLong(value.trim());
  }
}
