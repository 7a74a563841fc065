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

import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One idle cleanup pass, from the service's first flush or compaction while OM is idle until a look finds nothing
 * left to clean or OM busy again: what it did, as one log line at its end, from the service's metrics at both ends.
 * Only the service's thread uses it.
 */
final class IdleCleanupPass {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionService.class);

  private final RangeCompactionMetrics metrics;
  /** The metrics when the pass began, or null when none is under way. */
  private long[] atStart;
  private long startMillis;

  IdleCleanupPass(RangeCompactionMetrics metrics) {
    this.metrics = metrics;
  }

  /** Follows the looks: one that finds OM busy ends the pass under way. */
  void looked(CompactionLook look) {
    if (!look.isIdle()) {
      end("OM is busy again: " + look.getActivity());
    }
  }

  /**
   * Follows the picks, before the service acts on them: an idle flush or compaction (only those are idle work)
   * begins a pass or goes on with it, and a pick that finds nothing to do ends it.
   */
  void picked(CompactionPick pick) {
    if (pick.getAction() == CompactionPick.Action.NONE) {
      end("nothing qualifies");
    } else if (pick.isIdle() && atStart == null) {
      atStart = counters();
      startMillis = Time.monotonicNow();
    }
  }

  /** Ends the pass under way, if any, with one log line. */
  private void end(String why) {
    if (atStart == null) {
      return;
    }
    long[] now = counters();
    LOG.info("Idle cleanup pass ended after {} ms ({}): compacted {} ranges, removing about {} tombstones, read {} "
        + "bytes, wrote {} bytes; flushed {} memtables", Time.monotonicNow() - startMillis, why,
        now[0] - atStart[0], now[1] - atStart[1], now[2] - atStart[2], now[3] - atStart[3], now[4] - atStart[4]);
    atStart = null;
  }

  private long[] counters() {
    return new long[] {metrics.getRangesCompacted(), metrics.getTombstonesRemoved(), metrics.getBytesRead(),
        metrics.getBytesWritten(), metrics.getMemtableFlushes()};
  }
}
