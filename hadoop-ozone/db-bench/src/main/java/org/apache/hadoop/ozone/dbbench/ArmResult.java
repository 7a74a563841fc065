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
 * What one arm measured on one scenario.
 *
 * @param inRun reads sampled during the replay, by read name ("list", "head openKeyTable", ...); empty for floor
 *     and the bulk scenarios
 * @param atEnd reads after the replay, by read name (in a bulk scenario after the first reads of {@code quiet})
 * @param tombstones per measured table, in SSTs and in memtables, at the end (in a bulk scenario at the end of the
 *     quiet period, before any read)
 * @param replayOpsPerSecond operations per second of replay, compactions included, sampled reads excluded;
 *     0 for floor, which replays nothing
 * @param compactReadBytes RocksDB's compaction bytes read over the run (null in a JSON older than it)
 * @param quiet the quiet period and the first reads after it, in a bulk scenario; null in the others
 * @param liveSstBytes the live SSTs' bytes of every column family at the end: the space used (null in a JSON older
 *     than it)
 * @param stallMicros RocksDB's write stall time over the run, STALL_MICROS (null in a JSON older than it)
 * @param triggeredCompactionBytes bytes read and written by RocksDB's compactions of files it marked (its deletion
 *     collector or read trigger: "marked"), of periodic and of ttl compaction, by kind (null in a JSON older than it)
 * @param serviceSeconds where {@code manualCompactionSeconds} went, by part, for the range service's arms (its
 *     looks, head probes, compactions, memtable flushes); null for the others and in a JSON older than it
 */
record ArmResult(String arm, long ops, double replayOpsPerSecond, double manualCompactionSeconds,
    long compactWriteBytes, long flushWriteBytes, Map<String, ReadStats> inRun, Map<String, ReadStats> atEnd,
    Map<String, Tombstones> tombstones, String note, Long compactReadBytes, QuietResult quiet, Long liveSstBytes,
    Long stallMicros, Map<String, Long> triggeredCompactionBytes, Map<String, Double> serviceSeconds) {
  /** The kinds of {@link #triggeredCompactionBytes}, each RocksDB's COMPACT_READ_BYTES_X and COMPACT_WRITE_BYTES_X. */
  static final String[] TRIGGERS = {"MARKED", "PERIODIC", "TTL"};
}
