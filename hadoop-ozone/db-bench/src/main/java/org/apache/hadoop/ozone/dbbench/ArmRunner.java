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

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.commons.io.FileUtils;

/**
 * Runs one arm of one scenario on a fresh OM DB: replays the model's operations, lets the arm compact on its
 * schedule, samples reads during the replay and after it, counts tombstones and compaction bytes, and checks the
 * DB against the model. A bulk scenario samples nothing during the replay; after it come the quiet period
 * ({@link QuietPeriod}), the tombstone count, and the first read of each kind.
 */
final class ArmRunner {
  /** Rows written per batch when the floor DB is filled. */
  private static final int FLOOR_BATCH = 10_000;
  private static final String LIST = "list";

  private final Scenario scenario;
  private final BenchOptions options;

  ArmRunner(Scenario scenario, BenchOptions options) {
    this.scenario = scenario;
    this.options = options;
  }

  ArmResult run(String id) throws IOException {
    File dir = new File(options.workDir(), scenario.id() + "-" + id);
    FileUtils.deleteDirectory(dir);
    try {
      ArmKind kind = ArmKind.find(id);
      if (kind == null) {
        return NativeArm.run(options, scenario, OptionsArm.find(id), dir);
      }
      if (kind == ArmKind.FLOOR) {
        return floor(dir);
      }
      try (OmDb db = new OmDb(dir); Arm arm = open(kind, db)) {
        return replay(id, db, arm);
      }
    } finally {
      FileUtils.deleteDirectory(dir);
    }
  }

  private long serviceEvery() {
    // OM's key and directory deleting services run every 60 s by default.
    return Arm.scaledPeriod(options.ops(), 60);
  }

  private WriteModel newModel(WriteSink sink) {
    return scenario.newModel(options.seed(), sink, options.ops(), serviceEvery());
  }

  /** Replays the scenario into {@code db}, with {@code arm} compacting on its schedule, and measures it. */
  ArmResult replay(String id, BenchDb db, Arm arm) throws IOException {
    WriteModel model = newModel(db);
    Probe probe = new Probe(db);
    SplittableRandom readRandom = new SplittableRandom(options.seed() ^ 0x5eedL);
    Map<String, List<Probe.ReadSample>> inRun = new LinkedHashMap<>();
    long sampleEvery = Math.max(1, options.ops() / options.samples());
    long readNanos = 0;
    long start = System.nanoTime();
    for (long done = 1; done <= options.ops(); done++) {
      model.step();
      arm.afterOperation(done);
      // Half a period off the arms' schedules (multiples of ops/900 and ops/15), so samples fall between runs.
      if (!scenario.isBulk() && done % sampleEvery == sampleEvery / 2) {
        db.commit();
        long readStart = System.nanoTime();
        sample(db, probe, model, readRandom, inRun);
        readNanos += System.nanoTime() - readStart;
      }
    }
    db.commit();
    double replaySeconds = (System.nanoTime() - start - readNanos) / 1e9;
    QuietResult quiet = scenario.isBulk()
        ? QuietPeriod.run(db, arm, options.quietLooks(), options.quietLookMillis()) : null;
    return finish(id, db, model, probe, readRandom, new Replay(summarize(inRun), options.ops() / replaySeconds,
        arm.compactionNanos() / 1e9, arm.serviceSeconds(), arm.describe(), quiet));
  }

  private Arm open(ArmKind kind, OmDb db) throws IOException {
    return switch (kind) {
      case OFF -> Arm.OFF;
      case PROTOTYPE -> RangeArm.prototype(db, options.ops());
      case RANGE -> RangeArm.ours(db, options.ops(), options.rangeConf());
      case FULL -> new FullArm(db, options.ops());
      case FLOOR -> throw new IllegalArgumentException("floor replays nothing");
    };
  }

