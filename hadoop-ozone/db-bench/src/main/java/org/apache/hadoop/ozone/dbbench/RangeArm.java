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
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionService;

/**
 * OM's range compaction: the real {@link RangeCompactionService} over the DB's real range statistics, with its
 * default configuration except where wall time meets the compressed clock:
 * <ul>
 *   <li>{@code runOnce()} is called every scaled {@code interval} (default 60 s: 900 runs per replay), in the
 *       replay's thread, so every arm sees the same operations between runs;</li>
 *   <li>{@code range.cooldown} (default 10 min, i.e. 10 intervals) is wall time inside the service. It is set to
 *       the same number of intervals of this replay: 10 times the wall time the first interval took;</li>
 *   <li>{@code pause.ratio} is 0: the pause after a compaction makes room for OM's foreground writes beside the
 *       service; here the writes wait for {@code runOnce()} anyway, so a pause would only add idle time.</li>
 * </ul>
 */
final class RangeArm implements Arm {
  private static final String PREFIX = "ozone.om.range.compaction.service.";

  private final OmDb db;
  private final RangeCompactionConfig defaults = new OzoneConfiguration().getObject(RangeCompactionConfig.class);
  private final long every;
  private final long startNanos = System.nanoTime();
  private RangeCompactionService service;
  private long nanos;
  private int runs;
  private int compacted;

  RangeArm(OmDb db, long ops) {
    this.db = db;
    this.every = Arm.scaledPeriod(ops, TimeUnit.MILLISECONDS.toSeconds(defaults.getIntervalMillis()));
  }

  @Override
  public void afterOperation(long done) throws IOException {
    if (done % every != 0) {
      return;
    }
    if (service == null) {
      service = new RangeCompactionService(db.metadata(), scaledConfig(System.nanoTime() - startNanos), "");
    }
    db.commit();
    long start = System.nanoTime();
    compacted += service.runOnce();
    runs++;
    nanos += System.nanoTime() - start;
  }

  private RangeCompactionConfig scaledConfig(long firstIntervalNanos) {
    long intervals = defaults.getRangeCooldownMillis() / defaults.getIntervalMillis();
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.setTimeDuration(PREFIX + "range.cooldown",
        Math.max(1, intervals * TimeUnit.NANOSECONDS.toMillis(firstIntervalNanos)), TimeUnit.MILLISECONDS);
    conf.set(PREFIX + "pause.ratio", "0");
    return conf.getObject(RangeCompactionConfig.class);
  }

  @Override
  public long compactionNanos() {
    return nanos;
  }

  /** @return service runs, and ranges compacted over all of them */
  @Override
  public String describe() {
    return runs + " runs, " + compacted + " ranges compacted";
  }

  @Override
  public void close() {
    if (service != null) {
      service.shutdown();
    }
  }
}
