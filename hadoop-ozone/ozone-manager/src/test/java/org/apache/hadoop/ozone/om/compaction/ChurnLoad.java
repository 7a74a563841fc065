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

import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.om.exceptions.OMException;

/**
 * A delete-heavy load on one bucket in a background thread: it creates keys in order and deletes each key
 * {@code lag} creates later, lists the bucket from its start every {@code lag} creates (a reader of keyTable's
 * head, as a listing after lifecycle expiry is), and records what OM acknowledged. An operation that failed (a
 * failover, a timeout) may or may not have been applied, so its key is uncertain and left out of the record's checks.
 */
final class ChurnLoad implements AutoCloseable {
  private final OzoneBucket bucket;
  private final int lag;
  private final Set<String> live = new ConcurrentSkipListSet<>();
  private final Set<String> deleted = new ConcurrentSkipListSet<>();
  private final Set<String> uncertain = new ConcurrentSkipListSet<>();
  private final AtomicLong operations = new AtomicLong();
  /** Held for each operation, and by {@link #pause} until {@link #resume}, so that a pause waits for the last. */
  private final ReentrantLock turn = new ReentrantLock(true);
  private final Thread thread;
  private volatile boolean stopped;

  ChurnLoad(OzoneBucket bucket, int lag) {
    this.bucket = bucket;
    this.lag = lag;
    this.thread = new Thread(this::run, "churn-load");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void run() {
    for (long i = 0; !stopped; i++) {
      turn.lock();
      try {
        create(name(i));
        if (i >= lag) {
          delete(name(i - lag));
        }
        if (i % lag == 0) {
          list();
        }
      } finally {
        turn.unlock();
      }
    }
  }

  private static String name(long i) {
    return String.format("key-%08d", i);
  }

  private void create(String key) {
    try {
      bucket.createKey(key, 0).close();
      live.add(key);
    } catch (Exception e) {
      uncertain.add(key);
    }
    operations.incrementAndGet();
  }

  private void list() {
    try {
      bucket.listKeys("").hasNext();
    } catch (Exception e) {
      // A failover: the next listing reads again.
    }
  }

  private void delete(String key) {
    try {
      bucket.deleteKey(key);
      deleted.add(key);
    } catch (OMException e) {
      // A retry after a failover finds the key already gone: deleted either way.
      (e.getResult() == OMException.ResultCodes.KEY_NOT_FOUND ? deleted : uncertain).add(key);
    } catch (Exception e) {
      uncertain.add(key);
    }
    live.remove(key);
    operations.incrementAndGet();
  }

  /** @return acknowledged creates and deletes so far */
  long getOperations() {
    return operations.get();
  }

  /** Waits for the running operation to end and holds the next until {@link #resume}. */
  void pause() {
    turn.lock();
  }

  void resume() {
    turn.unlock();
  }

  /** @return the keys created and not deleted, as acknowledged (uncertain keys left out) */
  Set<String> getLive() {
    return without(live);
  }

  /** @return the keys whose delete was acknowledged (uncertain keys left out) */
  Set<String> getDeleted() {
    return without(deleted);
  }

  Set<String> getUncertain() {
    return Collections.unmodifiableSet(new TreeSet<>(uncertain));
  }

  private Set<String> without(Set<String> keys) {
    Set<String> certain = new TreeSet<>(keys);
    certain.removeAll(uncertain);
    return certain;
  }

  @Override
  public void close() throws InterruptedException {
    stopped = true;
    thread.join();
  }
}
