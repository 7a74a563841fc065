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

import static org.apache.hadoop.hdds.conf.ConfigTag.OM;
import static org.apache.hadoop.hdds.conf.ConfigTag.OZONE;
import static org.apache.hadoop.hdds.conf.ConfigTag.PERFORMANCE;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdds.conf.Config;
import org.apache.hadoop.hdds.conf.ConfigGroup;
import org.apache.hadoop.hdds.conf.ConfigType;
import org.apache.hadoop.hdds.conf.ConfigurationSource;
import org.apache.hadoop.hdds.conf.PostConstruct;
import org.apache.hadoop.hdds.conf.ReconfigurableConfig;
import org.apache.hadoop.ozone.om.rangestats.OmTableLayouts;
import org.apache.hadoop.ozone.om.rangestats.RangeStatsConfig;

/**
 * Configuration of OM's range compaction service. Each default says in its
 * description why it has that value; docs/design/range-compaction.md has the
 * measurements behind them.
 *
 * <p>Every key can be changed at runtime with {@code ozone admin reconfig}
 * (OM registers this group with its ReconfigurationHandler): a new value is
 * validated like one read at start, refused with the key named and the old
 * value kept, and applies at the service's next look ({@code
 * RangeCompactionSwitch} starts, stops or restarts the service for {@code
 * enabled}, {@code interval} and {@code timeout}). The fields are volatile:
 * the reconfiguration thread writes them, the service's thread reads them.
 */
@ConfigGroup(prefix = "ozone.om.range.compaction.service")
public class RangeCompactionConfig extends ReconfigurableConfig {

