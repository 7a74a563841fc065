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

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the {@link SstIndex} current on a thread of its own. It first indexes
 * every tracked table, then follows the changes the listener reports: for each
 * changed table it reads the table's in-memory SST metadata once, however many
 * flushes and compactions happened meanwhile, and takes counts from the events
 * or the index, so table properties are read from disk only for files it has
 * never seen (at start, or after an event was missed).
 *
 * <p>Changes coalesce per table (the tables changed, and the counts of their
 * new files), so nothing grows while the thread is busy or gone. After each
 * update it hands the table to what derives data from the index (the range
 * model), in the same thread, so that readers never compute.
 */
final class SstIndexUpdater {
  private static final Logger LOG = LoggerFactory.getLogger(SstIndexUpdater.class);
  /**
   * How long stop waits for the thread. An update reads in-memory SST metadata and at most the properties of the
   * files it has not seen, well under a second even for a large table; 5 s only bounds OM's shutdown if a read
   * hangs. A read that outlives the wait fails cleanly once the DB is closed, as every RocksDatabase call does.
   */
  private static final long STOP_WAIT_MILLIS = 5_000;
  private static final Object WAKE_UP = new Object();
  /**
   * An update that took longer than this, after events, is followed by a pause of {@link #PAUSE_RATIO} times as
   * long. A shorter one (a table of up to some thousand SSTs) is taken as it comes, so that the index follows small
   * tables within milliseconds.
   */
  static final long FREE_UPDATE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  /**
   * How many times as long as a slow update the thread waits after it, so that it takes at most a twenty-first of
   * one core however often RocksDB flushes and compacts a large table: an update of a table of 10,000 SSTs reads
   * their metadata through RocksDB's JNI and computes the ranges, tens of ms each. Such a table's index then follows
   * it with a lag of about 20 updates' time, seconds, against the service's looks every second and readers' periods
   * of minutes; the service refreshes the tables it changes itself, in its own thread. What the listener costs at
   * that scale: docs/design/range-statistics.md.
   */
  static final long PAUSE_RATIO = 20;

  private final SstIndex index;
  private final Set<String> tables;
  /** New files' counts of the tables changed since their last update, by table then file name. */
  private final Map<String, Map<String, SstCounts>> pending = new ConcurrentHashMap<>();
  private final BlockingQueue<Object> wakeUp = new ArrayBlockingQueue<>(1);
  private final AtomicLong updates = new AtomicLong();
  /** Flushes of each table the listener reported, and the bytes they wrote. */
  private final Map<String, AtomicLong> flushes = new ConcurrentHashMap<>();
  private final AtomicLong flushedBytes = new AtomicLong();
  private final Object updateLock = new Object();
  private final Consumer<String> indexed;
  private volatile Function<String, SstSource> sources;
  private Thread thread;

  /** @param indexed called with the table after each update of its files, in the updating thread */
  SstIndexUpdater(SstIndex index, Set<String> tables, Consumer<String> indexed) {
    this.index = index;
    this.tables = Collections.unmodifiableSet(tables);
    this.indexed = indexed;
  }

  boolean isTracked(String table) {
    return tables.contains(table);
  }

  Set<String> getTables() {
    return tables;
  }

  /** @return how many times a table was re-indexed */
  long getUpdates() {
    return updates.get();
  }

  /** @return the bytes the flushes of tracked tables wrote since start */
  long getFlushedBytes() {
    return flushedBytes.get();
  }

  /** Notes a flush of the table; {@link #tableChanged} follows with its file. Cheap: listener threads call it. */
  void flushed(String table, long bytes) {
    flushCount(table).incrementAndGet();
    flushedBytes.addAndGet(bytes);
  }

  private AtomicLong flushCount(String table) {
    return flushes.computeIfAbsent(table, t -> new AtomicLong());
  }

  /** Notes a change of the table's SSTs, with the counts of new files where known. Cheap: listener threads call it. */
  void tableChanged(String table, Map<String, SstCounts> newFiles) {
    pending.computeIfAbsent(table, t -> new ConcurrentHashMap<>()).putAll(newFiles);
    wakeUp.offer(WAKE_UP);
  }

  /** Starts the updater thread; it indexes every table first. Returns at once: OM start does not wait for it. */
  synchronized void start(Function<String, SstSource> tableSources) {
    this.sources = tableSources;
    thread = new Thread(this::run, "OmRangeStatsIndexUpdater");
    thread.setDaemon(true);
    thread.start();
  }

  /** Stops the updater thread, waiting a bounded time for a running update to end. */
  void stop() {
    Thread t;
    synchronized (this) {
      t = thread;
      thread = null;
    }
    if (t != null) {
      t.interrupt();
      try {
        t.join(STOP_WAIT_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Re-indexes every tracked table in the caller's thread. */
  void updateAll() throws IOException {
    for (String table : tables) {
      update(table);
    }
  }

  private void run() {
    for (String table : tables) {
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
      updateLogged(table);
    }
    try {
      while (!Thread.currentThread().isInterrupted()) {
        wakeUp.take();
        for (String table : new ArrayList<>(pending.keySet())) {
          long start = System.nanoTime();
          updateLogged(table);
          long took = System.nanoTime() - start;
          if (took > FREE_UPDATE_NANOS) {
            // Changes that come meanwhile coalesce into the next update.
            TimeUnit.NANOSECONDS.sleep(PAUSE_RATIO * took);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A failed update leaves the table's previous files in place until its next change; the thread goes on. */
  private void updateLogged(String table) {
    try {
      update(table);
    } catch (IOException | RuntimeException e) {
      LOG.warn("Could not update the SST index of {}", table, e);
    }
  }

  /** Serialized, so that an older read of the metadata never overwrites a newer one. */
  void update(String table) throws IOException {
    synchronized (updateLock) {
      // Read before the files, so that the index never claims a flush whose file it has not seen.
      long flushesSeen = flushCount(table).get();
      Map<String, SstCounts> newFiles = pending.remove(table);
      index.update(table, SstFiles.read(sources.apply(table), index.byName(table),
          newFiles == null ? Collections.<String, SstCounts>emptyMap() : newFiles), flushesSeen);
      updates.incrementAndGet();
      indexed.accept(table);
    }
  }
}
