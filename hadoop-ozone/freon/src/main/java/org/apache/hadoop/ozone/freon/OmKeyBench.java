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

package org.apache.hadoop.ozone.freon;

import com.codahale.metrics.Timer;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hdds.cli.HddsVersionProvider;
import org.apache.hadoop.hdds.client.ReplicationConfig;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.conf.StorageSize;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.client.io.OzoneOutputStream;
import org.apache.hadoop.ozone.client.protocol.ClientProtocol;
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
 * Weighted create/delete/list load on OM with a bounded set of tracked ("live") keys: the workload of seed 000's
 * tombstone benchmarks, without the prototype's O(n) key picks and unbounded untracked keys.
 */
@Command(name = "omkeybench",
    aliases = "om-key-bench",
    description = {
        "Weighted mix of CREATE, DELETE, LIST (and DELETEDIR) on one bucket, one operation per step (-n or "
            + "--duration). The run tracks at most --max-live-keys keys it created (the live set).",
        "CREATE writes a new key <prefix>/<12-digit sequence> (FSO with --files-per-dir: "
            + "<prefix>/dir-<d>/<sequence>) and tracks it if the live set has room; otherwise the key is untracked "
            + "(LIMIT_REACHED): --untracked keep leaves it in the bucket forever (as seed 000), --untracked delete "
            + "deletes it right away, so the bucket stays bounded.",
        "DELETE removes a tracked key (--delete-order random, or oldest for queue-like tombstone runs) from the set "
            + "and from OM; with no tracked key it is skipped. LIST reads up to --batch-size keys of the bucket "
            + "starting after a random tracked key (--list-start random) or at the bucket's beginning (first). "
            + "DELETEDIR deletes a whole tracked directory recursively (FILE_SYSTEM_OPTIMIZED with "
            + "--files-per-dir only).",
        "Picking a tracked key is O(1) and copies nothing; counters are exact under concurrency. A DELETE whose "
            + "key is already gone (KEY_NOT_FOUND) is not a failure; other OM errors are counted per operation.",
        "Progress: live=L/M created=C deleted=D [LIMIT_REACHED] CREATE: rate R max X DELETE: ... (rates are "
            + "successful operations per second over the last interval, max the highest so far)."},
    versionProvider = HddsVersionProvider.class,
    mixinStandardHelpOptions = true,
    showDefaultValues = true)
@MetaInfServices(FreonSubcommand.class)
public class OmKeyBench extends BaseFreonGenerator implements Callable<Void> {

  private static final Logger LOG = LoggerFactory.getLogger(OmKeyBench.class);

