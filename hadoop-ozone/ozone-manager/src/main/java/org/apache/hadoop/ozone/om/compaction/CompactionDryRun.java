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
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Action;
import org.apache.hadoop.ozone.om.rangestats.KeyBytes;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.hadoop.ozone.om.rangestats.TableRanges;

/**
 * What the range compaction service would do to the tables of a DB at rest, pick after pick, each as if done: the
 * policy's own decisions ({@link RangeCompactionPolicy#pickNext}) on the DB's SSTs and memtables, for {@code ozone
 * debug range-stats --dry-run}. A DB at rest has no readers, clients or write pressure, and nothing the service waits
 * for: every table is looked at, as on a leader, so the plan is what the service does over as many looks as it takes. A
 * compacted span counts as compacted since its table's latest flush, as in the service, and a flushed memtable as
 * flushed in the look; neither changes the counts the next pick reads, which a DB at rest cannot tell without doing the
 * work.
 */
public final class CompactionDryRun {
  private final RangeCompactionPolicy policy;
  private final Map<String, TableRanges> tables = new LinkedHashMap<>();
  private final Map<String, MemtableState> memtables = new LinkedHashMap<>();

  public CompactionDryRun(RangeCompactionConfig config) {
    this.policy = new RangeCompactionPolicy(config);
  }

  /**
   * @param table a table the service may compact
   * @param ranges the table's ranges, of its live SSTs
   * @param memtableBytes {@code rocksdb.cur-size-all-mem-tables}
   * @param immutableEntries {@code rocksdb.num-entries-imm-mem-tables}
   * @param deletes {@code rocksdb.num-deletes-active-mem-table}
   * @param entries {@code rocksdb.num-entries-active-mem-table}
   */
  public void addTable(String table, TableRanges ranges, long memtableBytes, long immutableEntries, long deletes,
      long entries) {
    tables.put(table, ranges);
    memtables.put(table, new MemtableState(MemtableState.bytesToFlush(memtableBytes, entries + immutableEntries),
        deletes, entries, false));
  }

  /**
   * @param maxPicks the most picks to make, 0 for no bound: each pick weighs every qualifying range, as a look of the
   *     service does, so a plan to the end on a table of many dense ranges takes that many looks' work
   * @return the picks in order, each a row of what, where, why and at what cost, and the qualifying ranges passed
   *     over so far by reason; the last says why nothing more is done, unless {@code maxPicks} ended the plan
   *     first. Each compaction takes at least one range out of the next picks, and each flush its table, so the
   *     plan ends.
   */
  public List<Map<String, Object>> plan(int maxPicks) {
    Map<String, List<KeySpan>> compacted = new LinkedHashMap<>();
    Set<String> flushed = new HashSet<>();
    List<Map<String, Object>> rows = new ArrayList<>();
    while (maxPicks == 0 || rows.size() < maxPicks) {
      CompactionPick pick = policy.pickNext(env(compacted, flushed));
      rows.add(row(pick));
      if (pick.endsLook()) {
        return rows;
      }
      if (pick.getAction() == Action.FLUSH) {
        flushed.add(pick.getTable());
      } else {
        compacted.computeIfAbsent(pick.getTable(), t -> new ArrayList<>()).add(pick.getRange().getSpan());
      }
    }
    return rows;
  }

  private CompactionEnv env(Map<String, List<KeySpan>> compacted, Set<String> flushed) {
    List<TableState> states = new ArrayList<>();
    for (Map.Entry<String, TableRanges> e : tables.entrySet()) {
      TableRanges ranges = e.getValue();
      states.add(new TableState(e.getKey(), ranges.getRanges(), ranges.getFiles(),
          span -> ranges.estimate(span.getStart(), span.getEnd()), memtables.get(e.getKey()),
          new WritePressure(0, 0, 0, 0), compacted.getOrDefault(e.getKey(), Collections.<KeySpan>emptyList()),
          new BitSet()));
    }
    OmActivity leader = new OmActivity(true, 0, 0, 0, 0, 0, 0, 0);
    return new CompactionEnv(states, false, false, null, Long.MAX_VALUE, leader, flushed,
        Collections.<String>emptySet());
  }

  private static Map<String, Object> row(CompactionPick pick) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("action", pick.getAction().name().toLowerCase(Locale.ROOT));
    if (pick.getReason() != null) {
      row.put("reason", pick.getReason().toString());
      row.put("table", pick.getTable());
    }
    if (pick.getAction() == Action.COMPACT) {
      row.put("start", KeyBytes.printable(pick.getRange().getStart()));
      row.put("end", pick.getRange().getEnd() == null ? null : KeyBytes.printable(pick.getRange().getEnd()));
      row.put("entries", pick.getRange().getEntries());
      row.put("tombstones", pick.getRange().getTombstones());
      row.put("readFiles", pick.getCost().getFiles());
      row.put("readEntries", pick.getCost().getEntries());
      row.put("readBytes", pick.getCost().getBytes());
      row.put("bottommostForced", pick.isBottommostForced());
    }
    row.put("passedOver", new LinkedHashMap<>(pick.getSkips()));
    return row;
  }
}
