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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The native arms' RocksDB settings, as lines of a RocksDB OPTIONS file's column family section. RocksJava 11.1.1
 * sets a table properties collector only on {@code Options} (the default column family), not on
 * {@code ColumnFamilyOptions}; RocksDB's options parser takes {@code table_properties_collectors} in every column
 * family's section, so {@link NativeDb} adds these lines to OM's own OPTIONS file (see the README's native arm).
 *
 * @param window CompactOnDeletionCollector's sliding window, in entries of an SST being written
 * @param trigger deletions within one window that mark the SST for compaction
 * @param ratio deletions per entry of the whole SST that mark it (0: off)
 * @param scanTrigger {@code memtable_op_scan_flush_trigger} of arm native-scan: hidden entries one iterator step
 *     may skip in the active memtable before RocksDB flushes it
 */
record NativeSettings(long window, long trigger, double ratio, long scanTrigger) {
  static final NativeSettings DEFAULT = new NativeSettings(1000, 500, 0, 100);

  /** @return the lines to add to every column family's section for {@code arm} */
  List<String> columnFamilyOptions(ArmKind arm) {
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "table_properties_collectors={id=CompactOnDeletionCollector;window_size=%d;"
        + "deletion_trigger=%d;deletion_ratio=%s}", window, trigger, ratio));
    if (arm == ArmKind.NATIVE_SCAN) {
      lines.add("memtable_op_scan_flush_trigger=" + scanTrigger);
    }
    return lines;
  }

  /** @return the settings of {@code arm}, for the report */
  String describe(ArmKind arm) {
    String collector = String.format(Locale.ROOT, "CompactOnDeletionCollector window %d, trigger %d, ratio %s",
        window, trigger, ratio);
    return arm == ArmKind.NATIVE_SCAN ? collector + ", memtable_op_scan_flush_trigger " + scanTrigger : collector;
  }
}
