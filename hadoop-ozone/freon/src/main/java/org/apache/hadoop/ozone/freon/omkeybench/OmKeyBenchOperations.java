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

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hdds.client.ReplicationConfig;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.io.OzoneOutputStream;
import org.apache.hadoop.ozone.client.protocol.ClientProtocol;
import org.apache.hadoop.ozone.freon.ContentGenerator;
import org.apache.hadoop.ozone.freon.ContentGenerators;
import org.apache.hadoop.ozone.om.exceptions.OMException;
import org.apache.hadoop.ozone.om.exceptions.OMException.ResultCodes;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The operations of {@code omkeybench} on one bucket, one per step, with their bookkeeping and counters. */
final class OmKeyBenchOperations {

  private static final Logger LOG = LoggerFactory.getLogger(OmKeyBenchOperations.class);
  /** The name of the deletes of untracked keys (part of their CREATE) in the timers and the latency CSV. */
  private static final String UNTRACKED_DELETE = "UNTRACKED_DELETE";

  private final OmKeyBenchSettings settings;
  private final OzoneBucket bucket;
  private final ClientProtocol proxy;
  private final ReplicationConfig replication;
  private final String prefix;
  private final LiveSet<TrackedKey> live;
  private final OmKeyBenchStats stats;
  /** Null without {@code --files-per-dir}. */
  private final FsoDirectories dirs;
  /** Null for empty keys. */
  private final ContentGenerator content;
  private final Map<OmKeyBenchOp, Timer> timers = new EnumMap<>(OmKeyBenchOp.class);
  private final Timer untrackedDeleteTimer;
  private final KeyJournal journal;
  /** Null without {@code --latency-csv}. */
  private final IntervalLatencies latencies;
  /** Null without {@code --latency-log}. */
  private final LatencyLog latencyLog;
  private final AtomicLong createSequence;

  /** A request to OM. */
  private interface OmCall<T> {
    T send() throws IOException;
  }

  @SuppressWarnings("checkstyle:ParameterNumber")
  OmKeyBenchOperations(OmKeyBenchSettings settings, OmKeyBenchStats stats, LiveSet<TrackedKey> live, OzoneBucket bucket,
      ClientProtocol proxy, ReplicationConfig replication, String prefix, MetricRegistry metrics, KeyJournal journal,
      IntervalLatencies latencies, LatencyLog latencyLog) {
    this.settings = settings;
    this.latencyLog = latencyLog;
    this.journal = journal;
    this.latencies = latencies;
    this.stats = stats;
    this.live = live;
    this.bucket = bucket;
    this.proxy = proxy;
    this.replication = replication;
    this.prefix = prefix;
    createSequence = new AtomicLong(settings.existingKeys());
    dirs = settings.filesPerDir() > 0 ? new FsoDirectories(prefix, settings) : null;
    content = settings.sizeBytes() > 0 ? ContentGenerators.of(settings.sizeBytes(), settings.bufferSize()) : null;
    for (OmKeyBenchOp op : stats.ops().keySet()) {
      timers.put(op, metrics.timer(op.name()));
    }
    untrackedDeleteTimer = settings.untracked() == OmKeyBenchSettings.Untracked.DELETE
        && settings.weights().uses(OmKeyBenchOp.CREATE) ? metrics.timer(UNTRACKED_DELETE) : null;
  }

  /**
   * Tracks the oldest of the bucket's {@code --existing-keys} as the first live keys, after checking that the
   * bucket's keys {@code <prefix>/<sequence>} end at sequence N-1.
   *
   * @throws IllegalArgumentException naming the key that contradicts {@code --existing-keys}
   */
  void trackExistingKeys() throws IOException {
    long n = settings.existingKeys();
    if (n == 0) {
      return;
    }
    if (!exists(keyName(n - 1)) || exists(keyName(n))) {
      throw new IllegalArgumentException("--existing-keys " + n + ": the bucket's keys " + prefix
          + "/<sequence> do not end at " + keyName(n - 1));
    }
    long tracked = Math.min(n, live.capacity());
    for (long seq = 0; seq < tracked; seq++) {
      live.tryAdd(new TrackedKey(keyName(seq), null));
    }
  }

  private String keyName(long seq) {
    return String.format("%s/%012d", prefix, seq);
  }

  private boolean exists(String key) throws IOException {
    try {
      bucket.headObject(key);
      return true;
    } catch (OMException e) {
      if (e.getResult() == ResultCodes.KEY_NOT_FOUND) {
        return false;
      }
      throw e;
    }
  }

  /** Latencies of the operations that OM completed (not of failed or skipped ones). */
  Map<OmKeyBenchOp, Timer> timers() {
    return timers;
  }

