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

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record of every memtable flush and range compaction the service does: one line on the logger {@value #LOGGER}
 * in a fixed key=value form, so that a benchmark (which joins them with its clients' latencies) or an operator's
 * log pipeline can tell when the service worked and why. log4j can route the logger to a file of its own.
 * Times are the wall clock's milliseconds since the epoch, as clients record theirs.
 */
final class CompactionEvents {
  static final String LOGGER = "org.apache.hadoop.ozone.om.compaction.RangeCompactionEvents";
  private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

  private CompactionEvents() {
  }

  /**
   * One flush ({@code action} "flush", which reads no SST: {@code inputBytes} 0) or compaction ("compact", {@code
   * inputBytes} of every SST that overlaps the range); {@code writtenBytes} of the SSTs that were not there before.
   */
  static void record(String action, CompactionPick.Reason reason, String table, long startMs, long endMs,
      long inputBytes, long writtenBytes) {
    LOG.info("action={} reason={} table={} startMs={} endMs={} inputBytes={} writtenBytes={}", action, reason, table,
        startMs, endMs, inputBytes, writtenBytes);
  }
}
