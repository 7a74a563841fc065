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

import java.util.concurrent.TimeUnit;

/**
 * An arm's period on the replay's clock, where the run's operations stand for 15 hours: due every
 * {@link Arm#scaledPeriod} operations during the replay; then, through a quiet period (where no operation is written
 * and time passes in looks), due once the period has passed since the last run, so that the arm keeps its phase.
 */
final class Period {
  /** The 15 hours the replay stands for. */
  private static final long RUN_MILLIS = TimeUnit.HOURS.toMillis(15);

  private final long ops;
  private final long periodMillis;
  private final long every;
  /** When the arm last ran, in milliseconds of the run's clock. */
  private long lastRunMillis;

  /** @param ops the run's operations */
  Period(long ops, long periodMillis) {
    this.ops = ops;
    this.periodMillis = periodMillis;
    this.every = Arm.scaledPeriod(ops, TimeUnit.MILLISECONDS.toSeconds(periodMillis));
  }

  /** @return whether the arm is due after operation {@code done} of the replay */
  boolean dueAfter(long done) {
    if (done % every != 0) {
      return false;
    }
    lastRunMillis = millisAt(done);
    return true;
  }

  /** @return whether the arm is due at {@code look} of the quiet period that follows the replay */
  boolean dueAt(Arm.QuietLook look) {
    long now = millisAt(ops) + look.millisIn();
    if (now - lastRunMillis < periodMillis) {
      return false;
    }
    lastRunMillis = now;
    return true;
  }

  private long millisAt(long done) {
    return done * RUN_MILLIS / ops;
  }
}
