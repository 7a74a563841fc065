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

/** A range chosen for compaction, with what compacting it reads. Immutable. */
public final class CompactionCandidate {
  private final KeyRange range;
  private final int files;
  private final long entries;
  private final long bytes;

  CompactionCandidate(KeyRange range, CompactionCost cost) {
    this.range = range;
    this.files = cost.getFiles();
    this.entries = cost.getEntries();
    this.bytes = cost.getBytes();
  }

  public KeyRange getRange() {
    return range;
  }

  /** @return the SSTs the compaction reads */
  public int getFiles() {
    return files;
  }

  /** @return the entries the compaction reads */
  public long getEntries() {
    return entries;
  }

  /** @return the bytes the compaction reads */
  public long getBytes() {
    return bytes;
  }

  @Override
  public String toString() {
    return range + " reads " + files + " SSTs, " + entries + " entries, " + bytes + " bytes";
  }
}
