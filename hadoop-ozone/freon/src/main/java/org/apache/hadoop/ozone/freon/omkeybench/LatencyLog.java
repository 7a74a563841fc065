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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every completed operation's latency ({@code --latency-log}): one CSV line per operation, its start as Unix
 * milliseconds, its name and its latency in milliseconds. The load's threads only append three numbers to a buffer
 * under a short lock; a background writer swaps the buffer out every {@link #WRITE_PERIOD_MILLIS} and formats and
 * writes it, so the file costs the load neither formatting nor I/O. Lines are in the order operations completed.
 * A harness can then cut the run into blocks of any length and take exact percentiles per block.
 */
final class LatencyLog implements Closeable {

  private static final Logger LOG = LoggerFactory.getLogger(LatencyLog.class);

  static final String HEADER = "start_unix_ms,operation,latency_ms";
  static final long WRITE_PERIOD_MILLIS = 200;

  private final BufferedWriter out;
  private final Thread writer;
  /** Operation names by index; an operation's index is assigned on first use. */
  private final List<String> names = new ArrayList<>();
  /** Wall clock and monotonic clock read together once: starts are converted from nanoTime with them. */
  private final long baseUnixMillis;
  private final long baseNanos;
  /** Counted down by {@link #close()}. The writer is never interrupted: that would close the file's channel. */
  private final CountDownLatch closing = new CountDownLatch(1);
  private Buffer current = new Buffer();

  private LatencyLog(Path file) throws IOException {
    out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(HEADER);
    out.write('\n');
    out.flush();
    baseUnixMillis = System.currentTimeMillis();
    baseNanos = System.nanoTime();
    writer = new Thread(this::writeLoop, "omkeybench-latency-log");
    writer.setDaemon(true);
    writer.start();
  }

  /** @return a log writing to {@code file} (created or truncated) */
  static LatencyLog writeTo(Path file) throws IOException {
    return new LatencyLog(file);
  }

  /**
   * Records one completed operation.
   *
   * @param operation its name
   * @param startNanos {@link System#nanoTime()} when it was sent
   * @param nanos its latency
   */
  void record(String operation, long startNanos, long nanos) {
    synchronized (this) {
      int op = names.indexOf(operation);
      if (op < 0) {
        names.add(operation);
        op = names.size() - 1;
      }
      current.add(startNanos, op, nanos);
    }
  }

  private void writeLoop() {
    while (true) {
      try {
        if (closing.await(WRITE_PERIOD_MILLIS, TimeUnit.MILLISECONDS)) {
          return;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      try {
        drain();
      } catch (IOException e) {
        // the load goes on; the log misses these lines (the harness compares its counts with the summary's)
        LOG.warn("Cannot write to the latency log", e);
      }
    }
  }

  /** Writes what was recorded since the last call; called by the writer, and by {@link #close()} after it ended. */
  private void drain() throws IOException {
    Buffer full;
    String[] opNames;
    synchronized (this) {
      full = current;
      current = new Buffer();
      opNames = names.toArray(new String[0]);
    }
    StringBuilder line = new StringBuilder(64);
    for (int i = 0; i < full.size; i++) {
      line.setLength(0);
      line.append(baseUnixMillis + (full.starts[i] - baseNanos) / 1_000_000).append(',')
          .append(opNames[full.ops[i]]).append(',');
      appendMillis(line, full.nanos[i]);
      line.append('\n');
      out.append(line);
    }
    out.flush();
  }

  /** Milliseconds with three decimals (microseconds), without String.format. */
  static void appendMillis(StringBuilder sb, long nanos) {
    long micros = Math.max(0, nanos) / 1000;
    long frac = micros % 1000;
    sb.append(micros / 1000).append('.');
    if (frac < 100) {
      sb.append('0');
    }
    if (frac < 10) {
      sb.append('0');
    }
    sb.append(frac);
  }

  /** Ends the writer and writes what is left. */
  @Override
  public void close() throws IOException {
    closing.countDown();
    try {
      writer.join(60_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    drain();
    out.close();
  }

  /** Parallel arrays of primitives: a second holds thousands of operations, objects would be most of the memory. */
  private static final class Buffer {
    private long[] starts = new long[1024];
    private long[] nanos = new long[1024];
    private int[] ops = new int[1024];
    private int size;

    void add(long start, int op, long latency) {
      if (size == starts.length) {
        starts = Arrays.copyOf(starts, size * 2);
        nanos = Arrays.copyOf(nanos, size * 2);
        ops = Arrays.copyOf(ops, size * 2);
      }
      starts[size] = start;
      ops[size] = op;
      nanos[size] = latency;
      size++;
    }
  }
}
