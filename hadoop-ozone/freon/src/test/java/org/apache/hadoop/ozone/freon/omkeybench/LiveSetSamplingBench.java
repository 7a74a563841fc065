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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Not a test: prints the cost of picking tracked keys as the live set grows, side by side with copying the
 * set into a list and picking from the copy, as a generator without a live set would do per pick. Run after
 * {@code mvn test-compile}:
 * <pre>
 * java -cp hadoop-ozone/freon/target/classes:hadoop-ozone/freon/target/test-classes \
 *     org.apache.hadoop.ozone.freon.omkeybench.LiveSetSamplingBench
 * </pre>
 */
public final class LiveSetSamplingBench {

  private static final int[] SIZES = {1_000, 25_000, 1_000_000};
  private static final int OPS = 2_000_000;

  private LiveSetSamplingBench() {
  }

  public static void main(String[] args) {
    System.out.println("max-live-keys  pick ns/op  delete+create ns/op  oldest delete+create ns/op  "
        + "copy-then-pick ns/op");
    for (int round = 0; round < 2; round++) {
      for (int size : SIZES) {
        String line = String.format(Locale.ROOT, "%13d  %10.1f  %19.1f  %26.1f  %20.1f", size,
            pick(size), churn(size, false), churn(size, true), copyPick(size));
        if (round == 1) {
          System.out.println(line);
        }
      }
    }
  }

  private static LiveSet<String> full(int size, boolean ordered) {
    LiveSet<String> set = new LiveSet<>(size, ordered);
    for (int i = 0; i < size; i++) {
      set.tryAdd("prefix/" + i);
    }
    return set;
  }

  /** LIST's random start: pick without removal. */
  private static double pick(int size) {
    LiveSet<String> set = full(size, false);
    long sink = 0;
    long start = System.nanoTime();
    for (int i = 0; i < OPS; i++) {
      sink += set.pickRandom(StepRandom.next(1, i, 1)).length();
    }
    return report(start, OPS, sink);
  }

  /** Steady state at the limit: DELETE removes a tracked key (random or oldest), CREATE tracks a new one. */
  private static double churn(int size, boolean oldest) {
    LiveSet<String> set = full(size, oldest);
    long sink = 0;
    long start = System.nanoTime();
    for (int i = 0; i < OPS; i++) {
      LiveSet.Handle<String> h = oldest ? set.removeOldest() : set.removeRandom(StepRandom.next(1, i, 1));
      sink += h.value().length();
      set.tryAdd(h.value());
    }
    return report(start, OPS, sink);
  }

  /** Copy the whole set, then pick: the cost a DELETE or LIST pays without a live set that picks in place. */
  private static double copyPick(int size) {
    List<String> set = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      set.add("prefix/" + i);
    }
    int ops = Math.max(20, 20_000_000 / size);
    long sink = 0;
    long start = System.nanoTime();
    for (int i = 0; i < ops; i++) {
      List<String> copy = new ArrayList<>(set);
      sink += copy.get((int) ((StepRandom.next(1, i, 1) >>> 1) % copy.size())).length();
    }
    return report(start, ops, sink);
  }

  private static double report(long start, int ops, long sink) {
    double ns = (System.nanoTime() - start) / (double) ops;
    if (sink == 42) {
      System.out.print("");
    }
    return ns;
  }
}
