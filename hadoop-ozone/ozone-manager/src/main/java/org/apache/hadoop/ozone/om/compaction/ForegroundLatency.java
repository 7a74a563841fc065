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
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.MetricsTag;

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
    RequestTotals totals = new RequestTotals();
    source.getMetrics(totals, true);
    return new long[] {totals.requests, totals.millis};
  }

  /**
   * Sums the counters {@code counter} and {@code time} of a source's records (one per request type) as the source
   * adds them, through metrics2's public collector interfaces (its own collector is private to Hadoop); whatever
   * else the source adds is dropped.
   */
  private static final class RequestTotals extends MetricsRecordBuilder implements MetricsCollector {
    private long requests;
    private long millis;

    @Override
    public MetricsRecordBuilder addRecord(String name) {
      return this;
    }

    @Override
    public MetricsRecordBuilder addRecord(MetricsInfo info) {
      return this;
    }

    @Override
    public MetricsRecordBuilder addCounter(MetricsInfo info, long value) {
      if ("counter".equals(info.name())) {
        requests += value;
      } else if ("time".equals(info.name())) {
        millis += value;
      }
      return this;
    }

    @Override
    public MetricsRecordBuilder addCounter(MetricsInfo info, int value) {
      return addCounter(info, (long) value);
    }

    @Override
    public MetricsRecordBuilder tag(MetricsInfo info, String value) {
      return this;
    }

    @Override
    public MetricsRecordBuilder add(MetricsTag tag) {
      return this;
    }

    @Override
    public MetricsRecordBuilder add(AbstractMetric metric) {
      return this;
    }

    @Override
    public MetricsRecordBuilder setContext(String value) {
      return this;
    }

    @Override
    public MetricsRecordBuilder addGauge(MetricsInfo info, int value) {
      return this;
    }

    @Override
    public MetricsRecordBuilder addGauge(MetricsInfo info, long value) {
      return this;
    }

    @Override
    public MetricsRecordBuilder addGauge(MetricsInfo info, float value) {
      return this;
    }

    @Override
    public MetricsRecordBuilder addGauge(MetricsInfo info, double value) {
      return this;
    }

    @Override
    public MetricsCollector parent() {
      return this;
    }
  }
}
