/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements.  See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License.  You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package org.apache.hadoop.ozone.dist;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The frames of an async-profiler HTML flamegraph. The page holds its frame names in a prefix-compressed
 * {@code cpool} array and draws the frames with calls {@code f(key, level, left, width)}, {@code u(key, width)}
 * (first child) and {@code n(key, width)} (next sibling), each relative to the frame before; this replays them.
 */
final class FlameGraph {

  /** One frame: its name, depth (0 is the root "all") and its samples [left, left + width). */
  record Frame(String title, int level, long left, long width) {
  }

  private static final Pattern CALL = Pattern.compile("^([fun])\\(([-0-9,]*)\\)$");

  private final List<Frame> frames;

  private FlameGraph(List<Frame> frames) {
    this.frames = frames;
  }

  static FlameGraph parse(String html) {
    List<String> cpool = constantPool(html);
    List<Frame> frames = new ArrayList<>();
    int level0 = 0;
    long left0 = 0;
    long width0 = 0;
    boolean inFrames = false;
    for (String line : html.split("\n")) {
      if (line.equals("unpack(cpool);")) {
        inFrames = true;
        continue;
      }
      Matcher call = CALL.matcher(line);
      if (!inFrames || !call.matches()) {
        continue;
      }
      String[] args = call.group(2).split(",");
      int key = Integer.parseInt(args[0]);
      int level;
      long left;
      long width;
      switch (call.group(1)) {
        case "f" -> {
          level = Integer.parseInt(args[1]);
          left = Long.parseLong(args[2]);
          width = args.length > 3 ? Long.parseLong(args[3]) : 0;
        }
        case "u" -> {
          level = level0 + 1;
          left = 0;
          width = args.length > 1 ? Long.parseLong(args[1]) : 0;
        }
        default -> {
          level = level0;
          left = width0;
          width = args.length > 1 ? Long.parseLong(args[1]) : 0;
        }
      }
      level0 = level;
      left0 += left;
      width0 = width != 0 ? width : width0;
      frames.add(new Frame(cpool.get(key >>> 3), level0, left0, width0));
    }
    if (frames.isEmpty() || frames.get(0).level() != 0) {
      throw new IllegalArgumentException("not an async-profiler flamegraph: no frames found");
    }
    return new FlameGraph(frames);
  }

  /** Each entry keeps the first {@code charCode - 32} characters of the entry before it. */
  private static List<String> constantPool(String html) {
    int start = html.indexOf("const cpool = [");
    int end = html.indexOf("];", start);
    if (start < 0 || end < 0) {
      throw new IllegalArgumentException("not an async-profiler flamegraph: no cpool");
    }
    List<String> pool = new ArrayList<>();
    for (String line : html.substring(start, end).split("\n")) {
      line = line.strip();
      if (!line.startsWith("'")) {
        continue;
      }
      String packed = line.substring(1, line.lastIndexOf('\'')).replace("\\'", "'").replace("\\\\", "\\");
      if (pool.isEmpty()) {
        pool.add(packed);
      } else {
        String previous = pool.get(pool.size() - 1);
        pool.add(previous.substring(0, packed.charAt(0) - 32) + packed.substring(1));
      }
    }
    return pool;
  }

  List<Frame> frames() {
    return frames;
  }

  long totalSamples() {
    return frames.get(0).width();
  }

  /** The fraction of samples with a matching frame anywhere on their stack. */
  double share(Predicate<String> title) {
    List<long[]> spans = new ArrayList<>();
    for (Frame frame : frames) {
      if (title.test(frame.title())) {
        spans.add(new long[] {frame.left(), frame.left() + frame.width()});
      }
    }
    spans.sort(Comparator.comparingLong(s -> s[0]));
    long covered = 0;
    long end = Long.MIN_VALUE;
    for (long[] span : spans) {
      if (span[1] > end) {
        covered += span[1] - Math.max(span[0], end);
        end = span[1];
      }
    }
    return (double) covered / totalSamples();
  }
}
