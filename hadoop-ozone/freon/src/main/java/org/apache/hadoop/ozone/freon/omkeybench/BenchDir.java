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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A directory of an {@code omkeybench} run with {@code --files-per-dir}: the keys with sequence numbers
 * {@code [d * N, (d + 1) * N)} go to {@code <prefix>/dir-<d>}. CREATE and DELETE of its keys hold the read lock,
 * DELETEDIR the write lock, so a directory is never deleted under a running operation on one of its keys; a
 * directory is eligible for DELETEDIR only once all its N creates have finished, so nothing recreates it.
 */
final class BenchDir {

  private final String path;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  /** Keys of this directory that exist in the bucket (tracked or not). */
  private final AtomicInteger existing = new AtomicInteger();
  /** CREATE operations of this directory that have finished, successfully or not. */
  private final AtomicInteger finished = new AtomicInteger();
  private final List<LiveSet.Handle<TrackedKey>> tracked = new ArrayList<>();
  private volatile boolean deleted;

  BenchDir(String path) {
    this.path = path;
  }

  String path() {
    return path;
  }

  ReentrantReadWriteLock lock() {
    return lock;
  }

  AtomicInteger existing() {
    return existing;
  }

  /** @return the number of finished creates, including this one */
  int finishCreate() {
    return finished.incrementAndGet();
  }

  synchronized void track(LiveSet.Handle<TrackedKey> handle) {
    tracked.add(handle);
  }

  synchronized List<LiveSet.Handle<TrackedKey>> trackedHandles() {
    return new ArrayList<>(tracked);
  }

  boolean isDeleted() {
    return deleted;
  }

  /** Call with the write lock held. */
  void markDeleted() {
    deleted = true;
  }
}
