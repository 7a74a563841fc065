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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig.Keys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/**
 * The benchmark at a small scale, as a correctness check only (nothing about timing): every arm of every scenario
 * ends with exactly the model's rows (checked by {@link Verifier} inside the run, which throws otherwise), and
 * range compaction leaves fewer tombstones than no compaction in every queue-like table the scenario writes. The
 * options arms run on OM's RocksDB 7.7.3 in this JVM, or on master's or the newer one in a JVM of their own.
 */
class TestDbBench {
  /** What each RocksDB build is (the pom's versions). */
  private static final Map<RocksDbBuild, String> VERSIONS =
      Map.of(RocksDbBuild.OM, "7.7.3", RocksDbBuild.MASTER, "10.10.1", RocksDbBuild.NEWER, "11.8.1");

  @TempDir
  private File dir;

  @Test
  void everyArmHoldsExactlyTheModelAndRangeLeavesFewerTombstones() throws Exception {
    // 2e4 operations, at which every queue collects more than the range arm's min.tombstones of 1,000 (a tenth of
    // its default, which would need 1e5 operations and five times this test's time). Few sampled reads: they are
    // the slow part, and timing is not checked.
    BenchOptions options = BenchOptions.parse("--scenario", "seed,retention,data-keys,fso-jobs", "--ops", "2e4",
        "--samples", "5", "--end-samples", "2", "--arms", "off,prototype,range,full,read-triggered-0.01,floor",
        "--range-conf", Keys.MIN_TOMBSTONES + "=1000", "--work", dir.getAbsolutePath());

    Map<String, List<ArmResult>> results = DbBench.run(options);

    // The JSON holds everything a results page shows: read back, it is the same results.
    Provenance provenance = Provenance.of(Instant.now());
    JsonReport.Results written = new JsonReport.Results(provenance, JsonReport.Run.of(options), results);
    assertThat(JsonReport.read(JsonReport.write(new File(dir, "out"), written))).isEqualTo(written);
    assertThat(provenance.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(provenance.memoryGiB()).isPositive();

    assertThat(results).containsOnlyKeys("seed", "retention", "data-keys", "fso-jobs");
    for (Scenario scenario : options.scenarios()) {
      List<ArmResult> arms = results.get(scenario.id());
      assertThat(arms).extracting(ArmResult::arm)
          .containsExactly("off", "prototype", "range", "full", "read-triggered-0.01", "floor");
      assertThat(arms.get(4).note()).startsWith("RocksDB 11.8.1. `max_compaction_trigger_wakeup_seconds=1`, "
          + "`read_triggered_compaction_threshold=0.01`: RocksDB's read-triggered compaction");
      assertThat(written.run().workloads()).containsEntry(scenario.id(), scenario.workload());
      ArmResult off = arms.get(0);
      ArmResult range = arms.get(2);
      for (String table : scenario.newModel(1, WriteSink.NONE, 1, 1).queueTables()) {
        assertThat(range.tombstones().get(table).total())
            .as("%s: tombstones in %s, range vs off", scenario.id(), table)
            .isLessThan(off.tombstones().get(table).total());
      }
    }
  }

  @Test
  void theScanFlushTriggerGivesTheDeletionCollectorTheMemtablesTombstones() throws Exception {
    // At 1e5 operations no memtable fills up, so the collector alone (on OM's RocksDB) holds all of off's
    // tombstones (the seed's openKeyTable); native-scan's flushes (on the newer RocksDB) give it SSTs to act on.
    BenchOptions options = BenchOptions.parse("--scenario", "seed", "--ops", "1e5", "--samples", "5",
        "--end-samples", "2", "--arms", "deletion-collector,native-scan", "--work", dir.getAbsolutePath());

    List<ArmResult> arms = DbBench.run(options).get("seed");

    assertThat(arms.get(0).note()).startsWith("RocksDB 7.7.3. `table_properties_collectors=");
    assertThat(arms.get(1).note()).startsWith("RocksDB 11.8.1.").contains("`memtable_op_scan_flush_trigger=100`");
    assertThat(arms.get(1).tombstones().get("openKeyTable").total())
        .isLessThan(arms.get(0).tombstones().get("openKeyTable").total());
    // RocksDB counts the compactions of the files the collector marked.
    assertThat(arms.get(1).triggeredCompactionBytes()).containsOnlyKeys("marked", "periodic", "ttl");
    assertThat(arms.get(1).triggeredCompactionBytes().get("marked")).isPositive();
  }

  @Test
  void everyOptionsArmOpensOnItsRocksDbAndHoldsExactlyTheModel() throws Exception {
    // Options are parsed strictly: an option the arm's RocksDB does not know fails its run, and so this test.
    String all = String.join(",", OptionsArm.all().stream().map(OptionsArm::id).toList());
    BenchOptions options = BenchOptions.parse("--scenario", "retention", "--ops", "2e3", "--samples", "1",
        "--end-samples", "1", "--arms", all, "--work", dir.getAbsolutePath());

    List<ArmResult> arms = DbBench.run(options).get("retention");

    assertThat(arms).extracting(ArmResult::arm).containsExactlyElementsOf(options.arms());
    for (int i = 0; i < arms.size(); i++) {
      OptionsArm arm = OptionsArm.all().get(i);
      assertThat(arms.get(i).note()).as(arm.id())
          .startsWith("RocksDB " + VERSIONS.get(arm.rocksDb()) + ". ").endsWith(arm.about());
    }
  }

  @Test
  void anArmRunsOnTheRocksDbItsIdAsksFor() throws Exception {
    BenchOptions options = BenchOptions.parse("--scenario", "retention", "--ops", "2e3", "--samples", "1",
        "--end-samples", "1", "--arms", "native-scan@master,deletion-collector@master,off@master,deletion-collector",
        "--work", dir.getAbsolutePath());

    List<ArmResult> arms = DbBench.run(options).get("retention");

    // Each arm beside its runs on other RocksDBs, whatever the command line's order.
    assertThat(arms).extracting(ArmResult::arm).containsExactly("off@master", "deletion-collector",
        "deletion-collector@master", "native-scan@master");
    assertThat(arms.get(0).note()).isEqualTo("RocksDB 10.10.1. " + OptionsArm.find("off@master").about());
    assertThat(arms.get(1).note()).startsWith("RocksDB 7.7.3. `table_properties_collectors=");
    assertThat(arms.get(2).note()).startsWith("RocksDB 10.10.1. `table_properties_collectors=");
    assertThat(arms.get(3).note()).startsWith("RocksDB 10.10.1. ").contains("`memtable_op_scan_flush_trigger=100`");

    // An option the arm's RocksDB does not know fails the arm: read-triggered compaction came in RocksDB 11.2.
    BenchOptions tooOld = BenchOptions.parse("--scenario", "retention", "--ops", "2e3", "--samples", "1",
        "--end-samples", "1", "--arms", "read-triggered-0.01@master", "--work", dir.getAbsolutePath());
    assertThatThrownBy(() -> DbBench.run(tooOld))
        .hasMessage("Arm read-triggered-0.01@master of retention failed in its JVM (exit 1); its output is above");
  }

  @Test
  void theSharedWorkloadsAreOmkeybenchsOptionsReplayed() {
    // The catalogue ab-bench runs with omkeybench; a scenario's name means this workload in both benchmarks.
    assertThat(Workloads.shape("seed")).isEqualTo(
        new ObjectStoreModel.Shape(20, 8, 1, 25_000, ObjectStoreModel.DeleteOrder.RANDOM, false, false));
    assertThat(Workloads.shape("retention")).isEqualTo(
        new ObjectStoreModel.Shape(20, 8, 1, 25_000, ObjectStoreModel.DeleteOrder.OLDEST, true, false));
    assertThat(Workloads.shape("data-keys")).isEqualTo(
        new ObjectStoreModel.Shape(20, 8, 1, 25_000, ObjectStoreModel.DeleteOrder.RANDOM, false, true));
    assertThat(Scenario.RETENTION.workload()).isEqualTo("omkeybench --weights create:20,delete:8,list:1 "
        + "--max-live-keys 25000 --size 0 --delete-order oldest --list-start first");
  }

  @Test
  void anArmsOptionsGoIntoTheirSections() {
    List<String> omOptions = List.of("[Version]", "  rocksdb_version=7.7.3", "[DBOptions]", "  max_open_files=-1",
        "[CFOptions \"default\"]", "  memtable_op_scan_flush_trigger=0", "  num_levels=7",
        "[TableOptions/BlockBasedTable \"default\"]", "  block_size=4096", "[CFOptions \"keyTable\"]",
        "  num_levels=7");
    assertThat(NativeDb.withOptions(omOptions, List.of("max_open_files=100"),
        List.of("memtable_op_scan_flush_trigger=5", "ttl=1")))
        .containsExactly("[Version]", "  rocksdb_version=7.7.3", "[DBOptions]", "  max_open_files=100",
            "[CFOptions \"default\"]", "  memtable_op_scan_flush_trigger=5", "  ttl=1", "  num_levels=7",
            "[TableOptions/BlockBasedTable \"default\"]", "  block_size=4096", "[CFOptions \"keyTable\"]",
            "  memtable_op_scan_flush_trigger=5", "  ttl=1", "  num_levels=7");
  }

  @Test
  void badArgumentsAreOneClearMessage() {
    assertThatThrownBy(() -> BenchOptions.parse("--ops", "1.5")).hasMessage("--ops needs a whole number, not '1.5'");
    assertThatThrownBy(() -> BenchOptions.parse("--ops", "0"))
        .hasMessage("--ops must be between 1 and 2147483647, not 0");
    assertThatThrownBy(() -> BenchOptions.parse("--arms", "off,none"))
        .hasMessage("Unknown arm 'none'; known: off, prototype, range, full, deletion-collector, native-scan, "
            + "periodic, ttl, universal, universal-space-amp-25, universal-deletion-collector, small-memtable, "
            + "read-triggered-0.01, read-triggered-0.001, read-triggered-0.1, range-conversion, floor");
    assertThatThrownBy(() -> BenchOptions.parse("--arms", "range@master"))
        .hasMessage("Arm 'range' runs on OM's RocksDB only: off and the options arms take @ROCKSDB");
    assertThatThrownBy(() -> BenchOptions.parse("--arms", "ttl@trunk"))
        .hasMessage("Arm 'ttl@trunk': Unknown RocksDB 'trunk'; known: om, master, newer");
    assertThatThrownBy(() -> BenchOptions.parse("--scenario")).hasMessage("--scenario needs a value");
    assertThat(BenchOptions.parse("--ops", "1e7", "--arms", "floor,range").arms())
        .containsExactly("range", "floor");
    assertThat(BenchOptions.parse("--ops", "1e7").ops()).isEqualTo(10_000_000);
    assertThatThrownBy(() -> BenchOptions.parse("--sweep", "1e5", "--out", "x"))
        .hasMessage("--sweep needs at least two operation counts, such as 1e5,1e6,1e7");
    assertThatThrownBy(() -> BenchOptions.parse("--sweep", "1e5,1e6"))
        .hasMessage("--sweep needs --out DIR (a run per operation count goes to DIR/ops-N)");
    assertThatThrownBy(() -> BenchOptions.parse("--sweep", "1e5,1e6", "--ops", "1e5", "--out", "x"))
        .hasMessage("--sweep and --ops exclude each other");
    assertThat(BenchOptions.parse("--sweep", "1e6,1e5,1e6", "--out", "x").sweep()).containsExactly(100_000L,
        1_000_000L);
    assertThatThrownBy(() -> BenchOptions.parse("--repeats", "3"))
        .hasMessage("--repeats needs --out DIR (a run per repeat goes to DIR/repeat-K)");
    assertThatThrownBy(() -> BenchOptions.parse("--repeats", "3", "--sweep", "1e5,1e6", "--out", "x"))
        .hasMessage("--repeats and --sweep exclude each other");
    assertThatThrownBy(() -> BenchOptions.parse("--repeats", "21", "--out", "x"))
        .hasMessage("--repeats must be between 2 and 20, not 21");
    assertThatThrownBy(() -> BenchOptions.parse("--range-conf", "ratio"))
        .hasMessage("--range-conf needs KEY=VALUE, not 'ratio'");
    assertThatThrownBy(() -> BenchOptions.parse("--range-conf", "ozone.om.compaction.service.enabled=true"))
        .hasMessage("--range-conf takes keys of ozone.om.range.compaction.service.*, not "
            + "'ozone.om.compaction.service.enabled'");
    assertThatThrownBy(() -> BenchOptions.parse("--range-conf", Keys.MEMTABLE_DELETE_RATIO + "=2"))
        .hasMessage("--range-conf: Invalid " + Keys.MEMTABLE_DELETE_RATIO + " = 2.0: must be more than 0 and at most 1");
    assertThatThrownBy(() -> BenchOptions.parse("--range-conf", Keys.TOMBSTONE_RATIO + "=x"))
        .hasMessage("--range-conf: Failed to inject configuration to RangeCompactionConfig.tombstoneRatio: "
            + "For input string: \"x\"");
  }

  @Test
  void rangeConfSetsTheRangeArmsServiceAndThePageSaysSo() throws Exception {
    List<String> run = List.of("--scenario", "seed", "--ops", "2e3", "--samples", "2", "--end-samples", "1",
        "--arms", "range", "--no-verify", "--work", dir.getAbsolutePath());
    String defaults = DbBench.run(BenchOptions.parse(run.toArray(new String[0]))).get("seed").get(0).note();
    List<String> withInterval = new ArrayList<>(run);
    withInterval.addAll(List.of("--range-conf", Keys.INTERVAL + "=1h", "--out", new File(dir, "out").getPath()));
    BenchOptions options = BenchOptions.parse(withInterval.toArray(new String[0]));
    JsonReport.Results results =
        new JsonReport.Results(Provenance.of(Instant.now()), JsonReport.Run.of(options), DbBench.run(options));

    // The compressed clock makes 15 h of the run: the service looks after every operation by default (every
    // second), and every 133 operations with an hour's interval.
    assertThat(defaults).startsWith("2000 runs");
    assertThat(results.scenarios().get("seed").get(0).note()).startsWith("15 runs");
    assertThat(JsonReport.read(JsonReport.write(options.out(), results))).isEqualTo(results);
    assertThat(results.run().rangeConfSentence())
        .isEqualTo(" The range arm ran with `" + Keys.INTERVAL + "=1h` over its defaults (`--range-conf`).");
  }

  @Test
  void aSweepWritesARunPerCountThenItsPageAndChartsFromTheJson() throws Exception {
    File out = new File(dir, "sweep");
    DbBench.main(new String[] {"--sweep", "2e3,4e3", "--scenario", "seed", "--arms", "off,range", "--samples", "2",
        "--end-samples", "1", "--out", out.getAbsolutePath()});

    assertThat(new File(out, "ops-2000/db-bench.json")).isFile();
    assertThat(new File(out, "ops-4000/db-bench.json")).isFile();
    String page = Files.readString(new File(out, "sweep.md").toPath());
    assertThat(page).contains("### seed: head openKeyTable in-run mean ms", "| operations | off | range | off/range |",
        "| 2,000 |", "| 4,000 |", "### seed: compaction MB written");
    for (String chart : List.of(SweepReport.SEEK_CHART, SweepReport.COMPACTION_CHART)) {
      BufferedImage image = ImageIO.read(new File(out, chart));
      assertThat(image).as(chart).isNotNull();
      assertThat(image.getWidth()).isGreaterThan(image.getHeight() / 4);
    }

    // An arm keeps its colour in a panel where another has no point (off compacts nothing by hand).
    XYChart manual = SweepReport.chart("manual", "s", SweepReport.read(out), "seed",
        ArmResult::manualCompactionSeconds);
    assertThat(manual.getSeriesMap()).doesNotContainKey("off").containsKey("range");
    assertThat(manual.getSeriesMap().get("range").getLineColor())
        .isEqualTo(manual.getStyler().getSeriesColors()[SweepReport.order("range")]);

    // The page is a function of the JSON alone.
    assertThat(new File(out, "sweep.md").delete()).isTrue();
    DbBench.main(new String[] {"--sweep-page", out.getAbsolutePath()});
    assertThat(Files.readString(new File(out, "sweep.md").toPath())).isEqualTo(page);
  }

  @Test
  void repeatsRunTheArmsInTurnsAndTheirPageGivesEachRatioWithItsSpread() throws Exception {
    File out = new File(dir, "repeats");
    DbBench.main(new String[] {"--repeats", "2", "--ops", "2e3", "--scenario", "seed", "--arms", "off,range",
        "--samples", "2", "--end-samples", "1", "--no-verify", "--out", out.getAbsolutePath()});

    List<JsonReport.Results> runs = RepeatReport.read(out);
    assertThat(runs).hasSize(2);
    for (JsonReport.Results run : runs) {
      // Whichever order the arms ran in, the results keep theirs.
      assertThat(run.scenarios().get("seed")).extracting(ArmResult::arm).containsExactly("off", "range");
    }
    String page = Files.readString(new File(out, RepeatReport.PAGE).toPath());
    assertThat(page).contains("### seed: replay operations per second", "| repeat | order | off | range | range/off |",
        "| 1 | as listed |", "| 2 | reversed |", "| geometric mean (95% t-interval) |", "| lowest to highest |",
        "### seed: where range's replay time went", "| looks |", "| the service, in all |");

    // The page is a function of the JSON alone.
    assertThat(new File(out, RepeatReport.PAGE).delete()).isTrue();
    DbBench.main(new String[] {"--repeats-page", out.getAbsolutePath()});
    assertThat(Files.readString(new File(out, RepeatReport.PAGE).toPath())).isEqualTo(page);
  }

  /**
   * Every db-bench result committed under docs/results is in the envelope db-bench writes now: its page can be
   * written again from it, and where it recorded its origin, the page says where it came from.
   */
  @Test
  void everyCommittedResultReadsBackFromItsEnvelope() throws Exception {
    List<Path> committed;
    try (Stream<Path> files = Files.walk(Path.of("../../docs/results"))) {
      committed = files.filter(f -> f.getFileName().toString().equals("db-bench.json")).toList();
    }
    assertThat(committed).hasSizeGreaterThan(10);
    for (Path json : committed) {
      JsonReport.Results results = JsonReport.read(json.toFile());
      assertThat(results.run().ops()).as(json.toString()).isPositive();
      assertThat(results.scenarios()).as(json.toString()).isNotEmpty();
      assertThat(results.provenance().cores()).as(json.toString()).isPositive();
      if (results.provenance().gitCommit() != null) {
        assertThat(results.provenance().sentence()).as(json.toString())
            .contains(results.provenance().gitCommit(), String.join(" ", results.provenance().commandLine()));
      }
    }
  }

  @Test
  void theIntervalOfRatiosIsStudentsTOverTheirLogs() {
    // Logs +-0.1 around 0: mean 0, standard error 0.1, t(1) = 12.706.
    double[] two = RepeatReport.interval(new double[] {Math.exp(0.1), Math.exp(-0.1)});
    assertThat(two[0]).isCloseTo(1.0, within(1e-12));
    assertThat(two[1]).isCloseTo(Math.exp(-1.2706), within(1e-9));
    assertThat(two[2]).isCloseTo(Math.exp(1.2706), within(1e-9));
    // Equal ratios: no spread, the interval is the ratio.
    for (double end : RepeatReport.interval(new double[] {0.8, 0.8, 0.8})) {
      assertThat(end).isCloseTo(0.8, within(1e-12));
    }
  }
}
