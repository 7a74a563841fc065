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

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The live-key set: bounded, O(1) picks, exact under concurrency. */
class TestLiveSet {

  @Test
  void boundedAndRemovesRandomItems() {
    LiveSet<String> set = new LiveSet<>(3, false);
    assertThat(set.tryAdd("a")).isNotNull();
    assertThat(set.tryAdd("b")).isNotNull();
    assertThat(set.tryAdd("c")).isNotNull();
    assertThat(set.tryAdd("d")).isNull();
    assertThat(set.size()).isEqualTo(3);
    Set<String> removed = new HashSet<>();
    for (long r = 7; set.size() > 0; r += 13) {
      assertThat(set.pickRandom(r)).isIn("a", "b", "c");
      removed.add(set.removeRandom(r).value());
    }
    assertThat(removed).containsExactlyInAnyOrder("a", "b", "c");
    assertThat(set.removeRandom(1)).isNull();
    assertThat(set.pickRandom(1)).isNull();
  }

  @Test
  void removesOldestFirstAndSkipsItemsRemovedOtherwise() {
    LiveSet<Integer> set = new LiveSet<>(10_000, true);
    List<LiveSet.Handle<Integer>> handles = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      handles.add(set.tryAdd(i));
    }
    for (int i = 0; i < 5000; i += 2) {
      assertThat(set.remove(handles.get(i))).isTrue();
      assertThat(set.remove(handles.get(i))).isFalse();
    }
    assertThat(set.size()).isEqualTo(2500);
    for (int i = 1; i < 5000; i += 2) {
      assertThat(set.removeOldest().value()).isEqualTo(i);
    }
    assertThat(set.removeOldest()).isNull();
    assertThat(set.size()).isZero();
  }

  @Test
  void growsToCapacityOnly() {
    LiveSet<Integer> set = new LiveSet<>(5000, false);
    for (int i = 0; i < 6000; i++) {
      set.tryAdd(i);
    }
    assertThat(set.size()).isEqualTo(5000);
    assertThat(set.capacity()).isEqualTo(5000);
  }

  @Test
  void exactUnderConcurrency() throws Exception {
    LiveSet<Long> set = new LiveSet<>(1000, true);
    AtomicLong next = new AtomicLong();
    AtomicInteger added = new AtomicInteger();
    AtomicInteger removedCount = new AtomicInteger();
    Set<Long> removed = ConcurrentHashMap.newKeySet();
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<?>> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      final int id = t;
      workers.add(pool.submit(() -> {
        for (int i = 0; i < 50_000; i++) {
          long r = StepRandom.next(id, i, 0);
          if ((r & 3) != 0) {
            if (set.tryAdd(next.getAndIncrement()) != null) {
              added.incrementAndGet();
            }
          } else {
            LiveSet.Handle<Long> h = (r & 4) == 0 ? set.removeRandom(r) : set.removeOldest();
            if (h != null) {
              assertThat(removed.add(h.value())).isTrue();
              removedCount.incrementAndGet();
            }
          }
        }
      }));
    }
    try {
      for (Future<?> w : workers) {
        // rethrows a worker's failed assertion here
        w.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(set.size()).isEqualTo(added.get() - removedCount.get());
    Set<Long> rest = new HashSet<>();
    LiveSet.Handle<Long> h;
    while ((h = set.removeOldest()) != null) {
      rest.add(h.value());
    }
    assertThat(rest).hasSize(added.get() - removedCount.get()).doesNotContainAnyElementsOf(removed);
  }
}
