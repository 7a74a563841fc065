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

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hdds.conf.StorageSize;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;

/**
 * The options of {@code omkeybench} as typed values. {@link Builder#build()} checks every value before anything
 * is sent to OM; a bad one is rejected with a one-line message naming it.
 */
final class OmKeyBenchSettings {

  private final OpWeights weights;
  private final BucketLayout layout;
  private final DeleteOrder deleteOrder;
  private final ListStart listStart;
  private final Untracked untracked;
  private final int maxLiveKeys;
  private final int batchSize;
  private final int filesPerDir;
  private final int bufferSize;
  private final long existingKeys;
  private final long sizeBytes;
  private final long seed;
  /** Null without {@code --journal}. */
  private final Path journal;
  /** Null without {@code --latency-csv}. */
  private final Path latencyCsv;
  private final int latencyIntervalSeconds;
  /** Null without {@code --latency-log}. */
  private final Path latencyLog;
  /** Operations per second of an open loop; 0 for a closed loop. */
  private final double rate;
  private final double warmupSeconds;

  /** Which tracked key (or directory) a DELETE (DELETEDIR) removes. */
  enum DeleteOrder { RANDOM, OLDEST }

  /** Where a LIST starts. */
  enum ListStart { RANDOM, FIRST }

  /** What happens to keys created while the live set is full. */
  enum Untracked { KEEP, DELETE }

  private OmKeyBenchSettings(Builder b) {
    weights = OpWeights.parse(b.weights);
    maxLiveKeys = atLeastOne("--max-live-keys", b.maxLiveKeys);
    batchSize = atLeastOne("--batch-size", b.batchSize);
    bufferSize = atLeastOne("--buffer", b.bufferSize);
    if (b.filesPerDir < 0) {
      throw new IllegalArgumentException("--files-per-dir must not be negative, got " + b.filesPerDir);
    }
    filesPerDir = b.filesPerDir;
    layout = parseLayout(b.layout);
    deleteOrder = choice("--delete-order", b.deleteOrder, DeleteOrder.class);
    listStart = choice("--list-start", b.listStart, ListStart.class);
    untracked = choice("--untracked", b.untracked, Untracked.class);
    if (filesPerDir > 0 && layout != BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      throw new IllegalArgumentException("--files-per-dir " + filesPerDir
          + " needs --layout FILE_SYSTEM_OPTIMIZED, got " + b.layout);
    }
    if (b.existingKeys < 0) {
      throw new IllegalArgumentException("--existing-keys must not be negative, got " + b.existingKeys);
    }
    if (b.existingKeys > 0 && filesPerDir > 0) {
      throw new IllegalArgumentException("--existing-keys names keys <prefix>/<sequence>; it cannot be used with "
          + "--files-per-dir");
    }
    existingKeys = b.existingKeys;
    if (weights.uses(OmKeyBenchOp.DELETEDIR) && filesPerDir == 0) {
      throw new IllegalArgumentException("deletedir in --weights '" + b.weights
          + "' needs --files-per-dir N (and --layout FILE_SYSTEM_OPTIMIZED)");
    }
    sizeBytes = b.size.toBytes();
    if (sizeBytes < 0) {
      throw new IllegalArgumentException("--size must not be negative, got " + sizeBytes + " bytes");
    }
    seed = b.seed != null ? b.seed : ThreadLocalRandom.current().nextLong();
    if (b.journal != null && weights.uses(OmKeyBenchOp.DELETEDIR)) {
      throw new IllegalArgumentException("--journal records keys one by one; it cannot follow deletedir in --weights '"
          + b.weights + "'");
    }
    journal = b.journal == null ? null : Paths.get(b.journal);
    latencyCsv = b.latencyCsv == null ? null : Paths.get(b.latencyCsv);
    latencyIntervalSeconds = atLeastOne("--latency-interval", b.latencyIntervalSeconds);
    latencyLog = b.latencyLog == null ? null : Paths.get(b.latencyLog);
    rate = notNegative("--rate", b.rate);
    warmupSeconds = notNegative("--warmup", b.warmupSeconds);
  }

