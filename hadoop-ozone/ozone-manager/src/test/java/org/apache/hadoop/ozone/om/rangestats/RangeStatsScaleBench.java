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
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.managed.ManagedCompactRangeOptions;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionService;
import org.rocksdb.LiveFileMetaData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Not a test: what range statistics and the range compaction service's looks cost at a production OM's SST count.
 * Run it with scripts/bench-range-stats-scale. Two parts:
 * <ol>
 *   <li><b>Model</b>, on synthetic SST metadata of {@code --model-ssts} counts up to 100,000: the time of one
 *   recomputation of a table's ranges ({@link TableRanges#compute}, what OM runs at each change of a table's SSTs)
 *   and the heap it keeps per SST, in two shapes (one bucket of bottom-level SSTs of 100,000 keys, the shape the
 *   quadratic partitioner was measured on; and a leveled table of 100 buckets), beside the scan of every file per
 *   range that the partitioner did before ({@link ScanningOverlaps}) up to {@code --reference-max} SSTs.</li>
 *   <li><b>DB</b>, on a real OM DB whose keyTable holds {@code --db-ssts} SSTs and deletedTable {@code
 *   --queue-ssts} ({@link IngestedSsts}; OM keeps every SST open by default, and both at 10,000 would pass this
 *   machine's limit of 20,000 open files): the metadata manager's start with range statistics on and off
 *   (alternating), the index's first build and its heap, one recomputation after a flush and after a
 *   compaction, a scrape of the range statistics' metrics, and the range compaction service's looks: one that
 *   finds nothing changed, one that reads everything and finds nothing, and one that picks and compacts.</li>
 * </ol>
 */
public final class RangeStatsScaleBench {
  private static final String[] TABLES = {"keyTable", "deletedTable"};
  private static final long WAIT_MILLIS = 600_000;
  private static final int VALUE_BYTES = 100;
  private static final int DB_BUCKETS = 10;
  private static final long MAX_RANGE_ENTRIES = 200_000;

  private final Options options;
  private final BenchRun run = new BenchRun("scripts/bench-range-stats-scale");

  private RangeStatsScaleBench(Options options) {
    this.options = options;
  }

  public static void main(String[] args) {
    BenchRun.main("bench-range-stats-scale", new Options(), args);
  }

  private void run() throws Exception {
    DefaultMetricsSystem.setMiniClusterMode(true);
    Map<String, Object> body = new LinkedHashMap<>();
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("modelSsts", options.modelSsts);
    settings.put("referenceMax", options.referenceMax);
    settings.put("repeats", options.repeats);
    settings.put("maxRangeEntries", MAX_RANGE_ENTRIES);
    settings.put("dbSsts", options.dbSsts);
    settings.put("queueSsts", options.queueSsts);
    settings.put("dbKeysPerSst", options.keysPerSst);
    settings.put("dbBuckets", DB_BUCKETS);
    settings.put("valueBytes", VALUE_BYTES);
    body.put("settings", settings);
    body.put("model", model());
    if (options.dbSsts > 0) {
      body.put("db", db());
    }
    if (options.json != null) {
      run.writeJson(options.json, body);
      System.out.println("JSON: " + options.json);
    }
  }

  // ---------------------------------------------------------------- the model on synthetic metadata

  private List<Map<String, Object>> model() {
    List<Map<String, Object>> points = new ArrayList<>();
    System.out.println("shape      ssts     ranges  compute ms  reference ms  heap B/SST (files)  heap B/SST (ranges)");
    for (String shape : new String[] {"one-bucket-bottom", "leveled-100-buckets"}) {
      for (long n : options.modelSsts) {
        List<SstFile> files = shape.startsWith("one") ? oneBucketBottom((int) n) : leveled((int) n, new Random(n));
        RangePartitioner partitioner = new RangePartitioner(MAX_RANGE_ENTRIES);
        TableRanges ranges = null;
        long[] nanos = new long[options.repeats];
        // A warm-up run for the JIT, then the timed ones.
        TableRanges.compute("keyTable", 1, 0, files, partitioner, Long.MAX_VALUE);
        for (int r = 0; r < nanos.length; r++) {
          ranges = TableRanges.compute("keyTable", 1, 0, files, partitioner, Long.MAX_VALUE);
          nanos[r] = ranges.getComputeNanos();
        }
        Double reference = null;
        if (n <= options.referenceMax) {
          RangePartitioner scanning = new RangePartitioner(MAX_RANGE_ENTRIES, ScanningOverlaps::of);
          long start = System.nanoTime();
          List<KeyRange> expected = scanning.partition("keyTable", OmTableLayouts.layoutOf("keyTable"), files);
          reference = (System.nanoTime() - start) / 1e6;
          if (!expected.toString().equals(ranges.getRanges().toString())) {
            throw new IllegalStateException(shape + " at " + n + " SSTs: the index and the scan disagree");
          }
        }
        long filesHeap = heapOf(() -> shape.startsWith("one") ? oneBucketBottom((int) n) : leveled((int) n,
            new Random(n)));
        long rangesHeap = heapOf(() -> TableRanges.compute("keyTable", 1, 0, files, partitioner, Long.MAX_VALUE));
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("shape", shape);
        point.put("ssts", n);
        point.put("ranges", ranges.getRanges().size());
        point.put("computeMillis", millis(nanos));
        point.put("computeMillisMedian", median(nanos) / 1e6);
        point.put("referenceMillis", reference);
        point.put("heapBytesPerSstFiles", (double) filesHeap / n);
        point.put("heapBytesPerSstRanges", (double) rangesHeap / n);
        points.add(point);
        System.out.printf(Locale.ROOT, "%-19s %7d %8d %10.1f %13s %19.0f %20.0f%n", shape, n,
            ranges.getRanges().size(), median(nanos) / 1e6, reference == null ? "-" : String.format(Locale.ROOT,
                "%.1f", reference), (double) filesHeap / n, (double) rangesHeap / n);
      }
    }
    return points;
  }

  /** One bucket, all SSTs at the bottom level, 100,000 keys each, a tenth of them with 30% tombstones. */
  private static List<SstFile> oneBucketBottom(int n) {
    List<SstFile> files = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      long first = i * 100_000L;
      files.add(file(i, 6, String.format(Locale.ROOT, "/vol1/bucket1/key-%012d", first),
          String.format(Locale.ROOT, "/vol1/bucket1/key-%012d", first + 99_999), 100_000, i % 10 == 0 ? 30_000 : 0));
    }
    return files;
  }

  /**
   * A leveled table: 4 L0 files across random buckets, then L1 to L6 of disjoint files over the whole key space,
   * each level 10 times the files of the one above; 100 buckets of equal key counts, so that many files of the
   * upper levels span several buckets.
   */
  private static List<SstFile> leveled(int n, Random random) {
    List<SstFile> files = new ArrayList<>(n);
    long keys = n * 100_000L;
    for (int i = 0; i < 4; i++) {
      long a = (long) (random.nextDouble() * keys);
      long b = (long) (random.nextDouble() * keys);
      files.add(file(files.size(), 0, key(Math.min(a, b), keys), key(Math.max(a, b), keys), 20_000, 5_000));
    }
    double total = 0;
    for (int level = 1; level <= 6; level++) {
      total += Math.pow(10, level - 1);
    }
    int left = n - 4;
    for (int level = 1; level <= 6; level++) {
      int count = level == 6 ? left : (int) Math.max(1, Math.round((n - 4) * Math.pow(10, level - 1) / total));
      left -= count;
      for (int j = 0; j < count; j++) {
        long first = keys * j / count;
        long last = keys * (j + 1) / count - 1;
        long entries = Math.max(1, (last - first + 1) / 100);
        files.add(file(files.size(), level, key(first, keys), key(last, keys), entries,
            random.nextInt(10) == 0 ? entries / 3 : 0));
      }
    }
    return files;
  }

  private static String key(long position, long keys) {
    long perBucket = keys / 100;
    return String.format(Locale.ROOT, "/vol1/bucket%03d/key-%012d", Math.min(99, position / perBucket), position);
  }

  private static SstFile file(int number, int level, String smallest, String largest, long entries,
      long deletions) {
    return new SstFile(String.format(Locale.ROOT, "%06d.sst", number), level, smallest.getBytes(UTF_8),
        largest.getBytes(UTF_8), new SstCounts(entries, deletions, 0), entries * 120, false);
  }

  /** @return the heap that what {@code build} returns keeps, after full collections before and after */
  private static long heapOf(Supplier<Object> build) {
    long before = usedHeapAfterGc();
    Object kept = build.get();
    long after = usedHeapAfterGc();
    if (kept.hashCode() == 42) {
      // Keeps {@code kept} reachable until after the measurement.
      System.out.print("");
    }
    return after - before;
  }

  private static long usedHeapAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  // ---------------------------------------------------------------- a real OM DB

  private Map<String, Object> db() throws Exception {
    Path root = options.dir != null ? Files.createDirectories(options.dir)
        : Files.createTempDirectory("range-stats-scale-bench");
    Path dir = Files.createTempDirectory(root, "db");
    try {
      Map<String, Object> result = new LinkedHashMap<>();
      long start = System.nanoTime();
      try (Db db = new Db(dir, false)) {
        for (String table : TABLES) {
          IngestedSsts.ingest(db.rocksDb(), table, dir.resolve("ingest"), ssts(table), DB_BUCKETS,
              options.keysPerSst, VALUE_BYTES);
        }
      }
      result.put("buildSeconds", (System.nanoTime() - start) / 1e9);
      System.out.printf(Locale.ROOT, "%nDB: %d SSTs in keyTable and %d in deletedTable, %d keys each, built in "
          + "%.1f s%n", options.dbSsts, options.queueSsts, options.keysPerSst, (System.nanoTime() - start) / 1e9);
      result.put("startup", startup(dir));
      try (Db db = new Db(dir, true)) {
        db.awaitIndexed();
        Map<String, Object> tables = new LinkedHashMap<>();
        for (String table : TABLES) {
          tables.put(table, recomputations(db, table));
        }
        result.put("tables", tables);
        result.put("scrape", scrape());
        result.put("looks", looks(db));
      }
      return result;
    } finally {
      FileUtils.deleteDirectory(dir.toFile());
      if (options.dir == null) {
        FileUtils.deleteDirectory(root.toFile());
      }
    }
  }

  /** The metadata manager's start with range statistics off and on, alternating, and the index's first build. */
  private Map<String, Object> startup(Path dir) throws Exception {
    List<Double> openOn = new ArrayList<>();
    List<Double> openOff = new ArrayList<>();
    List<Double> indexed = new ArrayList<>();
    List<Double> heapOn = new ArrayList<>();
    List<Double> heapOff = new ArrayList<>();
    for (int r = 0; r < options.repeats; r++) {
      for (boolean on : r % 2 == 0 ? new boolean[] {false, true} : new boolean[] {true, false}) {
        long start = System.nanoTime();
        try (Db db = new Db(dir, on)) {
          (on ? openOn : openOff).add((System.nanoTime() - start) / 1e6);
          if (on) {
            db.awaitIndexed();
            indexed.add((System.nanoTime() - start) / 1e6);
          }
          (on ? heapOn : heapOff).add((double) usedHeapAfterGc());
        }
      }
    }
    Map<String, Object> startup = new LinkedHashMap<>();
    startup.put("openMillisOn", openOn);
    startup.put("openMillisOff", openOff);
    startup.put("indexedMillis", indexed);
    startup.put("heapBytesOn", heapOn);
    startup.put("heapBytesOff", heapOff);
    double onMedian = medianOf(openOn);
    double offMedian = medianOf(openOff);
    startup.put("openRatioOnOff", onMedian / offMedian);
    int ssts = options.dbSsts + options.queueSsts;
    startup.put("heapBytesPerSst", (medianOf(heapOn) - medianOf(heapOff)) / ssts);
    System.out.printf(Locale.ROOT, "Start: open %.0f ms with range statistics, %.0f ms without (%.3fx); index "
        + "built %.0f ms after the open began; heap with - without %.0f bytes per SST%n", onMedian, offMedian,
        onMedian / offMedian, medianOf(indexed), (medianOf(heapOn) - medianOf(heapOff)) / ssts);
    return startup;
  }

  /** One recomputation after each of a few flushes, and after each of a few compactions, of the table. */
  private Map<String, Object> recomputations(Db db, String table) throws Exception {
    List<Double> afterFlush = new ArrayList<>();
    List<Double> afterCompaction = new ArrayList<>();
    for (int i = 0; i < options.repeats; i++) {
      long version = db.stats().getVersion(table);
      db.put(table, "/vol1/hot/", i * 1000, 1000);
      db.rocksDb().flush(table);
      afterFlush.add(db.awaitNewRanges(table, version).getComputeNanos() / 1e6);
    }
    for (int i = 0; i < options.repeats; i++) {
      long flushed = db.stats().getVersion(table);
      db.put(table, "/vol1/hot/", i * 1000, 1000);
      db.rocksDb().flush(table);
      long version = db.awaitNewRanges(table, flushed).getVersion();
      try (ManagedCompactRangeOptions compaction = new ManagedCompactRangeOptions()) {
        db.rocksDb().compactRange(db.rocksDb().getColumnFamily(table), "/vol1/".getBytes(UTF_8),
            "/vol10".getBytes(UTF_8), compaction);
      }
      afterCompaction.add(db.awaitNewRanges(table, version).getComputeNanos() / 1e6);
    }
    TableRanges now = db.stats().get(table);
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("liveSsts", now.getFiles().size());
    result.put("ranges", now.getRanges().size());
    result.put("computeMillisAfterFlush", afterFlush);
    result.put("computeMillisAfterCompaction", afterCompaction);
    System.out.printf(Locale.ROOT, "%s: %d SSTs, %d ranges; one recomputation %.1f ms after a flush, %.1f ms after "
        + "a compaction (medians)%n", table, now.getFiles().size(), now.getRanges().size(), medianOf(afterFlush),
        medianOf(afterCompaction));
    return result;
  }

  /** What the range statistics add to a scrape of OM's metrics (/prom and /jmx call the same source). */
  private Map<String, Object> scrape() {
    MetricsSource source = DefaultMetricsSystem.instance().getSource(OmRangeStatsMetrics.SOURCE_NAME);
    long[] nanos = new long[200];
    for (int i = 0; i < nanos.length; i++) {
      long start = System.nanoTime();
      source.getMetrics(new MetricsCollectorImpl(), true);
      nanos[i] = System.nanoTime() - start;
    }
    Arrays.sort(nanos);
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("scrapes", nanos.length);
    result.put("millisMedian", median(nanos) / 1e6);
    result.put("millisP99", nanos[(int) Math.ceil(0.99 * nanos.length) - 1] / 1e6);
    System.out.printf(Locale.ROOT, "Scrape of the range statistics: %.3f ms median, %.3f ms p99 of %d%n",
        median(nanos) / 1e6, nanos[(int) Math.ceil(0.99 * nanos.length) - 1] / 1e6, nanos.length);
    return result;
  }

  /** The service's looks on the DB, every table due (no reader pacing), as a follower or an idle OM looks. */
  private Map<String, Object> looks(Db db) throws Exception {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.setBoolean(RangeCompactionConfig.Keys.READER_PACED, false);
    conf.setBoolean(RangeCompactionConfig.Keys.IDLE_CLEANUP, false);
    conf.set(RangeCompactionConfig.Keys.PAUSE_RATIO, "0");
    // What a look costs, not how the budget paces: the few flushes here would leave the second pick waiting.
    conf.set(RangeCompactionConfig.Keys.BUDGET_RATIO, "0");
    RangeCompactionService service = new RangeCompactionService(db.metadata, RangeCompactionConfig.from(conf), "");
    try {
      Map<String, Object> result = new LinkedHashMap<>();
      service.runOnce();
      long[] unchanged = new long[100];
      for (int i = 0; i < unchanged.length; i++) {
        unchanged[i] = timed(service);
      }
      result.put("unchangedLookMillis", millis(unchanged));
      long[] nothing = new long[options.repeats];
      for (int i = 0; i < nothing.length; i++) {
        long version = db.stats().getVersion("keyTable");
        db.put("keyTable", "/vol1/nothing/", i * 100, 100);
        db.rocksDb().flush("keyTable");
        db.awaitNewRanges("keyTable", version);
        nothing[i] = timed(service);
      }
      result.put("fullLookFindingNothingMillis", millis(nothing));
      List<Map<String, Object>> picks = new ArrayList<>();
      for (String table : TABLES) {
        long version = db.stats().getVersion(table);
        // 30 ingested SSTs' keys deleted: one L0 file of tombstones over them, a dense range.
        db.delete(table, 0, 30L * options.keysPerSst);
        db.rocksDb().flush(table);
        db.awaitNewRanges(table, version);
        long compactedBefore = service.getMetrics().getRangesCompacted();
        long compactionMillisBefore = service.getMetrics().getCompactionMillis();
        long nanos = timed(service);
        long compactionMillis = service.getMetrics().getCompactionMillis() - compactionMillisBefore;
        Map<String, Object> pick = new LinkedHashMap<>();
        pick.put("table", table);
        pick.put("rangesCompacted", service.getMetrics().getRangesCompacted() - compactedBefore);
        pick.put("lookMillis", nanos / 1e6);
        pick.put("compactionMillis", compactionMillis);
        pick.put("lookMillisBesideCompaction", nanos / 1e6 - compactionMillis);
        picks.add(pick);
      }
      result.put("picks", picks);
      System.out.printf(Locale.ROOT, "Looks: nothing changed %.3f ms median; everything read, nothing found %.1f ms "
          + "median; picks %s%n", median(unchanged) / 1e6, median(nothing) / 1e6, picks);
      return result;
    } finally {
      service.shutdown();
    }
  }

  private int ssts(String table) {
    return table.equals("keyTable") ? options.dbSsts : options.queueSsts;
  }

  private static long timed(RangeCompactionService service) throws IOException {
    long start = System.nanoTime();
    service.runOnce();
    return System.nanoTime() - start;
  }

  private static List<Double> millis(long[] nanos) {
    List<Double> millis = new ArrayList<>();
    for (long n : nanos) {
      millis.add(n / 1e6);
    }
    return millis;
  }

  private static double median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }

  private static double medianOf(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** The OM DB of the DB part, opened as OM opens it, with range statistics on or off. */
  private static final class Db implements AutoCloseable {
    private final OmMetadataManagerImpl metadata;

    Db(Path dir, boolean rangeStats) throws IOException {
      OzoneConfiguration conf = new OzoneConfiguration();
      conf.set(OMConfigKeys.OZONE_OM_DB_DIRS, dir.toString());
      conf.setBoolean(RangeStatsConfig.Keys.ENABLED, rangeStats);
      conf.setLong(RangeStatsConfig.Keys.MAX_RANGE_ENTRIES, MAX_RANGE_ENTRIES);
      metadata = new OmMetadataManagerImpl(conf, null);
    }

    OmRangeStats stats() {
      return metadata.getRangeStats();
    }

    RocksDatabase rocksDb() {
      return ((RDBStore) metadata.getStore()).getDb();
    }

    /** Waits until every tracked table's published files are its live SSTs. */
    void awaitIndexed() throws Exception {
      for (String table : stats().getTables()) {
        awaitNewRanges(table, 0);
      }
    }

    /**
     * @return the table's statistics once published for a version after {@code version} whose files are the live
     *     SSTs, none of them being compacted (a compaction's first event publishes its inputs so)
     */
    TableRanges awaitNewRanges(String table, long version) throws Exception {
      long deadline = System.currentTimeMillis() + WAIT_MILLIS;
      while (true) {
        TableRanges ranges = stats().get(table);
        if (ranges.getVersion() > version && names(ranges).equals(liveSsts(table))) {
          return ranges;
        }
        if (System.currentTimeMillis() > deadline) {
          throw new IllegalStateException("no new ranges of " + table + " after version " + version);
        }
        Thread.sleep(2);
      }
    }

    private static Set<String> names(TableRanges ranges) {
      Set<String> names = new HashSet<>();
      for (SstFile f : ranges.getFiles()) {
        if (f.isBeingCompacted()) {
          return Collections.emptySet();
        }
        names.add(f.getName());
      }
      return names;
    }

    private Set<String> liveSsts(String table) throws IOException {
      Set<String> names = new HashSet<>();
      for (LiveFileMetaData f : rocksDb().getLiveFilesMetaData()) {
        if (table.equals(new String(f.columnFamilyName(), UTF_8))) {
          names.add(SstFiles.fileName(f.fileName()));
        }
      }
      return names;
    }

    void put(String table, String prefix, int from, int count) throws IOException {
      Table<byte[], byte[]> t = metadata.getStore().getTable(table);
      for (int i = from; i < from + count; i++) {
        t.put(String.format(Locale.ROOT, "%skey-%08d", prefix, i).getBytes(UTF_8), new byte[VALUE_BYTES]);
      }
    }

    /** Deletes ingested entries {@code [from, to)} of bucket 0. */
    void delete(String table, long from, long to) throws IOException {
      Table<byte[], byte[]> t = metadata.getStore().getTable(table);
      for (long n = from; n < to; n++) {
        t.delete(IngestedSsts.key(0, n));
      }
    }

    @Override
    public void close() throws IOException {
      metadata.stop();
    }
  }

  /** The benchmark's options. */
  @Command(name = "RangeStatsScaleBench", description = "Range statistics and the range compaction service's looks "
      + "at a production OM's SST count: the model on synthetic SSTs, then a real OM DB.")
  static final class Options implements BenchRun.Main {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
    private boolean help;
    @Option(names = "--model-ssts", split = ",", description = "synthetic SST counts (default "
        + "${DEFAULT-VALUE})")
    private List<Long> modelSsts = Arrays.asList(1000L, 2000L, 4000L, 8000L, 16000L, 32000L, 64000L, 100_000L);
    @Option(names = "--reference-max", description = "the most SSTs the quadratic scan is timed at (default "
        + "${DEFAULT-VALUE})")
    private long referenceMax = 8000;
    @Option(names = "--repeats", description = "timed repeats of each measure (1-100; default ${DEFAULT-VALUE})")
    private int repeats = 5;
    @Option(names = "--db-ssts", description = "SSTs in keyTable of the OM DB; 0 skips the DB part (default "
        + "${DEFAULT-VALUE})")
    private int dbSsts = 10_000;
    @Option(names = "--queue-ssts", description = "SSTs in deletedTable (default ${DEFAULT-VALUE})")
    private int queueSsts = 8000;
    @Option(names = "--keys-per-sst", description = "keys of each ingested SST (default ${DEFAULT-VALUE})")
    private int keysPerSst = 1000;
    @Option(names = "--dir", description = "where the DB goes (default: a temporary directory)")
    private Path dir;
    @Option(names = "--json", description = "the results as JSON, with where they came from")
    private Path json;

    @Override
    public void validate() {
      for (long n : modelSsts) {
        BenchRun.requireWithin("--model-ssts", n, 1, 1_000_000);
      }
      BenchRun.requireWithin("--reference-max", referenceMax, 0, 1_000_000);
      BenchRun.requireWithin("--repeats", repeats, 1, 100);
      BenchRun.requireWithin("--db-ssts", dbSsts, 0, 1_000_000);
      BenchRun.requireWithin("--queue-ssts", queueSsts, 1, 1_000_000);
      BenchRun.requireWithin("--keys-per-sst", keysPerSst, 1, 10_000_000);
    }

    @Override
    public void run() throws Exception {
      new RangeStatsScaleBench(this).run();
    }
  }
}
