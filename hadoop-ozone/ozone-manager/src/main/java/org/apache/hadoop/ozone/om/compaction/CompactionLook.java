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
import java.util.List;
import java.util.Map;
import org.apache.hadoop.util.Time;

/**
 * What a look of the service read once, at its start: the policy of the settings in force then, OM's activity,
 * the tables a reader is due to scan ({@link RangeCompactionPolicy#isDue}) and those of them the service may compact
 * now, their memtables, a version of all that can turn "nothing to do" into something, and when the look must end.
 * Immutable; every pick of the look reads its tables anew around it.
 */
final class CompactionLook {
  private final RangeCompactionPolicy policy;
  private final OmActivity activity;
  private final List<String> due;
  /** The due tables the service may compact now; null when nothing changed since a look found nothing to do. */
  private final List<String> tables;
  private final Map<String, MemtableState> memtables;
  private final List<Long> version;
  private final long deadline;

  /**
   * @param tables the due tables the service may compact now ({@link RangeCompactionPolicy#isLeftForSnapshots}),
   *     null when the look is {@link #isUnchanged unchanged}
   * @param memtables the memtables of the due tables, read at the look's start
   * @param version what {@link #getVersion} returns
   * @param deadline the monotonic time ({@link Time#monotonicNow}) when the look's {@code timeout} passes
   */
  CompactionLook(RangeCompactionPolicy policy, OmActivity activity, List<String> due, List<String> tables,
      Map<String, MemtableState> memtables, List<Long> version, long deadline) {
    this.policy = policy;
    this.activity = activity;
    this.due = Collections.unmodifiableList(due);
    this.tables = tables == null ? null : Collections.unmodifiableList(tables);
    this.memtables = Collections.unmodifiableMap(memtables);
    this.version = Collections.unmodifiableList(version);
    this.deadline = deadline;
  }

  /** @return the policy of the settings in force when the look began, which it reads for all its picks */
  RangeCompactionPolicy getPolicy() {
    return policy;
  }

  RangeCompactionConfig getSettings() {
    return policy.getSettings();
  }

  OmActivity getActivity() {
    return activity;
  }

  /** @return whether OM is idle at this look ({@link RangeCompactionPolicy#isIdle}) */
  boolean isIdle() {
    return policy.isIdle(activity);
  }

  /** @return the tables a reader is due to scan, in configured order */
  List<String> getDue() {
    return due;
  }

  /**
   * @return whether nothing changed since a look whose last pick found nothing to do: its version is this look's, so
   *     this look would make the same picks, and makes none
   */
  boolean isUnchanged() {
    return tables == null;
  }

  /** @return the due tables the service may compact now, none when the look is unchanged */
  List<String> getTables() {
    return tables == null ? Collections.<String>emptyList() : tables;
  }

  /** @return how many due tables OM's snapshots leave alone ({@link RangeCompactionPolicy#isLeftForSnapshots}) */
  int getLeftForSnapshots() {
    return tables == null ? 0 : due.size() - tables.size();
  }

  /** @return whether the look has taken its {@code timeout} */
  boolean isOverdue() {
    return Time.monotonicNow() >= deadline;
  }

  /** @return how many configured tables no reader is due to scan, which the look leaves alone */
  int getUnread() {
    return getSettings().getTables().size() - due.size();
  }

  /** @return the due tables' memtables as the look's start read them */
  Map<String, MemtableState> getMemtables() {
    return memtables;
  }

  /**
   * @return per configured table, its SSTs' version in the range statistics (RocksDB's events move it), whether it
   *     is due, and whether its memtable qualifies: while none changes, the same look would make the same picks
   */
  List<Long> getVersion() {
    return version;
  }
}