  /**
   * Runs the next step of {@code schedule} when it is due. The schedule numbers the steps, so the mix follows the
   * seed over the whole run (freon's task ids repeat with --duration).
   */
  void step(StepSchedule schedule) throws IOException {
    StepSchedule.Step step = schedule.next();
    OmKeyBenchOp op = settings.weights().pick(StepRandom.next(settings.seed(), step.index(), 0));
    long random = StepRandom.next(settings.seed(), step.index(), 1);
    switch (op) {
    case CREATE:
      create(step);
      break;
    case DELETE:
      delete(random, step);
      break;
    case LIST:
      list(random, step);
      break;
    case DELETEDIR:
      deleteDir(random, step);
      break;
    default:
      throw new IllegalStateException("unknown operation " + op);
    }
  }

  /**
   * Sends {@code call} to OM for an operation {@code op} of {@code step}. If OM completes it, or answers with one of
   * {@code gone} (the target was removed by another step), its latency from {@code since} goes to {@code timer}
   * unless the step is warm-up; any other error counts as a failure of {@code op} and is rethrown. Callers count the
   * success, once their bookkeeping is done.
   *
   * @param since when the operation began for the client: its step's due time for a step's first request
   * @return the answer, or null if the target was gone
   */
  private <T> T send(OmKeyBenchOp op, Timer timer, StepSchedule.Step step, long since, OmCall<T> call,
      ResultCodes... gone) throws IOException {
    T answer = null;
    try {
      answer = call.send();
    } catch (OMException e) {
      if (!Arrays.asList(gone).contains(e.getResult())) {
        stats.op(op).fail();
        throw e;
      }
      LOG.debug("{}: target already gone ({})", op, e.getResult());
    } catch (IOException | RuntimeException e) {
      stats.op(op).fail();
      throw e;
    }
    long nanos = step.latencyNanos(since);
    if (!step.counted()) {
      return answer;
    }
    timer.update(nanos, TimeUnit.NANOSECONDS);
    String name = timer == untrackedDeleteTimer ? UNTRACKED_DELETE : op.name();
    if (latencies != null) {
      latencies.record(name, nanos);
    }
    if (latencyLog != null) {
      latencyLog.record(name, since, nanos);
    }
    return answer;
  }

  private void create(StepSchedule.Step step) throws IOException {
    long seq = createSequence.getAndIncrement();
    if (dirs == null) {
      createKey(keyName(seq), null, step);
      return;
    }
    BenchDir dir = dirs.dirOf(seq);
    dir.lock().readLock().lock();
    try {
      createKey(String.format("%s/%012d", dir.path(), seq), dir, step);
    } finally {
      dir.lock().readLock().unlock();
      dirs.createFinished(seq, dir);
    }
  }

  private void createKey(String name, BenchDir dir, StepSchedule.Step step) throws IOException {
    send(OmKeyBenchOp.CREATE, timers.get(OmKeyBenchOp.CREATE), step, step.dueNanos(), () -> writeKey(name));
    journal.created(name);
    stats.addCreated();
    if (dir != null) {
      dir.existing().incrementAndGet();
    }
    if (!track(new TrackedKey(name, dir))) {
      stats.addUntracked();
      if (untrackedDeleteTimer != null) {
        deleteUntracked(name, dir, step);
      }
    }
    stats.op(OmKeyBenchOp.CREATE).succeed();
  }

  private Void writeKey(String name) throws IOException {
    try (OzoneOutputStream out = bucket.createKey(name, settings.sizeBytes(), replication,
        Collections.<String, String>emptyMap())) {
      if (content != null) {
        content.write(out);
      }
    }
    return null;
  }

  /** @return false if the live set is full */
  private boolean track(TrackedKey key) {
    LiveSet.Handle<TrackedKey> handle = live.tryAdd(key);
    if (handle != null && key.dir() != null) {
      key.dir().track(handle);
    }
    return handle != null;
  }

  /** Deletes a key created while the live set was full: part of its CREATE, which fails if this fails. */
  private void deleteUntracked(String name, BenchDir dir, StepSchedule.Step step) throws IOException {
    journal.deleting(name);
    send(OmKeyBenchOp.CREATE, untrackedDeleteTimer, step, System.nanoTime(), () -> deleteKey(name));
    journal.deleted(name);
    stats.addDeleted(1);
    if (dir != null) {
      dir.existing().decrementAndGet();
    }
  }

  private Boolean deleteKey(String name) throws IOException {
    bucket.deleteKey(name);
    return Boolean.TRUE;
  }

