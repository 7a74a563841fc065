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
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.managed.ManagedOptions;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksObjectUtils;
import org.apache.hadoop.ozone.debug.OzoneDebug;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;

/** {@code ozone debug range-stats} on an OM DB written by the test, and on paths that are not one. */
class TestRangeStatsSubcommand {
  @TempDir
  private static File dir;
  private static File omDb;

  /** keyTable: bucket a with 1000 keys; bucket b with 1000 keys of which 600 deleted; one flush per step. */
  @BeforeAll
  static void writeOmDb() throws IOException {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set(OMConfigKeys.OZONE_OM_DB_DIRS, dir.getAbsolutePath());
    OmMetadataManagerImpl metadata = new OmMetadataManagerImpl(conf, null);
    try {
      RDBStore store = (RDBStore) metadata.getStore();
      @SuppressWarnings("unchecked")
      Table<byte[], byte[]> keys = (Table<byte[], byte[]>) (Table<?, ?>) store.getTable("keyTable");
      for (int i = 0; i < 1000; i++) {
        keys.put(key("/vol/a/k", i), new byte[100]);
      }
      store.getDb().flush("keyTable");
      for (int i = 0; i < 1000; i++) {
        keys.put(key("/vol/b/k", i), new byte[100]);
      }
      store.getDb().flush("keyTable");
      for (int i = 0; i < 600; i++) {
        keys.delete(key("/vol/b/k", i));
      }
      store.getDb().flush("keyTable");
    } finally {
      metadata.stop();
    }
    omDb = new File(dir, "om.db");
  }

  @Test
  void printsRangesDensestFirst() throws IOException {
    Map<String, String> before = listing(omDb);
    Result result = run("range-stats", "--db", omDb.getPath(), "--table", "keyTable");

    assertThat(result.exitCode).as(result.err).isZero();
    assertThat(result.out.split("\n")).hasSize(4);
    assertThat(result.out.split("\n")[0]).startsWith("2 of 2 ranges, densest first");
    assertThat(result.out.split("\n")[1].split("\\s+"))
        .containsExactly("TABLE", "START", "END", "SSTS", "ENTRIES", "TOMBSTONES", "RATIO", "SCORE");
    assertThat(result.out.split("\n")[2].split("\\s+"))
        .containsExactly("keyTable", "/vol/b/", "/vol/b0", "2", "1600", "600", "0.375", "225.0");
    assertThat(result.out.split("\n")[3].split("\\s+"))
        .containsExactly("keyTable", "/vol/a/", "/vol/a0", "1", "1000", "0", "0.000", "0.0");
    assertThat(listing(omDb)).as("the DB's files, sizes and times").isEqualTo(before);
  }

  @Test
  void printsJson() throws IOException {
    Result result = run("range-stats", "--db", omDb.getPath(), "--json", "--top", "1");

    assertThat(result.exitCode).as(result.err).isZero();
    JsonNode rows = new ObjectMapper().readTree(result.out);
    assertThat(rows.isArray()).isTrue();
    assertThat(rows).hasSize(1);
    JsonNode densest = rows.get(0);
    assertThat(densest.get("table").asText()).isEqualTo("keyTable");
    assertThat(densest.get("start").asText()).isEqualTo("/vol/b/");
    assertThat(densest.get("end").asText()).isEqualTo("/vol/b0");
    assertThat(densest.get("ssts").asInt()).isEqualTo(2);
    assertThat(densest.get("entries").asLong()).isEqualTo(1600);
    assertThat(densest.get("tombstones").asLong()).isEqualTo(600);
    assertThat(densest.get("ratio").asDouble()).isEqualTo(0.375);
    assertThat(densest.get("score").asDouble()).isEqualTo(225.0);
  }

