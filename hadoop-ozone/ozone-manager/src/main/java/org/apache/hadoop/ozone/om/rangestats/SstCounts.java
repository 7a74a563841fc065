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

package org.apache.hadoop.ozone.om.rangestats;

import org.rocksdb.TableProperties;

/** The entry counts of one SST, from its table properties. Immutable. */
public final class SstCounts {
  private final long entries;
  private final long deletions;
  private final long rangeDeletions;

  SstCounts(long entries, long deletions, long rangeDeletions) {
    this.entries = entries;
    this.deletions = deletions;
    this.rangeDeletions = rangeDeletions;
  }

  static SstCounts of(TableProperties properties) {
    return new SstCounts(properties.getNumEntries(), properties.getNumDeletions(),
        properties.getNumRangeDeletions());
  }

  static SstCounts of(SstFile file) {
    return new SstCounts(file.getEntries(), file.getDeletions(), file.getRangeDeletions());
  }

  long getEntries() {
    return entries;
  }

  long getDeletions() {
    return deletions;
  }

  long getRangeDeletions() {
    return rangeDeletions;
  }
}
