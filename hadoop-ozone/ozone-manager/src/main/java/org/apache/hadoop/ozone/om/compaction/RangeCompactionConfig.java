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

import java.util.Set;
import org.apache.hadoop.hdds.conf.Config;
import org.apache.hadoop.hdds.conf.ConfigGroup;
import org.apache.hadoop.hdds.conf.ConfigType;
import org.apache.hadoop.hdds.conf.PostConstruct;
import org.apache.hadoop.ozone.om.rangestats.OmTableLayouts;

/**
 * Configuration of OM's range compaction service. Key names follow seed 000's
 * prototype where it had one.
 */
@ConfigGroup(prefix = "ozone.om.range.compaction.service")
public class RangeCompactionConfig {
  private static final String PREFIX = "ozone.om.range.compaction.service.";

  @Config(key = "ozone.om.range.compaction.service.enabled", defaultValue = "false", type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether OM compacts the key ranges of its tables that are dense with tombstones (see the "
          + "range statistics, ozone.om.range.stats.*).")
  private boolean enabled;

  @Config(key = "ozone.om.range.compaction.service.interval", defaultValue = "60s", type = ConfigType.TIME,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Time between two runs of the range compaction service.")
  private long intervalMillis = 60_000;

  @Config(key = "ozone.om.range.compaction.service.timeout", defaultValue = "10m", type = ConfigType.TIME,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A run that takes longer is reported as timed out. A run also stops starting new compactions "
          + "when it has run this long.")
  private long timeoutMillis = 600_000;

  @Config(key = "ozone.om.range.compaction.service.tables",
      defaultValue = "keyTable,openKeyTable,deletedTable,fileTable,openFileTable,directoryTable,deletedDirectoryTable",
      type = ConfigType.STRING, tags = {OZONE, OM, PERFORMANCE},
      description = "Comma-separated OM tables the service may compact; each must also be tracked by "
          + "ozone.om.range.stats.tables.")
  private String tables = "";

  @Config(key = "ozone.om.range.compaction.service.tombstone.ratio", defaultValue = "0.2", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A range qualifies when tombstones / entries of its SSTs reaches this (0 to 1). A range whose "
          + "keys were all deleted shows about 0.5 until the tombstones meet their puts; 0.2 means about a quarter "
          + "of the keys written to the range were deleted.")
  private double tombstoneRatio = 0.2;

  @Config(key = "ozone.om.range.compaction.service.min.tombstones", defaultValue = "10000", type = ConfigType.LONG,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A range qualifies only with at least this many estimated tombstones: fewer cost an iterator "
          + "too little to be worth a compaction.")
  private long minTombstones = 10_000;

  @Config(key = "ozone.om.range.compaction.service.ranges.per.run", defaultValue = "4", type = ConfigType.INT,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Most ranges compacted in one run, densest first.")
  private int rangesPerRun = 4;

  @Config(key = "ozone.om.range.compaction.service.max.compaction.entries", defaultValue = "3000000",
      type = ConfigType.LONG, tags = {OZONE, OM, PERFORMANCE},
      description = "Most entries one compaction may read, counting every SST that overlaps the range at any "
          + "level (a compaction rewrites whole files). RocksDB cannot cancel a manual compaction, so each must "
          + "stay small.")
  private long maxCompactionEntries = 3_000_000;

  @Config(key = "ozone.om.range.compaction.service.max.compaction.bytes", defaultValue = "256MB",
      type = ConfigType.SIZE, tags = {OZONE, OM, PERFORMANCE},
      description = "Most bytes one compaction may read, counting every SST that overlaps the range at any level.")
  private long maxCompactionBytes = 256L << 20;

  @Config(key = "ozone.om.range.compaction.service.max.overlap.ratio", defaultValue = "40", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A range is skipped when the SSTs a compaction would read hold more than this many times the "
          + "range's own bytes (Pebble's guard against rewriting much data to drop a little).")
  private double maxOverlapRatio = 40;

  @Config(key = "ozone.om.range.compaction.service.range.cooldown", defaultValue = "10m", type = ConfigType.TIME,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A compacted range is not compacted again for this long.")
  private long rangeCooldownMillis = 600_000;

  @Config(key = "ozone.om.range.compaction.service.memtable.min.deletes", defaultValue = "10000",
      type = ConfigType.LONG, tags = {OZONE, OM, PERFORMANCE},
      description = "A table whose active memtable holds at least this many deletes (at the ratio below) is "
          + "flushed before its ranges are chosen: SST statistics cannot see tombstones still in the memtable.")
  private long memtableMinDeletes = 10_000;

  @Config(key = "ozone.om.range.compaction.service.memtable.delete.ratio", defaultValue = "0.3",
      type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "Deletes / entries of the active memtable from which it is flushed (with the minimum above).")
  private double memtableDeleteRatio = 0.3;

  @Config(key = "ozone.om.range.compaction.service.backoff.fraction", defaultValue = "0.5",
      type = ConfigType.DOUBLE, tags = {OZONE, OM, PERFORMANCE},
      description = "The service compacts nothing while a table's L0 files reach this fraction of RocksDB's "
          + "level0_slowdown_writes_trigger, or its pending compaction bytes this fraction of "
          + "soft_pending_compaction_bytes_limit, or while writes are delayed or stopped.")
  private double backoffFraction = 0.5;

  @Config(key = "ozone.om.range.compaction.service.backoff.foreground.latency", defaultValue = "50ms",
      type = ConfigType.TIME, tags = {OZONE, OM, PERFORMANCE},
      description = "The service starts no compaction while OM's client requests finished since its previous "
          + "check took this long or longer on average (server side, all request types; OM's OmClientProtocol "
          + "metrics). 0 turns this check off.")
  private long foregroundLatencyMillis = 50;

  @Config(key = "ozone.om.range.compaction.service.pause.ratio", defaultValue = "1.0", type = ConfigType.DOUBLE,
      tags = {OZONE, OM, PERFORMANCE},
      description = "After each compaction the service waits this many times as long as the compaction took "
          + "before the next one: 1.0 keeps it compacting at most half of the time.")
  private double pauseRatio = 1.0;

  @Config(key = "ozone.om.range.compaction.service.snapshot.tables.allowed", defaultValue = "false",
      type = ConfigType.BOOLEAN, tags = {OZONE, OM, PERFORMANCE},
      description = "Whether keyTable, fileTable and directoryTable are compacted while OM snapshots exist. Their "
          + "compactions feed the snapshot diff's compaction DAG (input SSTs are hard-linked and kept), so by "
          + "default they are left to RocksDB then.")
  private boolean snapshotTablesAllowed;

  @PostConstruct
  public void validate() {
    requirePositive("interval", intervalMillis);
    requirePositive("timeout", timeoutMillis);
    requireFraction("tombstone.ratio", tombstoneRatio);
    requireAtLeast("min.tombstones", minTombstones, 0);
    requireAtLeast("ranges.per.run", rangesPerRun, 1);
    requireAtLeast("max.compaction.entries", maxCompactionEntries, 1);
    requireAtLeast("max.compaction.bytes", maxCompactionBytes, 1);
    if (!(maxOverlapRatio >= 1)) {
      throw invalid("max.overlap.ratio", maxOverlapRatio, "must be at least 1");
    }
    requireAtLeast("range.cooldown", rangeCooldownMillis, 0);
    requireAtLeast("memtable.min.deletes", memtableMinDeletes, 1);
    requireFraction("memtable.delete.ratio", memtableDeleteRatio);
    requireFraction("backoff.fraction", backoffFraction);
    requireAtLeast("backoff.foreground.latency", foregroundLatencyMillis, 0);
    if (!(pauseRatio >= 0)) {
      throw invalid("pause.ratio", pauseRatio, "must be 0 or more");
    }
    if (getTables().isEmpty()) {
      throw invalid("tables", tables, "must name at least one table");
    }
    for (String table : getTables()) {
      try {
        OmTableLayouts.layoutOf(table);
      } catch (IllegalArgumentException e) {
        throw invalid("tables", tables, e.getMessage());
      }
    }
  }

  private static void requirePositive(String key, long value) {
    requireAtLeast(key, value, 1);
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
    return new IllegalArgumentException("Invalid " + PREFIX + key + " = " + value + ": " + why);
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

  public int getRangesPerRun() {
    return rangesPerRun;
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

  public long getRangeCooldownMillis() {
    return rangeCooldownMillis;
  }

  public long getMemtableMinDeletes() {
    return memtableMinDeletes;
  }

  public double getMemtableDeleteRatio() {
    return memtableDeleteRatio;
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

  public boolean isSnapshotTablesAllowed() {
    return snapshotTablesAllowed;
  }
}