  /**
   * --heads: bucket a's keys come first, so keyTable's head steps over nothing; a listing of bucket b starts behind
   * its 600 deleted keys, each a tombstone and the put it hides, in two SSTs.
   */
  @Test
  void printsHeadsAndSeeks() throws IOException {
    Map<String, String> before = listing(omDb);
    Result result = run("range-stats", "--db", omDb.getPath(), "--heads", "--seek", "keyTable=/vol/b/");

    assertThat(result.exitCode).as(result.err).isZero();
    JsonNode json = new ObjectMapper().readTree(result.out);
    assertThat(json.get("db").asText()).isEqualTo(omDb.getAbsolutePath());
    JsonNode keyTable = null;
    for (JsonNode t : json.get("tables")) {
      if (t.get("table").asText().equals("keyTable")) {
        keyTable = t;
      } else {
        assertThat(t.get("tombstones").asLong()).as(t.toString()).isZero();
        assertThat(t.get("head").get("skips").asLong()).as(t.toString()).isZero();
      }
    }
    assertThat(keyTable).isNotNull();
    assertThat(keyTable.get("ssts").asInt()).isEqualTo(3);
    assertThat(keyTable.get("entries").asLong()).isEqualTo(2600);
    assertThat(keyTable.get("tombstones").asLong()).isEqualTo(600);
    assertThat(keyTable.get("memtableDeletes").asLong()).isZero();
    JsonNode head = keyTable.get("head");
    assertThat(head.get("skips").asLong()).isZero();
    assertThat(head.get("rows").asInt()).isEqualTo(2);
    assertThat(head.get("keys").get(0).asText()).isEqualTo("/vol/a/k0000");
    assertThat(head.get("keys").get(1).asText()).isEqualTo("/vol/a/k0001");

    assertThat(json.get("seeks")).hasSize(1);
    JsonNode seek = json.get("seeks").get(0);
    assertThat(seek.get("table").asText()).isEqualTo("keyTable");
    assertThat(seek.get("from").asText()).isEqualTo("/vol/b/");
    assertThat(seek.get("skips").asLong()).isEqualTo(1200);
    assertThat(seek.get("keys").get(0).asText()).isEqualTo("/vol/b/k0600");
    assertThat(seek.get("keys").get(1).asText()).isEqualTo("/vol/b/k0601");
    assertThat(listing(omDb)).as("the DB's files, sizes and times").isEqualTo(before);
  }

  /**
   * Deletes not yet flushed when the DB closed are in its WAL, which a read-only open replays into memtables: they
   * count as tombstones there, and a read of the head steps over them as over SSTs.
   */
  @Test
  void countsTombstonesInMemtablesToo() throws Exception {
    File walDb = new File(dir, "wal.db");
    ManagedRocksObjectUtils.loadRocksDBLibrary();
    List<ColumnFamilyDescriptor> descriptors = Arrays.asList(
        new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
        new ColumnFamilyDescriptor("keyTable".getBytes(UTF_8)),
        new ColumnFamilyDescriptor("openKeyTable".getBytes(UTF_8)));
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
         RocksDB rocks = RocksDB.open(options, walDb.getPath(), descriptors, handles);
         FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      ColumnFamilyHandle openKeys = handles.get(2);
      for (int i = 0; i < 500; i++) {
        rocks.put(openKeys, key("/vol/c/k", i), new byte[100]);
      }
      rocks.flush(flush, openKeys);
      for (int i = 0; i < 400; i++) {
        rocks.delete(openKeys, key("/vol/c/k", i));
      }
      for (ColumnFamilyHandle handle : handles) {
        handle.close();
      }
    }
    Result result = run("range-stats", "--db", walDb.getPath(), "--heads", "--table", "openKeyTable");

