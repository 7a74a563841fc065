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
 * The window of OM's client requests, read from the metrics source OM registers
 * for its client protocol (the same class and name as OzoneManager's), in a
 * real metrics system. The policy's judgement of a window is tested in
 * {@code TestRangeCompactionPolicy}.
 */
class TestForegroundLatency {
  /** Registered once: its counters are cumulative, and every read below opens its own window first. */
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
  void eachReadReturnsTheRequestsSinceThePreviousOne() {
    ForegroundLatency latency = new ForegroundLatency(DefaultMetricsSystem.instance());
    serve(Type.CreateKey, 1000, 2);
    assertThat(latency.read()).as("the first read only opens the window").isNull();

    serve(Type.CreateKey, 30, 80);
    serve(Type.ListKeys, 10, 40);
    ForegroundLatency.Window slow = latency.read();
    assertThat(slow.getRequests()).isEqualTo(40);
    assertThat(slow.getMeanMillis()).isEqualTo(70.0);
    assertThat(latency.totalRequests()).isEqualTo(1040);

    serve(Type.CreateKey, 30, 5);
    assertThat(latency.read().getMeanMillis()).as("the slow window is over").isEqualTo(5.0);
    ForegroundLatency.Window none = latency.read();
    assertThat(none.getRequests()).as("no request since").isZero();
    assertThat(none.getMeanMillis()).isZero();
  }

  @Test
  void withoutOmClientMetricsThereIsNoWindow() {
    ForegroundLatency latency = new ForegroundLatency(new MetricsSystemImpl());
    latency.read();
    serve(Type.CreateKey, 100, 500);
    assertThat(latency.read()).isNull();
  }

  private static void serve(Type type, long count, long millisEach) {
    for (int i = 0; i < count; i++) {
      REQUESTS.increment(type, millisEach);
    }
  }
}
