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
import java.util.LinkedHashSet;
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
 * Configuration of OM's range compaction service. Each description says what
 * its key does; why each default is what it is, with the measurements behind
 * it, is in docs/design/range-compaction.md ("Defaults").
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
      description = "Whether OM compacts the key ranges of its tables that are dense with tombstones (see the range "
          + "statistics, ozone.om.range.stats.*).")
  private volatile boolean enabled;

  @Config(key = Keys.INTERVAL, reconfigurable = true,
      defaultValue = "1s", type = ConfigType.TIME, tags = {OZONE, OM, PERFORMANCE},
      description = "How often the service looks at the tables it compacts (their range statistics and memtables) and "
          + "flushes or compacts what qualifies. The service restarts when it changes.")
  private volatile long intervalMillis = 1_000;

  @Config(key = Keys.TIMEOUT, reconfigurable = true,
      defaultValue = "10m", type = ConfigType.TIME, tags = {OZONE, OM, PERFORMANCE},
      description = "A run that takes longer is reported as timed out. A run also stops starting new compactions when "
          + "it has run this long.")
  private volatile long timeoutMillis = 600_000;

  @Config(key = Keys.TABLES, reconfigurable = true,
      defaultValue = "keyTable,openKeyTable,deletedTable,fileTable,openFileTable,directoryTable,deletedDirectoryTable",
      type = ConfigType.STRING, tags = {OZONE, OM, PERFORMANCE},
      description = "Comma-separated OM tables the service may compact; each must also be tracked by "
          + "ozone.om.range.stats.tables.")
  private volatile String tables = "";

  @Config(key = Keys.TOMBSTONE_RATIO, reconfigurable = true,
      defaultValue = "0.2", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "A range qualifies when the tombstones / entries of its SSTs reach this ratio (more than 0, at "
          + "most 1), with at least min.tombstones tombstones.")
  private volatile double tombstoneRatio = 0.2;

  @Config(key = Keys.MIN_TOMBSTONES, reconfigurable = true,
      defaultValue = "10000", type = ConfigType.LONG, tags = {OZONE, OM, PERFORMANCE},
      description = "Fewest tombstones for a range, or deletes for a table's active memtable, to qualify; also how "
          + "many hidden entries a seek to a range's first key must cross for the head probe to qualify it.")
  private volatile long minTombstones = 10_000;

  @Config(key = Keys.MAX_COMPACTION_ENTRIES, reconfigurable = true, defaultValue = "3000000", type = ConfigType.LONG,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Most entries one compaction may read, counting every SST that overlaps the range at any level (a "
          + "compaction rewrites whole files); a range that needs more is passed over. RocksDB cannot cancel a manual "
          + "compaction, so each stays small.")
  private volatile long maxCompactionEntries = 3_000_000;

  @Config(key = Keys.MAX_COMPACTION_BYTES, reconfigurable = true, defaultValue = "256MB", type = ConfigType.SIZE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Most bytes one compaction may read, counting every SST that overlaps the range at any level; "
          + "also the most the compaction budget saves up.")
  private volatile long maxCompactionBytes = 256L << 20;

  @Config(key = Keys.MAX_OVERLAP_RATIO, reconfigurable = true,
      defaultValue = "40", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "A range is passed over when the SSTs a compaction of it would read hold more than this many "
          + "times the range's own bytes (at least 1).")
  private volatile double maxOverlapRatio = 40;

  @Config(key = Keys.BUDGET_RATIO, reconfigurable = true,
      defaultValue = "1.0", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "The service's compactions read at most this many bytes per byte RocksDB flushes to the tables it "
          + "compacts, plus one compaction of at most max.compaction.bytes. Idle cleanup is not charged to it. 0 "
          + "removes the bound.")
  private volatile double budgetRatio = 1.0;

  @Config(key = Keys.HEAD_PROBE, reconfigurable = true,
      defaultValue = "true", type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether a range or a memtable also qualifies below its ratio when a seek to a range's first key "
          + "crosses at least min.tombstones hidden entries (a bucket whose oldest keys were deleted). A probe is a "
          + "seek that gives up after min.tombstones skips; per table and look, the table's first key and at most 64 "
          + "memtable and 64 SST range heads are probed, an SST range again only when its SSTs change.")
  private volatile boolean headProbeEnabled = true;

  @Config(key = Keys.MEMTABLE_FLUSH, reconfigurable = true, defaultValue = "true", type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether the service flushes a table's active memtable when it qualifies (min.tombstones deletes "
          + "at memtable.delete.ratio, or as many at a range's head), so that a compaction can then remove its "
          + "deletes.")
  private volatile boolean memtableFlushEnabled = true;

  @Config(key = Keys.MEMTABLE_DELETE_RATIO, reconfigurable = true, defaultValue = "0.3", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A table's active memtable qualifies for a flush when its deletes / entries reach this ratio "
          + "(more than 0, at most 1), with at least min.tombstones deletes.")
  private volatile double memtableDeleteRatio = 0.3;

  @Config(key = Keys.MEMTABLE_FLUSH_REPEAT, reconfigurable = true, defaultValue = "true",
      type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether the service flushes a table's memtable again while the table's SSTs are as its own "
          + "latest flush of it left them (nothing flushed or compacted there since, by RocksDB or the service). Off, "
          + "a flush whose ranges the service then passes over (for max.overlap.ratio, the budget) is not repeated at "
          + "every look: the deletes wait in the memtable for RocksDB's next flush or compaction of the table, and "
          + "fewer small L0 files set RocksDB's own compactions off, at the cost of readers crossing them there.")
  private volatile boolean memtableFlushRepeated = true;

  @Config(key = Keys.READER_PACED, reconfigurable = true,
      defaultValue = "true", type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether the service flushes and compacts a table only when a reader is due to scan "
          + "it: once after OM opened an iterator on it (a listing, or a background service scanning a queue), and, "
          + "for a reader that scans every P looks, from a 32nd of P (at least 8 looks) before its next scan until as "
          + "long after it. An idle OM (idle.cleanup) looks at every table, and a follower at every table no reader "
          + "scanned on it since it became one (those its own readers scan, as with follower reads, are paced as the "
          + "leader's). false compacts what qualifies whether read or not.")
  private volatile boolean readerPaced = true;

  @Config(key = Keys.IDLE_CLEANUP, reconfigurable = true,
      defaultValue = "true", type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether the service, while OM is idle, flushes and compacts what qualifies in every table it "
          + "compacts, whether or not a reader is due: one compaction per look, densest per byte first, not charged "
          + "to budget.ratio. OM is idle once, for idle.after, its client requests and DB writes per second stayed at "
          + "most idle.activity.ratio of their recent rate (or at most 1 request and 10 writes per second) and "
          + "RocksDB had no flush or compaction running or pending; it is not idle from the first look that sees "
          + "more.")
  private volatile boolean idleCleanupEnabled = true;

  @Config(key = Keys.IDLE_AFTER, reconfigurable = true,
      defaultValue = "10s", type = ConfigType.TIME, tags = {OZONE, OM, PERFORMANCE},
      description = "How long OM's activity must stay low before the service counts OM as idle (see idle.cleanup), in "
          + "whole looks (interval).")
  private volatile long idleAfterMillis = 10_000;

  @Config(key = Keys.IDLE_ACTIVITY_RATIO, reconfigurable = true, defaultValue = "0.1", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "OM counts as quiet at a look when its client requests and DB writes per second are at most this "
          + "fraction (more than 0, at most 1) of their recent rate, averaged over ten idle.after windows, or at most "
          + "1 request and 10 writes per second.")
  private volatile double idleActivityRatio = 0.1;

  @Config(key = Keys.BACKOFF_FRACTION, reconfigurable = true, defaultValue = "0.5", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "The service flushes and compacts nothing in a table whose L0 files reach this fraction of "
          + "RocksDB's level0_slowdown_writes_trigger or whose pending compaction bytes reach this fraction of "
          + "soft_pending_compaction_bytes_limit, and nothing at all while RocksDB delays or stops writes.")
  private volatile double backoffFraction = 0.5;

  @Config(key = Keys.BACKOFF_FOREGROUND_LATENCY, reconfigurable = true, defaultValue = "50ms", type = ConfigType.TIME,
      tags = {OZONE, OM, PERFORMANCE},
      description = "The service starts no flush or compaction while the client requests OM finished since its "
          + "previous look took this long or longer on average (server side, all request types, from OM's "
          + "OmClientProtocol metrics; over at least 20 requests). 0 turns this check off.")
  private volatile long foregroundLatencyMillis = 50;

  @Config(key = Keys.PAUSE_RATIO, reconfigurable = true,
      defaultValue = "1.0", type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "After each compaction the service waits this many times as long as the compaction took before "
          + "the next one: at 1.0 it compacts at most half of the time.")
  private volatile double pauseRatio = 1.0;

  @Config(key = Keys.BOTTOMMOST_FORCED, reconfigurable = true, defaultValue = "true", type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether a compaction in which an input SST holding tombstones would reach the lowest level "
          + "without merging with another file rewrites the output at the bottommost level (RocksDB's kForce), which "
          + "drops the tombstones: RocksDB moves such a file down whole, tombstones and all. A compaction whose "
          + "inputs all merge on their way down is never forced. false is RocksDB's default "
          + "(kIfHaveCompactionFilter).")
  private volatile boolean bottommostForced = true;

  @Config(key = Keys.SNAPSHOT_TABLES_ALLOWED, reconfigurable = true, defaultValue = "false", type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether keyTable, fileTable and directoryTable are compacted while OM snapshots exist. By "
          + "default they are left to RocksDB then: their compactions feed the snapshot diff's compaction DAG.")
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
    public static final String MEMTABLE_FLUSH_REPEAT = PREFIX + "memtable.flush.repeat";
    public static final String READER_PACED = PREFIX + "reader.paced";
    public static final String IDLE_CLEANUP = PREFIX + "idle.cleanup";
    public static final String IDLE_AFTER = PREFIX + "idle.after";
    public static final String IDLE_ACTIVITY_RATIO = PREFIX + "idle.activity.ratio";
    public static final String BACKOFF_FRACTION = PREFIX + "backoff.fraction";
    public static final String BACKOFF_FOREGROUND_LATENCY = PREFIX + "backoff.foreground.latency";
    public static final String PAUSE_RATIO = PREFIX + "pause.ratio";
    public static final String BOTTOMMOST_FORCED = PREFIX + "bottommost.forced";
    public static final String SNAPSHOT_TABLES_ALLOWED = PREFIX + "snapshot.tables.allowed";

    private Keys() {
    }
  }

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

  /**
   * @return the configuration, validated
   * @throws IllegalArgumentException naming the key, for an invalid value
   */
  public static RangeCompactionConfig from(ConfigurationSource conf) {
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

  public boolean isMemtableFlushRepeated() {
    return memtableFlushRepeated;
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