  @Config(key = Keys.ENABLED, reconfigurable = true,
      defaultValue = "false", type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether OM compacts the key ranges of its tables that are dense with tombstones (see the "
          + "range statistics, ozone.om.range.stats.*).")
  private volatile boolean enabled;

  @Config(key = Keys.INTERVAL, reconfigurable = true,
      defaultValue = "1s", type = ConfigType.TIME, tags = {OZONE, OM, PERFORMANCE},
      description = "How often the service looks at the range statistics (kept current by RocksDB's flush and "
          + "compaction events) and the memtables' delete counters, and compacts what qualifies. A look without "
          + "work reads a few RocksDB properties per table; 1s lets a queue's head be compacted within a second "
          + "of the flush that filled it with tombstones.")
  private volatile long intervalMillis = 1_000;

  @Config(key = Keys.TIMEOUT, reconfigurable = true,
      defaultValue = "10m", type = ConfigType.TIME, tags = {OZONE, OM, PERFORMANCE},
      description = "A run that takes longer is reported as timed out. A run also stops starting new compactions "
          + "when it has run this long.")
  private volatile long timeoutMillis = 600_000;

  @Config(key = Keys.TABLES, reconfigurable = true,
      defaultValue = "keyTable,openKeyTable,deletedTable,fileTable,openFileTable,directoryTable,deletedDirectoryTable",
      type = ConfigType.STRING, tags = {OZONE, OM, PERFORMANCE},
      description = "Comma-separated OM tables the service may compact; each must also be tracked by "
          + "ozone.om.range.stats.tables.")
  private volatile String tables = "";

  @Config(key = Keys.TOMBSTONE_RATIO, reconfigurable = true,
      defaultValue = "0.2", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "A range qualifies when tombstones / entries of its SSTs reaches this (0 to 1). A range whose "
          + "keys were all deleted shows about 0.5 until the tombstones meet their puts; 0.2 means about a quarter "
          + "of the keys written to the range were deleted.")
  private volatile double tombstoneRatio = 0.2;

  @Config(key = Keys.MIN_TOMBSTONES, reconfigurable = true,
      defaultValue = "10000", type = ConfigType.LONG, tags = {OZONE, OM, PERFORMANCE},
      description = "A range, or a table's active memtable, qualifies only with at least this many tombstones: "
          + "an iterator crossing 10,000 tombstones spends about 1 ms on them, fewer cost too little to be worth "
          + "a compaction. It is also the bound of the head probe: a range or memtable qualifies below its ratio "
          + "when a seek to a range's first key crosses this many hidden entries there.")
  private volatile long minTombstones = 10_000;

  @Config(key = Keys.MAX_COMPACTION_ENTRIES, reconfigurable = true, defaultValue = "3000000", type = ConfigType.LONG,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Most entries one compaction may read, counting every SST that overlaps the range at any "
          + "level (a compaction rewrites whole files). RocksDB cannot cancel a manual compaction, so each must "
          + "stay small.")
  private volatile long maxCompactionEntries = 3_000_000;

  @Config(key = Keys.MAX_COMPACTION_BYTES, reconfigurable = true, defaultValue = "256MB", type = ConfigType.SIZE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Most bytes one compaction may read, counting every SST that overlaps the range at any level; "
          + "also the most the compaction budget saves up.")
  private volatile long maxCompactionBytes = 256L << 20;

  @Config(key = Keys.MAX_OVERLAP_RATIO, reconfigurable = true,
      defaultValue = "40", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "A range is passed over when the SSTs a compaction would read hold more than this many times "
          + "the range's own bytes: Pebble's bound for its tombstone-density compactions (cockroachdb/pebble#3719), "
          + "beyond which rewriting data to drop tombstones costs more than the reads it saves.")
  private volatile double maxOverlapRatio = 40;

  @Config(key = Keys.BUDGET_RATIO, reconfigurable = true,
      defaultValue = "1.0", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "The service's compactions read at most this many bytes per byte RocksDB flushes to the "
          + "tables it compacts (plus one compaction of at most max.compaction.bytes), so that it can never run "
          + "away whatever the workload. RocksDB's own leveled compaction rewrites each flushed byte about 10 "
          + "times; 1.0 bounds the service to a tenth of that. 0 removes the bound.")
  private volatile double budgetRatio = 1.0;

  @Config(key = Keys.HEAD_PROBE, reconfigurable = true,
      defaultValue = "true", type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether ranges and memtables also qualify below their ratios when a seek to a range's first "
          + "key crosses min.tombstones hidden entries: deletes of a bucket's oldest keys slow every listing of "
          + "the bucket while its ratio stays low. A probe is a RocksDB seek that gives up after min.tombstones "
          + "skips (max_skippable_internal_keys). Per table and look: the table's first key, then at most 64 "
          + "memtable and 64 SST range heads; an SST range is probed again only when its SSTs change.")
  private volatile boolean headProbeEnabled = true;

  @Config(key = Keys.MEMTABLE_FLUSH, reconfigurable = true, defaultValue = "true", type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether a table whose active memtable qualifies (min.tombstones deletes at "
          + "memtable.delete.ratio, or as many while a seek to a range's first key crosses as many hidden entries) "
          + "is flushed first: range statistics only see SSTs, and OM's 128 MB memtables hold hundreds of "
          + "thousands of tombstones that every iterator over them crosses.")
  private volatile boolean memtableFlushEnabled = true;

  @Config(key = Keys.MEMTABLE_DELETE_RATIO, reconfigurable = true, defaultValue = "0.3", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A table's active memtable qualifies for a flush when deletes / entries there reaches this "
          + "(with min.tombstones deletes). It is not tombstone.ratio: a delete's put is rarely in the same "
          + "memtable, so the memtable ratio is deletes / (creates + deletes). Queues (a create then a delete of "
          + "each key) show 0.5, deleting the oldest keys 18 of 20 creates 0.47, the reference workload's random "
          + "deletes (create:20,delete:8) 0.29: there tombstones are scattered, a flush would only add L0 files "
          + "for reads to merge. Deletes of the oldest keys at 20 creates per 8 deletes are 0.29 too; the head "
          + "probe, not this ratio, flushes those.")
  private volatile double memtableDeleteRatio = 0.3;

  @Config(key = Keys.READER_PACED, reconfigurable = true,
      defaultValue = "true", type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether the service of the leader OM flushes and compacts a table only for its readers (a "
          + "follower has none to pace by, and must be ready to lead at any time; idle.cleanup works either way): "
          + "once after OM opened an iterator on it (a listing, or a service that scans a queue from its head), "
          + "and for a reader that scans every P looks, from a 32nd of P (at least 8 looks) before its next scan, "
          + "as often as the table qualifies until as long after it. Tombstones cost only the readers that cross "
          + "them: without this, openKeyTable, which the open-key cleanup scans once a day by default, was flushed "
          + "and compacted about once a second under the reference load, for no reader. false compacts what "
          + "qualifies whether read or not.")
  private volatile boolean readerPaced = true;

  @Config(key = Keys.IDLE_CLEANUP, reconfigurable = true,
      defaultValue = "true", type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether the service, while OM is idle, flushes and compacts what qualifies in every table it "
          + "compacts, whether or not a reader was seen, one compaction per look, densest per byte first, not "
          + "charged to budget.ratio. Bulk deletes followed by quiet (lifecycle expiry, a prefix or a directory tree "
          + "removed) leave tombstones that no reader is due to cross until, hours later, the first listing or "
          + "leader change crosses them all. OM is idle once, for idle.after, its client requests and its DB "
          + "writes per second stayed at most idle.activity.ratio of their recent rate (or at most 1 request and "
          + "10 writes per second), and RocksDB had no compaction or flush running and none pending. It stops "
          + "being idle at the first look that sees more.")
  private volatile boolean idleCleanupEnabled = true;

  @Config(key = Keys.IDLE_AFTER, reconfigurable = true,
      defaultValue = "10s", type = ConfigType.TIME, tags = {OZONE, OM, PERFORMANCE},
      description = "How long OM's activity must stay low before the service counts OM as idle (see "
          + "idle.cleanup), in whole looks (interval). 10s is short beside the minutes a lifecycle or a tenant's "
          + "removal leaves OM quiet, and longer than the pauses of a client that thinks between requests.")
  private volatile long idleAfterMillis = 10_000;

  @Config(key = Keys.IDLE_ACTIVITY_RATIO, reconfigurable = true, defaultValue = "0.1", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "OM counts as quiet at a look when its client requests and its DB writes per second are at "
          + "most this fraction of their recent rate (averaged over ten idle.after windows), or at most 1 request "
          + "and 10 writes per second whatever that rate (0 to 1). A tenth tells the end of a load from its "
          + "ups and downs.")
  private volatile double idleActivityRatio = 0.1;

  @Config(key = Keys.BACKOFF_FRACTION, reconfigurable = true, defaultValue = "0.5", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "The service flushes and compacts nothing in a table whose L0 files reach this fraction of "
          + "RocksDB's level0_slowdown_writes_trigger, or whose pending compaction bytes reach this fraction of "
          + "soft_pending_compaction_bytes_limit, nor anything while writes are delayed or stopped. Half leaves "
          + "RocksDB's own compactions room to catch up before writes would slow down.")
  private volatile double backoffFraction = 0.5;

  @Config(key = Keys.BACKOFF_FOREGROUND_LATENCY, reconfigurable = true, defaultValue = "50ms", type = ConfigType.TIME,
      tags = {OZONE, OM, PERFORMANCE},
      description = "The service starts no flush or compaction while OM's client requests finished since its "
          + "previous look took this long or longer on average (server side, all request types; OM's "
          + "OmClientProtocol metrics; at least 20 requests). 50ms is about ten times what OM's requests take under "
          + "the reference workload on the local cluster (3-6 ms). 0 turns this check off.")
  private volatile long foregroundLatencyMillis = 50;

  @Config(key = Keys.PAUSE_RATIO, reconfigurable = true,
      defaultValue = "1.0", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "After each compaction the service waits this many times as long as the compaction took "
          + "before the next one: 1.0 keeps it compacting at most half of the time.")
  private volatile double pauseRatio = 1.0;

  @Config(key = Keys.BOTTOMMOST_FORCED, reconfigurable = true, defaultValue = "true", type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether a compaction with an input SST that merges with nothing on its way down (its inputs "
          + "all lie at one level, or an SST overlaps no input below it) rewrites it at the bottommost level "
          + "(RocksDB's kForce). Such an SST is moved down whole, and its tombstones stay: tombstone-only L0 files "
          + "of sequential keys. A compaction whose every input meets one below is never forced: its merge into "
          + "the lowest level drops the tombstones, and forcing would rewrite that output a second time. false is "
          + "RocksDB's default (kIfHaveCompactionFilter).")
  private volatile boolean bottommostForced = true;

  @Config(key = Keys.SNAPSHOT_TABLES_ALLOWED, reconfigurable = true, defaultValue = "false", type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether keyTable, fileTable and directoryTable are compacted while OM snapshots exist. Their "
          + "compactions feed the snapshot diff's compaction DAG (input SSTs are hard-linked and kept), so by "
          + "default they are left to RocksDB then.")
  private volatile boolean snapshotTablesAllowed;

  /**
   * The tables OM's range statistics track (empty when they are off), or null for a configuration made without
   * them (db-bench, tests), whose service checks them when it starts. Not a key: range statistics are set at start.
   */
  private volatile Set<String> trackedTables;

  /** The keys, for tests and grep. */
  public static final class Keys {
    public static final String PREFIX = "ozone.om.range.compaction.service.";
    public static final String ENABLED = PREFIX + "enabled";
    public static final String INTERVAL = PREFIX + "interval";
    public static final String TIMEOUT = PREFIX + "timeout";
    public static final String TABLES = PREFIX + "tables";
    public static final String TOMBSTONE_RATIO = PREFIX + "tombstone.ratio";
    public static final String MIN_TOMBSTONES = PREFIX + "min.tombstones";
    public static final String MAX_COMPACTION_ENTRIES = PREFIX + "max.compaction.entries";
    public static final String MAX_COMPACTION_BYTES = PREFIX + "max.compaction.bytes";
    public static final String MAX_OVERLAP_RATIO = PREFIX + "max.overlap.ratio";
    public static final String BUDGET_RATIO = PREFIX + "budget.ratio";
    public static final String HEAD_PROBE = PREFIX + "head.probe";
    public static final String MEMTABLE_FLUSH = PREFIX + "memtable.flush";
    public static final String MEMTABLE_DELETE_RATIO = PREFIX + "memtable.delete.ratio";
    public static final String READER_PACED = PREFIX + "reader.paced";
    public static final String IDLE_CLEANUP = PREFIX + "idle.cleanup";
    public static final String IDLE_AFTER = PREFIX + "idle.after";
    public static final String IDLE_ACTIVITY_RATIO = PREFIX + "idle.activity.ratio";
    public static final String BACKOFF_FRACTION = PREFIX + "backoff.fraction";
    public static final String BACKOFF_FOREGROUND_LATENCY = PREFIX + "backoff.foreground.latency";
    public static final String PAUSE_RATIO = PREFIX + "pause.ratio";
    public static final String BOTTOMMOST_FORCED = PREFIX + "bottommost.forced";
    public static final String SNAPSHOT_TABLES_ALLOWED = PREFIX + "snapshot.tables.allowed";

    /** Keys of the previous release that no longer mean anything, with what replaced them. */
    static final Map<String, String> REMOVED;

    static {
      Map<String, String> removed = new LinkedHashMap<>();
      removed.put(PREFIX + "ranges.per.run", "a run now compacts everything that qualifies, bounded by "
          + BUDGET_RATIO + " and " + TIMEOUT);
      removed.put(PREFIX + "range.cooldown", "a compacted span qualifies again after its table's next flush; "
          + BUDGET_RATIO + " bounds how much the service compacts");
      removed.put(PREFIX + "memtable.min.deletes", "memtables qualify by " + MIN_TOMBSTONES + " like ranges");
      REMOVED = Collections.unmodifiableMap(removed);
    }

    private Keys() {
    }
  }

  /**
   * @return the configuration, validated
   * @throws IllegalArgumentException naming the key, for an invalid value or a key that was removed
   */
  /**
   * @return a copy of the values in force now, which no reconfiguration changes: a look of the service reads every
   *     key from one copy, never a key's old value after another's new one (copied as the handler sets them)
   */
  public RangeCompactionConfig snapshot() {
    RangeCompactionConfig copy = new RangeCompactionConfig();
    try {
      for (Field field : RangeCompactionConfig.class.getDeclaredFields()) {
        if (!Modifier.isStatic(field.getModifiers())) {
          field.setAccessible(true);
          field.set(copy, field.get(this));
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Cannot copy " + RangeCompactionConfig.class.getSimpleName(), e);
    }
    return copy;
  }

  public static RangeCompactionConfig from(ConfigurationSource conf) {
    for (Map.Entry<String, String> removed : Keys.REMOVED.entrySet()) {
      if (conf.get(removed.getKey()) != null) {
        throw new IllegalArgumentException(removed.getKey() + " was removed: " + removed.getValue());
      }
    }
    RangeCompactionConfig config = conf.getObject(RangeCompactionConfig.class);
    RangeStatsConfig stats = conf.getObject(RangeStatsConfig.class);
    config.trackedTables = stats.isEnabled() ? stats.getTables() : Collections.<String>emptySet();
    config.validate();
    return config;
  }

  /**
   * @param tracked the tables range statistics track, empty when they are off
   * @throws IllegalArgumentException naming the keys, unless range statistics track every table to compact
   */
  public void requireTracked(Set<String> tracked) {
    if (tracked.isEmpty()) {
      throw new IllegalArgumentException("The range compaction service needs range statistics: set "
          + RangeStatsConfig.Keys.ENABLED + "=true or " + Keys.ENABLED + "=false");
    }
    Set<String> untracked = new LinkedHashSet<>(getTables());
    untracked.removeAll(tracked);
    if (!untracked.isEmpty()) {
      throw new IllegalArgumentException(Keys.TABLES + " names " + untracked + ", which "
          + RangeStatsConfig.Keys.TABLES + " does not track");
    }
  }

  @PostConstruct
  public void validate() {
    requireAtLeast(Keys.INTERVAL, intervalMillis, 1);
    requireAtLeast(Keys.TIMEOUT, timeoutMillis, 1);
    requireFraction(Keys.TOMBSTONE_RATIO, tombstoneRatio);
    requireAtLeast(Keys.MIN_TOMBSTONES, minTombstones, 1);
    requireAtLeast(Keys.MAX_COMPACTION_ENTRIES, maxCompactionEntries, 1);
    requireAtLeast(Keys.MAX_COMPACTION_BYTES, maxCompactionBytes, 1);
    if (!(maxOverlapRatio >= 1)) {
      throw invalid(Keys.MAX_OVERLAP_RATIO, maxOverlapRatio, "must be at least 1");
    }
    if (!(budgetRatio >= 0)) {
      throw invalid(Keys.BUDGET_RATIO, budgetRatio, "must be 0 or more");
    }
    requireFraction(Keys.MEMTABLE_DELETE_RATIO, memtableDeleteRatio);
    requireAtLeast(Keys.IDLE_AFTER, idleAfterMillis, 1);
    requireFraction(Keys.IDLE_ACTIVITY_RATIO, idleActivityRatio);
    requireFraction(Keys.BACKOFF_FRACTION, backoffFraction);
    requireAtLeast(Keys.BACKOFF_FOREGROUND_LATENCY, foregroundLatencyMillis, 0);
    if (!(pauseRatio >= 0)) {
      throw invalid(Keys.PAUSE_RATIO, pauseRatio, "must be 0 or more");
    }
    if (getTables().isEmpty()) {
      throw invalid(Keys.TABLES, tables, "must name at least one table");
    }
    for (String table : getTables()) {
      try {
        OmTableLayouts.layoutOf(table);
      } catch (IllegalArgumentException e) {
        throw invalid(Keys.TABLES, tables, e.getMessage());
      }
    }
    if (enabled && trackedTables != null) {
      requireTracked(trackedTables);
    }
  }

  private static void requireAtLeast(String key, long value, long min) {
    if (value < min) {
      throw invalid(key, value, "must be at least " + min);
    }
  }

  private static void requireFraction(String key, double value) {
    if (!(value > 0 && value <= 1)) {
      throw invalid(key, value, "must be more than 0 and at most 1");
    }
  }

  private static IllegalArgumentException invalid(String key, Object value, String why) {
    return new IllegalArgumentException("Invalid " + key + " = " + value + ": " + why);
  }

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public long getIntervalMillis() {
    return intervalMillis;
  }

  public long getTimeoutMillis() {
    return timeoutMillis;
  }

  /** @return the tables the service may compact, in configured order */
  public Set<String> getTables() {
    return OmTableLayouts.parseTables(tables);
  }

  public double getTombstoneRatio() {
    return tombstoneRatio;
  }

  public long getMinTombstones() {
    return minTombstones;
  }

  public long getMaxCompactionEntries() {
    return maxCompactionEntries;
  }

  public long getMaxCompactionBytes() {
    return maxCompactionBytes;
  }

  public double getMaxOverlapRatio() {
    return maxOverlapRatio;
  }

  public double getBudgetRatio() {
    return budgetRatio;
  }

  public boolean isReaderPaced() {
    return readerPaced;
  }

  public boolean isHeadProbeEnabled() {
    return headProbeEnabled;
  }

  public boolean isMemtableFlushEnabled() {
    return memtableFlushEnabled;
  }

  public double getMemtableDeleteRatio() {
    return memtableDeleteRatio;
  }

  public boolean isIdleCleanupEnabled() {
    return idleCleanupEnabled;
  }

  public long getIdleAfterMillis() {
    return idleAfterMillis;
  }

  public double getIdleActivityRatio() {
    return idleActivityRatio;
  }

  public double getBackoffFraction() {
    return backoffFraction;
  }

  public long getForegroundLatencyMillis() {
    return foregroundLatencyMillis;
  }

  public double getPauseRatio() {
    return pauseRatio;
  }

  public boolean isBottommostForced() {
    return bottommostForced;
  }

  public boolean isSnapshotTablesAllowed() {
    return snapshotTablesAllowed;
  }
}
