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
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** OM's activity as the service sees it, from its two counters at each look, on written-down looks. */
class TestActivityWatch {

  @Test
  void ratesArePerSecondOfEachLookThePeakOverTheWindowAndTheRecentAverageOverTenWindows() {
    ActivityWatch watch = new ActivityWatch();
    // The first look only starts the counting.
    OmActivity first = watch.look(3, true, 1_000, 50_000, 0, 0, 0);
    assertThat(first.getLooks()).isZero();
    assertThat(first.getPeakRequestRate()).isZero();

    // 100 requests and 1,000 writes in half a second.
    OmActivity busy = watch.look(3, true, 1_100, 51_000, 500, 2, 7);
    assertThat(busy.getLooks()).isEqualTo(1);
    assertThat(busy.getPeakRequestRate()).isEqualTo(200);
    assertThat(busy.getPeakWriteRate()).isEqualTo(2_000);
    // The recent average moves a thirtieth of the way (ten windows of three looks) towards each look's rate.
    assertThat(busy.getRecentRequestRate()).isCloseTo(200.0 / 30, within(1e-9));
    assertThat(busy.getRunningJobs()).isEqualTo(2);
    assertThat(busy.getPendingCompactionBytes()).isEqualTo(7);
    assertThat(busy.isLeader()).isTrue();

    // Three quiet looks push the busy one out of the window; the recent average remembers it.
    OmActivity quiet = null;
    for (int i = 1; i <= 3; i++) {
      quiet = watch.look(3, false, 1_100, 51_000, 500 + 1_000 * i, 0, 0);
    }
    assertThat(quiet.getLooks()).isEqualTo(3);
    assertThat(quiet.getPeakRequestRate()).isZero();
    assertThat(quiet.getPeakWriteRate()).isZero();
    assertThat(quiet.getRecentWriteRate()).isCloseTo(2_000.0 / 30 * Math.pow(29.0 / 30, 3), within(1e-9));
    assertThat(quiet.isLeader()).isFalse();

    // One busy look is the window's peak at once.
    OmActivity back = watch.look(3, false, 1_105, 51_000, 4_500, 0, 0);
    assertThat(back.getPeakRequestRate()).isEqualTo(5);

    // A window reconfigured shorter keeps its newest looks.
    OmActivity shorter = watch.look(1, false, 1_105, 51_000, 5_500, 0, 0);
    assertThat(shorter.getLooks()).isEqualTo(1);
    assertThat(shorter.getPeakRequestRate()).isZero();
  }
}
