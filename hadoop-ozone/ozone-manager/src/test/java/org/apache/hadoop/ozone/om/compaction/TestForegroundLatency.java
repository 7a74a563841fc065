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

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hdds.utils.ProtocolMessageMetrics;
import org.apache.hadoop.metrics2.impl.MetricsSystemImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.protocol.proto.OzoneManagerProtocolProtos.Type;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The foreground latency check against the metrics source OM registers for its
 * client protocol (the same class and name as OzoneManager's), in a real
 * metrics system.
 */
class TestForegroundLatency {
  private static final long LIMIT_MILLIS = 50;
  private static final long MIN_REQUESTS = 20;

  /** Registered once: its counters are cumulative, and every check below opens its own window first. */
  private static final ProtocolMessageMetrics<Type> REQUESTS =
      ProtocolMessageMetrics.create(ForegroundLatency.SOURCE_NAME, "OM client protocol", Type.class);

  @BeforeAll
  static void register() {
    DefaultMetricsSystem.initialize("TestForegroundLatency");
    REQUESTS.register();
  }

  @AfterAll
  static void unregister() {
    REQUESTS.unregister();
    DefaultMetricsSystem.shutdown();
  }

  @Test
  void slowRequestsSinceThePreviousCheckAreAReasonToWait() {
    ForegroundLatency latency = latency(LIMIT_MILLIS);
    serve(Type.CreateKey, 1000, 2);
    assertThat(latency.reasonToWait()).as("the first check only opens the window").isNull();

    serve(Type.CreateKey, 30, 80);
    serve(Type.ListKeys, 10, 40);
    assertThat(latency.reasonToWait())
        .isEqualTo("OM's 40 latest client requests took 70.0 ms on average (limit 50 ms)");

    serve(Type.CreateKey, 30, 5);
    assertThat(latency.reasonToWait()).as("the slow window is over").isNull();
  }

  @Test
  void tooFewRequestsSayNothing() {
    ForegroundLatency latency = latency(LIMIT_MILLIS);
    latency.reasonToWait();
    serve(Type.ListKeys, MIN_REQUESTS - 1, 500);
    assertThat(latency.reasonToWait()).isNull();
  }

  @Test
  void zeroTurnsTheCheckOff() {
    ForegroundLatency latency = latency(0);
    latency.reasonToWait();
    serve(Type.CreateKey, 100, 500);
    assertThat(latency.reasonToWait()).isNull();
  }

  @Test
  void withoutOmClientMetricsThereIsNoReasonToWait() {
    ForegroundLatency latency = new ForegroundLatency(new MetricsSystemImpl(), LIMIT_MILLIS, MIN_REQUESTS);
    latency.reasonToWait();
    serve(Type.CreateKey, 100, 500);
    assertThat(latency.reasonToWait()).isNull();
  }

  private static ForegroundLatency latency(long limitMillis) {
    return new ForegroundLatency(DefaultMetricsSystem.instance(), limitMillis, MIN_REQUESTS);
  }

  private static void serve(Type type, long count, long millisEach) {
    for (int i = 0; i < count; i++) {
      REQUESTS.increment(type, millisEach);
    }
  }
}