  private void delete(long random, StepSchedule.Step step) throws IOException {
    LiveSet.Handle<TrackedKey> handle = settings.deleteOrder() == OmKeyBenchSettings.DeleteOrder.OLDEST
        ? live.removeOldest() : live.removeRandom(random);
    if (handle == null) {
      stats.op(OmKeyBenchOp.DELETE).skip();
      return;
    }
    TrackedKey key = handle.value();
    BenchDir dir = key.dir();
    if (dir == null) {
      deleteTracked(key, step);
      return;
    }
    dir.lock().readLock().lock();
    try {
      if (dir.isDeleted()) {
        // DELETEDIR took the key with its directory (and counted it); nothing is left to send
        stats.op(OmKeyBenchOp.DELETE).skip();
        return;
      }
      deleteTracked(key, step);
    } finally {
      dir.lock().readLock().unlock();
    }
  }

  private void deleteTracked(TrackedKey key, StepSchedule.Step step) throws IOException {
    Boolean deleted;
    try {
      journal.deleting(key.name());
      deleted = send(OmKeyBenchOp.DELETE, timers.get(OmKeyBenchOp.DELETE), step, step.dueNanos(),
          () -> deleteKey(key.name()), ResultCodes.KEY_NOT_FOUND);
    } catch (IOException | RuntimeException e) {
      // the key is still in the bucket: keep it deletable (untracked if the set filled up meanwhile)
      track(key);
      throw e;
    }
    journal.deleted(key.name());
    if (deleted != null) {
      stats.addDeleted(1);
      if (key.dir() != null) {
        key.dir().existing().decrementAndGet();
      }
    }
    stats.op(OmKeyBenchOp.DELETE).succeed();
  }

  private void list(long random, StepSchedule.Step step) throws IOException {
    TrackedKey after = settings.listStart() == OmKeyBenchSettings.ListStart.FIRST ? null : live.pickRandom(random);
    BenchDir dir = after == null ? null : after.dir();
    if (dir == null) {
      listAfter(after, step);
      return;
    }
    dir.lock().readLock().lock();
    try {
      // a directory deleted since the pick cannot be listed: list from the first key instead
      listAfter(dir.isDeleted() ? null : after, step);
    } finally {
      dir.lock().readLock().unlock();
    }
  }

  /**
   * Lists up to --batch-size keys after {@code after}, or from the first one if null. OM keeps the keys of a
   * FILE_SYSTEM_OPTIMIZED bucket per directory, so there the listing is of the directory that holds them: the
   * tracked key's directory, or the run's prefix (whose entries are the dir-<d> directories with --files-per-dir).
   */
  private void listAfter(TrackedKey after, StepSchedule.Step step) throws IOException {
    List<?> listed;
    Timer timer = timers.get(OmKeyBenchOp.LIST);
    String volume = bucket.getVolumeName();
    String name = bucket.getName();
    int batch = settings.batchSize();
    if (bucket.getBucketLayout() == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      String parent = after == null || after.dir() == null ? prefix : after.dir().path();
      String start = after == null ? "" : after.name();
      listed = send(OmKeyBenchOp.LIST, timer, step, step.dueNanos(),
          () -> proxy.listStatus(volume, name, parent, false, start, batch));
    } else {
      String start = after == null ? null : after.name();
      listed = send(OmKeyBenchOp.LIST, timer, step, step.dueNanos(),
          () -> proxy.listKeys(volume, name, null, start, batch));
    }
    stats.addListed(listed.size());
    stats.op(OmKeyBenchOp.LIST).succeed();
  }

  private void deleteDir(long random, StepSchedule.Step step) throws IOException {
    BenchDir dir = dirs.takeForDelete(random);
    if (dir == null) {
      stats.op(OmKeyBenchOp.DELETEDIR).skip();
      return;
    }
    dir.lock().writeLock().lock();
    try {
      for (LiveSet.Handle<TrackedKey> k : dir.trackedHandles()) {
        live.remove(k);
      }
      send(OmKeyBenchOp.DELETEDIR, timers.get(OmKeyBenchOp.DELETEDIR), step, step.dueNanos(),
          () -> deleteDirectory(dir), ResultCodes.KEY_NOT_FOUND, ResultCodes.DIRECTORY_NOT_FOUND);
      dir.markDeleted();
      stats.addDeleted(dir.existing().getAndSet(0));
      stats.op(OmKeyBenchOp.DELETEDIR).succeed();
    } finally {
      dir.lock().writeLock().unlock();
    }
  }

  private Boolean deleteDirectory(BenchDir dir) throws IOException {
    bucket.deleteDirectory(dir.path(), true);
    return Boolean.TRUE;
  }
}
