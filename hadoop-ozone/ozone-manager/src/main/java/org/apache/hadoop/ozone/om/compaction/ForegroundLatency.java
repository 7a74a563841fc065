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

import java.util.Locale;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.impl.MetricsRecordImpl;

/**
 * Tells whether OM's clients currently wait long for their requests, so that
 * a compaction is put off rather than adding to their latency.
 *
 * <p>It reads OM's client protocol metrics (source {@code OmClientProtocol}:
 * per request type, the number of requests and the sum of their server-side
 * durations, both cumulative) and judges the mean latency of the requests
 * finished since its previous check. Cumulative sums make the window exact
 * without resetting anything that /jmx or /prom report. Too few requests in a
 * window (an idle OM) never count as high latency.
 */
final class ForegroundLatency {
  /** The metrics source OzoneManager registers for its client protocol. */
  static final String SOURCE_NAME = "OmClientProtocol";

  private final MetricsSystem metricsSystem;
  private final long limitMillis;
  private final long minRequests;
  private long requests = -1;
  private long millis;

  /**
   * @param limitMillis mean latency from which clients count as waiting long; 0 turns the check off
   * @param minRequests fewest requests in a window for its mean to count
   */
  ForegroundLatency(MetricsSystem metricsSystem, long limitMillis, long minRequests) {
    this.metricsSystem = metricsSystem;
    this.limitMillis = limitMillis;
    this.minRequests = minRequests;
  }

  /**
   * Closes the window that the previous call opened and opens the next one.
   *
   * @return why no compaction should start now, or null if clients are served fast (or nothing is known yet)
   */
  String reasonToWait() {
    MetricsSource source = limitMillis > 0 ? metricsSystem.getSource(SOURCE_NAME) : null;
    if (source == null) {
      return null;
    }
    long[] totals = totals(source);
    boolean first = requests < 0;
    long windowRequests = totals[0] - requests;
    long windowMillis = totals[1] - millis;
    requests = totals[0];
    millis = totals[1];
    if (first || windowRequests < minRequests) {
      return null;
    }
    double mean = (double) windowMillis / windowRequests;
    return mean >= limitMillis ? String.format(Locale.ROOT, "OM's %d latest client requests took %.1f ms on average "
        + "(limit %d ms)", windowRequests, mean, limitMillis) : null;
  }

  /** @return the number of requests and the sum of their durations in milliseconds, over all request types */
  private static long[] totals(MetricsSource source) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    source.getMetrics(collector, true);
    long[] totals = new long[2];
    for (MetricsRecordImpl record : collector.getRecords()) {
      for (AbstractMetric metric : record.metrics()) {
        if ("counter".equals(metric.name())) {
          totals[0] += metric.value().longValue();
        } else if ("time".equals(metric.name())) {
          totals[1] += metric.value().longValue();
        }
      }
    }
    return totals;
  }
}
