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
import java.io.InputStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig.Keys;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionMetrics;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionService;

/**
 * The real {@link RangeCompactionService} over the DB's real range statistics, {@code runOnce()} called every scaled
 * {@code interval} in the replay's thread, so that every arm sees the same operations between runs, and in a bulk
 * scenario's quiet period at each look its interval brings (every look by default). One setting
 * meets the compressed clock: {@code pause.ratio} is 0, since the pause after a compaction makes room for OM's
 * foreground writes beside the service, while here the writes wait for {@code runOnce()} anyway.
 *
 * <p>Two configurations: {@link #ours} (the defaults, or what {@code --range-conf} sets over them) and
 * {@link #prototype}, the prototype's published algorithm (apache/ozone#8178) expressed as settings of the same
 * service ({@code prototype-arm.properties}, which says what they cannot express), so that it costs no second
 * implementation.
 */
final class RangeArm implements Arm {
  /** Shared with scripts/ab-bench, which reads it from the source tree. */
  private static final String PROTOTYPE_SETTINGS = "/prototype-arm.properties";

  private final OmDb db;
  private final RangeCompactionConfig config;
  private final Period period;
  private RangeCompactionService service;
  private long nanos;
  private int runs;
  private int compacted;

  private RangeArm(OmDb db, long ops, Map<String, String> settings) {
    this.db = db;
    this.config = configuration(settings);
    this.period = new Period(ops, config.getIntervalMillis());
  }

  /**
   * @return the service's defaults, then {@code settings}, then {@code pause.ratio} 0
   * @throws IllegalArgumentException for a setting the service refuses (its message names the key)
   */
  static RangeCompactionConfig configuration(Map<String, String> settings) {
    OzoneConfiguration conf = new OzoneConfiguration();
    settings.forEach(conf::set);
    conf.set(Keys.PAUSE_RATIO, "0");
    return RangeCompactionConfig.from(conf);
  }

  /** The service as OM runs it by default, with {@code settings} ({@code --range-conf}) over the defaults. */
  static RangeArm ours(OmDb db, long ops, Map<String, String> settings) {
    return new RangeArm(db, ops, settings);
  }

  /** The prototype's algorithm, as {@code prototype-arm.properties} sets it, run every 60 s. */
  static RangeArm prototype(OmDb db, long ops) throws IOException {
    Properties settings = new Properties();
    try (InputStream in = RangeArm.class.getResourceAsStream(PROTOTYPE_SETTINGS)) {
      settings.load(in);
    }
    Map<String, String> conf = new HashMap<>();
    settings.forEach((key, value) -> conf.put((String) key, (String) value));
    conf.put(Keys.INTERVAL, "60s");
    return new RangeArm(db, ops, conf);
  }

  @Override
  public void afterOperation(long done) throws IOException {
    if (period.dueAfter(done)) {
      runOnce();
    }
  }

  /** A run at each look its interval brings, in phase with the replay's: every look at 1 s, every 60th at 60 s. */
  @Override
  public boolean quietLook(QuietLook look) throws IOException {
    return period.dueAt(look) && runOnce();
  }

  /** @return whether the run flushed or compacted */
  private boolean runOnce() throws IOException {
    if (service == null) {
      service = new RangeCompactionService(db.metadata(), config, "");
    }
    db.commit();
    RangeCompactionMetrics metrics = service.getMetrics();
    long before = metrics.getRangesCompacted() + metrics.getMemtableFlushes();
    long start = System.nanoTime();
    int ranges = service.runOnce();
    nanos += System.nanoTime() - start;
    compacted += ranges;
    runs++;
    return ranges > 0 || metrics.getRangesCompacted() + metrics.getMemtableFlushes() > before;
  }

  @Override
  public long compactionNanos() {
    return nanos;
  }

  /**
   * The service's runs split by its own metrics: compactions and memtable flushes (the RocksDB calls), the head
   * probes' seeks, and the rest of its looks (reading the statistics and RocksDB's properties, picking).
   */
  @Override
  public Map<String, Double> serviceSeconds() {
    if (service == null) {
      return null;
    }
    RangeCompactionMetrics metrics = service.getMetrics();
    double compactions = metrics.getCompactionMillis() / 1e3;
    double flushes = metrics.getFlushMillis() / 1e3;
    double probes = metrics.getHeadProbeMicros() / 1e6;
    Map<String, Double> seconds = new LinkedHashMap<>();
    seconds.put("looks", Math.max(0, nanos / 1e9 - compactions - flushes - probes));
    seconds.put("head probes", probes);
    seconds.put("compactions", compactions);
    seconds.put("memtable flushes", flushes);
    return seconds;
  }

  /**
   * @return service runs, and over all of them ranges compacted, the MB they read and wrote (the rest of the arm's
   *     compaction bytes are RocksDB's own), memtables flushed and runs ended for the budget
   */
  @Override
  public String describe() {
    if (service == null) {
      return runs + " runs";
    }
    RangeCompactionMetrics metrics = service.getMetrics();
    return String.format("%d runs, %d ranges compacted (read %.0f MB, wrote %.0f MB), %d memtables flushed, "
        + "%d runs ended for the budget", runs, compacted, metrics.getBytesRead() / 1e6,
        metrics.getBytesWritten() / 1e6, metrics.getMemtableFlushes(), metrics.getWaitedForBudget());
  }

  @Override
  public void close() {
    if (service != null) {
      service.shutdown();
    }
  }
}
