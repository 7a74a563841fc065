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

/**
 * Parsed {@code --weights create:W,delete:W,list:W[,deletedir:W]}: any subset of the operations, each weight a
 * non-negative integer, with a positive sum. Picks an operation from a uniform random number.
 */
final class OpWeights {

  private final Map<OmKeyBenchOp, Long> weights;
  private final OmKeyBenchOp[] ops;
  private final long[] cumulative;
  private final long total;

  private OpWeights(Map<OmKeyBenchOp, Long> weights) {
    this.weights = weights;
    int n = 0;
    for (long w : weights.values()) {
      if (w > 0) {
        n++;
      }
    }
    ops = new OmKeyBenchOp[n];
    cumulative = new long[n];
    long sum = 0;
    int i = 0;
    for (Map.Entry<OmKeyBenchOp, Long> e : weights.entrySet()) {
      if (e.getValue() > 0) {
        sum += e.getValue();
        ops[i] = e.getKey();
        cumulative[i] = sum;
        i++;
      }
    }
    total = sum;
  }

  /**
   * Parses a weights specification.
   *
   * @throws IllegalArgumentException with a one-line message naming the bad value
   */
  static OpWeights parse(String spec) {
    if (spec == null || spec.chars().allMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("--weights is empty; expected e.g. create:20,delete:8,list:1");
    }
    Map<OmKeyBenchOp, Long> parsed = new EnumMap<>(OmKeyBenchOp.class);
    for (String pair : spec.split(",", -1)) {
      String p = pair.trim();
      int colon = p.indexOf(':');
      if (colon <= 0 || colon != p.lastIndexOf(':') || colon == p.length() - 1) {
        throw new IllegalArgumentException("Malformed pair '" + pair + "' in --weights '" + spec
            + "'; expected operation:weight, e.g. create:20");
      }
      String name = p.substring(0, colon).trim();
      String value = p.substring(colon + 1).trim();
      OmKeyBenchOp op = OmKeyBenchOp.fromWeightName(name);
      if (op == null) {
        throw new IllegalArgumentException("Unknown operation '" + name + "' in --weights '" + spec
            + "'; known: create, delete, list, deletedir");
      }
      if (parsed.containsKey(op)) {
        throw new IllegalArgumentException("Operation '" + name + "' appears twice in --weights '" + spec + "'");
      }
      parsed.put(op, parseWeight(name, value, spec));
    }
    long sum = 0;
    for (long w : parsed.values()) {
      sum += w;
    }
    if (sum <= 0) {
      throw new IllegalArgumentException("All weights are zero in --weights '" + spec
          + "'; at least one must be positive");
    }
    return new OpWeights(parsed);
  }

  private static long parseWeight(String name, String value, String spec) {
    long w;
    try {
      w = Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Weight '" + value + "' of '" + name + "' in --weights '" + spec
          + "' is not a non-negative integer");
    }
    if (w < 0) {
      throw new IllegalArgumentException("Weight '" + value + "' of '" + name + "' in --weights '" + spec
          + "' is negative");
    }
    if (w > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("Weight '" + value + "' of '" + name + "' in --weights '" + spec
          + "' is too large (at most " + Integer.MAX_VALUE + ")");
    }
    return w;
  }

  /** @return the weight of {@code op}, 0 if absent. */
  long weight(OmKeyBenchOp op) {
    Long w = weights.get(op);
    return w == null ? 0 : w;
  }

  boolean uses(OmKeyBenchOp op) {
    return weight(op) > 0;
  }

  /** @return the operation for a random number; every value of {@code random} is valid. */
  OmKeyBenchOp pick(long random) {
    long r = (random >>> 1) % total;
    for (int i = 0; i < cumulative.length; i++) {
      if (r < cumulative[i]) {
        return ops[i];
      }
    }
    throw new IllegalStateException("unreachable: " + r + " >= " + total);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<OmKeyBenchOp, Long> e : weights.entrySet()) {
      if (sb.length() > 0) {
        sb.append(',');
      }
      sb.append(e.getKey().weightName()).append(':').append(e.getValue());
    }
    return sb.toString();
  }
}
