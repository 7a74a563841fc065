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

import java.util.function.LongConsumer;

/**
 * The steps of a bulk scenario's burst, a client request each: the first fill, the others expire the oldest entries,
 * oldest first, as lifecycle expiry does, until those expired are 5/6 of those created. An expiring step deletes a key
 * (6/11 of the steps fill, 5/11 expire: at 110,000 steps 60,000 keys created, then 50,000 of them deleted), or a
 * directory tree of files (for trees of 16 files 96/101 fill and 5/101 expire: at 110,000 steps 104,554 files
 * created, then the oldest 5,446 trees, 87,136 files, deleted). Then OM's deleting services catch up, and the quiet
 * period begins ({@link QuietPeriod}).
 *
 * @param fillSteps the steps that fill
 * @param steps all steps of the burst
 */
record Burst(long fillSteps, long steps) {
  /** Of every 6 entries created, 5 expire. */
  private static final int CREATED = 6;
  private static final int EXPIRED = 5;

  /** @param perExpiry the entries an expiring step deletes: 1 key, or the files of a tree */
  static Burst of(long ops, int perExpiry) {
    return new Burst(ops * CREATED * perExpiry / ((long) CREATED * perExpiry + EXPIRED), ops);
  }

  /**
   * Takes step {@code step} (from 0): {@code fill} while the burst fills, else {@code expire} of the expiring step's
   * number (from 0, the oldest entries first); after the last step, {@code end}.
   */
  void take(long step, Runnable fill, LongConsumer expire, Runnable end) {
    if (step < fillSteps) {
      fill.run();
    } else {
      expire.accept(step - fillSteps);
    }
    if (step == steps - 1) {
      end.run();
    }
  }
}
