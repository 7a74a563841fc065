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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;

/**
 * The spans the service compacted, since each table's latest flush and at any time.
 *
 * <p>Only a flush brings new tombstones into a table (RocksDB's own compactions move or drop them), so a span
 * compacted since the latest flush is not worth compacting again: what the range statistics still estimate there is
 * an artefact of SSTs that only partly overlap it. This replaces fixed cool-downs: a busy table's spans qualify
 * again as soon as new deletes reach its SSTs, an idle table's never.
 *
 * <p>A span compacted at any time is where deletes were seen, such as a queue's head, and a memtable probe seeks its
 * head again. A flush that brings the span no delete, or whose count the index learns after the compaction (RocksDB
 * tells its listeners after the compaction may return), leaves its SSTs without a tombstone: remembered only since
 * the latest flush, the span was forgotten until RocksDB's next flush of the table. Used by one thread.
 */
final class CompactedSpans {
  /** Most spans remembered per table as compacted at any time, the newest kept: no look probes more heads. */
  static final int MAX_REMEMBERED = HeadProbes.MAX_PROBES;

  private final Map<String, List<KeySpan>> spans = new HashMap<>();
  private final Map<String, Long> flushesAt = new HashMap<>();
  private final Map<String, Deque<KeySpan>> remembered = new HashMap<>();

  /** @param flushes the table's flush count the compacted SSTs included */
  void compacted(String table, KeySpan span, long flushes) {
    sinceFlush(table, flushes).add(span);
    Deque<KeySpan> ever = remembered.computeIfAbsent(table, t -> new ArrayDeque<>());
    ever.removeIf(s -> Arrays.equals(s.getStart(), span.getStart()) && Arrays.equals(s.getEnd(), span.getEnd()));
    ever.addLast(span);
    if (ever.size() > MAX_REMEMBERED) {
      ever.removeFirst();
    }
  }

  /** @return the spans of the table compacted while its flush count was {@code flushes} */
  List<KeySpan> since(String table, long flushes) {
    return Collections.unmodifiableList(new ArrayList<>(sinceFlush(table, flushes)));
  }

  /** @return the spans of the table compacted at any time, at most {@link #MAX_REMEMBERED} */
  List<KeySpan> ever(String table) {
    Deque<KeySpan> ever = remembered.get(table);
    return ever == null ? Collections.<KeySpan>emptyList() : Collections.unmodifiableList(new ArrayList<>(ever));
  }

  private List<KeySpan> sinceFlush(String table, long flushes) {
    Long at = flushesAt.get(table);
    if (at == null || at != flushes) {
      flushesAt.put(table, flushes);
      spans.put(table, new ArrayList<>());
    }
    return spans.get(table);
  }
}
