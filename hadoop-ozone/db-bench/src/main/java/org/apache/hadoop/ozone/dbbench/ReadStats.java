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

import java.util.Arrays;
import java.util.List;

/** Latency (ms) and RocksDB iterator skips of a set of reads of one kind. */
record ReadStats(int count, double meanMs, double p50Ms, double p99Ms, double maxMs, double meanSkips) {
  static ReadStats of(List<Probe.ReadSample> samples) {
    if (samples.isEmpty()) {
      return null;
    }
    double[] ms = samples.stream().mapToDouble(s -> s.nanos() / 1e6).sorted().toArray();
    return new ReadStats(ms.length, Arrays.stream(ms).average().orElse(0), percentile(ms, 50), percentile(ms, 99),
        ms[ms.length - 1], samples.stream().mapToLong(Probe.ReadSample::skips).average().orElse(0));
  }

  /** Nearest rank. */
  private static double percentile(double[] sorted, int p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }
}
