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

import java.util.Objects;
import org.rocksdb.TableProperties;

/**
 * Entry counts of SST data, from the table properties of one SST or estimated for a key range. Immutable.
 */
public final class SstCounts {
  private final long entries;
  private final long deletions;
  private final long rangeDeletions;

  /**
   * @param entries all point entries, puts and deletions (RocksDB's num_entries)
   * @param deletions point deletions (tombstones) among the entries
   * @param rangeDeletions range tombstones, counted apart from the entries
   */
  public SstCounts(long entries, long deletions, long rangeDeletions) {
    this.entries = entries;
    this.deletions = deletions;
    this.rangeDeletions = rangeDeletions;
  }

  static SstCounts of(TableProperties properties) {
    return new SstCounts(properties.getNumEntries(), properties.getNumDeletions(),
        properties.getNumRangeDeletions());
  }

  public long getEntries() {
    return entries;
  }

  public long getDeletions() {
    return deletions;
  }

  public long getRangeDeletions() {
    return rangeDeletions;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof SstCounts)) {
      return false;
    }
    SstCounts that = (SstCounts) o;
    return entries == that.entries && deletions == that.deletions && rangeDeletions == that.rangeDeletions;
  }

  @Override
  public int hashCode() {
    return Objects.hash(entries, deletions, rangeDeletions);
  }

  @Override
  public String toString() {
    return "entries=" + entries + " deletions=" + deletions + " rangeDeletions=" + rangeDeletions;
  }
}
