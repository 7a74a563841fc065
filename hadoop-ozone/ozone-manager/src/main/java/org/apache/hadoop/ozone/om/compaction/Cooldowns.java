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
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.Keys;

/**
 * Key spans compacted recently. Ranges are cut anew from the SSTs after every
 * compaction, so a range's start key does not identify it across runs: a range
 * cools down while it overlaps any span of its table compacted within the
 * cool-down. Used by one thread.
 */
final class Cooldowns {
  private final long cooldownMillis;
  private final List<Span> spans = new ArrayList<>();

  Cooldowns(long cooldownMillis) {
    this.cooldownMillis = cooldownMillis;
  }

  void compacted(KeyRange range, long now) {
    spans.add(new Span(range.getTable(), range.getStart(), range.getEnd(), now));
  }

  boolean isCooling(KeyRange range, long now) {
    for (Iterator<Span> it = spans.iterator(); it.hasNext();) {
      Span span = it.next();
      if (now - span.time >= cooldownMillis) {
        it.remove();
      } else if (span.table.equals(range.getTable()) && span.overlaps(range)) {
        return true;
      }
    }
    return false;
  }

  private static final class Span {
    private final String table;
    private final byte[] start;
    private final byte[] end;
    private final long time;

    Span(String table, byte[] start, byte[] end, long time) {
      this.table = table;
      this.start = start;
      this.end = end;
      this.time = time;
    }

    boolean overlaps(KeyRange range) {
      byte[] otherEnd = range.getEnd();
      return (end == null || Keys.compare(range.getStart(), end) < 0)
          && (otherEnd == null || Keys.compare(start, otherEnd) < 0);
    }
  }
}
