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

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.ProtocolMessageMetrics;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.TableIterator;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.rangestats.RangeStatsConfig;
import org.apache.hadoop.ozone.om.rangestats.SstFile;
import org.apache.hadoop.ozone.protocol.proto.OzoneManagerProtocolProtos.Type;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.apache.ozone.test.GenericTestUtils;
import org.apache.ozone.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocksdb.Priority;
import org.slf4j.LoggerFactory;

/**
 * The range compaction service on a real OM DB (OmMetadataManagerImpl, OM's
 * options): it compacts only the dense ranges, their tombstones go away, the
 * other SSTs stay as they were, and the data is exactly what was written.
 */
class TestRangeCompactionService {
  private static final int KEYS = 3000;
  private static final int DELETED = 2400;

  @TempDir
  private File dir;
  private OzoneConfiguration conf;
  private OmMetadataManagerImpl metadata;
  private RangeCompactionService service;
  /** What keyTable must hold: the model the DB is checked against. */
  private final Map<String, Integer> expected = new TreeMap<>();

  @BeforeEach
  void start() throws IOException {
    conf = new OzoneConfiguration();
    conf.set(OMConfigKeys.OZONE_OM_DB_DIRS, dir.getAbsolutePath());
    conf.setLong(RangeCompactionConfig.Keys.MIN_TOMBSTONES, 1000);
    conf.set(RangeCompactionConfig.Keys.PAUSE_RATIO, "0");
    metadata = new OmMetadataManagerImpl(conf, null);
  }

  @AfterEach
  void stop() throws IOException {
    if (service != null) {
      service.shutdown();
    }
    metadata.stop();
    DefaultMetricsSystem.shutdown();
    Logger.getLogger(CompactionEvents.LOGGER).removeAllAppenders();
  }

  @Test
  void compactsOnlyDenseRangesAndKeepsTheData() throws Exception {
    writeBucket("keyTable", "/vol/clean/k", KEYS, 0);
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    writeBucket("deletedTable", "/vol/queue/k", KEYS, 0);
    stats().refresh();
    Set<String> cleanFiles = filesOverlapping("keyTable", "/vol/clean/");
    Set<String> queueFiles = filesOverlapping("deletedTable", "/vol/queue/");
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isEqualTo(DELETED);

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isZero();
    assertThat(range("keyTable", "/vol/dense/").getEntries()).isEqualTo(KEYS - DELETED);
    assertThat(filesOverlapping("keyTable", "/vol/clean/")).as("SSTs of the clean bucket").isEqualTo(cleanFiles);
    assertThat(filesOverlapping("deletedTable", "/vol/queue/")).as("SSTs of deletedTable").isEqualTo(queueFiles);
    assertKeyTableIsExactlyTheModel();
    assertThat(service.getMetrics().getRangesCompacted()).isEqualTo(1);
    assertThat(service.getMetrics().getTombstonesRemoved()).isEqualTo(DELETED);
    assertThat(DefaultMetricsSystem.instance().getSource(RangeCompactionMetrics.SOURCE_NAME)).isNotNull();
  }

  @Test
  void itsCompactionsRunInRocksDbsBottomPoolAtTheLowestCpuPriority() throws Exception {
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    stats().refresh();

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    assertThat(db().getManagedRocksDb().get().getEnv().getBackgroundThreads(Priority.BOTTOM)).isEqualTo(1);
    // RocksDB lowers a pool thread's priority when it takes its first job: the compaction into the last level ran there
    assertThat(niceOfThreadsNamed("rocksdb:bottom")).containsExactly(19);
  }

