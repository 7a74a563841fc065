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

import static org.apache.hadoop.metrics2.lib.Interns.info;

import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * Range statistics as Hadoop metrics: one record per tracked table, tagged with
 * the table's name (on /prom e.g. {@code om_range_stats_estimated_tombstones{table="keyTable"}}).
 */
final class OmRangeStatsMetrics implements MetricsSource {
  static final String SOURCE_NAME = "OmRangeStats";

  private static final MetricsInfo TABLE = info("Table", "OM table (RocksDB column family)");
  private static final MetricsInfo LIVE_SSTS = info("LiveSsts", "Live SST files of the table");
  private static final MetricsInfo ENTRIES = info("EstimatedEntries",
      "Point entries (puts and tombstones) in the table's live SSTs");
  private static final MetricsInfo TOMBSTONES = info("EstimatedTombstones",
      "Point tombstones in the table's live SSTs");
  private static final MetricsInfo TOP_SCORE = info("TopRangeScore",
      "Score (tombstones x tombstones/entries) of the table's densest range");
  private static final MetricsInfo RANGES = info("Ranges", "Ranges the table is split into");
  private static final MetricsInfo COMPUTE_MILLIS = info("RangesComputeMillis",
      "Time the table's ranges took to compute at the latest change of its SSTs, in milliseconds");
  private static final MetricsInfo DEGRADED = info("RangesDegraded",
      "1 while the table has more SSTs than ozone.om.range.stats.max.ssts, so that only its totals are kept");
  private static final MetricsInfo UPDATES = info("IndexUpdates", "Times a table's SST index was updated");
  private static final MetricsInfo RECOMPUTATIONS = info("RangeRecomputations",
      "Times a table's ranges were computed (once per change of its SSTs, never by a scrape)");

  private final OmRangeStats stats;

  private OmRangeStatsMetrics(OmRangeStats stats) {
    this.stats = stats;
  }

  static OmRangeStatsMetrics register(OmRangeStats stats) {
    return DefaultMetricsSystem.instance().register(SOURCE_NAME, "OM range statistics of RocksDB tables",
        new OmRangeStatsMetrics(stats));
  }

  void unregister() {
    DefaultMetricsSystem.instance().unregisterSource(SOURCE_NAME);
  }

  /** Reads what the index's thread published: a scrape computes nothing. */
  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    for (String table : stats.getTables()) {
      TableRanges ranges = stats.get(table);
      MetricsRecordBuilder record = collector.addRecord(SOURCE_NAME).setContext("om").tag(TABLE, table);
      record.addGauge(LIVE_SSTS, ranges.getFiles().size())
          .addGauge(ENTRIES, ranges.getEntries())
          .addGauge(TOMBSTONES, ranges.getTombstones())
          .addGauge(TOP_SCORE, ranges.getTopScore())
          .addGauge(RANGES, ranges.getRanges().size())
          .addGauge(COMPUTE_MILLIS, ranges.getComputeNanos() / 1e6)
          .addGauge(DEGRADED, ranges.isDegraded() ? 1 : 0);
    }
    collector.addRecord(SOURCE_NAME).setContext("om").addCounter(UPDATES, stats.getIndexUpdates())
        .addCounter(RECOMPUTATIONS, stats.getRecomputations());
  }
}
