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

import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When each step of a run is due, and which steps its figures count. Closed loop (no {@code --rate}): a step is due
 * when a thread is free to run it. Open loop ({@code --rate R}): step i is due at the run's start plus i / R, whatever
 * the replies, and its latency counts from then, so that a reply OM holds back shows in every operation queued behind
 * it rather than slowing the arrivals (coordinated omission). Steps due within the first {@code --warmup} seconds run
 * but are left out of the figures. The achieved rate is the counted steps over the time from when the first was due
 * to when the last actually started: a backlog the warm-up left, once worked off, does not count as a faster rate,
 * and a client that falls behind starts its last steps late.
 */
final class StepSchedule {

  /** A run whose achieved rate is this much below the offered one did not carry the offered load. */
  static final double RATE_TOLERANCE = 0.01;

  /** The clock a schedule reads and waits on; tests give a fake one. */
  interface Clock {
    long nanoTime();

    void sleepNanos(long nanos) throws InterruptedException;
  }

  static final Clock SYSTEM_CLOCK = new Clock() {
    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
      TimeUnit.NANOSECONDS.sleep(nanos);
    }
  };

  /** One step: its number, when it was due and whether the run's figures count it. */
  static final class Step {
    private final long index;
    private final long dueNanos;
    private final boolean counted;
    private final Clock clock;

    private Step(long index, long dueNanos, boolean counted, Clock clock) {
      this.index = index;
      this.dueNanos = dueNanos;
      this.counted = counted;
      this.clock = clock;
    }

    long index() {
      return index;
    }

    long dueNanos() {
      return dueNanos;
    }

    boolean counted() {
      return counted;
    }

    /** @return the latency of an operation of this step that began at {@code since} and has its reply now */
    long latencyNanos(long since) {
      return clock.nanoTime() - since;
    }
  }

  private final Clock clock;
  /** Operations per second; 0 for a closed loop. */
  private final double rate;
  private final long startNanos;
  private final long warmupNanos;
  private final AtomicLong next = new AtomicLong();
  /** Guarded by this: the counted steps' number, the first one's due time and the latest actual start. */
  private long counted;
  private long firstDue;
  private long lastStart;

  /**
   * @param rate operations per second, 0 for a closed loop
   * @param warmupSeconds how long from the start the run's figures leave out
   */
  StepSchedule(double rate, double warmupSeconds, Clock clock) {
    this.clock = clock;
    this.rate = rate;
    this.warmupNanos = (long) (warmupSeconds * 1e9);
    this.startNanos = clock.nanoTime();
  }

  /** Takes the next step and waits until it is due. */
  Step next() throws InterruptedIOException {
    long index = next.getAndIncrement();
    long due = rate > 0 ? startNanos + (long) (index * 1e9 / rate) : clock.nanoTime();
    try {
      for (long wait = due - clock.nanoTime(); wait > 0; wait = due - clock.nanoTime()) {
        clock.sleepNanos(wait);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for step " + index);
    }
    boolean isCounted = due - startNanos >= warmupNanos;
    if (isCounted) {
      started(due, clock.nanoTime());
    }
    return new Step(index, due, isCounted, clock);
  }

  private synchronized void started(long due, long nanos) {
    firstDue = counted == 0 ? due : Math.min(firstDue, due);
    lastStart = counted == 0 ? nanos : Math.max(lastStart, nanos);
    counted++;
  }

  boolean isOpenLoop() {
    return rate > 0;
  }

  double offeredRate() {
    return rate;
  }

  double warmupSeconds() {
    return warmupNanos / 1e9;
  }

  /** @return the counted steps per second from the first one's due time to the last one's start; NaN below two */
  synchronized double achievedRate() {
    return counted < 2 || lastStart <= firstDue ? Double.NaN : (counted - 1) * 1e9 / (lastStart - firstDue);
  }

  /** @return whether the counted steps started at the offered rate, within {@link #RATE_TOLERANCE}; closed: true */
  boolean isRateMet() {
    return !isOpenLoop() || achievedRate() >= rate * (1 - RATE_TOLERANCE);
  }

  /** @return one line on the load the run offered and carried */
  String describe() {
    String achieved = String.format("achieved %.1f ops/s after a warm-up of %.0f s", achievedRate(),
        warmupSeconds());
    if (!isOpenLoop()) {
      return "closed loop: " + achieved;
    }
    String line = String.format("open loop, offered %.1f ops/s: %s", rate, achieved);
    return isRateMet() ? line : line + String.format(", short of the offered rate by more than %.0f%%: its latencies "
        + "are not those of the offered load (more threads, or a lower --rate)", RATE_TOLERANCE * 100);
  }
}
