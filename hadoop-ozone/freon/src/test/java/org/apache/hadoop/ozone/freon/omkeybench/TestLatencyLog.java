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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --latency-log}: a line per recorded operation, from many threads, with its start and latency. */
class TestLatencyLog {

  private static final int THREADS = 4;
  private static final int PER_THREAD = 5000;

  @Test
  void everyRecordIsOneLineWithItsStartAndLatency(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("latency.log");
    long before = System.currentTimeMillis();
    try (LatencyLog log = LatencyLog.writeTo(file)) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        String op = t % 2 == 0 ? "CREATE" : "LIST";
        Thread thread = new Thread(() -> {
          for (int i = 0; i < PER_THREAD; i++) {
            log.record(op, System.nanoTime(), TimeUnit.MICROSECONDS.toNanos(1500 + i % 7));
          }
        });
        threads.add(thread);
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
      // The writer writes every WRITE_PERIOD_MILLIS on its own: the records are in the file before close(), so
      // that a run killed before its end keeps them. A bounded wait, for a loaded machine.
      long deadline = System.currentTimeMillis() + 10_000;
      while (completeLines(file) < 1 + THREADS * PER_THREAD && System.currentTimeMillis() < deadline) {
        Thread.sleep(LatencyLog.WRITE_PERIOD_MILLIS);
      }
      assertThat(completeLines(file)).isEqualTo(1 + THREADS * PER_THREAD);
      // The last record is written by close().
      log.record("DELETE", System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(30), 12_345_678);
    }
    long after = System.currentTimeMillis();
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).isEqualTo(LatencyLog.HEADER);
    Map<String, Integer> counts = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      assertThat(f).hasSize(3);
      long start = Long.parseLong(f[0]);
      assertThat(start).isBetween(before - 1000, after);
      counts.merge(f[1], 1, Integer::sum);
      if (!f[1].equals("DELETE")) {
        assertThat(Double.parseDouble(f[2])).isBetween(1.5, 1.506);
      }
    }
    assertThat(counts).containsEntry("CREATE", 2 * PER_THREAD).containsEntry("LIST", 2 * PER_THREAD)
        .containsEntry("DELETE", 1).hasSize(3);
    String last = lines.get(lines.size() - 1);
    assertThat(last).endsWith(",DELETE,12.345");
    assertThat(Long.parseLong(last.split(",")[0])).isBetween(before - 1000, after - 20);
  }

  @Test
  void millisecondsWithThreeDecimals() {
    assertThat(millis(0)).isEqualTo("0.000");
    assertThat(millis(999)).isEqualTo("0.000");
    assertThat(millis(1_000)).isEqualTo("0.001");
    assertThat(millis(12_345_678)).isEqualTo("12.345");
    assertThat(millis(3_050_000_000L)).isEqualTo("3050.000");
    assertThat(millis(7_080_000)).isEqualTo("7.080");
  }

  /** @return the lines of the file that end with a line break: a writer may be half-way through the next one */
  private static long completeLines(Path file) throws IOException {
    long lines = 0;
    for (byte b : Files.readAllBytes(file)) {
      if (b == '\n') {
        lines++;
      }
    }
    return lines;
  }

  private static String millis(long nanos) {
    StringBuilder sb = new StringBuilder();
    LatencyLog.appendMillis(sb, nanos);
    return sb.toString();
  }
}
