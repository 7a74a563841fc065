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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record of every memtable flush and range compaction the service does: one line on the logger {@value #LOGGER}
 * in a fixed key=value form, so that a benchmark (scripts/ab-bench joins them with its clients' latencies) or an
 * operator's log pipeline can tell when the service worked and why. log4j can route the logger to a file of its own.
 * Times are the wall clock's milliseconds since the epoch, as clients record theirs.
 *
 * <pre>
 * action=compact reason=reader table=deletedTable startMs=1764176400123 endMs=1764176400456 inputBytes=8388608
 *     writtenBytes=1048576
 * </pre>
 */
final class CompactionEvents {
  static final String LOGGER = "org.apache.hadoop.ozone.om.compaction.RangeCompactionEvents";
  private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

  /** Why the service acted on a table. */
  enum Reason {
    /** The leader under load: a reader of the table is due to scan it. */
    READER,
    /** OM is idle: idle cleanup, outside the budget. */
    IDLE,
    /** A follower under load keeps its DB clean for when it leads. */
    FOLLOWER;

    static Reason of(CompactionPick pick, boolean leader) {
      if (pick.isIdle()) {
        return IDLE;
      }
      return leader ? READER : FOLLOWER;
    }

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private CompactionEvents() {
  }

  /** A memtable the service flushed: its SSTs' bytes written; RocksDB reads no SST for it. */
  static void flushed(Reason reason, String table, long startMs, long endMs, long writtenBytes) {
    LOG.info("action=flush reason={} table={} startMs={} endMs={} inputBytes=0 writtenBytes={}", reason, table,
        startMs, endMs, writtenBytes);
  }

  /**
   * A range the service compacted.
   *
   * @param inputBytes the bytes of the SSTs the compaction could read: every SST that overlaps the range
   * @param writtenBytes the bytes of the SSTs that were not there before
   */
  static void compacted(Reason reason, String table, long startMs, long endMs, long inputBytes,
      long writtenBytes) {
    LOG.info("action=compact reason={} table={} startMs={} endMs={} inputBytes={} writtenBytes={}", reason, table,
        startMs, endMs, inputBytes, writtenBytes);
  }
}
