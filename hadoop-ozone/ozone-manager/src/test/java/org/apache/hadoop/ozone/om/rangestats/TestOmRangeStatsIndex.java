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

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.managed.ManagedCompactRangeOptions;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsTag;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.ozone.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.CompactRangeOptions.BottommostLevelCompaction;
import org.rocksdb.LiveFileMetaData;

/**
 * The SST index and range model of a real OM DB: OmMetadataManagerImpl opens
 * RocksDB with OM's options and wires the listener as OM does; the test writes
 * known patterns straight into its tables and compares the index (updated from
 * flush and compaction events, never refreshed by hand) with what it wrote.
 */
class TestOmRangeStatsIndex {
  private static final long WAIT_MILLIS = 30_000;

  @TempDir
  private File dir;
  private OzoneConfiguration conf;
  private OmMetadataManagerImpl metadata;

  @BeforeEach
  void start() throws IOException {
    conf = new OzoneConfiguration();
    conf.set(OMConfigKeys.OZONE_OM_DB_DIRS, dir.getAbsolutePath());
    conf.setLong(RangeStatsConfig.Keys.MAX_RANGE_ENTRIES, 2500);
    metadata = new OmMetadataManagerImpl(conf, null);
  }

  @AfterEach
  void stop() throws IOException {
    if (metadata != null) {
      metadata.stop();
    }
  }

  @Test
  void indexFollowsFlushesAndCompactions() throws Exception {
    Table<byte[], byte[]> keys = table("keyTable");
    put(keys, "/vol/a/k", 0, 1000);
    flush("keyTable");
    put(keys, "/vol/b/k", 0, 1000);
    flush("keyTable");
    delete(keys, "/vol/b/k", 200, 600);
    flush("keyTable");

    awaitIndexMatchesLiveFiles("keyTable");
    assertThat(stats().getFiles("keyTable")).hasSize(3);
    assertThat(stats().getRanges("keyTable"))
        .extracting(r -> string(r.getStart()), KeyRange::getSsts, KeyRange::getEntries, KeyRange::getTombstones)
        .containsExactly(
            tuple("/vol/a/", 1, 1000L, 0L),
            tuple("/vol/b/", 2, 1600L, 600L));

    ManagedCompactRangeOptions options = new ManagedCompactRangeOptions();
    options.setBottommostLevelCompaction(BottommostLevelCompaction.kForce);
    store().compactTable("keyTable", options);
    options.close();

    // The compaction wrote one SST holding both buckets and dropped the tombstones with their puts.
    awaitIndexMatchesLiveFiles("keyTable");
    assertThat(stats().getFiles("keyTable")).extracting(SstFile::getDeletions).containsOnly(0L);
    List<KeyRange> ranges = stats().getRanges("keyTable");
    assertThat(ranges).extracting(KeyRange::getTombstones).containsOnly(0L);
    assertThat(ranges.stream().mapToLong(KeyRange::getEntries).sum()).isCloseTo(1400L, within(2L));
  }

  @Test
  void largeRangeIsCutAtSstBoundaries() throws Exception {
    Table<byte[], byte[]> open = table("openKeyTable");
    // 3 x 1000 entries with at most 2500 a range: SSTs are merged while they fit, 2000 + 1000.
    for (int i = 0; i < 3; i++) {
      put(open, "/vol/c/k", i * 1000, 1000);
      flush("openKeyTable");
    }

    awaitIndexMatchesLiveFiles("openKeyTable");
    assertThat(stats().getRanges("openKeyTable"))
        .extracting(r -> string(r.getStart()), r -> string(r.getEnd()), KeyRange::getEntries)
        .containsExactly(
            tuple("/vol/c/", "/vol/c/k2000", 2000L),
            tuple("/vol/c/k2000", "/vol/c0", 1000L));
  }

  @Test
  void sstAcrossBucketsIsShared() throws Exception {
    Table<byte[], byte[]> deleted = table("deletedTable");
    put(deleted, "/vol/x/k", 0, 1000);
    put(deleted, "/vol/y/k", 0, 3000);
    flush("deletedTable");

    awaitIndexMatchesLiveFiles("deletedTable");
    List<KeyRange> ranges = stats().getRanges("deletedTable");
    // One SST holds both buckets: it is shared equally among them, not by the true 1:3.
    assertThat(ranges).extracting(r -> string(r.getStart()), KeyRange::getSsts, KeyRange::getEntries)
        .containsExactly(tuple("/vol/x/", 1, 2000L), tuple("/vol/y/", 1, 2000L));
  }

  @Test
  void restartRebuildsTheSameIndex() throws Exception {
    putThenDelete("/vol/a/k", 500, 250);
    List<SstFile> before = new ArrayList<>(stats().getFiles("keyTable"));
    String rangesBefore = stats().getRanges("keyTable").toString();

    metadata.stop();
    metadata = new OmMetadataManagerImpl(conf, null);

    awaitIndexMatchesLiveFiles("keyTable");
    assertThat(stats().getFiles("keyTable")).containsExactlyInAnyOrderElementsOf(before);
    assertThat(stats().getRanges("keyTable").toString()).isEqualTo(rangesBefore);
  }

  @Test
  void scrapesReadWhatTheIndexPublishedAndComputeNothing() throws Exception {
    Table<byte[], byte[]> keys = table("keyTable");
    for (int i = 0; i < 3; i++) {
      put(keys, "/vol/s" + i + "/k", 0, 100);
      flush("keyTable");
    }
    awaitIndexMatchesLiveFiles("keyTable");
    long computed = stats().getRecomputations();
    assertThat(computed).isPositive();

    for (int i = 0; i < 20; i++) {
      assertThat(scrape("keyTable", "LiveSsts")).isEqualTo(3);
    }
    assertThat(scrape("keyTable", "Ranges")).isEqualTo(3);
    assertThat(stats().getRecomputations()).as("computations after 21 scrapes").isEqualTo(computed);

    // A flush is computed for in the index's thread, with nobody asking.
    put(keys, "/vol/s3/k", 0, 100);
    flush("keyTable");
    awaitIndexMatchesLiveFiles("keyTable");
    assertThat(stats().getRecomputations()).isGreaterThan(computed);
    assertThat(stats().getRanges("keyTable")).hasSize(4);
  }

