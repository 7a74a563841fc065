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

package org.apache.hadoop.ozone.freon.omkeybench;

import java.io.IOException;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.hdds.cli.HddsVersionProvider;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.conf.StorageSize;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.freon.BaseFreonGenerator;
import org.apache.hadoop.ozone.freon.FreonReplicationOptions;
import org.apache.hadoop.ozone.freon.FreonSubcommand;
import org.apache.hadoop.ozone.freon.StorageSizeConverter;
import org.apache.hadoop.ozone.om.exceptions.OMException;
import org.apache.hadoop.ozone.om.exceptions.OMException.ResultCodes;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.kohsuke.MetaInfServices;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Weighted create/delete/list load on OM with a bounded set of tracked ("live") keys: the command line, its
 * wiring, the bucket and the final report. The operations are {@link OmKeyBenchOperations}.
 */
@Command(name = "omkeybench",
    aliases = "om-key-bench",
    description = {
        "Weighted mix of CREATE, DELETE, LIST (and DELETEDIR) on one bucket, one operation per step (-n or "
            + "--duration). The run tracks at most --max-live-keys keys it created (the live set).",
        "CREATE writes a new key <prefix>/<12-digit sequence> (FSO with --files-per-dir: "
            + "<prefix>/dir-<d>/<sequence>) and tracks it if the live set has room; otherwise the key is untracked "
            + "(LIMIT_REACHED): --untracked keep leaves it in the bucket for good, --untracked delete deletes it "
            + "right away, so the bucket stays bounded.",
        "DELETE removes a tracked key (--delete-order random, or oldest for queue-like tombstone runs) from the set "
            + "and from OM; with no tracked key it is skipped. LIST reads up to --batch-size keys starting after a "
            + "random tracked key (--list-start random) or at the first key (first): of the bucket, or in a "
            + "FILE_SYSTEM_OPTIMIZED bucket of the directory holding the keys. DELETEDIR deletes a whole directory "
            + "recursively (FILE_SYSTEM_OPTIMIZED with --files-per-dir only).",
        "A DELETE whose key is already gone (KEY_NOT_FOUND) is not a failure; other OM errors are counted per "
            + "operation.",
        "Progress: live=L/M created=C deleted=D [LIMIT_REACHED] CREATE: rate R max X DELETE: ... (rates are "
            + "successful operations per second over the last interval, max the highest so far)."},
    versionProvider = HddsVersionProvider.class,
    mixinStandardHelpOptions = true,
    showDefaultValues = true)
@MetaInfServices(FreonSubcommand.class)
public class OmKeyBench extends BaseFreonGenerator implements Callable<Void> {

  private static final Logger LOG = LoggerFactory.getLogger(OmKeyBench.class);

  private static final long STATUS_LOG_INTERVAL_SECONDS = 10;

  @Option(names = {"-v", "--volume"},
      description = "Volume of the test bucket. Created if missing.",
      defaultValue = "vol1")
  private String volumeName;

  @Option(names = {"-b", "--bucket"},
      description = "Bucket of the test keys. Created if missing, with --layout.",
      defaultValue = "bucket1")
  private String bucketName;

  @Option(names = "--layout",
      description = "Layout of the bucket if it is created: OBJECT_STORE, FILE_SYSTEM_OPTIMIZED or LEGACY.",
      defaultValue = "OBJECT_STORE")
  private String layoutName;

  @Option(names = "--weights",
      description = "Relative weights of the operations, op:weight pairs separated by commas, any subset of "
          + "create, delete, list, deletedir. Non-negative integers with a positive sum.",
      defaultValue = "create:20,delete:8,list:1")
  private String weightsSpec;

  @Option(names = {"-s", "--size"},
      description = "Size of each created key. 0 keeps the load on OM only (no block is allocated). "
          + StorageSizeConverter.STORAGE_SIZE_DESCRIPTION,
      defaultValue = "0",
      converter = StorageSizeConverter.class)
  private StorageSize keySize;

  @Option(names = "--buffer",
      description = "Size of the buffer used to generate key content (with --size > 0). At least 1.",
      defaultValue = "4096")
  private int bufferSize;

  @Option(names = "--max-live-keys",
      description = "Maximum number of keys tracked for DELETE and LIST (the live set). At least 1.",
      defaultValue = "25000")
  private int maxLiveKeys;

  @Option(names = "--batch-size",
      description = "Number of keys a LIST asks for. At least 1.",
      defaultValue = "1000")
  private int batchSize;

  @Option(names = "--delete-order",
      description = "Which tracked key (or directory) a DELETE (DELETEDIR) removes: random or oldest.",
      defaultValue = "random")
  private String deleteOrder;

  @Option(names = "--list-start",
      description = "Where a LIST starts: after a random tracked key (random) or at the first key (first).",
      defaultValue = "random")
  private String listStart;

