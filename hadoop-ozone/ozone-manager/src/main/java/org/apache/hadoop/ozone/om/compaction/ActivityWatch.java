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

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Keeps OM's client requests and DB writes per second over the service's latest looks, from two counters that only
 * grow: the requests OM finished and RocksDB's latest sequence number. It holds the rates of the idle window's looks
 * and an exponentially weighted average over {@link #RECENT_WINDOWS} windows, and reads nothing itself. Only the
 * service's thread uses it.
 */
final class ActivityWatch {
  /**
   * The recent rate averages over this many idle windows (100 looks at the defaults), so that a drop of the load
   * shows against what OM served just before, and hours of quiet bring it down to nothing.
   */
  static final int RECENT_WINDOWS = 10;

  /** Requests and writes per second of each look in the window, the newest last. */
  private final Deque<double[]> window = new ArrayDeque<>();
  private double recentRequestRate;
  private double recentWriteRate;
  private long lastRequests;
  private long lastWrites;
  private long lastMillis = -1;

  /**
   * Records a look. The first one only starts the counting: there is no rate before a second.
   *
   * @param windowLooks the looks of the idle window ({@link RangeCompactionPolicy#getIdleWindowLooks}), read at
   *     each look so that a reconfigured window applies at once
   * @param requests client requests OM finished so far
   * @param writes RocksDB's latest sequence number
   * @param nowMillis a monotonic clock
   * @param runningJobs RocksDB's running compactions and flushes
   * @param pendingCompactionBytes RocksDB's estimate over the service's tables
   */
  @SuppressWarnings("checkstyle:ParameterNumber")
  OmActivity look(int windowLooks, boolean leader, long requests, long writes, long nowMillis, long runningJobs,
      long pendingCompactionBytes) {
    if (lastMillis >= 0) {
      double recentWeight = 1.0 / (RECENT_WINDOWS * windowLooks);
      double seconds = Math.max(1, nowMillis - lastMillis) / 1000.0;
      double requestRate = Math.max(0, requests - lastRequests) / seconds;
      double writeRate = Math.max(0, writes - lastWrites) / seconds;
      window.addLast(new double[] {requestRate, writeRate});
      while (window.size() > windowLooks) {
        window.removeFirst();
      }
      recentRequestRate += recentWeight * (requestRate - recentRequestRate);
      recentWriteRate += recentWeight * (writeRate - recentWriteRate);
    }
    lastRequests = requests;
    lastWrites = writes;
    lastMillis = nowMillis;
    double peakRequests = 0;
    double peakWrites = 0;
    for (double[] rates : window) {
      peakRequests = Math.max(peakRequests, rates[0]);
      peakWrites = Math.max(peakWrites, rates[1]);
    }
    return new OmActivity(leader, window.size(), peakRequests, recentRequestRate, peakWrites, recentWriteRate,
        runningJobs, pendingCompactionBytes);
  }
}
