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

package org.apache.hadoop.ozone.debug.om;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.hdds.cli.AbstractSubcommand;
import org.apache.hadoop.hdds.cli.DebugSubcommand;
import org.apache.hadoop.hdds.server.JsonUtils;
import org.apache.hadoop.ozone.om.compaction.CompactionDryRun;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig;
import org.apache.hadoop.ozone.om.rangestats.KeyBytes;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.OmTableLayouts;
import org.apache.hadoop.ozone.om.rangestats.RangePartitioner;
import org.apache.hadoop.ozone.om.rangestats.RangeStatsConfig;
import org.apache.hadoop.ozone.om.rangestats.SstFile;
import org.apache.hadoop.ozone.om.rangestats.SstFiles;
import org.apache.hadoop.ozone.om.rangestats.TableRanges;
import org.kohsuke.MetaInfServices;
import picocli.CommandLine;

/**
 * {@code ozone debug range-stats}: the range statistics of an OM DB (its key
 * ranges and their tombstones, densest first), from a DB opened read-only.
 */
@CommandLine.Command(name = "range-stats",
    description = "Shows where the tombstones of an OM DB's tables are: its key ranges (a bucket, or part of one) "
        + "with their live SSTs and estimated entries and tombstones, densest first. Memtables are not included. "
        + "With --heads: per table, its tombstones and what a reader of its head steps over. "
        + "With --dry-run: what the range compaction service would compact there, and why it passes the rest over. "
        + "The DB is opened read-only and never modified; to inspect a running OM, use a checkpoint of its DB.")
@MetaInfServices(DebugSubcommand.class)
public class RangeStatsSubcommand extends AbstractSubcommand implements Callable<Void>, DebugSubcommand {

  @CommandLine.Option(names = "--db", required = true, description = "Path of the OM DB (the om.db directory)")
  private File db;

  @CommandLine.Option(names = "--table",
      description = "Only this table (default: every table range statistics support that the DB has)")
  private String table;

  @CommandLine.Option(names = "--top", defaultValue = "20",
      description = "Show the N densest ranges (with --dry-run: the first N picks); 0 shows all "
          + "(default: ${DEFAULT-VALUE})")
  private int top;

  @CommandLine.Option(names = "--max-range-entries",
      description = "Cut ranges with more estimated entries than this at SST boundaries "
          + "(default: " + RangeStatsConfig.Keys.MAX_RANGE_ENTRIES + ")")
  private Long maxRangeEntries;

  @CommandLine.Option(names = "--json", description = "Print a JSON array of ranges instead of a table")
  private boolean json;

  @CommandLine.Option(names = "--heads",
      description = "Print, instead of the ranges, a JSON object: per table its point tombstones in live SSTs and "
          + "in memtables (a DB opened read-only replays its WAL into them), and its head: the internal entries "
          + "(tombstones, and the puts they hide) RocksDB steps over to seek the table's first key and step once to "
          + "the next (its ticker NUMBER_ITER_SKIP), as a cleanup service's scan of the table starts")
  private boolean heads;

  @CommandLine.Option(names = "--seek", paramLabel = "TABLE=KEY",
      description = "With --heads: also seek TABLE to KEY (UTF-8) and step once, e.g. keyTable=/vol1/bucket1/ for "
          + "the start of a listing of that bucket; repeatable")
  private List<String> seeks = new ArrayList<>();

  @CommandLine.Option(names = "--dry-run",
      description = "Print, instead of the ranges, a JSON array: what the range compaction service would do to the "
          + "tables it may compact (" + RangeCompactionConfig.Keys.TABLES + "), with the settings of the "
          + "configuration, pick after pick as if each were done, until nothing qualifies that it may compact: per "
          + "pick the range, its tombstones, what compacting it reads, why, and the qualifying ranges passed over so "
          + "far by reason. A DB at rest has no readers or clients: the rules that wait for them do not apply")
  private boolean dryRun;

