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

package org.apache.hadoop.ozone.om.rangestats;

import static org.apache.hadoop.hdds.conf.ConfigTag.OM;
import static org.apache.hadoop.hdds.conf.ConfigTag.OZONE;
import static org.apache.hadoop.hdds.conf.ConfigTag.PERFORMANCE;

import java.util.Set;
import org.apache.hadoop.hdds.conf.Config;
import org.apache.hadoop.hdds.conf.ConfigGroup;
import org.apache.hadoop.hdds.conf.ConfigType;
import org.apache.hadoop.hdds.conf.PostConstruct;

/** Configuration of OM's range statistics (where the tombstones of its tables are). */
@ConfigGroup(prefix = "ozone.om.range.stats")
public class RangeStatsConfig {

  private static final String DEFAULT_TABLES = "keyTable,openKeyTable,deletedTable,multipartInfoTable,"
      + "fileTable,openFileTable,directoryTable,deletedDirectoryTable";

  @Config(key = Keys.ENABLED,
      defaultValue = "true",
      type = ConfigType.BOOLEAN,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Whether OM keeps range statistics of its tables: for each key range (a bucket, or a part of "
          + "one) the estimated entries and tombstones in its live SSTs, kept current from RocksDB's flush and "
          + "compaction events. They are shown as metrics and used by the range compaction service.")
  private boolean enabled = true;

  @Config(key = Keys.TABLES,
      defaultValue = DEFAULT_TABLES,
      type = ConfigType.STRING,
      tags = {OZONE, OM, PERFORMANCE},
      description = "Comma-separated OM tables to keep range statistics of. Supported: the tables keyed by "
          + "/volume/bucket (keyTable, openKeyTable, deletedTable, multipartInfoTable) and by "
          + "/volumeId/bucketId/parentId (fileTable, openFileTable, directoryTable, deletedDirectoryTable).")
  private String tables = DEFAULT_TABLES;

  @Config(key = Keys.MAX_RANGE_ENTRIES,
      defaultValue = "200000",
      type = ConfigType.LONG,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A range (a bucket, or a parent directory of an FSO bucket) with more estimated entries than "
          + "this is cut into smaller ranges at SST boundaries. 200000 entries of a few hundred bytes are about "
          + "one SST of OM's 64 MB target file size.")
  private long maxRangeEntries = 200_000;

  @Config(key = Keys.MAX_SSTS,
      defaultValue = "100000",
      type = ConfigType.LONG,
      tags = {OZONE, OM, PERFORMANCE},
      description = "A table with more live SSTs than this keeps only its totals (SSTs, entries, tombstones): its "
          + "ranges are not computed and the range compaction service leaves it to RocksDB. Computing the ranges "
          + "costs time and heap in proportion to a table's SSTs (n log n); this bounds both. A warning is logged, "
          + "and the table's RangesDegraded metric is 1, while a table is over it.")
  private long maxSsts = 100_000;

  @PostConstruct
  public void validate() {
    if (maxRangeEntries < 1) {
      throw new IllegalArgumentException(Keys.MAX_RANGE_ENTRIES + " must be positive, but is " + maxRangeEntries);
    }
    if (maxSsts < 0) {
      throw new IllegalArgumentException(Keys.MAX_SSTS + " must not be negative, but is " + maxSsts);
    }
    for (String table : getTables()) {
      OmTableLayouts.layoutOf(table);
    }
  }

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /** @return the tracked tables, in configured order */
  public Set<String> getTables() {
    return OmTableLayouts.parseTables(tables);
  }

  public void setTables(String tables) {
    this.tables = tables;
  }

  public long getMaxRangeEntries() {
    return maxRangeEntries;
  }

  public void setMaxRangeEntries(long maxRangeEntries) {
    this.maxRangeEntries = maxRangeEntries;
  }

  public long getMaxSsts() {
    return maxSsts;
  }

  public void setMaxSsts(long maxSsts) {
    this.maxSsts = maxSsts;
  }

  /** The keys, for tests and grep. */
  public static final class Keys {
    public static final String PREFIX = "ozone.om.range.stats.";
    public static final String ENABLED = PREFIX + "enabled";
    public static final String TABLES = PREFIX + "tables";
    public static final String MAX_RANGE_ENTRIES = PREFIX + "max.range.entries";
    public static final String MAX_SSTS = PREFIX + "max.ssts";

    private Keys() {
    }
  }
}