  /** The model's end state, written into a fresh DB and fully compacted: the best layout there is. */
  private ArmResult floor(File dir) throws IOException {
    WriteModel model = newModel(WriteSink.NONE);
    for (long done = 0; done < options.ops(); done++) {
      model.step();
    }
    try (OmDb db = new OmDb(dir)) {
      Set<String> tables = new LinkedHashSet<>();
      int inBatch = 0;
      for (KeyFamily family : model.families()) {
        tables.add(family.table());
        for (int id = family.ids().nextSetBit(0); id >= 0; id = family.ids().nextSetBit(id + 1)) {
          db.put(family.table(), family.key(id), family.valueBytes());
          if (++inBatch == FLOOR_BATCH) {
            db.commit();
            inBatch = 0;
          }
        }
      }
      db.commit();
      long start = System.nanoTime();
      for (String table : tables) {
        db.rocksDb().flush(table);
        db.compactFully(table);
      }
      double compactSeconds = (System.nanoTime() - start) / 1e9;
      Probe probe = new Probe(db);
      SplittableRandom readRandom = new SplittableRandom(options.seed() ^ 0x5eedL);
      return finish(ArmKind.FLOOR.id(), db, model, probe, readRandom, new Replay(Map.of(), 0, compactSeconds, null, "",
          scenario.isBulk() ? QuietResult.none(options.quietLookMillis()) : null));
    }
  }

  /**
   * What a replay measured, for {@link #finish}.
   *
   * @param quiet the quiet period of a bulk scenario (null in the others): the tombstones are counted when it ends,
   *     then each read runs once, the first after it, before the end samples
   */
  private record Replay(Map<String, ReadStats> inRun, double opsPerSecond, double compactionSeconds,
      Map<String, Double> serviceSeconds, String note, QuietResult quiet) {
  }

  private ArmResult finish(String id, BenchDb db, WriteModel model, Probe probe, SplittableRandom readRandom,
      Replay replay) throws IOException {
    QuietResult quiet = replay.quiet();
    Map<String, Tombstones> tombstones = null;
    if (quiet != null) {
      tombstones = tombstones(db, model);
      Map<String, List<Probe.ReadSample>> first = new LinkedHashMap<>();
      sample(db, probe, model, readRandom, first);
      quiet = quiet.withFirstReads(summarize(first));
    }
    Map<String, List<Probe.ReadSample>> atEnd = new LinkedHashMap<>();
    for (int i = 0; i < options.endSamples(); i++) {
      sample(db, probe, model, readRandom, atEnd);
    }
    if (tombstones == null) {
      tombstones = tombstones(db, model);
    }
    long compactRead = db.ticker("COMPACT_READ_BYTES");
    long compactWrite = db.ticker("COMPACT_WRITE_BYTES");
    long flushWrite = db.ticker("FLUSH_WRITE_BYTES");
    if (options.verify()) {
      Verifier.verify(db, model.families());
    }
    return new ArmResult(id, options.ops(), replay.opsPerSecond(), replay.compactionSeconds(), compactWrite,
        flushWrite, replay.inRun(), summarize(atEnd), tombstones, replay.note(), compactRead, quiet, db.liveSstBytes(),
        db.ticker("STALL_MICROS"), triggeredCompactionBytes(db), replay.serviceSeconds());
  }

  private static Map<String, Long> triggeredCompactionBytes(BenchDb db) {
    Map<String, Long> bytes = new LinkedHashMap<>();
    for (String trigger : ArmResult.TRIGGERS) {
      bytes.put(trigger.toLowerCase(Locale.ROOT), db.ticker("COMPACT_READ_BYTES_" + trigger)
          + db.ticker("COMPACT_WRITE_BYTES_" + trigger));
    }
    return bytes;
  }

  /** The tombstones of each table the model measures. */
  private static Map<String, Tombstones> tombstones(BenchDb db, WriteModel model) throws IOException {
    Map<String, Tombstones> tombstones = new LinkedHashMap<>();
    for (String table : model.measuredTables()) {
      tombstones.put(table, db.tombstones(table));
    }
    return tombstones;
  }

  private static void sample(BenchDb db, Probe probe, WriteModel model, SplittableRandom readRandom,
      Map<String, List<Probe.ReadSample>> into) throws IOException {
    into.computeIfAbsent(LIST, k -> new ArrayList<>()).add(probe.list(model.listRead(readRandom)));
    for (String table : model.queueTables()) {
      into.computeIfAbsent("head " + table, k -> new ArrayList<>()).add(probe.head(table));
    }
    for (Map.Entry<String, ListRead> scan : model.scans().entrySet()) {
      into.computeIfAbsent("scan " + scan.getKey(), k -> new ArrayList<>()).add(probe.list(scan.getValue()));
    }
  }

  private static Map<String, ReadStats> summarize(Map<String, List<Probe.ReadSample>> samples) {
    Map<String, ReadStats> stats = new LinkedHashMap<>();
    samples.forEach((read, list) -> stats.put(read, ReadStats.of(list)));
    return stats;
  }
}