  @Override
  public Void call() throws IOException {
    if (top < 0) {
      throw new IllegalArgumentException("--top must be 0 (all) or more, but is " + top);
    }
    long maxEntries = maxRangeEntries != null ? maxRangeEntries
        : getOzoneConf().getObject(RangeStatsConfig.class).getMaxRangeEntries();
    if (maxEntries < 1) {
      throw new IllegalArgumentException("--max-range-entries must be positive, but is " + maxEntries);
    }
    if (table != null) {
      OmTableLayouts.layoutOf(table);
    }
    if (!seeks.isEmpty() && !heads) {
      throw new IllegalArgumentException("--seek needs --heads");
    }
    if (heads && dryRun) {
      throw new IllegalArgumentException("--heads and --dry-run are two views: choose one");
    }
    if (heads) {
      printHeads();
      return null;
    }
    if (dryRun) {
      printDryRun(maxEntries);
      return null;
    }

    List<KeyRange> ranges = new ArrayList<>();
    try (ReadOnlyOmDb omDb = ReadOnlyOmDb.open(db)) {
      RangePartitioner partitioner = new RangePartitioner(maxEntries);
      for (String name : tablesToShow(omDb)) {
        ranges.addAll(partitioner.partition(name, OmTableLayouts.layoutOf(name),
            SstFiles.read(omDb.source(name), Collections.emptyMap())));
      }
    }
    ranges.sort(KeyRange.DENSEST_FIRST);
    List<KeyRange> shown = top == 0 || ranges.size() <= top ? ranges : ranges.subList(0, top);
    if (json) {
      printJson(shown);
    } else {
      printTable(shown, ranges.size());
    }
    return null;
  }

  private List<String> tablesToShow(ReadOnlyOmDb omDb) {
    if (table != null) {
      if (!omDb.getTables().contains(table)) {
        throw new IllegalArgumentException("The OM DB at " + db + " has no table " + table);
      }
      return Collections.singletonList(table);
    }
    List<String> names = new ArrayList<>();
    for (String name : OmTableLayouts.all().keySet()) {
      if (omDb.getTables().contains(name)) {
        names.add(name);
      }
    }
    return names;
  }

  private void printTable(List<KeyRange> shown, int total) {
    int keyWidth = "START".length();
    for (KeyRange r : shown) {
      keyWidth = Math.max(keyWidth, Math.max(KeyBytes.printable(r.getStart()).length(), end(r).length()));
    }
    String format = "%-21s  %-" + keyWidth + "s  %-" + keyWidth + "s  %5s  %12s  %12s  %6s  %14s%n";
    out().printf("%d of %d ranges, densest first (score = tombstones x ratio, ratio = tombstones / entries)%n",
        shown.size(), total);
    out().printf(format, "TABLE", "START", "END", "SSTS", "ENTRIES", "TOMBSTONES", "RATIO", "SCORE");
    for (KeyRange r : shown) {
      out().printf(format, r.getTable(), KeyBytes.printable(r.getStart()), end(r), r.getSsts(), r.getEntries(),
          r.getTombstones(), String.format("%.3f", r.getRatio()), String.format("%.1f", r.getScore()));
    }
  }

