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

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The quiet period of a bulk scenario: after the burst, {@code looks} looks on the range service's interval during
 * which no operation is written. At each look RocksDB's own background work gets its time first: the look waits,
 * in real time, while a flush or compaction is running or due, at most one interval; then the arm's
 * {@link Arm#quietLook} runs. The looks are on the replay's compressed clock, where an idle look takes microseconds
 * while RocksDB's compactions take real seconds; the wait gives RocksDB (in every arm, the native ones included) at
 * most the real time the quiet period would have given it, and no more than it needs.
 */
final class QuietPeriod {
  private static final long POLL_MILLIS = 5;
  private static final String COMPACT_READ = "COMPACT_READ_BYTES";
  private static final String COMPACT_WRITE = "COMPACT_WRITE_BYTES";

  private QuietPeriod() {
  }

  /** Runs the quiet period of {@code arm} on {@code db}. */
  static QuietResult run(BenchDb db, Arm arm, int looks, long lookMillis) throws IOException {
    db.commit();
    long readBefore = db.ticker(COMPACT_READ);
    long writeBefore = db.ticker(COMPACT_WRITE);
    int lastWork = 0;
    int lastBusy = 0;
    long waitedNanos = 0;
    for (int n = 1; n <= looks; n++) {
      long start = System.nanoTime();
      if (waitForBackgroundWork(db, lookMillis)) {
        lastBusy = n;
      }
      waitedNanos += System.nanoTime() - start;
      if (arm.quietLook(new Arm.QuietLook(n, looks, lookMillis))) {
        lastWork = n;
      }
    }
    return new QuietResult(looks, lookMillis, lastWork, lastBusy, waitedNanos / 1e9,
        db.ticker(COMPACT_READ) - readBefore, db.ticker(COMPACT_WRITE) - writeBefore, Map.of());
  }

  /** @return whether RocksDB had background work at the start; waits at most {@code millis} for it to end */
  private static boolean waitForBackgroundWork(BenchDb db, long millis) throws IOException {
    if (!db.backgroundWork()) {
      return false;
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    try {
      while (System.nanoTime() < deadline && db.backgroundWork()) {
        Thread.sleep(POLL_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("Interrupted while waiting for RocksDB's background work");
    }
    return true;
  }
}