  private static final long STATUS_LOG_INTERVAL_MILLIS = 10_000;

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
      description = "Size of the buffer used to generate key content (with --size > 0).",
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
      description = "Where a LIST starts: after a random tracked key (random) or at the bucket's first key.",
      defaultValue = "random")
  private String listStart;

  @Option(names = "--untracked",
      description = "Keys created while the live set is full: keep (stay in the bucket, as seed 000) or delete "
          + "(deleted right after creation, the bucket stays bounded by --max-live-keys).",
      defaultValue = "keep")
  private String untracked;

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

  @Option(names = "--om-service-id",
      description = "OM Service ID")
  private String omServiceID;

  @Mixin
  private FreonReplicationOptions replication;

  private OpWeights weights;
  private BucketLayout layout;
  private boolean deleteOldest;
  private boolean listFirst;
  private boolean deleteUntracked;
  private long seed;
  private long sizeBytes;

  private LiveSet<TrackedKey> live;
  private LiveSet<BenchDir> dirsToDelete;
  private final Map<Long, BenchDir> openDirs = new ConcurrentHashMap<>();
  private final AtomicLong createSequence = new AtomicLong();
  private KeyBenchStats stats;
  private final Map<KeyBenchOp, Timer> timers = new EnumMap<>(KeyBenchOp.class);
  private Timer untrackedDeleteTimer;

  private OzoneBucket bucket;
  private ClientProtocol proxy;
  private ReplicationConfig replicationConfig;
  private ContentGenerator contentGenerator;
  private volatile Thread statusLogger;

  @Override
  public Void call() throws Exception {
    validate();
    stats = new KeyBenchStats(weights, live);
    init();
    LOG.info("omkeybench: weights {}, max live keys {}, delete order {}, list start {}, untracked {}, seed {}",
        weights, maxLiveKeys, deleteOrder, listStart, untracked, seed);

    OzoneConfiguration conf = createOzoneConfiguration();
    replicationConfig = replication.fromParamsOrConfig(conf);
    if (sizeBytes > 0) {
      contentGenerator = new ContentGenerator(sizeBytes, bufferSize);
    }
    try (OzoneClient client = createOzoneClient(omServiceID, conf)) {
      bucket = prepareBucket(client);
      proxy = client.getProxy();
      for (KeyBenchOp op : stats.ops().keySet()) {
        timers.put(op, getMetrics().timer(op.name()));
      }
      if (deleteUntracked && weights.uses(KeyBenchOp.CREATE)) {
        untrackedDeleteTimer = getMetrics().timer("UNTRACKED_DELETE");
      }
      startStatusLogger();
      long start = System.nanoTime();
      try {
        runTests(this::step);
      } finally {
        double seconds = (System.nanoTime() - start) / 1e9;
        stopStatusLogger();
        // with a console the progress bar has just sampled the rates; without one, take the last interval
        print(System.console() != null ? stats.status() : stats.sampleStatus(System.nanoTime()));
        writeSummary(seconds);
      }
    }
    return null;
  }

  /** Checks every option before anything is sent to OM; a bad value is one line naming it. */
  void validate() {
    weights = OpWeights.parse(weightsSpec);
    if (maxLiveKeys < 1) {
      throw new IllegalArgumentException("--max-live-keys must be at least 1, got " + maxLiveKeys);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("--batch-size must be at least 1, got " + batchSize);
    }
    if (filesPerDir < 0) {
      throw new IllegalArgumentException("--files-per-dir must not be negative, got " + filesPerDir);
    }
    if (bufferSize < 1) {
      throw new IllegalArgumentException("--buffer must be at least 1, got " + bufferSize);
    }
    layout = parseLayout(layoutName);
    deleteOldest = choice("--delete-order", deleteOrder, "random", "oldest");
    listFirst = choice("--list-start", listStart, "random", "first");
    deleteUntracked = choice("--untracked", untracked, "keep", "delete");
    if (filesPerDir > 0 && layout != BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      throw new IllegalArgumentException("--files-per-dir " + filesPerDir
          + " needs --layout FILE_SYSTEM_OPTIMIZED, got " + layoutName);
    }
    if (weights.uses(KeyBenchOp.DELETEDIR) && filesPerDir == 0) {
      throw new IllegalArgumentException("deletedir in --weights '" + weightsSpec
          + "' needs --files-per-dir N (and --layout FILE_SYSTEM_OPTIMIZED)");
    }
    sizeBytes = keySize.toBytes();
    if (sizeBytes < 0) {
      throw new IllegalArgumentException("--size must not be negative, got " + keySize);
    }
    seed = seedOption != null ? seedOption : System.nanoTime() ^ Double.doubleToLongBits(Math.random());
    live = new LiveSet<>(maxLiveKeys, deleteOldest);
    if (weights.uses(KeyBenchOp.DELETEDIR)) {
      dirsToDelete = new LiveSet<>(Integer.MAX_VALUE, deleteOldest);
    }
  }

  private static BucketLayout parseLayout(String name) {
    String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT);
    if (n.equals(BucketLayout.OBJECT_STORE.name()) || n.equals(BucketLayout.FILE_SYSTEM_OPTIMIZED.name())
        || n.equals(BucketLayout.LEGACY.name())) {
      return BucketLayout.valueOf(n);
    }
    throw new IllegalArgumentException("Unknown --layout '" + name
        + "'; expected OBJECT_STORE, FILE_SYSTEM_OPTIMIZED or LEGACY");
  }

  /** @return false for {@code first}, true for {@code second}; anything else is rejected */
  private static boolean choice(String option, String value, String first, String second) {
    if (first.equals(value)) {
      return false;
    }
    if (second.equals(value)) {
      return true;
    }
    throw new IllegalArgumentException("Unknown " + option + " '" + value + "'; expected " + first + " or " + second);
  }

  private OzoneBucket prepareBucket(OzoneClient client) throws IOException {
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
        volume.createBucket(bucketName, BucketArgs.newBuilder().setBucketLayout(layout).build());
      } catch (OMException race) {
        if (race.getResult() != ResultCodes.BUCKET_ALREADY_EXISTS) {
          throw race;
        }
      }
      b = volume.getBucket(bucketName);
    }
    if (filesPerDir > 0 && b.getBucketLayout() != BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      throw new IllegalArgumentException("--files-per-dir needs a FILE_SYSTEM_OPTIMIZED bucket, but /" + volumeName
          + "/" + bucketName + " exists with layout " + b.getBucketLayout());
    }
    LOG.info("Bucket /{}/{} layout {}", volumeName, bucketName, b.getBucketLayout());
    return b;
  }

  private void step(long step) throws Exception {
    KeyBenchOp op = weights.pick(StepRandom.next(seed, step, 0));
    long random = StepRandom.next(seed, step, 1);
    switch (op) {
    case CREATE:
      create();
      break;
    case DELETE:
      delete(random);
      break;
    case LIST:
      list(random);
      break;
    case DELETEDIR:
      deleteDir(random);
      break;
    default:
      throw new IllegalStateException("unknown operation " + op);
    }
  }

  private void create() throws Exception {
    long seq = createSequence.getAndIncrement();
    BenchDir dir = null;
    String name;
    if (filesPerDir > 0) {
      long d = seq / filesPerDir;
      dir = openDirs.computeIfAbsent(d, k -> new BenchDir(getPrefix() + "/dir-" + pad(k)));
      name = dir.path() + "/" + pad(seq);
      dir.lock().readLock().lock();
    } else {
      name = getPrefix() + "/" + pad(seq);
    }
    try {
      try {
        timers.get(KeyBenchOp.CREATE).time(() -> {
          writeKey(name);
          return null;
        });
      } catch (Exception e) {
        stats.op(KeyBenchOp.CREATE).fail();
        throw e;
      }
      stats.addCreated();
      if (dir != null) {
        dir.existing().incrementAndGet();
      }
      LiveSet.Handle<TrackedKey> handle = live.tryAdd(new TrackedKey(name, dir));
      if (handle == null) {
        stats.addUntracked();
        if (deleteUntracked) {
          deleteUntracked(name, dir);
        }
      } else if (dir != null) {
        dir.track(handle);
      }
      stats.op(KeyBenchOp.CREATE).succeed();
    } finally {
      if (dir != null) {
        dir.lock().readLock().unlock();
        if (dir.finishCreate() == filesPerDir) {
          openDirs.remove(seq / filesPerDir);
          if (dirsToDelete != null) {
            dirsToDelete.tryAdd(dir);
          }
        }
      }
    }
  }

  private void writeKey(String name) throws IOException {
    try (OzoneOutputStream out = bucket.createKey(name, sizeBytes, replicationConfig,
        Collections.<String, String>emptyMap())) {
      if (contentGenerator != null) {
        contentGenerator.write(out);
      }
    }
  }

  /** Deletes a key created while the live set was full (part of its CREATE). */
  private void deleteUntracked(String name, BenchDir dir) throws Exception {
    try {
      untrackedDeleteTimer.time(() -> {
        bucket.deleteKey(name);
        return null;
      });
    } catch (Exception e) {
      stats.op(KeyBenchOp.CREATE).fail();
      throw e;
    }
    stats.addDeleted(1);
    if (dir != null) {
      dir.existing().decrementAndGet();
    }
  }

  private void delete(long random) throws Exception {
    KeyBenchStats.OpCounters counters = stats.op(KeyBenchOp.DELETE);
    LiveSet.Handle<TrackedKey> handle = deleteOldest ? live.removeOldest() : live.removeRandom(random);
    if (handle == null) {
      counters.skip();
      return;
    }
    TrackedKey key = handle.value();
    BenchDir dir = key.dir();
    if (dir != null) {
      dir.lock().readLock().lock();
    }
    try {
      if (dir != null && dir.isDeleted()) {
        // DELETEDIR took the key with its directory (and counted it)
        counters.succeed();
        return;
      }
      try {
        timers.get(KeyBenchOp.DELETE).time(() -> {
          bucket.deleteKey(key.name());
          return null;
        });
        stats.addDeleted(1);
        if (dir != null) {
          dir.existing().decrementAndGet();
        }
      } catch (OMException e) {
        if (e.getResult() != ResultCodes.KEY_NOT_FOUND) {
          counters.fail();
          throw e;
        }
        LOG.debug("Key {} was already gone", key.name());
      } catch (Exception e) {
        counters.fail();
        throw e;
      }
      counters.succeed();
    } finally {
      if (dir != null) {
        dir.lock().readLock().unlock();
      }
    }
  }

  private void list(long random) throws Exception {
    String startAfter = null;
    if (!listFirst) {
      TrackedKey k = live.pickRandom(random);
      startAfter = k == null ? null : k.name();
    }
    final String prevKey = startAfter;
    try {
      timers.get(KeyBenchOp.LIST).time(() -> proxy.listKeys(volumeName, bucketName, null, prevKey, batchSize));
    } catch (Exception e) {
      stats.op(KeyBenchOp.LIST).fail();
      throw e;
    }
    stats.op(KeyBenchOp.LIST).succeed();
  }

  private void deleteDir(long random) throws Exception {
    KeyBenchStats.OpCounters counters = stats.op(KeyBenchOp.DELETEDIR);
    LiveSet.Handle<BenchDir> handle = deleteOldest ? dirsToDelete.removeOldest()
        : dirsToDelete.removeRandom(random);
    if (handle == null) {
      counters.skip();
      return;
    }
    BenchDir dir = handle.value();
    dir.lock().writeLock().lock();
    try {
      for (LiveSet.Handle<TrackedKey> k : dir.trackedHandles()) {
        live.remove(k);
      }
      try {
        timers.get(KeyBenchOp.DELETEDIR).time(() -> {
          bucket.deleteDirectory(dir.path(), true);
          return null;
        });
      } catch (OMException e) {
        if (e.getResult() != ResultCodes.KEY_NOT_FOUND && e.getResult() != ResultCodes.DIRECTORY_NOT_FOUND) {
          counters.fail();
          throw e;
        }
        LOG.debug("Directory {} was already gone", dir.path());
      } catch (Exception e) {
        counters.fail();
        throw e;
      }
      dir.markDeleted();
      stats.addDeleted(dir.existing().getAndSet(0));
      counters.succeed();
    } finally {
      dir.lock().writeLock().unlock();
    }
  }

  private static String pad(long n) {
    String s = Long.toString(n);
    if (s.length() >= 12) {
      return s;
    }
    StringBuilder sb = new StringBuilder(12);
    for (int i = s.length(); i < 12; i++) {
      sb.append('0');
    }
    return sb.append(s).toString();
  }

  @Override
  public java.util.function.Supplier<String> realTimeStatusSupplier() {
    return () -> stats == null ? "" : stats.sampleStatus(System.nanoTime());
  }

  /** Without a console, freon's progress bar logs only a percentage: log the status line every 10 s instead. */
  private void startStatusLogger() {
    if (System.console() != null) {
      return;
    }
    Thread t = new Thread(() -> {
      stats.sampleStatus(System.nanoTime());
      while (!Thread.currentThread().isInterrupted()) {
        try {
          Thread.sleep(STATUS_LOG_INTERVAL_MILLIS);
        } catch (InterruptedException e) {
          return;
        }
        LOG.info(stats.sampleStatus(System.nanoTime()));
      }
    }, "omkeybench-status");
    t.setDaemon(true);
    t.start();
    statusLogger = t;
  }

  private void stopStatusLogger() throws InterruptedException {
    Thread t = statusLogger;
    if (t != null) {
      t.interrupt();
      t.join();
    }
  }

  private void writeSummary(double seconds) throws IOException {
    if (summaryJson == null) {
      return;
    }
    String json = SummaryJsonWriter.render(stats, timers, seconds, seed, getThreadNo(), weights);
    SummaryJsonWriter.write(Paths.get(summaryJson), json);
    LOG.info("Summary written to {}", summaryJson);
  }

  KeyBenchStats stats() {
    return stats;
  }

  LiveSet<TrackedKey> liveSet() {
    return live;
  }

  String bucketName() {
    return bucketName;
  }
}
