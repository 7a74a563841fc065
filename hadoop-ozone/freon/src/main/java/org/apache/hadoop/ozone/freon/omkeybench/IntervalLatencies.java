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

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Client latency per operation and interval ({@code --latency-csv}): at the end of every interval, one CSV line per
 * operation that OM completed in it, with the count and the exact percentiles of that interval alone. A chart can
 * then put the client's p99 next to what OM did at the same moment (a full compaction, a stall). Freon's timers
 * cannot: their reservoirs mix the whole run.
 */
final class IntervalLatencies implements Closeable {

  private static final Logger LOG = LoggerFactory.getLogger(IntervalLatencies.class);

  static final String HEADER = "unix_time,operation,count,p50_ms,p99_ms,max_ms";

  private final BufferedWriter out;
  private final ScheduledExecutorService ticker;
  /** Latencies in nanoseconds of the current interval, by operation; replaced at every tick. */
  private Map<String, LongList> current = new TreeMap<>();

  private IntervalLatencies(Path file, long intervalMillis) throws IOException {
    out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(HEADER);
    out.write('\n');
    out.flush();
    ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "omkeybench-latency-csv");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleAtFixedRate(this::tick, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
  }

  /** @return a recorder writing to {@code file} every {@code intervalMillis} */
  static IntervalLatencies writeTo(Path file, long intervalMillis) throws IOException {
    return new IntervalLatencies(file, intervalMillis);
  }

  synchronized void record(String operation, long nanos) {
    current.computeIfAbsent(operation, k -> new LongList()).add(nanos);
  }

  private void tick() {
    Map<String, LongList> ended;
    synchronized (this) {
      ended = current;
      current = new TreeMap<>();
    }
    try {
      write(System.currentTimeMillis(), ended);
    } catch (IOException e) {
      // the load goes on; the CSV misses this interval
      LOG.warn("Cannot write the latencies of an interval to the latency CSV", e);
    }
  }

  /** Called by the ticker, then once by {@link #close()} after the ticker ended: never at the same time. */
  private void write(long unixMillis, Map<String, LongList> interval) throws IOException {
    for (Map.Entry<String, LongList> e : interval.entrySet()) {
      long[] sorted = e.getValue().sorted();
      out.write(String.format(Locale.ROOT, "%.3f,%s,%d,%.3f,%.3f,%.3f%n", unixMillis / 1e3, e.getKey(),
          sorted.length, millis(percentile(sorted, 0.5)), millis(percentile(sorted, 0.99)),
          millis(sorted[sorted.length - 1])));
    }
    out.flush();
  }

  /** Nearest rank: the smallest value with at least {@code fraction} of the values at or below it. */
  static long percentile(long[] sorted, double fraction) {
    int rank = (int) Math.ceil(fraction * sorted.length);
    return sorted[Math.max(rank, 1) - 1];
  }

  private static double millis(long nanos) {
    return nanos / 1e6;
  }

  /** Ends the ticker and writes the last, partial interval. */
  @Override
  public void close() throws IOException {
    ticker.shutdownNow();
    try {
      ticker.awaitTermination(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Map<String, LongList> last;
    synchronized (this) {
      last = current;
      current = new TreeMap<>();
    }
    write(System.currentTimeMillis(), last);
    out.close();
  }

  /** A growable array of longs: an interval holds thousands of latencies, boxed Longs would be most of its memory. */
  private static final class LongList {
    private long[] values = new long[256];
    private int size;

    void add(long value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    long[] sorted() {
      long[] copy = Arrays.copyOf(values, size);
      Arrays.sort(copy);
      return copy;
    }
  }
}
