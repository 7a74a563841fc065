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

import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The schedule of a run on a fake clock: one thread, replies of written-down lengths. */
class TestStepSchedule {

  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  /** A clock that only moves when the schedule sleeps or a reply takes time. */
  private static final class FakeClock implements StepSchedule.Clock {
    private long now = 1_000 * MS;

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleepNanos(long nanos) {
      now += nanos;
    }

    void advance(long nanos) {
      now += nanos;
    }
  }

  /** Runs one step per reply on one thread; @return each step's latency (ms) as the run counts it, or -1 if not. */
  private static List<Long> run(StepSchedule schedule, FakeClock clock, long... replyMs)
      throws InterruptedIOException {
    List<Long> latencies = new ArrayList<>();
    for (long reply : replyMs) {
      StepSchedule.Step step = schedule.next();
      clock.advance(reply * MS);
      latencies.add(step.counted() ? step.latencyNanos(step.dueNanos()) / MS : -1);
    }
    return latencies;
  }

  @Test
  void openLoopStepsAreDueOnTheirScheduleAndAStalledReplyDelaysEveryStepQueuedBehindIt() throws Exception {
    FakeClock clock = new FakeClock();
    long start = clock.nanoTime();
    StepSchedule schedule = new StepSchedule(100, 0, clock);
    // 10 ms apart; the third reply stalls for 55 ms: the steps due at 30..70 ms wait for it, one thread being busy
    List<Long> latencies = run(schedule, clock, 1, 1, 55, 1, 1, 1, 1, 1, 1);
    assertThat(latencies).containsExactly(1L, 1L, 55L, 46L, 37L, 28L, 19L, 10L, 1L);
    // the next step is due at 90 ms, whatever the replies did
    clock.advance(0);
    assertThat(schedule.next().dueNanos() - start).isEqualTo(90 * MS);
  }

  @Test
  void closedLoopStepsAreDueWhenTheThreadIsFree() throws Exception {
    FakeClock clock = new FakeClock();
    StepSchedule schedule = new StepSchedule(0, 0, clock);
    assertThat(run(schedule, clock, 1, 55, 1)).containsExactly(1L, 55L, 1L);
    assertThat(schedule.isOpenLoop()).isFalse();
    assertThat(schedule.isRateMet()).isTrue();
  }

  @Test
  void warmUpStepsRunButAreNotCounted() throws Exception {
    FakeClock clock = new FakeClock();
    StepSchedule schedule = new StepSchedule(100, 0.03, clock);
    assertThat(run(schedule, clock, 1, 1, 1, 1, 1)).containsExactly(-1L, -1L, -1L, 1L, 1L);
  }

  @Test
  void aScheduleKeptUpWithMeetsItsRateAndOneFallingBehindSaysSo() throws Exception {
    FakeClock clock = new FakeClock();
    StepSchedule kept = new StepSchedule(100, 0, clock);
    run(kept, clock, 5, 5, 5, 5, 5);
    assertThat(kept.achievedRate()).isEqualTo(100.0);
    assertThat(kept.isRateMet()).isTrue();
    assertThat(kept.describe())
        .isEqualTo("open loop, offered 100.0 ops/s: achieved 100.0 ops/s after a warm-up of 0 s");

    FakeClock slow = new FakeClock();
    StepSchedule behind = new StepSchedule(100, 0, slow);
    // replies of 20 ms on one thread: the steps start 20 ms apart, at half the offered rate
    run(behind, slow, 20, 20, 20, 20, 20);
    assertThat(behind.achievedRate()).isEqualTo(50.0);
    assertThat(behind.isRateMet()).isFalse();
    assertThat(behind.describe()).contains("achieved 50.0 ops/s", "short of the offered rate by more than 1%");
  }

  @Test
  void aBacklogOfTheWarmUpWorkedOffIsNotAFasterRate() throws Exception {
    FakeClock clock = new FakeClock();
    StepSchedule schedule = new StepSchedule(100, 0.02, clock);
    // the first (warm-up) reply stalls for 50 ms: the counted steps due at 20..50 ms start late, at 51..54 ms, and
    // the one due at 60 ms on time
    run(schedule, clock, 50, 1, 1, 1, 1, 1, 1);
    assertThat(schedule.achievedRate()).isEqualTo(100.0);
    assertThat(schedule.isRateMet()).isTrue();
  }

  @Test
  void fewerThanTwoCountedStepsGiveNoRate() throws Exception {
    FakeClock clock = new FakeClock();
    StepSchedule schedule = new StepSchedule(100, 0, clock);
    run(schedule, clock, 1);
    assertThat(schedule.achievedRate()).isNaN();
    assertThat(schedule.isRateMet()).isFalse();
  }
}
