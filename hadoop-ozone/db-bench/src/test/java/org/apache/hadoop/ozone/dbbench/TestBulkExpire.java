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

package org.apache.hadoop.ozone.dbbench;

import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_DIR_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DIRECTORY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.FILE_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.KEY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.OPEN_FILE_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.OPEN_KEY_TABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig.Keys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bulk scenarios (a burst that fills and expires, a quiet period, then the first readers) at a small scale: the
 * harness's behaviour only. Whether the range arm cleans up in the quiet period is the service's business, measured
 * by the benchmark, not asserted here.
 */
class TestBulkExpire {
  /**
   * Small enough that off's tombstones all stay: 6,000 keys created, then the oldest 5,000 deleted; or 10,455 files
   * created, then the oldest 545 trees deleted.
   */
  private static final long OPS = 11_000;
  private static final int QUIET_SECONDS = 30;
  private static final long EXPIRED = OPS - Burst.of(OPS, 1).fillSteps();
  private static final long EXPIRED_TREES = OPS - Burst.of(OPS, BulkExpireFsoModel.FILES_PER_TREE).fillSteps();

  @TempDir
  private File dir;

  @Test
  void theBurstFillsThenExpiresTheOldestAndTheQueuesDrain() {
    // 60,000 keys created, then the oldest 50,000 deleted.
    assertThat(Burst.of(110_000, 1)).isEqualTo(new Burst(60_000, 110_000));
    BulkExpireModel keys = new BulkExpireModel(1, WriteSink.NONE, 110_000, 122);
    replay(keys, 110_000);
    assertThat(ids(keys, KEY_TABLE)).isEqualTo(range(50_000, 60_000));
    assertThat(rows(keys, OPEN_KEY_TABLE)).isZero();
    assertThat(rows(keys, DELETED_TABLE)).isZero();

    // A request per step: 104,554 files created (6,535 trees of 16, the last one of 10), then the oldest 5,446 trees
    // (87,136 files, 5/6) deleted, purged and drained.
    BulkExpireFsoModel trees = new BulkExpireFsoModel(1, WriteSink.NONE, 110_000, 122, false);
    replay(trees, 110_000);
    assertThat(Burst.of(110_000, BulkExpireFsoModel.FILES_PER_TREE)).isEqualTo(new Burst(104_554, 110_000));
    assertThat(ids(trees, FILE_TABLE)).isEqualTo(range(87_136, 104_554));
    // bench, 1,089 trees and their 4,355 subdirectories (the last one of 2 files).
    assertThat(rows(trees, DIRECTORY_TABLE)).isEqualTo(1 + 1_089 + 4_355);
    assertThat(rows(trees, OPEN_FILE_TABLE)).isZero();
    assertThat(rows(trees, DELETED_DIR_TABLE)).isZero();
    assertThat(rows(trees, DELETED_TABLE)).isZero();
  }

  @Test
  void bulkExpireRunsEndToEndWithTheQuietPeriodThenTheFirstReaders() throws Exception {
    JsonReport.Results results = run("bulk-expire");
    List<ArmResult> arms = results.scenarios().get("bulk-expire");
    assertThat(arms).extracting(ArmResult::arm).containsExactly("off", "range");
    ArmResult off = arms.get(0);
    ArmResult range = arms.get(1);

    // RocksDB alone keeps every delete of keyTable (at this size all still in the memtable), and the first listing
    // from the bucket's first key crosses them.
    assertThat(off.tombstones().get(KEY_TABLE).total()).isGreaterThanOrEqualTo(EXPIRED);
    assertThat(off.tombstones()).containsOnlyKeys(KEY_TABLE, OPEN_KEY_TABLE, DELETED_TABLE);
    assertThat(off.quiet().firstReads().get("list").meanSkips()).isGreaterThanOrEqualTo(EXPIRED);
    assertThat(off.quiet().lastWorkLook()).isZero();
    for (ArmResult arm : arms) {
      assertHarness(arm, "list", "head " + OPEN_KEY_TABLE, "head " + DELETED_TABLE);
    }
    // The range service ran after every operation (1 s of OM is less than an operation at this size), then at
    // every look of the quiet period.
    assertThat(range.note()).startsWith((OPS + QUIET_SECONDS) + " runs");
    assertThat(range.quiet().lastWorkLook()).isBetween(0, QUIET_SECONDS);

    // Everything is in the JSON and on the page.
    assertThat(results.run().quietSeconds()).isEqualTo(QUIET_SECONDS);
    File out = new File(dir, "out");
    assertThat(JsonReport.read(JsonReport.write(out, results))).isEqualTo(results);
    DbBench.main(new String[] {"--page", new File(out, "db-bench.json").getPath()});
    assertThat(Files.readString(new File(out, "db-bench.md").toPath())).contains(
        "a quiet period of 30 s: 30 looks of 1 s", "| list after quiet skips |", "| head deletedTable after quiet ms |",
        "| tombstones keyTable |", "| quiet: arm's last flush/compaction, look |", "| quiet: compaction MB written |",
        "| compaction MB read |");
  }