    assertThat(result.exitCode).as(result.err).isZero();
    JsonNode tables = new ObjectMapper().readTree(result.out).get("tables");
    assertThat(tables).hasSize(1);
    JsonNode openKeyTable = tables.get(0);
    assertThat(openKeyTable.get("ssts").asInt()).isEqualTo(1);
    assertThat(openKeyTable.get("tombstones").asLong()).isZero();
    assertThat(openKeyTable.get("memtableEntries").asLong()).isEqualTo(400);
    assertThat(openKeyTable.get("memtableDeletes").asLong()).isEqualTo(400);
    assertThat(openKeyTable.get("head").get("skips").asLong()).isEqualTo(800);
    assertThat(openKeyTable.get("head").get("keys").get(0).asText()).isEqualTo("/vol/c/k0400");
  }

  /**
   * --dry-run: with 500 tombstones enough, the service compacts bucket b, the one dense range, reading keyTable's two
   * L0 files of it (they overlap, so their merge drops the tombstones: nothing forced), then passes it over as
   * compacted; with fewer entries allowed to a compaction, it passes b over as too large.
   */
  @Test
  void printsWhatTheServiceWouldCompact() throws IOException {
    Map<String, String> before = listing(omDb);
    String minTombstones = "--set=" + RangeCompactionConfig.Keys.MIN_TOMBSTONES + "=500";
    Result result = run(minTombstones, "range-stats", "--db", omDb.getPath(), "--dry-run");

    assertThat(result.exitCode).as(result.err).isZero();
    JsonNode picks = new ObjectMapper().readTree(result.out);
    assertThat(picks).hasSize(2);
    JsonNode compact = picks.get(0);
    assertThat(compact.get("action").asText()).isEqualTo("compact");
    assertThat(compact.get("reason").asText()).isEqualTo("reader");
    assertThat(compact.get("table").asText()).isEqualTo("keyTable");
    assertThat(compact.get("start").asText()).isEqualTo("/vol/b/");
    assertThat(compact.get("end").asText()).isEqualTo("/vol/b0");
    assertThat(compact.get("tombstones").asLong()).isEqualTo(600);
    assertThat(compact.get("readFiles").asInt()).isEqualTo(2);
    assertThat(compact.get("readEntries").asLong()).isEqualTo(1600);
    assertThat(compact.get("bottommostForced").asBoolean()).isFalse();
    assertThat(compact.get("passedOver").size()).isZero();
    assertThat(picks.get(1).get("action").asText()).isEqualTo("none");
    assertThat(picks.get(1).get("passedOver").get("COMPACTED_SINCE_FLUSH").asInt()).isEqualTo(1);
    result = run(minTombstones, "range-stats", "--db", omDb.getPath(), "--dry-run", "--top", "1");
    assertThat(new ObjectMapper().readTree(result.out)).as("the first pick only").hasSize(1);

    result = run(minTombstones, "--set=" + RangeCompactionConfig.Keys.MAX_COMPACTION_ENTRIES + "=1000",
        "range-stats", "--db", omDb.getPath(), "--dry-run");
    assertThat(result.exitCode).as(result.err).isZero();
    picks = new ObjectMapper().readTree(result.out);
    assertThat(picks).hasSize(1);
    assertThat(picks.get(0).get("action").asText()).isEqualTo("none");
    assertThat(picks.get(0).get("passedOver").get("TOO_LARGE").asInt()).isEqualTo(1);
    assertThat(listing(omDb)).as("the DB's files, sizes and times").isEqualTo(before);
  }

  @Test
  void refusesWhatIsNotAnOmDb() throws Exception {
    assertFailsWith("No OM DB at " + new File(dir, "missing") + ": not a directory",
        "range-stats", "--db", new File(dir, "missing").getPath());

    File empty = new File(dir, "empty");
    assertThat(empty.mkdir()).isTrue();
    assertFailsWith("not a RocksDB directory (no CURRENT file)", "range-stats", "--db", empty.getPath());

    File otherDb = new File(dir, "other.db");
    ManagedRocksObjectUtils.loadRocksDBLibrary();
    try (ManagedOptions options = new ManagedOptions()) {
      options.setCreateIfMissing(true);
      RocksDB.open(options, otherDb.getPath()).close();
    }
    assertFailsWith("Not an OM DB: " + otherDb + " has no keyTable column family",
        "range-stats", "--db", otherDb.getPath());
  }

  @Test
  void refusesBadOptions() {
    assertFailsWith("--top must be 0 (all) or more, but is -1", "range-stats", "--db", omDb.getPath(), "--top", "-1");
    assertFailsWith("No range statistics for table 'bucketTable'",
        "range-stats", "--db", omDb.getPath(), "--table", "bucketTable");
    assertFailsWith("--heads and --dry-run are two views: choose one",
        "range-stats", "--db", omDb.getPath(), "--heads", "--dry-run");
    assertFailsWith("--seek needs --heads", "range-stats", "--db", omDb.getPath(), "--seek", "keyTable=/vol/b/");
    assertFailsWith("--seek needs TABLE=KEY, e.g. keyTable=/vol1/bucket1/, but is 'keyTable'",
        "range-stats", "--db", omDb.getPath(), "--heads", "--seek", "keyTable");
    assertFailsWith("The OM DB at " + omDb + " has no table noSuchTable",
        "range-stats", "--db", omDb.getPath(), "--heads", "--seek", "noSuchTable=/");
  }

  private static void assertFailsWith(String message, String... args) {
    Result result = run(args);
    assertThat(result.exitCode).isNotZero();
    assertThat(result.err).contains(message).doesNotContain("\tat ");
    assertThat(result.err.trim().split("\n")).hasSize(1);
  }

  private static Result run(String... args) {
    OzoneDebug debug = new OzoneDebug();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    debug.getCmd().setOut(new PrintWriter(out, true));
    debug.getCmd().setErr(new PrintWriter(err, true));
    int exitCode = debug.execute(args);
    return new Result(exitCode, out.toString(), err.toString());
  }

  private static Map<String, String> listing(File directory) {
    Map<String, String> files = new TreeMap<>();
    File[] children = directory.listFiles();
    assertThat(children).isNotNull();
    for (File f : children) {
      files.put(f.getName(), f.length() + "@" + f.lastModified());
    }
    return files;
  }

  private static byte[] key(String prefix, int i) {
    return String.format("%s%04d", prefix, i).getBytes(UTF_8);
  }

  private static final class Result {
    private final int exitCode;
    private final String out;
    private final String err;

    Result(int exitCode, String out, String err) {
      this.exitCode = exitCode;
      this.out = out;
      this.err = err;
    }
  }
}
