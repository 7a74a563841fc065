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

import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.impl.MetricsRecordImpl;

/**
 * Reads how long OM's clients waited for the requests they sent since the
 * previous read, so that a compaction can be put off rather than add to it.
 *
 * <p>It reads OM's client protocol metrics (source {@code OmClientProtocol}:
 * per request type, the number of requests and the sum of their server-side
 * durations, both cumulative) and returns the window since its previous read.
 * Cumulative sums make the window exact without resetting anything that /jmx
 * or /prom report.
 */
final class ForegroundLatency {
  /** The metrics source OzoneManager registers for its client protocol. */
  static final String SOURCE_NAME = "OmClientProtocol";

  private final MetricsSystem metricsSystem;
  private long requests = -1;
  private long millis;

  ForegroundLatency(MetricsSystem metricsSystem) {
    this.metricsSystem = metricsSystem;
  }

  /**
   * Closes the window that the previous call opened and opens the next one.
   *
   * @return the requests finished in the window, or null before the first window or without OM's source
   */
  Window read() {
    MetricsSource source = metricsSystem.getSource(SOURCE_NAME);
    if (source == null) {
      return null;
    }
    long[] totals = totals(source);
    boolean first = requests < 0;
    Window window = new Window(totals[0] - requests, totals[1] - millis);
    requests = totals[0];
    millis = totals[1];
    return first ? null : window;
  }

  /** @return the client requests OM finished since it started, over all request types; 0 without OM's source */
  long totalRequests() {
    MetricsSource source = metricsSystem.getSource(SOURCE_NAME);
    return source == null ? 0 : totals(source)[0];
  }

  /** Client requests finished in one window, over all request types. Immutable; the policy judges it. */
  static final class Window {
    private final long requests;
    private final long millis;

    /** @param millis the sum of the requests' server-side durations */
    Window(long requests, long millis) {
      this.requests = requests;
      this.millis = millis;
    }

    long getRequests() {
      return requests;
    }

    /** @return the mean server-side latency of the window's requests in milliseconds, 0 without requests */
    double getMeanMillis() {
      return requests == 0 ? 0 : (double) millis / requests;
    }
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
