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

package org.apache.hadoop.ozone.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.ozone.dist.Commands.Result;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety of the range compaction service on the local cluster: OM is
 * killed with SIGKILL as soon as its log shows a range compaction starting,
 * while a delete-heavy load keeps it busy. After a restart, a bucket written
 * and partly deleted before the crash lists exactly the keys it had: none
 * lost, no deleted one back.
 */
class RangeCompactionCrashIT {

  private static final int BASE_PORT = 17700;
  private static final long WAIT_FOR_COMPACTION_MILLIS = 120_000;
  private static final String[] SERVICE_CONF = {
      "--om-conf", "ozone.om.range.compaction.service.enabled=true",
      "--om-conf", "ozone.om.range.compaction.service.min.tombstones=300",
      "--om-conf", "ozone.om.range.compaction.service.pause.ratio=0"};

  @TempDir
  private static Path work;

  @BeforeAll
  static void start() throws Exception {
    ok(Commands.cluster(work, BASE_PORT, withServiceConf("start")));
  }

  @AfterAll
  static void stop() throws Exception {
    ok(Commands.cluster(work, BASE_PORT, "stop"));
  }

  @Test
  void noKeyIsLostOrRevivedWhenOmDiesDuringARangeCompaction() throws Exception {
    ok(Commands.ozone(client(), "freon", "omkeybench", "-n", "6000", "-t", "10", "--size=0", "--volume", "vol1",
        "--bucket", "stable", "--weights", "create:3,delete:2", "--max-live-keys", "100000",
        "--delete-order", "oldest"));
    Set<String> before = keys("/vol1/stable");
    assertThat(before).isNotEmpty();

    Path omLog = work.resolve("om/om.log");
    long logOffset = Files.size(omLog);
    Process churn = Commands.startOzone(client(), "freon", "omkeybench", "-n", "1000000", "-t", "10", "--size=0",
        "--volume", "vol1", "--bucket", "churn", "--weights", "create:1,delete:1", "--max-live-keys", "500",
        "--delete-order", "oldest");
    try {
      long omPid = Long.parseLong(Files.readString(work.resolve("om/pid")).trim());
      String compaction = awaitLogLine(omLog, logOffset, "Compacting ");
      ProcessHandle.of(omPid).ifPresent(ProcessHandle::destroyForcibly);
      while (Commands.isAlive(omPid)) {
        Thread.sleep(10);
      }
      String tail = Files.readString(omLog, StandardCharsets.UTF_8);
      boolean midCompaction = !tail.substring(tail.indexOf(compaction)).contains("Compacted ");
      System.out.println("OM killed " + (midCompaction ? "during" : "just after") + " a range compaction: "
          + compaction);
    } finally {
      churn.destroyForcibly().waitFor();
    }

    ok(Commands.cluster(work, BASE_PORT, "stop"));
    ok(Commands.cluster(work, BASE_PORT, withServiceConf("start")));
    assertThat(keys("/vol1/stable")).isEqualTo(before);
    ok(Commands.ozone(client(), "sh", "key", "list", "/vol1/churn", "-l", "10"));
  }

  /** Waits for a line containing {@code text} written to the log after {@code offset}; returns it. */
  private static String awaitLogLine(Path log, long offset, String text) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_FOR_COMPACTION_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      String added = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).substring((int) offset);
      int at = added.indexOf(text);
      if (at >= 0) {
        int end = added.indexOf('\n', at);
        return added.substring(at, end < 0 ? added.length() : end);
      }
      Thread.sleep(2);
    }
    throw new AssertionError("No '" + text + "' in " + log + " within " + WAIT_FOR_COMPACTION_MILLIS + " ms");
  }

  private static Set<String> keys(String bucket) throws Exception {
    String listing = ok(Commands.ozone(client(), "sh", "key", "list", bucket, "-l", "1000000"));
    Set<String> names = new TreeSet<>();
    Matcher name = Pattern.compile("\"name\" : \"([^\"]+)\"").matcher(listing);
    while (name.find()) {
      names.add(name.group(1));
    }
    return names;
  }

  private static String[] withServiceConf(String command) {
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(List.of(SERVICE_CONF));
    return args.toArray(new String[0]);
  }

  private static Path client() {
    return work.resolve("client/etc");
  }

  private static String ok(Result result) {
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output();
  }
}
