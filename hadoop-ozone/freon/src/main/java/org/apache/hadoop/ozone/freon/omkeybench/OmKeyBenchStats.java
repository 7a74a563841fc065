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

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Exact counters of an {@code omkeybench} run, safe under concurrency, and its one-line progress status:
 * {@code live=L/M created=C deleted=D [LIMIT_REACHED] CREATE: rate R max X DELETE: rate R max X ...}.
 */
final class OmKeyBenchStats {

  private final Map<OmKeyBenchOp, OpCounters> ops = new EnumMap<>(OmKeyBenchOp.class);
  private final AtomicLong created = new AtomicLong();
  private final AtomicLong deleted = new AtomicLong();
  private final AtomicLong untrackedCreated = new AtomicLong();
  private final AtomicLong listed = new AtomicLong();
  private final LiveSet<?> live;
  private long lastSampleNanos = -1;

  /** Counters of one operation. */
  static final class OpCounters {
    private final AtomicLong succeeded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private long lastSucceeded;
    private long lastRate;
    private long maxRate;

    /** Operations that OM completed, a target already gone (KEY_NOT_FOUND) included. */
    long succeeded() {
      return succeeded.get();
    }

    /** Operations that OM (or the client) failed. */
    long failed() {
      return failed.get();
    }

    /** Operations that had nothing to do (no tracked key or directory, or its directory was gone), so sent nothing. */
    long skipped() {
      return skipped.get();
    }

    long total() {
      return succeeded() + failed() + skipped();
    }

    void succeed() {
      succeeded.incrementAndGet();
    }

    void fail() {
      failed.incrementAndGet();
    }

    void skip() {
      skipped.incrementAndGet();
    }
  }

  /**
   * @param weights the operations shown (those with a positive weight)
   * @param live the tracked keys
   */
  OmKeyBenchStats(OpWeights weights, LiveSet<?> live) {
    for (OmKeyBenchOp op : OmKeyBenchOp.values()) {
      if (weights.uses(op)) {
        ops.put(op, new OpCounters());
      }
    }
    this.live = live;
  }

  OpCounters op(OmKeyBenchOp op) {
    return ops.get(op);
  }

  Map<OmKeyBenchOp, OpCounters> ops() {
    return ops;
  }

  /** Keys created in the bucket. */
  long created() {
    return created.get();
  }

  /** Keys deleted from the bucket (single deletes, deletes of untracked keys, keys of deleted directories). */
  long deleted() {
    return deleted.get();
  }

  /** Keys created while the live set was full. */
  long untrackedCreated() {
    return untrackedCreated.get();
  }

  /** Entries returned by LIST operations. */
  long listed() {
    return listed.get();
  }

  void addListed(long n) {
    listed.addAndGet(n);
  }

  void addCreated() {
    created.incrementAndGet();
  }

  void addDeleted(long n) {
    deleted.addAndGet(n);
  }

  void addUntracked() {
    untrackedCreated.incrementAndGet();
  }

  int live() {
    return live.size();
  }

  int maxLive() {
    return live.capacity();
  }

  /** Sum over operations of succeeded, failed and skipped. */
  long totalOps() {
    long t = 0;
    for (OpCounters c : ops.values()) {
      t += c.total();
    }
    return t;
  }

  long totalFailures() {
    long t = 0;
    for (OpCounters c : ops.values()) {
      t += c.failed();
    }
    return t;
  }

  /**
   * Updates the per-operation rates (successful operations per second since the previous call) and returns the
   * progress line. Called by one thread at a time (the progress reporter).
   */
  synchronized String sampleStatus(long nowNanos) {
    double seconds = lastSampleNanos < 0 ? 0 : (nowNanos - lastSampleNanos) / 1e9;
    for (OpCounters c : ops.values()) {
      long s = c.succeeded();
      if (seconds > 0) {
        c.lastRate = Math.round((s - c.lastSucceeded) / seconds);
        c.maxRate = Math.max(c.maxRate, c.lastRate);
      }
      c.lastSucceeded = s;
    }
    lastSampleNanos = nowNanos;
    return status();
  }

  /** The progress line with the rates of the last {@link #sampleStatus}. */
  synchronized String status() {
    int l = live();
    StringBuilder sb = new StringBuilder();
    sb.append("live=").append(l).append('/').append(maxLive())
        .append(" created=").append(created()).append(" deleted=").append(deleted());
    if (l >= maxLive()) {
      sb.append(" [LIMIT_REACHED]");
    }
    for (Map.Entry<OmKeyBenchOp, OpCounters> e : ops.entrySet()) {
      sb.append(' ').append(e.getKey().name()).append(": rate ").append(e.getValue().lastRate)
          .append(" max ").append(e.getValue().maxRate);
    }
    return sb.toString();
  }
}
