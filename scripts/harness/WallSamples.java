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

import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * The wall-clock samples of an async-profiler JFR recording as tab-separated lines for abbench/wallwaits.py: each
 * stack once, when first seen, as {@code S id frames} (root first, ';'-joined), then per sample
 * {@code W epochMillis thread state samples spanMillis stackId} (async-profiler folds a thread's idle samples into
 * one event spanning their time). A single-file program (java WallSamples.java FILE.jfr): the JDK's own JFR reader,
 * so the harness needs nothing async-profiler does not ship.
 */
public final class WallSamples {
  private WallSamples() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, Integer> stacks = new HashMap<>();
    StringBuilder out = new StringBuilder(1 << 16);
    try (RecordingFile file = new RecordingFile(Paths.get(args[0]))) {
      while (file.hasMoreEvents()) {
        RecordedEvent e = file.readEvent();
        if (!e.getEventType().getName().equals("profiler.WallClockSample") || e.getStackTrace() == null) {
          continue;
        }
        String frames = frames(e.getStackTrace());
        Integer id = stacks.get(frames);
        if (id == null) {
          id = stacks.size();
          stacks.put(frames, id);
          out.append("S\t").append(id).append('\t').append(frames).append('\n');
        }
        RecordedThread thread = e.getThread("sampledThread");
        String name = thread == null ? "?" : thread.getJavaName() != null ? thread.getJavaName() : thread.getOSName();
        out.append("W\t").append(e.getStartTime().toEpochMilli()).append('\t').append(name.replace('\t', ' '))
            .append('\t').append(e.getString("state")).append('\t').append(e.getInt("samples")).append('\t')
            .append(e.getDuration("timeSpan").toMillis()).append('\t').append(id).append('\n');
        if (out.length() > 1 << 16) {
          System.out.print(out);
          out.setLength(0);
        }
      }
    }
    System.out.print(out);
    System.out.flush();
  }

  private static String frames(RecordedStackTrace trace) {
    StringJoiner joined = new StringJoiner(";");
    for (int k = trace.getFrames().size() - 1; k >= 0; k--) {
      RecordedFrame f = trace.getFrames().get(k);
      String type = f.getMethod().getType() == null ? "" : f.getMethod().getType().getName();
      joined.add((type.isEmpty() ? "" : type + ".") + f.getMethod().getName());
    }
    return joined.toString();
  }
}