  @Option(names = "--untracked",
      description = "Keys created while the live set is full: keep (stay in the bucket) or delete "
          + "(deleted right after creation, the bucket stays bounded by --max-live-keys).",
      defaultValue = "keep")
  private String untracked;

  @Option(names = "--existing-keys",
      description = "The bucket already holds N keys <prefix>/<12-digit sequence>, sequences 0 to N-1 (such as "
          + "a bucket preloaded once for many benchmark runs): the oldest --max-live-keys of them "
          + "are tracked as the first live keys, and CREATE starts at sequence N. For expiring the oldest keys of "
          + "a large bucket; give its keys' --prefix. Not with --files-per-dir.",
      defaultValue = "0")
  private long existingKeys;

  @Option(names = "--files-per-dir",
      description = "FILE_SYSTEM_OPTIMIZED only: put N consecutive keys in each directory <prefix>/dir-<d>. "
          + "Required for deletedir. 0: no directories.",
      defaultValue = "0")
  private int filesPerDir;

  @Option(names = "--summary-json",
      description = "Write a JSON summary of the run to this file (counts, ops/s, latencies, live/created/deleted).")
  private String summaryJson;

  @Option(names = "--seed",
      description = "Seed of the operation mix and of the random picks; the same seed gives the same sequence "
          + "of operations. Random if not given.")
  private Long seedOption;

  @Option(names = "--journal",
      description = "Append to this file a line per key event: 'created NAME' when OM acknowledged a CREATE, "
          + "'deleting NAME' before a DELETE is sent, 'deleted NAME' when OM acknowledged it. Written through at "
          + "once; for checking the bucket after faults, such as an OM killed under the load. Not with deletedir.")
  private String journalFile;

  @Option(names = "--latency-csv",
      description = "Write to this file, every --latency-interval, a CSV line per operation with the count, p50, "
          + "p99 and max latency (ms) of the operations OM completed in that interval alone: "
          + IntervalLatencies.HEADER + ". For charting the client's latency against what OM did meanwhile.")
  private String latencyCsv;

  @Option(names = "--latency-interval",
      description = "Seconds per line of --latency-csv. At least 1.",
      defaultValue = "5")
  private int latencyIntervalSeconds;

  @Option(names = "--latency-log",
      description = "Write to this file a CSV line per operation OM completed: " + LatencyLog.HEADER
          + " (its start as Unix milliseconds, its name, its latency). Buffered and written by a background "
          + "thread every " + LatencyLog.WRITE_PERIOD_MILLIS + " ms, so it does not slow the load. For exact "
          + "percentiles over any span of the run, such as the blocks of an A/B measurement that switches a "
          + "service on and off under one load.")
  private String latencyLog;

  @Option(names = "--rate",
      description = "Open loop: start operations at this many per second on a fixed schedule, whatever OM's replies, "
          + "and count each one's latency from when it was due, so that a reply OM holds back shows in every "
          + "operation queued behind it. -t bounds the operations in flight: give at least rate x latency. The run "
          + "reports the rate it achieved and says so when that falls more than "
          + (int) (StepSchedule.RATE_TOLERANCE * 100) + "% short. 0: closed loop (each thread sends its next "
          + "operation when the last one is answered).",
      defaultValue = "0")
  private double rate;

  @Option(names = "--warmup",
      description = "Seconds from the start whose operations run but are left out of the latencies, the rate and the "
          + "latency files (a client's first seconds are slow: connections, class loading, JIT).",
      defaultValue = "0")
  private double warmupSeconds;

  @Option(names = "--om-service-id",
      description = "OM Service ID")
  private String omServiceID;

  @Mixin
  private FreonReplicationOptions replication;

  private OmKeyBenchStats stats;
  private LiveSet<TrackedKey> live;

