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
 * How close one table is to RocksDB's write-stall triggers: its L0 files and
 * its bytes pending compaction, beside the triggers in effect. Immutable; the
 * policy judges them.
 */
final class WritePressure {
  private final long l0Files;
  private final int l0SlowdownTrigger;
  private final long pendingBytes;
  private final long pendingSoftLimit;

  /**
   * @param l0Files {@code rocksdb.num-files-at-level0}
   * @param l0SlowdownTrigger {@code level0_slowdown_writes_trigger}, 0 or less for none
   * @param pendingBytes {@code rocksdb.estimate-pending-compaction-bytes}
   * @param pendingSoftLimit {@code soft_pending_compaction_bytes_limit}, 0 for none
   */
  WritePressure(long l0Files, int l0SlowdownTrigger, long pendingBytes, long pendingSoftLimit) {
    this.l0Files = l0Files;
    this.l0SlowdownTrigger = l0SlowdownTrigger;
    this.pendingBytes = pendingBytes;
    this.pendingSoftLimit = pendingSoftLimit;
  }

  long getL0Files() {
    return l0Files;
  }

  int getL0SlowdownTrigger() {
    return l0SlowdownTrigger;
  }

  long getPendingBytes() {
    return pendingBytes;
  }

  long getPendingSoftLimit() {
    return pendingSoftLimit;
  }
}
