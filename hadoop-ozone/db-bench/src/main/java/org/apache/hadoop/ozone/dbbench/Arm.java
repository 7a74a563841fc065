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

package org.apache.hadoop.ozone.dbbench;

import java.io.IOException;
import java.util.Map;

/**
 * A compaction policy driven on the replay's operation clock. The replay stands for the prototype's 15-hour
 * reference run, so a period of P in OM becomes {@code ops * P / 15 h} operations here: the run always sees as many
 * runs of each service as that run's cluster did, whatever {@code --ops} is.
 */
interface Arm extends AutoCloseable {
  /** Called after every replayed operation, with how many are done; compacts when the arm's period is up. */
  void afterOperation(long done) throws IOException;

  /**
   * Called once per look of a bulk scenario's quiet period, in order, after the replay: no operation is written
   * while it lasts (see {@link QuietPeriod}). Does nothing by default.
   *
   * @return whether the arm flushed or compacted at this look
   */
  default boolean quietLook(QuietLook look) throws IOException {
    return false;
  }

  /** @return wall time spent in the compactions the arm ran itself (RocksDB's automatic ones are not counted) */
  long compactionNanos();

  /**
   * @return where {@link #compactionNanos} went, in seconds by part (the range service: its looks, head probes,
   *     compactions and memtable flushes); null for an arm that does not split it, by default
   */
  default Map<String, Double> serviceSeconds() {
    return null;
  }

  /** @return what the arm did beyond its compaction time, for the report; nothing by default */
  default String describe() {
    return "";
  }

  @Override
  void close();

  /** @return operations per period of {@code periodSeconds} when {@code ops} stand for 15 hours */
  static long scaledPeriod(long ops, long periodSeconds) {
    return Math.max(1, ops * periodSeconds / (15 * 3600));
  }

  /**
   * One look of the quiet period, on the range service's interval.
   *
   * @param number the look, from 1
   * @param count the looks of the quiet period
   * @param intervalMillis the time between two looks
   */
  record QuietLook(int number, int count, long intervalMillis) {
    /** @return the look's time since the quiet period began */
    long millisIn() {
      return number * intervalMillis;
    }
  }

  /** RocksDB's automatic compaction only, on OM's options. */
  Arm OFF = automatic("");

  /** @return RocksDB's automatic compaction only, on a DB whose options {@code description} tells */
  static Arm automatic(String description) {
    return new Arm() {
      @Override
      public void afterOperation(long done) {
      }

      @Override
      public long compactionNanos() {
        return 0;
      }

      @Override
      public String describe() {
        return description;
      }

      @Override
      public void close() {
      }
    };
  }
}
