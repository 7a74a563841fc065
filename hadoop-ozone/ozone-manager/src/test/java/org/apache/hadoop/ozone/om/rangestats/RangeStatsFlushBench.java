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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.managed.ManagedCompactRangeOptions;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.rocksdb.LiveFileMetaData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Not a test: measures what OM's range statistics (the SST index listener and its updater thread) cost the flushes
 * and writes of a real OM DB. Two OM DBs are open side by side, one with {@code ozone.om.range.stats.enabled=true}
 * and one with false. Each round runs the same workload on both, one after the other, alternating which goes
 * first, so that machine noise hits both alike:
 * <ul>
 *   <li>write {@code --entries} entries into keyTable across {@code --buckets} buckets: puts of
 *       {@code --value-bytes} values, and every {@code 100 / --delete-percent}th entry a delete of a key put
 *       about {@code --delete-distance} entries before;</li>
 *   <li>after every {@code --flush-every} entries, flush keyTable (waiting for the flush): only these calls are
 *       timed as flush time; the puts and deletes are timed separately as write time;</li>
 *   <li>after the round's last flush, compact the workload's keys of keyTable ({@code CompactRange} over
 *       {@code /vol1/}, waiting for it): timed as compaction time;</li>
 *   <li>before the next phase, wait until both DBs are quiet (no flush or compaction running or pending) and the
 *       index has caught up with keyTable's live SSTs, so no phase pays for the previous one's background work.</li>
 * </ul>
 * With {@code --base-ssts N}, both DBs' keyTable first gets N SSTs of {@value #BASE_KEYS_PER_SST} keys each
 * ({@link IngestedSsts}, keys before the workload's), so that every index update and range computation of the
 * enabled DB works on a table of that many SSTs, as on a production OM. Both DBs then keep at most
 * {@value #BASE_MAX_OPEN_FILES} SSTs open ({@code ozone.om.db.max.open.files}; OM's default keeps all open), so that
 * the two fit this machine's limit of 20,000 open files.
 * The first {@code --warmup} rounds (JIT, first compactions) are not counted. Flush MB/s counts the keys and
 * values the flushed memtables took in (a delete counts its key). Run it with scripts/bench-range-stats-overhead,
 * or after {@code mvn test-compile} with the module's test classpath:
 * <pre>
 * java -cp target/test-classes:target/classes:... org.apache.hadoop.ozone.om.rangestats.RangeStatsFlushBench \
 *     [--rounds 10] [--warmup 1] [--entries 200000] [--flush-every 20000] ...
 * </pre>
 */
public final class RangeStatsFlushBench {
  private static final String TABLE = "keyTable";
  private static final long SETTLE_MILLIS = 60_000;
  private static final int BASE_KEYS_PER_SST = 100;
  private static final int BASE_BUCKETS = 100;
  private static final int BASE_MAX_OPEN_FILES = 8000;
  private static final int VALUE_POOL = 1024;
  /** The workload's keys ({@link Variant#key}): what each round's compaction covers, the ingested base aside. */
  private static final byte[] WORKLOAD_START = "/vol1/".getBytes(UTF_8);
  private static final byte[] WORKLOAD_END = "/vol10".getBytes(UTF_8);

  private final Options options;
  private final byte[][] values;
  private final BenchRun run = new BenchRun("scripts/bench-range-stats-overhead");

  private RangeStatsFlushBench(Options options) {
    this.options = options;
    Random random = new Random(42);
    values = new byte[VALUE_POOL][];
    for (int i = 0; i < VALUE_POOL; i++) {
      values[i] = new byte[options.valueBytes];
      random.nextBytes(values[i]);
    }
  }

  public static void main(String[] args) {
    BenchRun.main("bench-range-stats-overhead", new Options(), args);
  }

  private void run() throws Exception {
    DefaultMetricsSystem.setMiniClusterMode(true);
    Path root = options.dir != null ? Files.createDirectories(options.dir)
        : Files.createTempDirectory("range-stats-flush-bench");
    Path base = Files.createTempDirectory(root, "run");
    Variant with = null;
    Variant without = null;
    try {
      // An A/A control (--aa): the "with" DB has no index either, so that its ratios show the bench's own noise.
      with = new Variant(options.aa ? "control (A/A)" : "with index", !options.aa, base.resolve("with"));
      without = new Variant("without index", false, base.resolve("without"));
      System.out.printf(Locale.ROOT, "Workload per round and variant: %d entries into %s across %d buckets, "
              + "%d-byte values, %d%% deletes, flush every %d entries; %d rounds (+%d warm-up), DBs in %s%n",
          options.entries, TABLE, options.buckets, options.valueBytes, options.deletePercent, options.flushEvery,
          options.rounds, options.warmup, base);
      System.out.println();
      System.out.println("round  first          flush ms with  flush ms without  flush/s ratio  writes/s with  "
          + "writes/s without  ratio  compaction ms with  compaction ms without");
      long seq = 0;
      long runStart = System.nanoTime();
      long settleNanos = 0;
      List<Double> flushRatios = new ArrayList<>();
      List<Double> writeRatios = new ArrayList<>();
      List<Double> compactionRatios = new ArrayList<>();
      for (int round = 0; round < options.warmup + options.rounds; round++) {
        boolean counted = round >= options.warmup;
        Variant first = round % 2 == 0 ? with : without;
        Variant second = first == with ? without : with;
        RoundResult a = first.runRound(seq, counted);
        settleNanos += settle(with, without);
        RoundResult b = second.runRound(seq, counted);
        settleNanos += settle(with, without);
        seq += options.entries;
        RoundResult w = first == with ? a : b;
        RoundResult wo = first == with ? b : a;
        if (counted) {
          flushRatios.add((double) wo.flushNanos / w.flushNanos);
          writeRatios.add(w.writesPerSecond() / wo.writesPerSecond());
          compactionRatios.add((double) wo.compactionNanos / w.compactionNanos);
        }
        System.out.printf(Locale.ROOT, "%5s  %-13s  %13.1f  %16.1f  %13.3f  %13.0f  %16.0f  %5.3f  %16.1f  %19.1f%n",
            counted ? String.valueOf(round - options.warmup + 1) : "warm", first.name,
            w.flushNanos / 1e6, wo.flushNanos / 1e6, (double) wo.flushNanos / w.flushNanos,
            w.writesPerSecond(), wo.writesPerSecond(), w.writesPerSecond() / wo.writesPerSecond(),
            w.compactionNanos / 1e6, wo.compactionNanos / 1e6);
      }
      System.out.println();
      printSummary(with, without, median(flushRatios), median(writeRatios));
      System.out.printf(Locale.ROOT, "Compaction throughput with/without index: %.3f median of the rounds%n",
          median(compactionRatios));
      System.out.printf(Locale.ROOT, "Rounds took %.1f s, of which %.1f s waiting for the DBs to settle%n",
          (System.nanoTime() - runStart) / 1e9, settleNanos / 1e9);
      if (options.json != null) {
        writeJson(with, without, median(flushRatios), median(writeRatios), flushRatios, writeRatios,
            compactionRatios);
      }
    } finally {
      if (with != null) {
        with.close();
      }
      if (without != null) {
        without.close();
      }
      deleteRecursively(base);
      if (options.dir == null) {
        deleteRecursively(root);
      }
    }
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private void printSummary(Variant with, Variant without, double medianFlushRatio, double medianWriteRatio) {
    Stats w = with.stats();
    Stats wo = without.stats();
    System.out.println("                              with index   without index   with/without");
    row("flushes", "%.0f", w.flushes, wo.flushes);
    row("total flush time (ms)", "%.1f", w.flushMillis, wo.flushMillis);
    row("flushes/s", "%.1f", w.flushesPerSecond(), wo.flushesPerSecond());
    row("flush MB/s", "%.1f", w.flushMegabytesPerSecond(), wo.flushMegabytesPerSecond());
    row("flush entries/s", "%.0f", w.flushEntriesPerSecond(), wo.flushEntriesPerSecond());
    row("mean flush latency (ms)", "%.2f", w.meanMillis, wo.meanMillis);
    row("median flush latency (ms)", "%.2f", w.medianMillis, wo.medianMillis);
    row("p95 flush latency (ms)", "%.2f", w.p95Millis, wo.p95Millis);
    row("max flush latency (ms)", "%.2f", w.maxMillis, wo.maxMillis);
    row("writes/s (puts+deletes)", "%.0f", w.writesPerSecond(), wo.writesPerSecond());
    System.out.printf(Locale.ROOT, "%-26s %13d %15d%n", "index updates", with.indexUpdates(),
        without.indexUpdates());
    System.out.printf(Locale.ROOT, "%-26s %13d %15d%n", "live SSTs of " + TABLE, with.liveFiles().size(),
        without.liveFiles().size());
    System.out.println();
    System.out.printf(Locale.ROOT, "Flush throughput with/without index: %.3f overall, %.3f median of the rounds "
        + "(1 = no overhead; below 1 = slower with the index)%n",
        w.flushesPerSecond() / wo.flushesPerSecond(), medianFlushRatio);
    System.out.printf(Locale.ROOT, "p95 flush latency with/without index: %.2f ms / %.2f ms%n",
        w.p95Millis, wo.p95Millis);
    System.out.printf(Locale.ROOT, "Write throughput with/without index: %.3f overall, %.3f median of the rounds%n",
        w.writesPerSecond() / wo.writesPerSecond(), medianWriteRatio);
    System.out.printf(Locale.ROOT, "Index updates (enabled variant): %d, %s%n", with.indexUpdates(),
        options.aa ? "none: an A/A control" : with.indexMatchesLiveFiles() ? "index matches keyTable's live SSTs"
            : "INDEX BEHIND keyTable's live SSTs");
  }

  /** The summary, the rounds' ratios, the settings and where the run came from, as the results pages read them. */
  private void writeJson(Variant with, Variant without, double medianFlushRatio, double medianWriteRatio,
      List<Double> flushRatios, List<Double> writeRatios, List<Double> compactionRatios) throws IOException {
    Stats w = with.stats();
    Stats wo = without.stats();
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("rounds", options.rounds);
    settings.put("warmup", options.warmup);
    settings.put("entries", options.entries);
    settings.put("flushEvery", options.flushEvery);
    settings.put("valueBytes", options.valueBytes);
    settings.put("buckets", options.buckets);
    settings.put("deletePercent", options.deletePercent);
    settings.put("deleteDistance", options.deleteDistance);
    settings.put("baseSsts", options.baseSsts);
    settings.put("aa", options.aa);
    settings.put("baseKeysPerSst", BASE_KEYS_PER_SST);
    settings.put("maxOpenFiles", options.baseSsts > 0 ? BASE_MAX_OPEN_FILES : -1);
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("settings", settings);
    root.put("flushes", w.flushes);
    root.put("flushThroughputRatio", w.flushesPerSecond() / wo.flushesPerSecond());
    root.put("flushThroughputRatioMedian", medianFlushRatio);
    root.put("p95FlushMsWith", w.p95Millis);
    root.put("p95FlushMsWithout", wo.p95Millis);
    root.put("writeThroughputRatio", w.writesPerSecond() / wo.writesPerSecond());
    root.put("writeThroughputRatioMedian", medianWriteRatio);
    root.put("indexUpdates", with.indexUpdates());
    root.put("indexMatchesLiveFiles", !options.aa && with.indexMatchesLiveFiles());
    root.put("roundFlushRatios", flushRatios);
    root.put("roundWriteRatios", writeRatios);
    root.put("compactionThroughputRatioMedian", median(compactionRatios));
    root.put("roundCompactionRatios", compactionRatios);
    root.put("liveSsts", with.liveFiles().size());
    run.writeJson(options.json, root);
  }

  private static void row(String name, String format, double with, double without) {
    System.out.printf(Locale.ROOT, "%-26s %13s %15s %14s%n", name, String.format(Locale.ROOT, format, with),
        String.format(Locale.ROOT, format, without), String.format(Locale.ROOT, "%.3f", with / without));
  }

  /**
   * Waits until neither DB flushes or compacts and the index has caught up with the live SSTs.
   * @return the nanoseconds waited
   */
  private static long settle(Variant... variants) throws Exception {
    long start = System.nanoTime();
    long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
    for (Variant v : variants) {
      while (!v.isQuiet()) {
        if (System.currentTimeMillis() > deadline) {
          System.err.println("warning: " + v.name + " not quiet after " + SETTLE_MILLIS + " ms, going on");
          return System.nanoTime() - start;
        }
        Thread.sleep(10);
      }
    }
    return System.nanoTime() - start;
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** One OM DB, with or without range statistics, and what its rounds measured. */
  private final class Variant {
    private final String name;
    private final boolean enabled;
    private final OmMetadataManagerImpl metadata;
    private final Table<byte[], byte[]> table;
    private final List<Long> flushNanos = new ArrayList<>();
    private long writeNanos;
    private long writes;
    private long flushedBytes;
    private long flushedEntries;

    @SuppressWarnings("unchecked")
    Variant(String name, boolean enabled, Path dir) throws IOException {
      this.name = name;
      this.enabled = enabled;
      Files.createDirectories(dir);
      OzoneConfiguration conf = new OzoneConfiguration();
      conf.set(OMConfigKeys.OZONE_OM_DB_DIRS, dir.toString());
      conf.setBoolean(RangeStatsConfig.Keys.ENABLED, enabled);
      if (options.baseSsts > 0) {
        conf.setInt(OMConfigKeys.OZONE_OM_DB_MAX_OPEN_FILES, BASE_MAX_OPEN_FILES);
      }
      metadata = new OmMetadataManagerImpl(conf, null);
      if (metadata.getRangeStats() == null || metadata.getRangeStats().isEnabled() != enabled) {
        throw new IllegalStateException(name + ": range statistics are not " + (enabled ? "on" : "off"));
      }
      table = (Table<byte[], byte[]>) (Table<?, ?>) store().getTable(TABLE);
      if (options.baseSsts > 0) {
        IngestedSsts.ingest(db(), TABLE, dir.resolve("ingest"), options.baseSsts, BASE_BUCKETS, BASE_KEYS_PER_SST,
            options.valueBytes);
        // Ingestion raises no flush or compaction event: the index reads the new files now.
        metadata.getRangeStats().refresh(TABLE);
      }
    }

    RoundResult runRound(long firstSeq, boolean counted) throws IOException {
      RoundResult result = new RoundResult(options.entries);
      long bytesSinceFlush = 0;
      long entriesSinceFlush = 0;
      for (long i = 0; i < options.entries; i++) {
        long seq = firstSeq + i;
        boolean delete = isDelete(seq) && seq > options.deleteDistance;
        byte[] key = key(delete ? putBefore(seq) : seq);
        long start = System.nanoTime();
        if (delete) {
          table.delete(key);
        } else {
          table.put(key, values[(int) (seq % VALUE_POOL)]);
        }
        result.writeNanos += System.nanoTime() - start;
        bytesSinceFlush += key.length + (delete ? 0 : options.valueBytes);
        entriesSinceFlush++;
        if (entriesSinceFlush == options.flushEvery || i == options.entries - 1) {
          long flushStart = System.nanoTime();
          db().flush(TABLE);
          long nanos = System.nanoTime() - flushStart;
          result.flushNanos += nanos;
          if (counted) {
            flushNanos.add(nanos);
            flushedBytes += bytesSinceFlush;
            flushedEntries += entriesSinceFlush;
          }
          bytesSinceFlush = 0;
          entriesSinceFlush = 0;
        }
      }
      long compactionStart = System.nanoTime();
      try (ManagedCompactRangeOptions compaction = new ManagedCompactRangeOptions()) {
        db().compactRange(db().getColumnFamily(TABLE), WORKLOAD_START, WORKLOAD_END, compaction);
      }
      result.compactionNanos = System.nanoTime() - compactionStart;
      if (counted) {
        writeNanos += result.writeNanos;
        writes += result.writes;
      }
      return result;
    }

    /** Every (100 / delete-percent)th entry is a delete (at most every second one). */
    private boolean isDelete(long seq) {
      int every = options.deletePercent == 0 ? 0 : 100 / options.deletePercent;
      return every > 0 && seq % every == every - 1;
    }

    /** The put about delete-distance entries before a delete: deletes only hit keys that were put. */
    private long putBefore(long seq) {
      long target = seq - options.deleteDistance;
      return isDelete(target) ? target - 1 : target;
    }

    /** Keys of OM's keyTable layout, /volume/bucket/key, spread round robin over the buckets. */
    private byte[] key(long seq) {
      return String.format(Locale.ROOT, "/vol1/bucket%02d/key-%012d", seq % options.buckets, seq).getBytes(UTF_8);
    }

    boolean isQuiet() throws IOException {
      RocksDatabase.ColumnFamily family = db().getColumnFamily(TABLE);
      return "0".equals(db().getProperty(family, "rocksdb.num-running-flushes"))
          && "0".equals(db().getProperty(family, "rocksdb.num-running-compactions"))
          && "0".equals(db().getProperty(family, "rocksdb.compaction-pending"))
          && "0".equals(db().getProperty(family, "rocksdb.mem-table-flush-pending"))
          && (!enabled || indexMatchesLiveFiles());
    }

    boolean indexMatchesLiveFiles() {
      Set<String> indexed = new TreeSet<>();
      for (SstFile f : metadata.getRangeStats().getFiles(TABLE)) {
        indexed.add(f.getName() + "@L" + f.getLevel());
      }
      return indexed.equals(liveFiles());
    }

    Set<String> liveFiles() {
      Set<String> names = new TreeSet<>();
      try {
        for (LiveFileMetaData f : db().getLiveFilesMetaData()) {
          if (TABLE.equals(new String(f.columnFamilyName(), UTF_8))) {
            names.add(SstFiles.fileName(f.fileName()) + "@L" + f.level());
          }
        }
      } catch (IOException e) {
        throw new IllegalStateException(name + ": cannot list live files", e);
      }
      return names;
    }

    long indexUpdates() {
      return metadata.getRangeStats().getIndexUpdates();
    }

    Stats stats() {
      long[] sorted = new long[flushNanos.size()];
      long total = 0;
      for (int i = 0; i < sorted.length; i++) {
        sorted[i] = flushNanos.get(i);
        total += sorted[i];
      }
      Arrays.sort(sorted);
      Stats s = new Stats();
      s.flushes = sorted.length;
      s.flushMillis = total / 1e6;
      s.meanMillis = sorted.length == 0 ? 0 : s.flushMillis / sorted.length;
      s.medianMillis = percentile(sorted, 0.50);
      s.p95Millis = percentile(sorted, 0.95);
      s.maxMillis = sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6;
      s.flushedBytes = flushedBytes;
      s.flushedEntries = flushedEntries;
      s.writes = writes;
      s.writeMillis = writeNanos / 1e6;
      return s;
    }

    /** Nearest rank: the smallest latency that at least the given share of the flushes did not exceed. */
    private double percentile(long[] sorted, double share) {
      return sorted.length == 0 ? 0 : sorted[(int) Math.ceil(share * sorted.length) - 1] / 1e6;
    }

    private RDBStore store() {
      return (RDBStore) metadata.getStore();
    }

    private RocksDatabase db() {
      return store().getDb();
    }

    void close() throws IOException {
      metadata.stop();
    }
  }

  /** What one round of one variant took. */
  private static final class RoundResult {
    private final long writes;
    private long writeNanos;
    private long flushNanos;
    private long compactionNanos;

    RoundResult(long writes) {
      this.writes = writes;
    }

    double writesPerSecond() {
      return writes / (writeNanos / 1e9);
    }
  }

  /** The counted rounds of one variant. */
  private static final class Stats {
    private double flushes;
    private double flushMillis;
    private double meanMillis;
    private double medianMillis;
    private double p95Millis;
    private double maxMillis;
    private long flushedBytes;
    private long flushedEntries;
    private long writes;
    private double writeMillis;

    double flushesPerSecond() {
      return flushes / (flushMillis / 1e3);
    }

    double flushMegabytesPerSecond() {
      return flushedBytes / 1e6 / (flushMillis / 1e3);
    }

    double flushEntriesPerSecond() {
      return flushedEntries / (flushMillis / 1e3);
    }

    double writesPerSecond() {
      return writes / (writeMillis / 1e3);
    }
  }

  /** The benchmark's options. */
  @Command(name = "RangeStatsFlushBench", description = "What range statistics cost a real OM DB's flushes, writes "
      + "and compactions: two DBs, with and without the index, in alternating rounds.")
  static final class Options implements BenchRun.Main {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
    private boolean help;
    @Option(names = "--rounds", description = "counted rounds (1-1000; default ${DEFAULT-VALUE})")
    private int rounds = 10;
    @Option(names = "--warmup", description = "rounds not counted first (0-1000; default ${DEFAULT-VALUE})")
    private int warmup = 1;
    @Option(names = "--entries", description = "entries per round and DB (default ${DEFAULT-VALUE})")
    private long entries = 200_000;
    @Option(names = "--flush-every", description = "entries between flushes (default ${DEFAULT-VALUE})")
    private long flushEvery = 20_000;
    @Option(names = "--value-bytes", description = "bytes of a put's value (default ${DEFAULT-VALUE})")
    private int valueBytes = 100;
    @Option(names = "--buckets", description = "buckets the keys spread over (1-99; default ${DEFAULT-VALUE})")
    private int buckets = 4;
    @Option(names = "--delete-percent", description = "share of deletes (0-50; default ${DEFAULT-VALUE})")
    private int deletePercent = 20;
    @Option(names = "--delete-distance", description = "entries between a put and its delete (default "
        + "${DEFAULT-VALUE})")
    private long deleteDistance = 1000;
    @Option(names = "--base-ssts", description = "SSTs ingested into keyTable first (default ${DEFAULT-VALUE})")
    private int baseSsts;
    @Option(names = "--aa", description = "both DBs without the index: an A/A control of the bench's noise")
    private boolean aa;
    @Option(names = "--dir", description = "where the DBs go (default: a temporary directory)")
    private Path dir;
    @Option(names = "--json", description = "the summary as JSON, with where it came from (-Dbench.command, "
        + "-Dbench.git.commit, -Dbench.git.dirty)")
    private Path json;

    @Override
    public void validate() {
      BenchRun.requireWithin("--rounds", rounds, 1, 1000);
      BenchRun.requireWithin("--warmup", warmup, 0, 1000);
      BenchRun.requireWithin("--entries", entries, 1, Long.MAX_VALUE / 4);
      BenchRun.requireWithin("--flush-every", flushEvery, 1, Long.MAX_VALUE);
      BenchRun.requireWithin("--value-bytes", valueBytes, 0, 1 << 20);
      BenchRun.requireWithin("--buckets", buckets, 1, 99);
      BenchRun.requireWithin("--delete-percent", deletePercent, 0, 50);
      BenchRun.requireWithin("--delete-distance", deleteDistance, 1, Long.MAX_VALUE / 4);
      BenchRun.requireWithin("--base-ssts", baseSsts, 0, 1_000_000);
    }

    @Override
    public void run() throws Exception {
      new RangeStatsFlushBench(this).run();
    }
  }
}