  private static double notNegative(String option, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(option + " must be a finite number of at least 0, got " + value);
    }
    return value;
  }

  private static int atLeastOne(String option, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(option + " must be at least 1, got " + value);
    }
    return value;
  }

  private static BucketLayout parseLayout(String name) {
    String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT);
    for (BucketLayout l : new BucketLayout[] {BucketLayout.OBJECT_STORE, BucketLayout.FILE_SYSTEM_OPTIMIZED,
        BucketLayout.LEGACY}) {
      if (l.name().equals(n)) {
        return l;
      }
    }
    throw new IllegalArgumentException("Unknown --layout '" + name
        + "'; expected OBJECT_STORE, FILE_SYSTEM_OPTIMIZED or LEGACY");
  }

  /** @return the constant of {@code type} whose lower-case name is {@code value} */
  private static <E extends Enum<E>> E choice(String option, String value, Class<E> type) {
    StringBuilder expected = new StringBuilder();
    for (E e : type.getEnumConstants()) {
      String name = e.name().toLowerCase(Locale.ROOT);
      if (name.equals(value)) {
        return e;
      }
      expected.append(expected.length() == 0 ? "" : " or ").append(name);
    }
    throw new IllegalArgumentException("Unknown " + option + " '" + value + "'; expected " + expected);
  }

  OpWeights weights() {
    return weights;
  }

  BucketLayout layout() {
    return layout;
  }

  DeleteOrder deleteOrder() {
    return deleteOrder;
  }

  ListStart listStart() {
    return listStart;
  }

  Untracked untracked() {
    return untracked;
  }

  int maxLiveKeys() {
    return maxLiveKeys;
  }

  int batchSize() {
    return batchSize;
  }

  /** @return keys per directory, 0 for no directories */
  int filesPerDir() {
    return filesPerDir;
  }

  int bufferSize() {
    return bufferSize;
  }

  /** @return keys {@code <prefix>/<sequence>} the bucket holds before the run, sequences 0 to N-1 */
  long existingKeys() {
    return existingKeys;
  }

  long sizeBytes() {
    return sizeBytes;
  }

  long seed() {
    return seed;
  }

  /** @return the file of {@code --journal}, or null */
  Path journal() {
    return journal;
  }

  /** @return the file of {@code --latency-csv}, or null */
  Path latencyCsv() {
    return latencyCsv;
  }

  int latencyIntervalSeconds() {
    return latencyIntervalSeconds;
  }

  /** @return the file of {@code --latency-log}, or null */
  Path latencyLog() {
    return latencyLog;
  }

  /** @return operations per second of an open loop ({@code --rate}), 0 for a closed loop */
  double rate() {
    return rate;
  }

  double warmupSeconds() {
    return warmupSeconds;
  }

  @Override
  public String toString() {
    return "weights " + weights + ", max live keys " + maxLiveKeys + ", delete order " + lower(deleteOrder)
        + ", list start " + lower(listStart) + ", untracked " + lower(untracked)
        + (existingKeys > 0 ? ", existing keys " + existingKeys : "")
        + (rate > 0 ? ", open loop at " + rate + " ops/s" : "")
        + (warmupSeconds > 0 ? ", warm-up " + warmupSeconds + " s" : "") + ", seed " + seed;
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }

  /** The option values as given on the command line. */
  static final class Builder {
    private String weights;
    private String layout;
    private String deleteOrder;
    private String listStart;
    private String untracked;
    private int maxLiveKeys;
    private int batchSize;
    private int filesPerDir;
    private int bufferSize;
    private long existingKeys;
    private StorageSize size;
    private Long seed;
    private String journal;
    private String latencyCsv;
    private int latencyIntervalSeconds;
    private String latencyLog;
    private double rate;
    private double warmupSeconds;

    Builder weights(String value) {
      weights = value;
      return this;
    }

    Builder layout(String value) {
      layout = value;
      return this;
    }

    Builder deleteOrder(String value) {
      deleteOrder = value;
      return this;
    }

    Builder listStart(String value) {
      listStart = value;
      return this;
    }

    Builder untracked(String value) {
      untracked = value;
      return this;
    }

    Builder maxLiveKeys(int value) {
      maxLiveKeys = value;
      return this;
    }

    Builder batchSize(int value) {
      batchSize = value;
      return this;
    }

    Builder filesPerDir(int value) {
      filesPerDir = value;
      return this;
    }

    Builder bufferSize(int value) {
      bufferSize = value;
      return this;
    }

    Builder existingKeys(long value) {
      existingKeys = value;
      return this;
    }

    Builder size(StorageSize value) {
      size = value;
      return this;
    }

    /** @param value the seed, or null for a random one */
    Builder seed(Long value) {
      seed = value;
      return this;
    }

    /** @param value the journal's file, or null for none */
    Builder journal(String value) {
      journal = value;
      return this;
    }

    /** @param value the latency CSV's file, or null for none */
    Builder latencyCsv(String value) {
      latencyCsv = value;
      return this;
    }

    Builder latencyIntervalSeconds(int value) {
      latencyIntervalSeconds = value;
      return this;
    }

    /** @param value the latency log's file, or null for none */
    Builder latencyLog(String value) {
      latencyLog = value;
      return this;
    }

    /** @param value operations per second of an open loop, 0 for a closed loop */
    Builder rate(double value) {
      rate = value;
      return this;
    }

    Builder warmupSeconds(double value) {
      warmupSeconds = value;
      return this;
    }

    /** @throws IllegalArgumentException with a one-line message naming the first bad value */
    OmKeyBenchSettings build() {
      return new OmKeyBenchSettings(this);
    }
  }
}