  private void printJson(List<KeyRange> shown) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (KeyRange r : shown) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("table", r.getTable());
      row.put("start", KeyBytes.printable(r.getStart()));
      row.put("end", r.getEnd() == null ? null : KeyBytes.printable(r.getEnd()));
      row.put("ssts", r.getSsts());
      row.put("entries", r.getEntries());
      row.put("tombstones", r.getTombstones());
      row.put("rangeDeletions", r.getRangeDeletions());
      row.put("bytes", r.getBytes());
      row.put("ratio", r.getRatio());
      row.put("score", r.getScore());
      rows.add(row);
    }
    out().println(JsonUtils.toJsonStringWithDefaultPrettyPrinter(rows));
  }

  /**
   * --heads: per table (as for the ranges: --table, or every table range statistics support), its tombstones and
   * the read of its head; then the reads --seek asked for. Counts are exact: per SST from its table properties.
   */
  private void printHeads() throws IOException {
    Map<String, Object> result = new LinkedHashMap<>();
    try (ReadOnlyOmDb omDb = ReadOnlyOmDb.open(db)) {
      List<HeadRead> sought = new ArrayList<>();
      for (String spec : seeks) {
        int eq = spec.indexOf('=');
        if (eq < 1) {
          throw new IllegalArgumentException("--seek needs TABLE=KEY, e.g. keyTable=/vol1/bucket1/, but is '" + spec
              + "'");
        }
        String name = spec.substring(0, eq);
        if (!omDb.getTables().contains(name)) {
          throw new IllegalArgumentException("The OM DB at " + db + " has no table " + name);
        }
        sought.add(omDb.read(name, spec.substring(eq + 1).getBytes(UTF_8)));
      }
      List<Map<String, Object>> tables = new ArrayList<>();
      for (String name : tablesToShow(omDb)) {
        tables.add(tableHead(omDb, name));
      }
      List<Map<String, Object>> seekRows = new ArrayList<>();
      for (HeadRead read : sought) {
        seekRows.add(read.toMap());
      }
      result.put("db", db.getAbsolutePath());
      result.put("tables", tables);
      result.put("seeks", seekRows);
    }
    out().println(JsonUtils.toJsonStringWithDefaultPrettyPrinter(result));
  }

  private static Map<String, Object> tableHead(ReadOnlyOmDb omDb, String name) throws IOException {
    long entries = 0;
    long tombstones = 0;
    long rangeDeletions = 0;
    List<SstFile> files = SstFiles.read(omDb.source(name), Collections.emptyMap());
    for (SstFile file : files) {
      entries += file.getEntries();
      tombstones += file.getDeletions();
      rangeDeletions += file.getRangeDeletions();
    }
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("table", name);
    row.put("ssts", files.size());
    row.put("entries", entries);
    row.put("tombstones", tombstones);
    row.put("rangeDeletions", rangeDeletions);
    row.put("memtableEntries", omDb.property(name, "rocksdb.num-entries-active-mem-table")
        + omDb.property(name, "rocksdb.num-entries-imm-mem-tables"));
    row.put("memtableDeletes", omDb.property(name, "rocksdb.num-deletes-active-mem-table")
        + omDb.property(name, "rocksdb.num-deletes-imm-mem-tables"));
    Map<String, Object> head = omDb.read(name, null).toMap();
    head.remove("table");
    head.remove("from");
    row.put("head", head);
    return row;
  }

  /** --dry-run: the service's picks on the tables to show that it may compact. */
  private void printDryRun(long maxEntries) throws IOException {
    RangeCompactionConfig config = getOzoneConf().getObject(RangeCompactionConfig.class);
    CompactionDryRun plan = new CompactionDryRun(config);
    try (ReadOnlyOmDb omDb = ReadOnlyOmDb.open(db)) {
      RangePartitioner partitioner = new RangePartitioner(maxEntries);
      for (String name : tablesToShow(omDb)) {
        if (config.getTables().contains(name)) {
          plan.addTable(name, TableRanges.compute(name, 1, 0, SstFiles.read(omDb.source(name),
              Collections.emptyMap()), partitioner, Long.MAX_VALUE),
              omDb.property(name, "rocksdb.cur-size-all-mem-tables"),
              omDb.property(name, "rocksdb.num-entries-imm-mem-tables"),
              omDb.property(name, "rocksdb.num-deletes-active-mem-table"),
              omDb.property(name, "rocksdb.num-entries-active-mem-table"));
        }
      }
    }
    out().println(JsonUtils.toJsonStringWithDefaultPrettyPrinter(plan.plan(top)));
  }

  /** The printable end key; an unbounded range ends at "(end)". */
  private static String end(KeyRange r) {
    return r.getEnd() == null ? "(end)" : KeyBytes.printable(r.getEnd());
  }
}
