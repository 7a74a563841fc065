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

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;

/**
 * The spans the service compacted since each table's latest flush. Only a
 * flush brings new tombstones into a table (RocksDB's own compactions move or
 * drop them), so a span compacted since is not worth compacting again: what the
 * range statistics still estimate there is an artefact of SSTs that only partly
 * overlap it. This replaces fixed cool-downs: a busy table's spans qualify again
 * as soon as new deletes reach its SSTs, an idle table's never. Used by one
 * thread.
 */
final class CompactedSpans {
  private final Map<String, List<KeySpan>> spans = new HashMap<>();
  private final Map<String, Long> flushesAt = new HashMap<>();

  /** @param flushes the table's flush count the compacted SSTs included */
  void compacted(String table, KeySpan span, long flushes) {
    sinceFlush(table, flushes).add(span);
  }

  /** @return the spans of the table compacted while its flush count was {@code flushes} */
  List<KeySpan> since(String table, long flushes) {
    return Collections.unmodifiableList(new ArrayList<>(sinceFlush(table, flushes)));
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
