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

package org.apache.hadoop.ozone.freon.omkeybench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The percentiles of {@code --latency-csv}: nearest rank, as the 99th of 100 values is the 99th smallest. */
class TestIntervalLatencies {

  @Test
  void nearestRank() {
    long[] hundred = new long[100];
    for (int i = 0; i < hundred.length; i++) {
      hundred[i] = i + 1;
    }
    assertThat(IntervalLatencies.percentile(hundred, 0.5)).isEqualTo(50);
    assertThat(IntervalLatencies.percentile(hundred, 0.99)).isEqualTo(99);
    assertThat(IntervalLatencies.percentile(new long[] {7}, 0.99)).isEqualTo(7);
    assertThat(IntervalLatencies.percentile(new long[] {3, 9}, 0.5)).isEqualTo(3);
    assertThat(IntervalLatencies.percentile(new long[] {3, 9}, 0.99)).isEqualTo(9);
  }
}
