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

/**
 * Bounds the bytes the service's compactions read by what RocksDB flushes: a
 * token bucket that gains {@code ratio} bytes per byte flushed, holds at most
 * {@code capacity} (the largest compaction allowed, so that any compaction the
 * policy may pick fits once the bucket is full) and starts full. Whatever the
 * workload, the service then reads at most {@code ratio} times the flushed
 * bytes plus one compaction: it can never run away. Used by one thread.
 */
final class CompactionBudget {
  private final double ratio;
  private final long capacity;
  private long flushedBytes;
  private double tokens;

  /**
   * @param ratio bytes to read per byte flushed; 0 for no bound
   * @param capacity most bytes the bucket holds
   * @param flushedBytes bytes flushed so far
   */
  CompactionBudget(double ratio, long capacity, long flushedBytes) {
    this.ratio = ratio;
    this.capacity = capacity;
    this.flushedBytes = flushedBytes;
    this.tokens = capacity;
  }

  /**
   * @param flushedBytesNow bytes flushed since start, a number that only grows
   * @return bytes the next compaction may read, Long.MAX_VALUE for no bound
   */
  long available(long flushedBytesNow) {
    if (ratio == 0) {
      return Long.MAX_VALUE;
    }
    tokens = Math.min(capacity, tokens + ratio * Math.max(0, flushedBytesNow - flushedBytes));
    flushedBytes = Math.max(flushedBytes, flushedBytesNow);
    return (long) tokens;
  }

  /**
   * @param current the budget so far, or null before the first look
   * @return {@code current} while a look's settings keep its ratio and bound; a reconfigured one starts anew, full
   */
  static CompactionBudget forSettings(CompactionBudget current, RangeCompactionConfig settings, long flushedBytes) {
    if (current != null && current.ratio == settings.getBudgetRatio()
        && current.capacity == settings.getMaxCompactionBytes()) {
      return current;
    }
    return new CompactionBudget(settings.getBudgetRatio(), settings.getMaxCompactionBytes(), flushedBytes);
  }

  void spend(long bytes) {
    tokens -= bytes;
  }
}
