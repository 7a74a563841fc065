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

package org.apache.hadoop.ozone.dbbench;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.om.OMConfigKeys;

/**
 * Upstream's CompactionService as the seed ran it ({@code ozone.om.compaction.service.run.interval=1h}): every
 * period, each of its default column families in turn is compacted whole, exclusive, bottommost level forced
 * ({@link OmDb#compactFully}, like {@code CompactDBUtil#compactTable}). Its tables are read from
 * {@code ozone.om.compaction.service.columnfamilies} as OM would (openKeyTable and openFileTable are not among
 * them).
 */
final class FullArm implements Arm {
  /** The seed's run.interval. */
  static final long PERIOD_SECONDS = 3600;

  private final OmDb db;
  private final Period period;
  private final List<String> tables;
  private long nanos;

  FullArm(OmDb db, long ops) {
    this.db = db;
    this.period = new Period(ops, TimeUnit.SECONDS.toMillis(PERIOD_SECONDS));
    this.tables = List.of(new OzoneConfiguration().getTrimmedStrings(
        OMConfigKeys.OZONE_OM_COMPACTION_SERVICE_COLUMNFAMILIES,
        OMConfigKeys.OZONE_OM_COMPACTION_SERVICE_COLUMNFAMILIES_DEFAULT));
  }

  @Override
  public void afterOperation(long done) throws IOException {
    if (period.dueAfter(done)) {
      compactAll();
    }
  }

  /**
   * The hourly schedule goes on through the quiet period: the tables are compacted at the look where an hour has
   * passed since the last run, so a quiet period shorter than an hour holds one run only if it crosses the hour.
   */
  @Override
  public boolean quietLook(QuietLook look) throws IOException {
    if (!period.dueAt(look)) {
      return false;
    }
    compactAll();
    return true;
  }

  private void compactAll() throws IOException {
    db.commit();
    long start = System.nanoTime();
    for (String table : tables) {
      db.compactFully(table);
    }
    nanos += System.nanoTime() - start;
  }

  @Override
  public long compactionNanos() {
    return nanos;
  }

  @Override
  public void close() {
  }
}
