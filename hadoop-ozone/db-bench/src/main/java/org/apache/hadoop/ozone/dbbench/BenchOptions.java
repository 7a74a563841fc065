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

import java.io.File;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hdds.conf.ConfigurationException;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig.Keys;

/**
 * The benchmark's command line. Bad input is an IllegalArgumentException whose message is the one line to print.
 *
 * @param sweep the operation counts of a sweep (one run per count, ascending), empty for a single run of {@code ops}
 * @param repeats how many times to run the same workload (one run per repeat), 1 for a single run
 * @param armsReversed whether this run replays its arms in the reverse of their order (every second repeat)
 * @param rangeConf the range arm's service settings over its defaults (key order), to measure a change of a default
 *     before making it
 * @param quietSeconds the quiet period of the bulk scenarios, in seconds of OM's clock
 */
record BenchOptions(List<Scenario> scenarios, long ops, List<Long> sweep, int repeats, boolean armsReversed,
    List<String> arms, long seed, File out, File workDir, int samples, int endSamples, boolean verify,
    Map<String, String> rangeConf, long quietSeconds) {
  /** The longest quiet period: a day. */
  static final long MAX_QUIET_SECONDS = 86_400;
  /** The most repeats: the page's t-interval has quantiles up to 19 degrees of freedom. */
  static final int MAX_REPEATS = 20;

  static BenchOptions parse(String... args) {
    List<Scenario> scenarios = List.of(Scenario.values());
    long ops = 1_000_000;
    List<Long> sweep = List.of();
    int repeats = 1;
    boolean opsGiven = false;
    List<String> arms = ArmKind.ids();
    long seed = 1;
    File out = null;
    File work = null;
    int samples = 100;
    int endSamples = 20;
    boolean verify = true;
    Map<String, String> rangeConf = new TreeMap<>();
    long quietSeconds = 60;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--no-verify")) {
        verify = false;
        continue;
      }
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("Unexpected argument '" + arg + "'");
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(arg + " needs a value");
      }
      String value = args[++i];
      switch (arg) {
      case "--scenario" -> scenarios = scenarios(value);
      case "--ops" -> {
        ops = count(arg, value, 1, Integer.MAX_VALUE);
        opsGiven = true;
      }
      case "--sweep" -> sweep = sweep(value);
      case "--repeats" -> repeats = (int) count(arg, value, 2, MAX_REPEATS);
      case "--arms" -> arms = arms(value);
      case "--seed" -> seed = count(arg, value, Long.MIN_VALUE, Long.MAX_VALUE);
      case "--out" -> out = new File(value);
      case "--work" -> work = new File(value);
      case "--samples" -> samples = (int) count(arg, value, 1, 100_000);
      case "--end-samples" -> endSamples = (int) count(arg, value, 1, 100_000);
      case "--range-conf" -> rangeSetting(value, rangeConf);
      case "--quiet-seconds" -> quietSeconds = count(arg, value, 0, MAX_QUIET_SECONDS);
      default -> throw new IllegalArgumentException("Unknown option '" + arg + "'");
      }
    }
    if (!sweep.isEmpty() && (opsGiven || out == null)) {
      throw new IllegalArgumentException(opsGiven ? "--sweep and --ops exclude each other"
          : "--sweep needs --out DIR (a run per operation count goes to DIR/ops-N)");
    }
    if (repeats > 1 && (!sweep.isEmpty() || out == null)) {
      throw new IllegalArgumentException(out == null ? "--repeats needs --out DIR (a run per repeat goes to "
          + "DIR/repeat-K)" : "--repeats and --sweep exclude each other");
    }
    if (work == null) {
      work = new File(out != null ? out : new File(System.getProperty("java.io.tmpdir")), "db-bench-work");
    }
    checkRangeConf(rangeConf);
    return new BenchOptions(scenarios, ops, sweep, repeats, false, arms, seed, out, work, samples, endSamples, verify,
        Collections.unmodifiableMap(rangeConf), quietSeconds);
  }

  /** @return the options of one run of the sweep: {@code ops} operations, results in {@code DIR/ops-N} */
  BenchOptions sweepRun(long runOps) {
    File runOut = new File(out, "ops-" + runOps);
    return new BenchOptions(scenarios, runOps, List.of(), 1, false, arms, seed, runOut,
        new File(runOut, "db-bench-work"), samples, endSamples, verify, rangeConf, quietSeconds);
  }

  /**
   * @return the options of repeat {@code k} (from 1): results in {@code DIR/repeat-K}, the arms replayed in reverse
   *     in every second repeat, so that a drift over the repeats (the machine, its caches) favours no arm
   */
  BenchOptions repeatRun(int k) {
    File runOut = new File(out, "repeat-" + k);
    return new BenchOptions(scenarios, ops, List.of(), 1, k % 2 == 0, arms, seed, runOut,
        new File(runOut, "db-bench-work"), samples, endSamples, verify, rangeConf, quietSeconds);
  }

  /** @return the arms in the order this run replays them */
  List<String> runOrder() {
    if (!armsReversed) {
      return arms;
    }
    List<String> reversed = new ArrayList<>(arms);
    Collections.reverse(reversed);
    return reversed;
  }

  /** @return the time between two looks of the quiet period: the range arm's service interval */
  long quietLookMillis() {
    return RangeArm.configuration(rangeConf).getIntervalMillis();
  }

  /** @return the looks of the quiet period: {@link #quietSeconds} over the service interval, rounded down */
  int quietLooks() {
    return (int) (quietSeconds * 1000 / quietLookMillis());
  }

  /** KEY=VALUE of the range compaction service's keys. */
  private static void rangeSetting(String value, Map<String, String> rangeConf) {
    int eq = value.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException("--range-conf needs KEY=VALUE, not '" + value + "'");
    }
    String key = value.substring(0, eq);
    if (!key.startsWith(Keys.PREFIX)) {
      throw new IllegalArgumentException("--range-conf takes keys of " + Keys.PREFIX + "*, not '" + key + "'");
    }
    rangeConf.put(key, value.substring(eq + 1));
  }

  /** Refuses the settings the service would refuse, before the first arm runs. */
  private static void checkRangeConf(Map<String, String> rangeConf) {
    try {
      RangeArm.configuration(rangeConf);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--range-conf: " + e.getMessage(), e);
    } catch (ConfigurationException e) {
      // A value of the wrong type: the exception names the key, its cause (when it has one) the value.
      Throwable cause = e.getCause();
      throw new IllegalArgumentException("--range-conf: " + e.getMessage()
          + (cause == null ? "" : ": " + cause.getMessage()), e);
    }
  }

  /** At least two distinct operation counts, in ascending order. */
  private static List<Long> sweep(String value) {
    TreeSet<Long> counts = new TreeSet<>();
    for (String count : value.split(",")) {
      counts.add(count("--sweep", count.trim(), 1, Integer.MAX_VALUE));
    }
    if (counts.size() < 2) {
      throw new IllegalArgumentException("--sweep needs at least two operation counts, such as 1e5,1e6,1e7");
    }
    return List.copyOf(counts);
  }

  /** A whole number, also in scientific notation (1e6, 2.5e5). The models number keys with ints. */
  private static long count(String option, String value, long min, long max) {
    long n;
    try {
      n = new BigDecimal(value).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(option + " needs a whole number, not '" + value + "'");
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", not " + value);
    }
    return n;
  }

  private static List<Scenario> scenarios(String value) {
    if (value.equals("all")) {
      return List.of(Scenario.values());
    }
    List<Scenario> list = new ArrayList<>();
    for (String id : value.split(",")) {
      list.add(Scenario.byId(id.trim()));
    }
    return list;
  }

  private static List<String> arms(String value) {
    List<String> asked = new ArrayList<>();
    for (String id : value.split(",")) {
      asked.add(ArmKind.check(id.trim()));
    }
    // The arms' order (off ... floor), whatever the command line's order: the tables' columns and ratios need it.
    return asked.stream().distinct().sorted(Comparator.comparingInt(ArmKind::order)).toList();
  }
}