  @Override
  public Void call() throws Exception {
    OmKeyBenchSettings settings = new OmKeyBenchSettings.Builder()
        .weights(weightsSpec).layout(layoutName).deleteOrder(deleteOrder).listStart(listStart).untracked(untracked)
        .maxLiveKeys(maxLiveKeys).batchSize(batchSize).filesPerDir(filesPerDir).bufferSize(bufferSize)
        .existingKeys(existingKeys).size(keySize).seed(seedOption).journal(journalFile)
        .latencyCsv(latencyCsv).latencyIntervalSeconds(latencyIntervalSeconds).latencyLog(latencyLog)
        .rate(rate).warmupSeconds(warmupSeconds).build();
    live = new LiveSet<>(settings.maxLiveKeys(), settings.deleteOrder() == OmKeyBenchSettings.DeleteOrder.OLDEST);
    // before init(): the progress bar it starts reads the status line
    stats = new OmKeyBenchStats(settings.weights(), live);
    init();
    LOG.info("omkeybench: {}", settings);

    OzoneConfiguration conf = createOzoneConfiguration();
    try (OzoneClient client = createOzoneClient(omServiceID, conf);
         KeyJournal journal = settings.journal() == null ? KeyJournal.NONE : KeyJournal.appendTo(settings.journal());
         IntervalLatencies latencies = settings.latencyCsv() == null ? null
             : IntervalLatencies.writeTo(settings.latencyCsv(), settings.latencyIntervalSeconds() * 1000L);
         LatencyLog latencyLogWriter = settings.latencyLog() == null ? null
             : LatencyLog.writeTo(settings.latencyLog())) {
      OzoneBucket bucket = prepareBucket(client, settings);
      OmKeyBenchOperations operations = new OmKeyBenchOperations(settings, stats, live, bucket, client.getProxy(),
          replication.fromParamsOrConfig(conf), getPrefix(), getMetrics(), journal, latencies, latencyLogWriter);
      operations.trackExistingKeys();
      ScheduledExecutorService statusLogger = startStatusLogger();
      long start = System.nanoTime();
      StepSchedule schedule = new StepSchedule(settings.rate(), settings.warmupSeconds(), StepSchedule.SYSTEM_CLOCK);
      try {
        runTests(taskId -> operations.step(schedule));
      } finally {
        double seconds = (System.nanoTime() - start) / 1e9;
        if (statusLogger != null) {
          statusLogger.shutdownNow();
          statusLogger.awaitTermination(1, TimeUnit.MINUTES);
          // with a console, the progress bar's last line already shows the final status
          print(stats.sampleStatus(System.nanoTime()));
        }
        logLoad(schedule);
        writeSummary(operations, settings, schedule, seconds);
      }
    }
    return null;
  }

  private OzoneBucket prepareBucket(OzoneClient client, OmKeyBenchSettings settings) throws IOException {
    ensureVolumeExists(client, volumeName);
    OzoneVolume volume = client.getObjectStore().getVolume(volumeName);
    OzoneBucket b;
    try {
      b = volume.getBucket(bucketName);
    } catch (OMException e) {
      if (e.getResult() != ResultCodes.BUCKET_NOT_FOUND) {
        throw e;
      }
      try {
        volume.createBucket(bucketName, BucketArgs.newBuilder().setBucketLayout(settings.layout()).build());
      } catch (OMException race) {
        if (race.getResult() != ResultCodes.BUCKET_ALREADY_EXISTS) {
          throw race;
        }
      }
      b = volume.getBucket(bucketName);
    }
    if (settings.filesPerDir() > 0 && b.getBucketLayout() != BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      throw new IllegalArgumentException("--files-per-dir needs a FILE_SYSTEM_OPTIMIZED bucket, but /" + volumeName
          + "/" + bucketName + " exists with layout " + b.getBucketLayout());
    }
    if (b.getBucketLayout() == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      // LIST lists this directory before the first key exists, too
      b.createDirectory(getPrefix());
    }
    LOG.info("Bucket /{}/{} layout {}", volumeName, bucketName, b.getBucketLayout());
    return b;
  }

  @Override
  public Supplier<String> realTimeStatusSupplier() {
    return () -> stats.sampleStatus(System.nanoTime());
  }

  /**
   * Without a console, freon's progress bar logs only a percentage: log the status line every 10 s instead.
   *
   * @return the logger, or null with a console
   */
  private ScheduledExecutorService startStatusLogger() {
    if (System.console() != null) {
      return null;
    }
    ScheduledExecutorService logger = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "omkeybench-status");
      t.setDaemon(true);
      return t;
    });
    stats.sampleStatus(System.nanoTime());
    logger.scheduleAtFixedRate(() -> LOG.info(stats.sampleStatus(System.nanoTime())),
        STATUS_LOG_INTERVAL_SECONDS, STATUS_LOG_INTERVAL_SECONDS, TimeUnit.SECONDS);
    return logger;
  }

  private void logLoad(StepSchedule schedule) {
    if (schedule.isRateMet()) {
      LOG.info("Load: {}", schedule.describe());
    } else {
      LOG.warn("Load: {}", schedule.describe());
    }
  }

  private void writeSummary(OmKeyBenchOperations operations, OmKeyBenchSettings settings, StepSchedule schedule,
      double seconds) throws IOException {
    if (summaryJson == null) {
      return;
    }
    SummaryJsonWriter.write(Paths.get(summaryJson), SummaryJsonWriter.render(stats, operations.timers(), seconds,
        settings.seed(), getThreadNo(), settings.weights(), schedule));
    LOG.info("Summary written to {}", summaryJson);
  }

  OmKeyBenchStats stats() {
    return stats;
  }

  LiveSet<TrackedKey> liveSet() {
    return live;
  }
}