  /** The nice value of each of this process's threads named {@code name} (Linux: /proc/self/task/TID/stat). */
  private static List<Integer> niceOfThreadsNamed(String name) throws IOException {
    List<Integer> nice = new ArrayList<>();
    try (Stream<Path> tasks = Files.list(Paths.get("/proc/self/task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        if (new String(Files.readAllBytes(task.resolve("comm")), UTF_8).trim().equals(name)) {
          String stat = new String(Files.readAllBytes(task.resolve("stat")), UTF_8);
          // the fields after the command's closing parenthesis start at the third; nice is the 19th
          nice.add(Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]));
        }
      }
    }
    return nice;
  }

  @Test
  void anEmptyMemtableLeavesTheL0FilesOutsideTheRangeOutOfItsCost() throws Exception {
    writeBucket("keyTable", "/vol/apart/k", KEYS, 0);
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    LogCapturer log = LogCapturer.captureLogs(RangeCompactionService.class);

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    // The dense bucket's two L0 files; not the other bucket's, which a memtable to flush would have brought in.
    assertThat(log.getOutput()).contains("Compacting keyTable[/vol/dense/, /vol/dense0): " + DELETED
        + " tombstones, reading up to 2 SSTs");
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void aTableIsFlushedAndCompactedOnlyAfterAReaderScannedIt() throws Exception {
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    service();

    // No reader has scanned keyTable: its tombstones slow nobody down yet.
    assertThat(service.runOnce()).isZero();
    assertThat(service.getMetrics().getSkippedUnreadTables()).isPositive();
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isEqualTo(DELETED);

    scan("keyTable");
    assertThat(service.runOnce()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isZero();

    // New tombstones, in the memtable and in an SST: left until a reader comes again, then flushed and compacted.
    writeBucket("keyTable", "/vol/dense2/k", KEYS, DELETED);
    deleteKeys("keyTable", "/vol/dense/k", DELETED * 2);
    assertThat(service.runOnce()).isZero();
    assertThat(service.getMetrics().getMemtableFlushes()).isZero();
    scan("keyTable");
    assertThat(service.runOnce()).isPositive();
    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/dense2/").getTombstones()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void aFollowerPacesOnlyTheTablesItsOwnReadersScanAndForgetsTheLeadersReaders() throws Exception {
    AtomicBoolean leads = new AtomicBoolean(true);
    service = new RangeCompactionService(metadata, conf.getObject(RangeCompactionConfig.class), "", leads::get);
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    scan("keyTable");
    assertThat(service.runOnce()).isEqualTo(1);

    // Led: keyTable was cleaned since its reader's scan, so it waits for the next one. (The range statistics follow
    // flushes on a thread of their own: refreshed, so that the look sees the new tombstones and leaves them.)
    writeBucket("keyTable", "/vol/dense2/k", KEYS, DELETED);
    stats().refresh("keyTable");
    assertThat(service.runOnce()).isZero();

    // Now a follower: the leader's readers are not its own, and a follower cleans what no reader scans there.
    leads.set(false);
    assertThat(service.runOnce()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/dense2/").getTombstones()).isZero();

    // A reader of its own (a follower read) scans keyTable; cleaned since, keyTable waits for its next scan.
    writeBucket("keyTable", "/vol/dense3/k", KEYS, DELETED);
    scan("keyTable");
    assertThat(service.runOnce()).isEqualTo(1);
    writeBucket("keyTable", "/vol/dense4/k", KEYS, DELETED);
    stats().refresh("keyTable");
    assertThat(service.runOnce()).isZero();
    assertThat(range("keyTable", "/vol/dense4/").getTombstones()).isEqualTo(DELETED);
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void aBulkDeleteFollowedByQuietIsCleanedWithoutAReader() throws Exception {
    writeBucket("keyTable", "/vol/expired/k", KEYS, DELETED);
    // A queue's rows put and deleted, still in the memtable: the open keys of the bulk's creates.
    putKeys("openKeyTable", "/vol/expired/k", KEYS);
    deleteKeys("openKeyTable", "/vol/expired/k", KEYS);
    LogCapturer log = LogCapturer.captureLogs(RangeCompactionService.class);
    service();
    RangeCompactionPolicy policy = new RangeCompactionPolicy(conf.getObject(RangeCompactionConfig.class));

    // No reader, and too few quiet looks yet to tell a quiet OM from a pause: nothing happens.
    for (int look = 0; look < policy.getIdleWindowLooks(); look++) {
      assertThat(service.runOnce()).isZero();
    }
    assertThat(service.getMetrics().getIdleLooks()).isZero();
    assertThat(range("keyTable", "/vol/expired/").getTombstones()).isEqualTo(DELETED);

    // A whole window without writes: OM is idle, and the service cleans every table, one compaction per look. A look
    // that finds RocksDB's own compaction of the flushed memtable running is not idle and starts nothing: the looks
    // go on, a tenth of a second apart, until the pass ends with nothing left to do.
    int[] compacted = {0};
    GenericTestUtils.waitFor(() -> {
      try {
        compacted[0] += service.runOnce();
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      return log.getOutput().contains("nothing qualifies");
    }, 100, 30_000);
    assertThat(service.getMetrics().getIdleLooks()).isPositive();
    assertThat(compacted[0]).isEqualTo(service.getMetrics().getIdleRangesCompacted()).isGreaterThanOrEqualTo(2);
    assertThat(service.getMetrics().getIdleMemtableFlushes()).isEqualTo(1);
    // Read from RocksDB, not from the service: no tombstone left in either table, in SSTs or memtables.
    assertThat(deletes("keyTable")).isZero();
    assertThat(deletes("openKeyTable")).isZero();
    // Every tombstone counted, those of openKeyTable too, whose compaction left it without an SST.
    assertThat(service.getMetrics().getTombstonesRemoved()).isEqualTo(DELETED + KEYS);
    assertKeyTableIsExactlyTheModel();
    assertThat(log.getOutput()).contains("Idle cleanup pass ended").contains("nothing qualifies");
    log.stopCapturing();
  }

  @Test
  void writesBetweenLooksKeepTheServiceFromIdleCleanupAndStopItWithinALook() throws Exception {
    writeBucket("keyTable", "/vol/expired/k", KEYS, DELETED);
    writeBucket("deletedTable", "/vol/expired/k", KEYS, DELETED);
    // Looks here come milliseconds apart, so the load's rates are far above a real one's, and a tenth of them is
    // more than the 50 writes of the returning load make in a look that follows a compaction: only the floor of
    // 10 writes per second tells quiet from busy in this test.
    conf.setDouble(RangeCompactionConfig.Keys.IDLE_ACTIVITY_RATIO, 1e-6);
    service();
    // A steady load: every look sees writes, so OM is never idle and nobody reads keyTable.
    for (int look = 0; look < 30; look++) {
      putKeys("volumeTable", "/load" + look + "/k", 50);
      assertThat(service.runOnce()).isZero();
    }
    assertThat(service.getMetrics().getIdleLooks()).isZero();
    assertThat(range("keyTable", "/vol/expired/").getTombstones()).isEqualTo(DELETED);

    // The load stops: once idle, the service compacts one range per look.
    int looks = 0;
    while (service.runOnce() == 0) {
      assertThat(++looks).as("looks until idle").isLessThanOrEqualTo(12);
    }
    assertThat(service.getMetrics().getIdleRangesCompacted()).isEqualTo(1);
    // The load returns: the next look starts nothing, and the other table's dense range waits for a reader.
    putKeys("volumeTable", "/load/k", 50);
    assertThat(service.runOnce()).isZero();
    assertThat(service.getMetrics().getIdleRangesCompacted()).isEqualTo(1);
    assertThat(deletes("keyTable") + deletes("deletedTable")).isEqualTo(DELETED);
  }

  @Test
  void tombstonesInTheMemtableAreFlushedThenCompacted() throws Exception {
    writeBucket("keyTable", "/vol/dense/k", KEYS, 0);
    deleteKeys("keyTable", "/vol/dense/k", DELETED);
    LogCapturer events = LogCapturer.captureLogs(LoggerFactory.getLogger(CompactionEvents.LOGGER));
    long before = System.currentTimeMillis();

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isZero();
    assertKeyTableIsExactlyTheModel();
    // One record per action, in order, with the wall-clock times of this run and the bytes RocksDB wrote.
    String[] lines = events.getOutput().trim().split("\n");
    events.stopCapturing();
    assertThat(lines).hasSize(2);
    Map<String, String> flush = fields(lines[0]);
    Map<String, String> compaction = fields(lines[1]);
    assertThat(flush).containsEntry("action", "flush").containsEntry("reason", "reader")
        .containsEntry("table", "keyTable").containsEntry("inputBytes", "0");
    assertThat(compaction).containsEntry("action", "compact").containsEntry("reason", "reader")
        .containsEntry("table", "keyTable");
    long after = System.currentTimeMillis();
    assertThat(Long.parseLong(flush.get("startMs"))).isBetween(before, Long.parseLong(flush.get("endMs")));
    assertThat(Long.parseLong(flush.get("endMs"))).isLessThanOrEqualTo(Long.parseLong(compaction.get("startMs")));
    assertThat(Long.parseLong(compaction.get("startMs"))).isLessThanOrEqualTo(Long.parseLong(compaction.get("endMs")));
    assertThat(Long.parseLong(compaction.get("endMs"))).isLessThanOrEqualTo(after);
    assertThat(Long.parseLong(flush.get("writtenBytes"))).isPositive();
    assertThat(Long.parseLong(compaction.get("inputBytes"))).isPositive();
    assertThat(Long.parseLong(compaction.get("writtenBytes"))).isPositive();
  }

  @Test
  void deletesMadeWhileALookCompactsAreFlushedByTheNextLook() throws Exception {
    putKeys("keyTable", "/vol/dense/k", 2 * KEYS);
    db().flush("keyTable");
    deleteKeys("keyTable", "/vol/dense/k", DELETED);
    // The load goes on: more deletes reach the memtable as the look's compaction ends, after it flushed the table.
    Logger events = Logger.getLogger(CompactionEvents.LOGGER);
    events.addAppender(new WriterAppender(new PatternLayout("%m"), new StringWriter() {
      @Override
      public void write(String event) {
        try {
          if (event.startsWith("action=compact")) {
            deleteKeys("keyTable", "/vol/dense/k", KEYS, DELETED);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }));
    assertThat(scanned(service()).runOnce()).isEqualTo(1);
    // The memtable qualifies again; the look that flushed it once passed it over, so the next look flushes it.
    assertThat(scanned(service).runOnce()).isEqualTo(1);
    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(2);
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aFlushWhoseRangesArePassedOverIsRepeatedOnlyIfAllowedOrOnceTheTableChanged(boolean repeat) throws Exception {
    // A bucket at the bottom level, in one SST with a bucket ten times larger; its oldest keys expire: a compaction
    // of them would rewrite both buckets.
    conf.setDouble(RangeCompactionConfig.Keys.MAX_OVERLAP_RATIO, 1);
    conf.setBoolean(RangeCompactionConfig.Keys.MEMTABLE_FLUSH_REPEAT, repeat);
    putKeys("keyTable", "/vol/big/k", 60_000);
    putKeys("keyTable", "/vol/fifo/k", 6_000);
    db().flush("keyTable");
    db().compactRange("keyTable");
    deleteKeys("keyTable", "/vol/fifo/k", 0, 1_500);

    assertThat(scanned(service()).runOnce()).isZero();
    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(1);
    assertThat(service.getMetrics().getSkippedOverlap()).isPositive();

    // More of the head expires before RocksDB flushes or compacts the table.
    deleteKeys("keyTable", "/vol/fifo/k", 1_500, 1_500);
    assertThat(scanned(service).runOnce()).isZero();
    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(repeat ? 2 : 1);
    assertThat(service.getMetrics().getSkippedUnchangedSinceFlush() > 0).isEqualTo(!repeat);

    // RocksDB flushes the table on its own, and then more deletes come: the service flushes them.
    db().flush("keyTable");
    deleteKeys("keyTable", "/vol/fifo/k", 3_000, 1_500);
    assertThat(scanned(service).runOnce()).isZero();
    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(repeat ? 3 : 2);
    assertKeyTableIsExactlyTheModel();
  }

  /** The key=value fields of an event line, after whatever the log's layout puts before them. */
  private static Map<String, String> fields(String line) {
    Map<String, String> fields = new TreeMap<>();
    for (String field : line.substring(line.indexOf("action=")).trim().split(" ")) {
      String[] kv = field.split("=", 2);
      fields.put(kv[0], kv[1]);
    }
    return fields;
  }

  @Test
  void deletesAtTheHeadOfABucketAreFlushedAndCompactedBelowEveryRatio() throws Exception {
    // A retention bucket: the oldest 1,500 of 10,000 keys expire while 6,000 new ones arrive. The memtable's delete
    // ratio is 0.2 and the bucket's tombstone ratio 0.09, both under the thresholds, but every listing of the
    // bucket crosses the 1,500 tombstones first.
    putKeys("keyTable", "/vol/fifo/k", 10_000);
    db().flush("keyTable");
    deleteKeys("keyTable", "/vol/fifo/k", 1_500);
    putKeys("keyTable", "/vol/fifo/m", 6_000);

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/fifo/").getTombstones()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void tombstonesThatMeetTheBottomLevelAreDroppedByOneMerge() throws Exception {
    // A retention bucket whose data RocksDB has moved to the bottom level; its oldest keys deleted since, in L0.
    putKeys("keyTable", "/vol/fifo/k", 10_000);
    db().flush("keyTable");
    db().compactRange("keyTable");
    deleteKeys("keyTable", "/vol/fifo/k", 3_000);
    db().flush("keyTable");
    // The index follows flushes on its own thread; the look must not race it for the flush of the deletes.
    stats().refresh();
    long compactions = compactionJobs("keyTable");

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    // The merge of L0 into the bottom level drops the tombstones; forcing the bottommost level would have rewritten
    // its output once more.
    assertThat(compactionJobs("keyTable") - compactions).isEqualTo(1);
    assertThat(range("keyTable", "/vol/fifo/").getTombstones()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void tombstonesFlushedBesideOthersAtTheBottomLevelGoWithThemInOneCompaction() throws Exception {
    // An older bucket's open-key rows, put and deleted before one flush: an L0 file of tombstones alone, which a
    // full compaction moves down whole, tombstones and all.
    putKeys("openKeyTable", "/vol/a/k", KEYS);
    deleteKeys("openKeyTable", "/vol/a/k", KEYS);
    db().flush("openKeyTable");
    db().compactRange("openKeyTable");
    assertThat(deletes("openKeyTable")).isEqualTo(KEYS);
    // The next bucket's rows the same way, flushed to L0 beside them: an SST that overlaps nothing below.
    putKeys("openKeyTable", "/vol/b/k", KEYS);
    deleteKeys("openKeyTable", "/vol/b/k", KEYS);
    db().flush("openKeyTable");
    stats().refresh();

    // The two ranges grow into one compaction of both levels; RocksDB would move the L0 file down whole, so the
    // bottommost level is forced, and every tombstone goes.
    assertThat(scanned(service()).runOnce()).isEqualTo(1);
    assertThat(deletes("openKeyTable")).isZero();
    assertThat(service.getMetrics().getTombstonesRemoved()).isEqualTo(2 * KEYS);
  }

  @Test
  void aMemtableWithoutDeletesAtAHeadIsProbedAgainOnlyAfterATenthOfTheBoundMoreDeletes() throws Exception {
    // 1,500 scattered deletes (every other key) beside 4,000 new keys: the memtable's delete ratio is 0.27, and no
    // seek crosses more than one tombstone. min.tombstones is 1,000: a new probe after each 100 more deletes.
    putKeys("keyTable", "/vol/a/k", KEYS);
    db().flush("keyTable");
    deleteEveryOther("/vol/a/k", KEYS / 2);
    putKeys("keyTable", "/vol/b/k", 4_000);

    assertThat(scanned(service()).runOnce()).isZero();
    long probes = service.getMetrics().getHeadProbes();
    assertThat(probes).isPositive();

    scanned(service).runOnce();
    table("keyTable").delete(key("/vol/a/k", 1));
    expected.remove(new String(key("/vol/a/k", 1), UTF_8));
    scanned(service).runOnce();
    assertThat(service.getMetrics().getHeadProbes()).as("probes within a step of deletes").isEqualTo(probes);

    deleteEveryOther("/vol/b/k", 150);
    scanned(service).runOnce();
    assertThat(service.getMetrics().getHeadProbes()).isGreaterThan(probes);
    assertThat(service.getMetrics().getMemtableFlushes()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void aMemtableProbeSeeksOnlyTheHeadsOfRangesWhereDeletesWereSeen() throws Exception {
    // Three buckets only ever written, and one whose SSTs hold 100 scattered tombstones; then 1,500 scattered
    // deletes there in the memtable, beside 4,000 new keys (delete ratio 0.27): the memtable is probed, and no seek
    // crosses. The probe seeks the table's first key and the one bucket's head, not the written buckets'.
    for (String bucket : new String[] {"/vol/a/k", "/vol/b/k", "/vol/c/k", "/vol/d/k"}) {
      putKeys("keyTable", bucket, KEYS);
      db().flush("keyTable");
    }
    deleteEveryOther("/vol/d/k", 100);
    db().flush("keyTable");
    assertThat(stats().getRanges("keyTable")).as("ranges of keyTable").hasSizeGreaterThanOrEqualTo(4);
    deleteEveryOther("/vol/d/k", 1, KEYS / 2);
    putKeys("keyTable", "/vol/e/k", 4_000);

    assertThat(scanned(service()).runOnce()).isZero();

    assertThat(service.getMetrics().getHeadProbes()).isEqualTo(2);
    assertThat(service.getMetrics().getMemtableFlushes()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void aHeadTheServiceCleanedIsProbedAgainAfterAFlushThatBroughtItNoDeletes() throws Exception {
    // A retention bucket behind a live one, so that a probe of the table's first key never crosses: its oldest
    // 1,500 keys deleted and flushed, which the service compacts away.
    putKeys("keyTable", "/vol/a/k", KEYS);
    putKeys("keyTable", "/vol/fifo/k", 10_000);
    db().flush("keyTable");
    deleteKeys("keyTable", "/vol/fifo/k", 0, 1_500);
    db().flush("keyTable");
    assertThat(scanned(service()).runOnce()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/fifo/").getTombstones()).isZero();

    // A flush with no delete in the bucket (RocksDB's own, or one whose count the index learnt after the service's
    // compaction): the bucket's SSTs hold no tombstone, and the table's flush count moved on.
    putKeys("keyTable", "/vol/z/k", 100);
    db().flush("keyTable");
    // The next 1,500 oldest keys expire, in the memtable beside 6,000 new ones: under every ratio, at the head.
    deleteKeys("keyTable", "/vol/fifo/k", 1_500, 1_500);
    putKeys("keyTable", "/vol/fifo/m", 6_000);

    assertThat(scanned(service).runOnce()).isEqualTo(1);
    assertThat(service.getMetrics().getMemtableFlushes()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/fifo/").getTombstones()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void aRangeThatAFlushLeftAsItWasIsNotProbedAgain() throws Exception {
    // 1,500 scattered tombstones in a bucket's SST: over min.tombstones, so its head is probed, under the ratio.
    // Puts and deletes share one flush: with the two flushes below, a fourth L0 file would start RocksDB's own
    // compaction of all four, which races the assertions.
    putKeys("keyTable", "/vol/fifo/k", 10_000);
    for (int i = 0; i < 1_500; i++) {
      table("keyTable").delete(key("/vol/fifo/k", 6 * i + 1));
      expected.remove(new String(key("/vol/fifo/k", 6 * i + 1), UTF_8));
    }
    db().flush("keyTable");
    assertThat(scanned(service()).runOnce()).isZero();
    long probes = service.getMetrics().getHeadProbes();
    assertThat(probes).isEqualTo(1);

    // A flush into another bucket makes a new version of keyTable's ranges, with the bucket's as it was.
    putKeys("keyTable", "/vol/a/k", KEYS);
    db().flush("keyTable");
    scanned(service).runOnce();
    putKeys("keyTable", "/vol/z/k", KEYS);
    db().flush("keyTable");
    scanned(service).runOnce();

    assertThat(service.getMetrics().getHeadProbes()).isEqualTo(probes);
    assertThat(range("keyTable", "/vol/fifo/").getTombstones()).isEqualTo(1_500);
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void deletesScatteredBelowTheRatiosAreLeftToRocksDb() throws Exception {
    putKeys("keyTable", "/vol/fifo/k", 10_000);
    db().flush("keyTable");
    Table<byte[], byte[]> keyTable = table("keyTable");
    for (int i = 0; i < 1_500; i++) {
      keyTable.delete(key("/vol/fifo/k", 6 * i + 1));
    }
    putKeys("keyTable", "/vol/fifo/m", 6_000);
    db().flush("keyTable");

    assertThat(scanned(service()).runOnce()).isZero();

    assertThat(service.getMetrics().getMemtableFlushes()).isZero();
    assertThat(range("keyTable", "/vol/fifo/").getTombstones()).isEqualTo(1_500);
  }

  @Test
  void aFlushThatMakesARangeDenseIsCompactedWithinAnInterval() throws Exception {
    writeBucket("keyTable", "/vol/clean/k", KEYS, 0);
    writeBucket("deletedTable", "/vol/queue/k", KEYS, 0);
    scanned(service()).start();
    GenericTestUtils.waitFor(() -> service.getMetrics().getRuns() >= 2, 100, 10_000);
    assertThat(service.getMetrics().getRangesCompacted()).isZero();
    Set<String> cleanFiles = filesOverlapping("keyTable", "/vol/clean/");
    Set<String> queueFiles = filesOverlapping("deletedTable", "/vol/queue/");

    // Only the listener tells the range statistics about these flushes; the service looks every second.
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    GenericTestUtils.waitFor(() -> service.getMetrics().getRangesCompacted() == 1, 100, 10_000);
    service.shutdown();

    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isZero();
    assertThat(filesOverlapping("keyTable", "/vol/clean/")).as("SSTs of the clean bucket").isEqualTo(cleanFiles);
    assertThat(filesOverlapping("deletedTable", "/vol/queue/")).as("SSTs of deletedTable").isEqualTo(queueFiles);
    assertThat(service.getMetrics().getTombstonesRemoved()).isEqualTo(DELETED);
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void aSpentBudgetStopsTheRunUntilRocksDbFlushesMore() throws Exception {
    // One SST per table (too few for RocksDB to compact on its own), each about as large as the other.
    for (String table : new String[] {"keyTable", "deletedTable"}) {
      putKeys(table, "/vol/dense/k", KEYS);
      deleteKeys(table, "/vol/dense/k", DELETED);
      db().flush(table);
    }
    long largest = 0;
    for (String table : new String[] {"keyTable", "deletedTable"}) {
      largest = Math.max(largest, CompactionCost.of(range(table, "/vol/dense/").getSpan(), stats().getFiles(table), 0)
          .getBytes());
    }
    // The budget starts full at one compaction's bound: it affords one of them, not both.
    conf.setLong(RangeCompactionConfig.Keys.MAX_COMPACTION_BYTES, largest * 3 / 2);
    conf.set(RangeCompactionConfig.Keys.BUDGET_RATIO, "0.1");

    assertThat(scanned(service()).runOnce()).isEqualTo(1);
    assertThat(service.getMetrics().getWaitedForBudget()).isEqualTo(1);

    // Flushing ten times a compaction's bytes (into a third table) refills the budget by one compaction.
    long flushed = stats().getFlushedBytes();
    long enough = 10 * largest;
    putKeys("openKeyTable", "/vol/other/k", KEYS * 30);
    db().flush("openKeyTable");
    GenericTestUtils.waitFor(() -> stats().getFlushedBytes() - flushed > enough, 100, 10_000);
    assertThat(scanned(service).runOnce()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isZero();
    assertThat(range("deletedTable", "/vol/dense/").getTombstones()).isZero();
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void writePressureStopsTheRun() throws Exception {
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    // The dense bucket's flushes left L0 files; a tiny fraction of the slowdown trigger counts them as pressure.
    conf.set(RangeCompactionConfig.Keys.BACKOFF_FRACTION, "0.01");

    assertThat(scanned(service()).runOnce()).isZero();

    assertThat(service.getMetrics().getSkippedWritePressure()).isEqualTo(1);
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isEqualTo(DELETED);
  }

  @Test
  void bucketsThatShareTheirSstsAreCompactedOnce() throws Exception {
    // Each flush holds both buckets, so their L0 files overlap: compacting either range rewrites both.
    putKeys("keyTable", "/vol/a/k", KEYS);
    putKeys("keyTable", "/vol/b/k", KEYS);
    db().flush("keyTable");
    deleteKeys("keyTable", "/vol/a/k", DELETED);
    deleteKeys("keyTable", "/vol/b/k", DELETED);
    db().flush("keyTable");
    assertThat(range("keyTable", "/vol/a/").getTombstones()).isPositive();
    assertThat(range("keyTable", "/vol/b/").getTombstones()).isPositive();

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    assertThat(range("keyTable", "/vol/a/").getTombstones()).isZero();
    assertThat(range("keyTable", "/vol/b/").getTombstones()).isZero();
    assertThat(service.getMetrics().getRangesCompacted()).isEqualTo(1);
    assertKeyTableIsExactlyTheModel();
  }

  @Test
  void slowClientRequestsStopTheRun() throws Exception {
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    ProtocolMessageMetrics<Type> clientRequests =
        ProtocolMessageMetrics.create(ForegroundLatency.SOURCE_NAME, "OM client protocol", Type.class);
    clientRequests.register();
    try {
      service();
      for (int i = 0; i < 100; i++) {
        clientRequests.increment(Type.CreateKey, 200);
      }

      assertThat(scanned(service).runOnce()).isZero();
      assertThat(service.getMetrics().getSkippedForegroundLatency()).isEqualTo(1);
      assertThat(range("keyTable", "/vol/dense/").getTombstones()).isEqualTo(DELETED);

      // No client request since the previous check: nothing to wait for.
      assertThat(scanned(service).runOnce()).isEqualTo(1);
      assertThat(range("keyTable", "/vol/dense/").getTombstones()).isZero();
    } finally {
      clientRequests.unregister();
    }
  }

  @Test
  void snapshotDiffTablesAreLeftAloneWhileSnapshotsExist() throws Exception {
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    writeBucket("openKeyTable", "/vol/dense/k", KEYS, DELETED);
    table("snapshotInfoTable").put("/vol/dense/snap1".getBytes(UTF_8), new byte[] {1});

    assertThat(scanned(service()).runOnce()).isEqualTo(1);

    // keyTable, fileTable and directoryTable
    assertThat(service.getMetrics().getSkippedSnapshotTables()).isEqualTo(3);
    assertThat(range("keyTable", "/vol/dense/").getTombstones()).isEqualTo(DELETED);
    assertThat(range("openKeyTable", "/vol/dense/").getTombstones()).isZero();
  }

  @Test
  void aLookMakesNoPicksWhileNothingChangedSinceOneFoundNothingToDo() throws Exception {
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    // Dense, but larger than a compaction may read: the pick passes it over and finds nothing to do.
    conf.setLong(RangeCompactionConfig.Keys.MAX_COMPACTION_BYTES, 1);
    assertThat(scanned(service()).runOnce()).isZero();
    assertThat(service.getMetrics().getRangesEvaluated()).isEqualTo(1);

    assertThat(scanned(service).runOnce()).isZero();
    assertThat(service.getMetrics().getRangesEvaluated()).as("ranges a look evaluated with nothing changed")
        .isEqualTo(1);

    // A flush moves keyTable's SSTs: the next look picks again.
    putKeys("keyTable", "/vol/other/k", 10);
    db().flush("keyTable");
    assertThat(scanned(service).runOnce()).isZero();
    assertThat(service.getMetrics().getRangesEvaluated()).isEqualTo(2);
    assertThat(service.getMetrics().getRuns()).isEqualTo(3);
  }

  @Test
  void aRestartEndsTheLookUnderWayAtItsNextPause() throws Exception {
    // Two dense tables, and a pause of a thousand times each compaction's duration: a look compacts one, pauses.
    writeBucket("keyTable", "/vol/dense/k", KEYS, DELETED);
    writeBucket("deletedTable", "/vol/dense/k", KEYS, DELETED);
    conf.set(RangeCompactionConfig.Keys.PAUSE_RATIO, "1000");
    RangeCompactionService restarted = scanned(service());
    CompletableFuture<Integer> look = CompletableFuture.supplyAsync(() -> {
      try {
        return restarted.runOnce();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    GenericTestUtils.waitFor(() -> restarted.getMetrics().getRangesCompacted() == 1, 10, 10_000);

    restarted.restart();
    // The restart ends the look under way at its pause, before the second table: the looks of the restarted runs,
    // which wait for it, are the ones to compact that.
    assertThat(look.get(10, TimeUnit.SECONDS)).isEqualTo(1);
  }

  @Test
  void refusesTablesWithoutRangeStatistics() {
    conf.set(RangeCompactionConfig.Keys.TABLES, "keyTable,openKeyTable");
    OzoneConfiguration noStats = new OzoneConfiguration(conf);
    noStats.set(RangeStatsConfig.Keys.TABLES, "keyTable");
    assertThatThrownBy(() -> new RangeCompactionService(metadataWithStats(noStats),
        conf.getObject(RangeCompactionConfig.class), ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ozone.om.range.compaction.service.tables names [openKeyTable], which "
            + "ozone.om.range.stats.tables does not track");
  }

  @Test
  void aServiceStartedBesideCompactionServiceWarnsThatBothCompactTheTables() {
    conf.setBoolean(RangeCompactionConfig.Keys.ENABLED, true);
    RangeCompactionConfig config = RangeCompactionConfig.from(conf);
    LogCapturer log = LogCapturer.captureLogs(RangeCompactionSwitch.class);
    for (boolean compactionService : new boolean[] {false, true}) {
      log.clearOutput();
      RangeCompactionSwitch rangeCompaction = new RangeCompactionSwitch(metadata, config, "", () -> true,
          compactionService);
      rangeCompaction.start();
      rangeCompaction.stop();
      assertThat(log.getOutput()).contains("Started the range compaction service");
      assertThat(log.getOutput().contains("CompactionService (ozone.om.compaction.service.enabled) also runs"))
          .as("a warning with CompactionService %s", compactionService ? "on" : "off").isEqualTo(compactionService);
    }
  }

  private OmMetadataManagerImpl metadataWithStats(OzoneConfiguration statsConf) throws IOException {
    metadata.stop();
    metadata = new OmMetadataManagerImpl(statsConf, null);
    return metadata;
  }

  @Test
  void invalidConfigurationIsRefusedWithTheKeyAndValue() {
    assertInvalid("ozone.om.range.compaction.service.idle.after", "0s",
        "Invalid ozone.om.range.compaction.service.idle.after = 0: must be at least 1");
    assertInvalid("ozone.om.range.compaction.service.idle.activity.ratio", "0",
        "Invalid ozone.om.range.compaction.service.idle.activity.ratio = 0.0: must be more than 0 and at most 1");
    assertInvalid("ozone.om.range.compaction.service.idle.activity.ratio", "1.5",
        "Invalid ozone.om.range.compaction.service.idle.activity.ratio = 1.5: must be more than 0 and at most 1");
    assertInvalid("ozone.om.range.compaction.service.tombstone.ratio", "1.5",
        "Invalid ozone.om.range.compaction.service.tombstone.ratio = 1.5: must be more than 0 and at most 1");
    assertInvalid("ozone.om.range.compaction.service.budget.ratio", "-1",
        "Invalid ozone.om.range.compaction.service.budget.ratio = -1.0: must be 0 or more");
    assertInvalid("ozone.om.range.compaction.service.max.overlap.ratio", "0.5",
        "Invalid ozone.om.range.compaction.service.max.overlap.ratio = 0.5: must be at least 1");
    assertInvalid("ozone.om.range.compaction.service.tables", "keyTable,bucketTable",
        "Invalid ozone.om.range.compaction.service.tables = keyTable,bucketTable: No range statistics for table "
            + "'bucketTable'");
    assertInvalid("ozone.om.range.compaction.service.backoff.foreground.latency", "-1ms",
        "Invalid ozone.om.range.compaction.service.backoff.foreground.latency = -1: must be at least 0");
    assertInvalid("ozone.om.range.compaction.service.max.compaction.bytes", "0B",
        "Invalid ozone.om.range.compaction.service.max.compaction.bytes = 0: must be at least 1");
  }

  /**
   * Every key of the service can be changed on a running OM ({@code ozone admin reconfig}): a key added without
   * {@code reconfigurable = true} fails here.
   */
  @Test
  void everyKeyIsReconfigurable() throws IllegalAccessException {
    Set<String> keys = new TreeSet<>();
    for (Field field : RangeCompactionConfig.Keys.class.getFields()) {
      if (!field.getName().equals("PREFIX")) {
        keys.add((String) field.get(null));
      }
    }
    assertThat(new RangeCompactionConfig().reconfigurableProperties()).containsExactlyInAnyOrderElementsOf(keys);
  }

  private static void assertInvalid(String key, String value, String message) {
    OzoneConfiguration invalid = new OzoneConfiguration();
    invalid.set(key, value);
    assertThatThrownBy(() -> RangeCompactionConfig.from(invalid))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(message);
  }

  /**
   * Opens an iterator on every table the service may compact and reads its first entry, as OM's readers (listings,
   * the deleting services, the open-key cleanup) do, so that the service's next look finds a reader due.
   */
  private RangeCompactionService scanned(RangeCompactionService toLook) throws IOException {
    for (String table : conf.getObject(RangeCompactionConfig.class).getTables()) {
      scan(table);
    }
    return toLook;
  }

  /**
   * Also brings the table's range statistics up to the writes before it: they follow flushes on a thread of their
   * own, and a look right after a flush must not race it.
   */
  private void scan(String table) throws IOException {
    try (TableIterator<byte[], ? extends Table.KeyValue<byte[], byte[]>> it = table(table).iterator()) {
      it.seekToFirst();
    }
    stats().refresh(table);
  }

  private RangeCompactionService service() {
    service = new RangeCompactionService(metadata, conf.getObject(RangeCompactionConfig.class), "");
    return service;
  }

  /** Puts {@code keys} keys, flushes, then deletes the first {@code deleted} of them and flushes again. */
  private void writeBucket(String tableName, String prefix, int keys, int deleted) throws IOException {
    putKeys(tableName, prefix, keys);
    db().flush(tableName);
    if (deleted > 0) {
      deleteKeys(tableName, prefix, deleted);
      db().flush(tableName);
    }
  }

  private void putKeys(String tableName, String prefix, int keys) throws IOException {
    Table<byte[], byte[]> table = table(tableName);
    for (int i = 0; i < keys; i++) {
      table.put(key(prefix, i), value(i));
      if ("keyTable".equals(tableName)) {
        expected.put(new String(key(prefix, i), UTF_8), i);
      }
    }
  }

  private void deleteKeys(String tableName, String prefix, int deleted) throws IOException {
    deleteKeys(tableName, prefix, 0, deleted);
  }

  /** Deletes keys {@code first..first + count - 1} of a bucket. */
  private void deleteKeys(String tableName, String prefix, int first, int count) throws IOException {
    Table<byte[], byte[]> table = table(tableName);
    for (int i = first; i < first + count; i++) {
      table.delete(key(prefix, i));
      if ("keyTable".equals(tableName)) {
        expected.remove(new String(key(prefix, i), UTF_8));
      }
    }
  }

  /** Deletes keys 0, 2, 4... of a keyTable bucket, {@code count} of them. */
  private void deleteEveryOther(String prefix, int count) throws IOException {
    deleteEveryOther(prefix, 0, count);
  }

  /** Deletes keys first, first + 2, first + 4... of a keyTable bucket, {@code count} of them. */
  private void deleteEveryOther(String prefix, int first, int count) throws IOException {
    for (int i = first; i < first + 2 * count; i += 2) {
      table("keyTable").delete(key(prefix, i));
      expected.remove(new String(key(prefix, i), UTF_8));
    }
  }

  private void assertKeyTableIsExactlyTheModel() throws IOException {
    Map<String, Integer> actual = new TreeMap<>();
    try (TableIterator<byte[], ? extends Table.KeyValue<byte[], byte[]>> it = table("keyTable").iterator()) {
      while (it.hasNext()) {
        Table.KeyValue<byte[], byte[]> kv = it.next();
        actual.put(new String(kv.getKey(), UTF_8), Integer.parseInt(new String(kv.getValue(), UTF_8)));
      }
    }
    assertThat(actual).isEqualTo(expected);
  }

  private KeyRange range(String table, String start) throws IOException {
    stats().refresh();
    for (KeyRange r : stats().getRanges(table)) {
      if (new String(r.getStart(), UTF_8).equals(start)) {
        return r;
      }
    }
    throw new AssertionError("no range " + start + " in " + stats().getRanges(table));
  }

  private Set<String> filesOverlapping(String table, String bucketPrefix) throws IOException {
    stats().refresh();
    Set<String> names = new TreeSet<>();
    for (SstFile f : stats().getFiles(table)) {
      if (new String(f.getSmallestKey(), UTF_8).startsWith(bucketPrefix)
          || new String(f.getLargestKey(), UTF_8).startsWith(bucketPrefix)) {
        names.add(f.getName());
      }
    }
    assertThat(names).isNotEmpty();
    return names;
  }

  /** @return the deletes RocksDB holds for the table ({@link RocksDbDeletes}) */
  private long deletes(String table) throws IOException {
    return RocksDbDeletes.count(db(), table);
  }

  /** @return the compaction jobs RocksDB has run on the table since the DB opened */
  private long compactionJobs(String table) throws Exception {
    Map<String, String> cfstats = db().getManagedRocksDb().get()
        .getMapProperty(db().getColumnFamily(table).getHandle(), "rocksdb.cfstats");
    return (long) Double.parseDouble(cfstats.get("compaction.Sum.CompCount"));
  }

  private static byte[] key(String prefix, int i) {
    return String.format("%s%05d", prefix, i).getBytes(UTF_8);
  }

  private static byte[] value(int i) {
    return Integer.toString(i).getBytes(UTF_8);
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

  private org.apache.hadoop.hdds.utils.db.RocksDatabase db() {
    return store().getDb();
  }
}
