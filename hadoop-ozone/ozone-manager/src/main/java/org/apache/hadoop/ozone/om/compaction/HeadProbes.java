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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;

/**
 * Where a look's head probes ({@link HeadProbe}) seek, and what they found: the memtable's deletes are looked for at
 * the heads of the ranges where deletes were seen, the SSTs' tombstones at the heads of the ranges that hold enough
 * of them. Probes are bounded per look and remembered while what they depend on stays, so that the service does not
 * seek as often as OM's clients. With {@code head.probe} off nothing is probed. Used by the service's thread.
 */
final class HeadProbes {
  /**
   * Most seeks a look probes per table, for the memtable and for the SSTs: each costs at most {@code
   * min.tombstones} skips (a few ms for 10,000), so a look stays far below its interval even on an OM with
   * thousands of buckets; OM's hot buckets are few, and the probes go in key order.
   */
  static final int MAX_PROBES = 64;
  /**
   * A memtable found with no crossing is probed again once it holds {@code min.tombstones / PROBE_STEP} more
   * deletes: a head gains at most one hidden entry per delete, so a crossing is seen at most a tenth of the bound
   * late. Probing at every look made the service seek as often as OM's clients (15,047 seeks against 7,110
   * without the service, seed load on a 10^7-key OM), and a probe's seek, which crosses up to the bound, counts in
   * OM's seek average like theirs.
   */
  static final int PROBE_STEP = 10;
  private static final byte[] TABLE_START = new byte[0];

  private final HeadProbe probe;
  private final CompactedSpans compactedSpans;
  /** The bound the probes' results below were found with: a reconfigured {@code min.tombstones} probes anew. */
  private long probedWithBound;
  /** The active memtable's deletes when a probe of the table's memtable last found no crossing. */
  private final Map<String, Long> probedAtDeletes = new HashMap<>();
  /** The SST probes of each table's latest index version. */
  private final Map<String, ProbedHeads> atHead = new HashMap<>();

  /** @param compactedSpans what the service compacted: where deletes were seen */
  HeadProbes(RocksDatabase db, CompactedSpans compactedSpans, RangeCompactionMetrics metrics) {
    this.probe = new HeadProbe(db, metrics);
    this.compactedSpans = compactedSpans;
  }

  /**
   * @param ranges the table's ranges, some of whose first keys are probed
   * @param deletes the deletes in the table's active memtable
   * @return whether the memtable's deletes are at a head: probed while the memtable holds {@code min.tombstones}
   *     deletes, again after each step of new deletes
   */
  boolean memtableDeletesAtHead(RangeCompactionConfig settings, RocksDatabase.ColumnFamily family,
      List<KeyRange> ranges, long deletes) throws IOException {
    long minTombstones = probeBound(settings);
    if (!settings.isHeadProbeEnabled() || deletes < minTombstones) {
      return false;
    }
    Long last = probedAtDeletes.get(family.getName());
    // Fewer deletes than at the last probe: a flush switched the memtable since.
    if (last != null && deletes >= last && deletes - last < Math.max(1, minTombstones / PROBE_STEP)) {
      return false;
    }
    boolean crosses = deletesAtHead(family, ranges, compactedSpans.ever(family.getName()), minTombstones);
    if (crosses) {
      probedAtDeletes.remove(family.getName());
    } else {
      probedAtDeletes.put(family.getName(), deletes);
    }
    return crosses;
  }

  /**
   * Probes the table's first key, then the first keys of the ranges where deletes were seen, until one crosses. A
   * range was seen taking deletes when its SSTs hold tombstones, or when the service compacted it (which dropped
   * them; {@link CompactedSpans}). In a range never seen so, such as a bucket only ever written, new deletes
   * show in its SSTs at the table's next flush and its head is probed from then on; probing it before only reads
   * blocks no reader wanted (on an OM with a 10^7-key cold bucket, most of a probe's seeks went there).
   */
  private boolean deletesAtHead(RocksDatabase.ColumnFamily family, List<KeyRange> ranges,
      List<KeySpan> compacted, long bound) throws IOException {
    if (probe.crosses(family, TABLE_START, bound)) {
      return true;
    }
    int probes = 0;
    for (int i = 0; i < ranges.size() && probes < MAX_PROBES; i++) {
      KeyRange range = ranges.get(i);
      if (range.getTombstones() > 0 || range.getSpan().overlapsAny(compacted)) {
        probes++;
        if (probe.crosses(family, range.getStart(), bound)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Probes the first key of each range whose SSTs hold at least {@code min.tombstones} tombstones (fewer cannot stop
   * a seek there for long), once per version of the table's SSTs; a range that a new version left as it was keeps
   * its result. A flush or compaction changes the ranges it wrote to, and re-probing all the others after each one
   * made most of the service's SST probes on a table with many dense ranges.
   *
   * @param version the version of the table's ranges in the range statistics
   * @return the indexes of the ranges where a seek to the first key crosses at least {@code min.tombstones}
   */
  BitSet tombstonesAtHead(RangeCompactionConfig settings, RocksDatabase.ColumnFamily family, long version,
      List<KeyRange> ranges) throws IOException {
    ProbedHeads previous = atHead.get(family.getName());
    if (previous != null && previous.version == version) {
      return previous.crossing;
    }
    ProbedHeads probed = new ProbedHeads(version, ranges.size());
    int probes = 0;
    long minTombstones = probeBound(settings);
    for (int i = 0; settings.isHeadProbeEnabled() && i < ranges.size(); i++) {
      KeyRange range = ranges.get(i);
      if (range.getTombstones() < minTombstones) {
        continue;
      }
      List<Object> identity = identity(range);
      Boolean crosses = previous == null ? null : previous.byRange.get(identity);
      if (crosses == null && probes < MAX_PROBES) {
        probes++;
        crosses = probe.crosses(family, range.getStart(), minTombstones);
      }
      if (crosses != null) {
        probed.byRange.put(identity, crosses);
        probed.crossing.set(i, crosses);
      }
    }
    atHead.put(family.getName(), probed);
    return probed.crossing;
  }

  /**
   * What a range's probe depends on, besides the memtable: where it starts and what its SSTs hold; not where it
   * ends, which moves when a range appears beside it.
   */
  private static List<Object> identity(KeyRange range) {
    return Arrays.asList(ByteBuffer.wrap(range.getStart()), range.getEntries(), range.getTombstones());
  }

  /**
   * @return {@code min.tombstones}, the probes' bound; when it was reconfigured, what the probes found with the old
   *     one is forgotten
   */
  private long probeBound(RangeCompactionConfig settings) {
    long bound = settings.getMinTombstones();
    if (bound != probedWithBound) {
      probedAtDeletes.clear();
      atHead.clear();
      probedWithBound = bound;
    }
    return bound;
  }

  /** The probes of one version of a table's ranges: by position, and by range for the next version. */
  private static final class ProbedHeads {
    private final long version;
    private final BitSet crossing;
    private final Map<List<Object>, Boolean> byRange = new HashMap<>();

    ProbedHeads(long version, int ranges) {
      this.version = version;
      this.crossing = new BitSet(ranges);
    }
  }
}
