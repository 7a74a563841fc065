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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What a look of the service read once, at its start: the policy of the settings in force then, OM's activity,
 * the tables a reader is due to scan ({@link RangeCompactionPolicy#isDue}), their memtables, and a version of all
 * that can turn "nothing to do" into something. Immutable; every pick of the look reads its tables anew around it.
 */
final class CompactionLook {
  private final RangeCompactionPolicy policy;
  private final OmActivity activity;
  private final List<String> due;
  private final Map<String, MemtableState> memtables;
  private final List<Long> version;

  /**
   * @param memtables the memtables of the due tables, read at the look's start
   * @param version what {@link #getVersion} returns
   */
  CompactionLook(RangeCompactionPolicy policy, OmActivity activity, List<String> due,
      Map<String, MemtableState> memtables, List<Long> version) {
    this.policy = policy;
    this.activity = activity;
    this.due = Collections.unmodifiableList(due);
    this.memtables = Collections.unmodifiableMap(memtables);
    this.version = Collections.unmodifiableList(version);
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

  /** @return the due tables the service may compact now ({@link RangeCompactionPolicy#isLeftForSnapshots}) */
  List<String> tablesToCompact(boolean snapshotsExist) {
    List<String> tables = new ArrayList<>();
    for (String table : due) {
      if (!policy.isLeftForSnapshots(table, snapshotsExist)) {
        tables.add(table);
      }
    }
    return tables;
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