  @Test
  void tableOverMaxSstsKeepsOnlyItsTotals() throws Exception {
    metadata.stop();
    conf.setLong(RangeStatsConfig.Keys.MAX_SSTS, 2);
    LogCapturer log = LogCapturer.captureLogs(OmRangeStats.class);
    metadata = new OmMetadataManagerImpl(conf, null);
    putThenDelete("/vol/a/k", 1000, 400);
    assertThat(stats().get("keyTable").isDegraded()).isFalse();
    assertThat(stats().getRanges("keyTable")).hasSize(1);

    put(table("keyTable"), "/vol/b/k", 0, 1000);
    flush("keyTable");
    awaitIndexMatchesLiveFiles("keyTable");
    TableRanges degraded = stats().get("keyTable");
    assertThat(degraded.isDegraded()).isTrue();
    assertThat(degraded.getRanges()).isEmpty();
    assertThat(degraded.estimate(key("/vol/a/k", 0), null)).isNull();
    assertThat(degraded.getEntries()).isEqualTo(2400);
    assertThat(degraded.getTombstones()).isEqualTo(400);
    assertThat(scrape("keyTable", "RangesDegraded")).isEqualTo(1);
    assertThat(scrape("keyTable", "EstimatedTombstones")).isEqualTo(400);
    assertThat(log.getOutput()).contains("Range statistics of keyTable keep only its totals: 3 SSTs, more than "
        + RangeStatsConfig.Keys.MAX_SSTS + "=2");

    ManagedCompactRangeOptions options = new ManagedCompactRangeOptions();
    options.setBottommostLevelCompaction(BottommostLevelCompaction.kForce);
    store().compactTable("keyTable", options);
    options.close();
    awaitIndexMatchesLiveFiles("keyTable");
    assertThat(stats().get("keyTable").isDegraded()).isFalse();
    assertThat(stats().getRanges("keyTable")).extracting(r -> string(r.getStart()))
        .containsExactly("/vol/a/", "/vol/b/");
    assertThat(scrape("keyTable", "RangesDegraded")).isZero();
    assertThat(log.getOutput()).contains("Range statistics of keyTable compute its ranges again");
  }

  /** @return a gauge of the table's record as a scrape of OM's range statistics reads it */
  private static long scrape(String table, String gauge) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    DefaultMetricsSystem.instance().getSource(OmRangeStatsMetrics.SOURCE_NAME).getMetrics(collector, true);
    for (MetricsRecord record : collector.getRecords()) {
      for (MetricsTag tag : record.tags()) {
        if (tag.name().equals("Table") && tag.value().equals(table)) {
          for (AbstractMetric metric : record.metrics()) {
            if (metric.name().equals(gauge)) {
              return metric.value().longValue();
            }
          }
        }
      }
    }
    throw new AssertionError("no gauge " + gauge + " of " + table);
  }

  private void awaitIndexMatchesLiveFiles(String table) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (true) {
      Set<String> live = liveFiles(table);
      Set<String> indexed = new TreeSet<>();
      for (SstFile f : stats().getFiles(table)) {
        indexed.add(f.getName() + "@L" + f.getLevel());
      }
      if (live.equals(indexed)) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        assertThat(indexed).as("SST index of " + table).isEqualTo(live);
      }
      Thread.sleep(50);
    }
  }

  private Set<String> liveFiles(String table) throws IOException {
    Set<String> names = new TreeSet<>();
    for (LiveFileMetaData f : db().getLiveFilesMetaData()) {
      if (table.equals(new String(f.columnFamilyName(), UTF_8))) {
        names.add(SstFiles.fileName(f.fileName()) + "@L" + f.level());
      }
    }
    return names;
  }

  /** Puts keys 0 to {@code puts - 1} into keyTable and flushes, deletes the first {@code deletes} and flushes. */
  private void putThenDelete(String prefix, int puts, int deletes) throws Exception {
    Table<byte[], byte[]> keys = table("keyTable");
    put(keys, prefix, 0, puts);
    flush("keyTable");
    delete(keys, prefix, 0, deletes);
    flush("keyTable");
    awaitIndexMatchesLiveFiles("keyTable");
  }

  private static void put(Table<byte[], byte[]> table, String prefix, int from, int count) throws IOException {
    for (int i = from; i < from + count; i++) {
      table.put(key(prefix, i), new byte[100]);
    }
  }

  private static void delete(Table<byte[], byte[]> table, String prefix, int from, int count) throws IOException {
    for (int i = from; i < from + count; i++) {
      table.delete(key(prefix, i));
    }
  }

  private static byte[] key(String prefix, int i) {
    return String.format("%s%04d", prefix, i).getBytes(UTF_8);
  }

  private void flush(String table) throws IOException {
    db().flush(table);
  }

  @SuppressWarnings("unchecked")
  private Table<byte[], byte[]> table(String name) throws IOException {
    return (Table<byte[], byte[]>) (Table<?, ?>) store().getTable(name);
  }

  private OmRangeStats stats() {
    return metadata.getRangeStats();
  }

  private RDBStore store() {
    return (RDBStore) metadata.getStore();
  }

  private RocksDatabase db() {
    return store().getDb();
  }

  private static String string(byte[] b) {
    return b == null ? null : new String(b, UTF_8);
  }
}
