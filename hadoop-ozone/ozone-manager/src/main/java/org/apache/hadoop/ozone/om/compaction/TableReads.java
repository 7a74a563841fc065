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

/**
 * How OM's readers scan a table, counted in the service's looks (one per {@code interval}): when a scan was last
 * seen, how many looks lay between the last two, and whether one was seen since the service last flushed or
 * compacted the table. Immutable; {@link TableReadWatch} makes it from RocksDB's iterator counts.
 */
final class TableReads {
  /** A table no reader was seen scanning. */
  static final TableReads NONE = new TableReads(-1, 0, false);

  private final long lastScan;
  private final long period;
  private final boolean scannedSinceCleaned;

  /**
   * @param lastScan the look at which the latest scan was seen, -1 if none was
   * @param period looks between the last two scans seen, 0 if fewer than two were
   * @param scannedSinceCleaned whether a scan was seen since the service last flushed or compacted the table
   */
  TableReads(long lastScan, long period, boolean scannedSinceCleaned) {
    this.lastScan = lastScan;
    this.period = period;
    this.scannedSinceCleaned = scannedSinceCleaned;
  }

  /** @return these reads after a scan seen at {@code look} */
  TableReads scannedAt(long look) {
    return new TableReads(look, lastScan < 0 ? 0 : look - lastScan, true);
  }

  /** @return these reads after the service flushed or compacted the table */
  TableReads cleaned() {
    return new TableReads(lastScan, period, false);
  }

  long getLastScan() {
    return lastScan;
  }

  long getPeriod() {
    return period;
  }

  boolean isScannedSinceCleaned() {
    return scannedSinceCleaned;
  }
}
