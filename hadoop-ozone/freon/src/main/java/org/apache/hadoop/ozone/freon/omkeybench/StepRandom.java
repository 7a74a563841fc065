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

/**
 * Stateless, reproducible random numbers: the value for (seed, step, stream) is always the same, whatever thread
 * runs the step, so {@code --seed} fixes the operation mix of a run.
 */
final class StepRandom {

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private StepRandom() {
  }

  /** SplitMix64 finalizer of seed, step and stream. */
  static long next(long seed, long step, int stream) {
    long z = seed + (step + 1) * GOLDEN + stream * 0xD1B54A32D192ED03L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
