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

import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.Keys;

/**
 * A range chosen for compaction, with the work compacting it takes: every SST
 * overlapping the range at any level, which the compaction reads and rewrites
 * whole. Immutable.
 */
public final class CompactionCandidate {
  private final KeyRange range;
  private final int files;
  private final long entries;
  private final long bytes;

  CompactionCandidate(KeyRange range, int files, long entries, long bytes) {
    this.range = range;
    this.files = files;
    this.entries = entries;
    this.bytes = bytes;
  }

  public KeyRange getRange() {
    return range;
  }

  /** @return the SSTs the compaction reads */
  public int getFiles() {
    return files;
  }

  /** @return the entries of the SSTs the compaction reads */
  public long getEntries() {
    return entries;
  }

  /** @return the bytes of the SSTs the compaction reads */
  public long getBytes() {
    return bytes;
  }

  /** @return a stable name of the range, for cool-downs and logs */
  public String getKey() {
    return key(range);
  }

  static String key(KeyRange range) {
    return range.getTable() + ":" + Keys.printable(range.getStart());
  }

  @Override
  public String toString() {
    return range + " reads " + files + " SSTs, " + entries + " entries, " + bytes + " bytes";
  }
}
