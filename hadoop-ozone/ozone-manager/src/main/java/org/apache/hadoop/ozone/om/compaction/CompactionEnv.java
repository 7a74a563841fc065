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

import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything {@link RangeCompactionPolicy#pickNext} decides on, read from
 * RocksDB, the range statistics and OM's metrics just before each decision:
 * the tables, RocksDB's DB-wide write state, the latency of OM's latest client
 * requests, how busy OM was over its latest looks and what the service may
 * still spend. A plain immutable value, so that the decision is a function of
 * data that tests can write down.
 */
final class CompactionEnv {
  private final List<TableState> tables;
  private final boolean writesStopped;
  private final boolean writesDelayed;
  private final ForegroundLatency.Window foreground;
  private final long budgetBytes;
  private final OmActivity activity;
  private final Set<String> flushedThisRun;
  private final Set<String> unchangedSinceFlush;

  /**
   * @param tables the tables the service may compact now, in configured order
   * @param foreground OM's client requests since the previous decision, or null if unknown
   * @param budgetBytes bytes the next compaction may read (Long.MAX_VALUE for no bound)
   * @param activity OM's activity at the start of the current look
   * @param flushedThisRun the tables the service flushed since the look began
   * @param unchangedSinceFlush the tables whose SSTs are as the service's latest flush of them left them
   */
  @SuppressWarnings("checkstyle:ParameterNumber")
  CompactionEnv(List<TableState> tables, boolean writesStopped, boolean writesDelayed,
      ForegroundLatency.Window foreground, long budgetBytes, OmActivity activity, Set<String> flushedThisRun,
      Set<String> unchangedSinceFlush) {
    this.tables = tables;
    this.writesStopped = writesStopped;
    this.writesDelayed = writesDelayed;
    this.foreground = foreground;
    this.budgetBytes = budgetBytes;
    this.activity = activity;
    this.flushedThisRun = Collections.unmodifiableSet(new HashSet<>(flushedThisRun));
    this.unchangedSinceFlush = Collections.unmodifiableSet(new HashSet<>(unchangedSinceFlush));
  }

  List<TableState> getTables() {
    return tables;
  }

  boolean isWritesStopped() {
    return writesStopped;
  }

  boolean isWritesDelayed() {
    return writesDelayed;
  }

  ForegroundLatency.Window getForeground() {
    return foreground;
  }

  long getBudgetBytes() {
    return budgetBytes;
  }

  OmActivity getActivity() {
    return activity;
  }

  /** @return whether the service flushed the table since the look began */
  boolean isFlushedThisRun(String table) {
    return flushedThisRun.contains(table);
  }

  /**
   * @return whether the table's SSTs are as the service's latest flush of it left them: neither RocksDB nor the
   *     service flushed or compacted the table since
   */
  boolean isUnchangedSinceFlush(String table) {
    return unchangedSinceFlush.contains(table);
  }
}