  @Test
  void bulkExpireFsoRunsEndToEndWithTheQuietPeriodThenTheFirstReaders() throws Exception {
    List<ArmResult> arms = run("bulk-expire-fso").scenarios().get("bulk-expire-fso");
    ArmResult off = arms.get(0);

    // The expired files' deletes in fileTable, and the trees' and subdirectories' in directoryTable.
    assertThat(EXPIRED_TREES).isEqualTo(545);
    assertThat(off.tombstones()).containsOnlyKeys(DIRECTORY_TABLE, OPEN_FILE_TABLE, DELETED_TABLE, DELETED_DIR_TABLE,
        FILE_TABLE);
    assertThat(off.tombstones().get(FILE_TABLE).total())
        .isGreaterThanOrEqualTo(EXPIRED_TREES * BulkExpireFsoModel.FILES_PER_TREE);
    assertThat(off.tombstones().get(DIRECTORY_TABLE).total())
        .isGreaterThanOrEqualTo(EXPIRED_TREES * (1 + BulkExpireFsoModel.SUBDIRS_PER_TREE));
    // The parent's listing from its start crosses the expired trees; the scan of fileTable's end, their files.
    assertThat(off.quiet().firstReads().get("list").meanSkips()).isGreaterThanOrEqualTo(EXPIRED_TREES);
    assertThat(off.quiet().firstReads().get("scan " + FILE_TABLE).meanSkips())
        .isGreaterThanOrEqualTo(EXPIRED_TREES * BulkExpireFsoModel.FILES_PER_TREE);
    for (ArmResult arm : arms) {
      assertHarness(arm, "list", "head " + OPEN_FILE_TABLE, "head " + DELETED_TABLE, "head " + DELETED_DIR_TABLE,
          "scan " + FILE_TABLE);
    }
  }

  @Test
  void rangeDeletesPurgeTheSameRowsWithoutPointTombstones() throws Exception {
    // Both arms hold exactly the model's rows (checked in the run): the range deletes removed what the point deletes
    // did. The only point deletes left in directoryTable are the expired trees' own (a client's delete each).
    List<ArmResult> arms = run("bulk-expire-fso-range").scenarios().get("bulk-expire-fso-range");
    ArmResult off = arms.get(0);

    assertThat(off.tombstones().get(FILE_TABLE).total()).isZero();
    assertThat(off.tombstones().get(DIRECTORY_TABLE).total()).isEqualTo(EXPIRED_TREES);
    // The scan steps over the same purged files, but RocksDB's skip counter (NUMBER_ITER_SKIP) does not count
    // what a range tombstone hides.
    assertThat(off.quiet().firstReads().get("scan " + FILE_TABLE).meanSkips()).isZero();
    for (ArmResult arm : arms) {
      assertHarness(arm, "list", "head " + OPEN_FILE_TABLE, "head " + DELETED_TABLE, "head " + DELETED_DIR_TABLE,
          "scan " + FILE_TABLE);
    }
  }

  /** Every bulk arm: no reads during the burst, the quiet period's looks, and one first read of each kind. */
  private static void assertHarness(ArmResult arm, String... reads) {
    assertThat(arm.inRun()).as(arm.arm()).isEmpty();
    assertThat(arm.quiet().looks()).isEqualTo(QUIET_SECONDS);
    assertThat(arm.quiet().lookMillis()).isEqualTo(1000);
    assertThat(arm.quiet().firstReads()).as(arm.arm()).containsOnlyKeys(reads);
    arm.quiet().firstReads().values().forEach(first -> assertThat(first.count()).isEqualTo(1));
    assertThat(arm.atEnd()).containsOnlyKeys(reads);
    assertThat(arm.compactReadBytes()).isNotNull();
  }

