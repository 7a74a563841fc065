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

import java.util.Map;

/**
 * What one arm did in the quiet period of a bulk scenario ({@link QuietPeriod}), and what the first readers after it
 * met.
 *
 * @param looks looks of the quiet period (0 for floor, which has none)
 * @param lookMillis time between two looks (the range service's interval)
 * @param lastWorkLook the last look at which the arm itself flushed or compacted (0: none)
 * @param lastBusyLook the last look at which RocksDB still had background work running or due (0: none); its own
 *     work ended during that look's wait
 * @param waitedSeconds wall time the looks waited for RocksDB's background work
 * @param compactReadBytes RocksDB's compaction bytes read during the quiet period (the arm's and its own)
 * @param compactWriteBytes RocksDB's compaction bytes written during the quiet period
 * @param firstReads the first read of each kind after the quiet period, by read name (one sample each)
 */
record QuietResult(int looks, long lookMillis, int lastWorkLook, int lastBusyLook, double waitedSeconds,
    long compactReadBytes, long compactWriteBytes, Map<String, ReadStats> firstReads) {

  /** For floor, whose layout is final from the start: no quiet period. */
  static QuietResult none(long lookMillis) {
    return new QuietResult(0, lookMillis, 0, 0, 0, 0, 0, Map.of());
  }

  QuietResult withFirstReads(Map<String, ReadStats> reads) {
    return new QuietResult(looks, lookMillis, lastWorkLook, lastBusyLook, waitedSeconds, compactReadBytes,
        compactWriteBytes, reads);
  }

  /** @return seconds into the quiet period of {@code look} (0: none) */
  double secondsIn(int look) {
    return look * lookMillis / 1000.0;
  }
}
