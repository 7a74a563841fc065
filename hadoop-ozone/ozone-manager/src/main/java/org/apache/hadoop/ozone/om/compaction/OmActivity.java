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

import java.util.Locale;

/**
 * How busy OM was over its latest looks, as plain numbers for {@link RangeCompactionPolicy#isIdle}: its client
 * requests and its DB writes per second (the most in one look of the idle window, and their recent average), the
 * background work RocksDB has of its own, and whether this OM leads its Ratis group. DB writes are RocksDB's
 * sequence numbers, so they count a leader's client writes, a follower's applied Ratis log and OM's own background
 * services alike. Immutable; {@link ActivityWatch} reads it once per look.
 */
final class OmActivity {
  private final boolean leader;
  private final int looks;
  private final double peakRequestRate;
  private final double recentRequestRate;
  private final double peakWriteRate;
  private final double recentWriteRate;
  private final long runningJobs;
  private final long pendingCompactionBytes;

  /**
   * @param leader whether this OM leads its Ratis group (serves clients and runs OM's scanning services)
   * @param looks the looks the idle window holds so far: the window's size once the service has looked that often
   * @param peakRequestRate the most client requests per second in one look of the window
   * @param recentRequestRate client requests per second, averaged over recent looks (the window's included)
   * @param peakWriteRate the most DB writes per second in one look of the window
   * @param recentWriteRate DB writes per second, averaged over recent looks
   * @param runningJobs RocksDB's running compactions and flushes ({@code rocksdb.num-running-compactions}, {@code
   *     rocksdb.num-running-flushes})
   * @param pendingCompactionBytes {@code rocksdb.estimate-pending-compaction-bytes} over the service's tables
   */
  @SuppressWarnings("checkstyle:ParameterNumber")
  OmActivity(boolean leader, int looks, double peakRequestRate, double recentRequestRate, double peakWriteRate,
      double recentWriteRate, long runningJobs, long pendingCompactionBytes) {
    this.leader = leader;
    this.looks = looks;
    this.peakRequestRate = peakRequestRate;
    this.recentRequestRate = recentRequestRate;
    this.peakWriteRate = peakWriteRate;
    this.recentWriteRate = recentWriteRate;
    this.runningJobs = runningJobs;
    this.pendingCompactionBytes = pendingCompactionBytes;
  }

  boolean isLeader() {
    return leader;
  }

  int getLooks() {
    return looks;
  }

  double getPeakRequestRate() {
    return peakRequestRate;
  }

  double getRecentRequestRate() {
    return recentRequestRate;
  }

  double getPeakWriteRate() {
    return peakWriteRate;
  }

  double getRecentWriteRate() {
    return recentWriteRate;
  }

  long getRunningJobs() {
    return runningJobs;
  }

  long getPendingCompactionBytes() {
    return pendingCompactionBytes;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s, %d looks: requests/s %.1f (recent %.1f), writes/s %.1f "
        + "(recent %.1f), %d RocksDB jobs running, %d bytes pending compaction", leader ? "leader" : "follower",
        looks, peakRequestRate, recentRequestRate, peakWriteRate, recentWriteRate, runningJobs,
        pendingCompactionBytes);
  }
}