  @Test
  void theQuietHookIsCalledOncePerLookInOrder() throws Exception {
    List<Arm.QuietLook> seen = new ArrayList<>();
    Arm counting = new Arm() {
      @Override
      public void afterOperation(long done) {
      }

      @Override
      public boolean quietLook(QuietLook look) {
        seen.add(look);
        return look.number() % 7 == 0;
      }

      @Override
      public long compactionNanos() {
        return 0;
      }

      @Override
      public void close() {
      }
    };
    try (OmDb db = new OmDb(new File(dir, "db"))) {
      QuietResult quiet = QuietPeriod.run(db, counting, 20, 1000);

      assertThat(seen).hasSize(20);
      for (int n = 1; n <= 20; n++) {
        assertThat(seen.get(n - 1)).isEqualTo(new Arm.QuietLook(n, 20, 1000));
      }
      assertThat(quiet.lastWorkLook()).isEqualTo(14);
      assertThat(quiet.secondsIn(quiet.lastWorkLook())).isEqualTo(14.0);
      assertThat(db.backgroundWork()).isFalse();
    }
  }

  @Test
  void armsKeepTheirPhaseThroughTheQuietPeriod() {
    // 54,030 operations stand for 15 h: an operation is 999.4 ms. A 60 s arm runs every 60 operations, last at
    // operation 54,000, 29.98 s before the quiet period: it is due 60 s after that run, at the 31st look.
    Period minutely = new Period(54_030, 60_000);
    assertThat(minutely.dueAfter(54_000)).isTrue();
    assertThat(minutely.dueAt(new Arm.QuietLook(30, 120, 1000))).isFalse();
    assertThat(minutely.dueAt(new Arm.QuietLook(31, 120, 1000))).isTrue();
    assertThat(minutely.dueAt(new Arm.QuietLook(90, 120, 1000))).isFalse();
    assertThat(minutely.dueAt(new Arm.QuietLook(91, 120, 1000))).isTrue();
    // An hourly arm that ran at the last operation: an hour into the quiet period.
    Period hourly = new Period(54_000, 3_600_000);
    assertThat(hourly.dueAfter(54_000)).isTrue();
    assertThat(hourly.dueAt(new Arm.QuietLook(3_599, 3_600, 1000))).isFalse();
    assertThat(hourly.dueAt(new Arm.QuietLook(3_600, 3_600, 1000))).isTrue();
    // A 1 s service looks at every look.
    Period everySecond = new Period(54_000, 1000);
    assertThat(everySecond.dueAfter(54_000)).isTrue();
    for (int n = 1; n <= 5; n++) {
      assertThat(everySecond.dueAt(new Arm.QuietLook(n, 5, 1000))).isTrue();
    }
  }

  @Test
  void quietSecondsAreLooksOfTheServiceInterval() {
    assertThat(BenchOptions.parse().quietSeconds()).isEqualTo(60);
    assertThat(BenchOptions.parse().quietLooks()).isEqualTo(60);
    assertThat(BenchOptions.parse("--quiet-seconds", "60", "--range-conf", Keys.INTERVAL + "=10s").quietLooks())
        .isEqualTo(6);
    assertThat(BenchOptions.parse("--quiet-seconds", "0").quietLooks()).isZero();
    assertThatThrownBy(() -> BenchOptions.parse("--quiet-seconds", "-1"))
        .hasMessage("--quiet-seconds must be between 0 and 86400, not -1");
    assertThatThrownBy(() -> BenchOptions.parse("--quiet-seconds", "1m"))
        .hasMessage("--quiet-seconds needs a whole number, not '1m'");
    assertThatThrownBy(() -> BenchOptions.parse("--scenario", "bulk"))
        .hasMessage("Unknown scenario 'bulk'; known: seed, retention, data-keys, fso-jobs, bulk-expire, "
            + "bulk-expire-fso, bulk-expire-fso-range, all");
  }

  private JsonReport.Results run(String scenario) throws Exception {
    BenchOptions options = BenchOptions.parse("--scenario", scenario, "--ops", String.valueOf(OPS), "--end-samples",
        "2", "--arms", "off,range", "--quiet-seconds", String.valueOf(QUIET_SECONDS), "--work",
        dir.getAbsolutePath());
    return new JsonReport.Results(Provenance.of(Instant.now()), JsonReport.Run.of(options), DbBench.run(options));
  }

  private static void replay(WriteModel model, long ops) {
    for (long i = 0; i < ops; i++) {
      model.step();
    }
  }

  /** The ids of the model's only family in {@code table}. */
  private static BitSet ids(WriteModel model, String table) {
    List<KeyFamily> families = model.families().stream().filter(f -> f.table().equals(table)).toList();
    assertThat(families).hasSize(1);
    return families.get(0).ids();
  }

  /** The rows the model holds in {@code table}. */
  private static int rows(WriteModel model, String table) {
    return model.families().stream().filter(f -> f.table().equals(table)).mapToInt(f -> f.ids().cardinality()).sum();
  }

  private static BitSet range(int from, int to) {
    BitSet ids = new BitSet();
    ids.set(from, to);
    return ids;
  }
}
