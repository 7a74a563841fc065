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

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.ozone.OzoneConsts;

/**
 * Runs an {@link OptionsArm}: OM's DB created by OM's classes, then opened with plain RocksJava ({@link NativeDb})
 * and the arm's options, and replayed. On OM's RocksDB in this JVM; on another {@link RocksDbBuild} in a JVM of its
 * own, whose classpath is this one's with that build's rocksdbjni jar instead of OM's.
 */
final class NativeArm {
  private static final String REQUEST = "native-request.json";
  private static final String RESULT = "native-result.json";

  private NativeArm() {
  }

  /** What the other RocksDB's JVM runs. */
  record Request(BenchOptions options, Scenario scenario, String arm, File dir) {
  }

  /** Runs {@code arm} of {@code scenario} in {@code dir}. */
  static ArmResult run(BenchOptions options, Scenario scenario, OptionsArm arm, File dir) throws IOException {
    new OmDb(dir).close();
    if (arm.rocksDb() == RocksDbBuild.OM) {
      return replay(new Request(options, scenario, arm.id(), dir));
    }
    String property = arm.rocksDb().jarProperty();
    String jar = System.getProperty(property);
    if (jar == null || !new File(jar).isFile()) {
      throw new IOException("Arm " + arm.id() + " needs the " + arm.rocksDb().id() + " rocksdbjni jar in -D"
          + property + " (" + jar + "); scripts/db-bench and the build set it");
    }
    File request = new File(dir, REQUEST);
    File result = new File(dir, RESULT);
    JsonReport.writeValue(request, new Request(options, scenario, arm.id(), dir));
    List<String> command = new ArrayList<>(List.of(
        new File(System.getProperty("java.home"), "bin/java").getPath(),
        "-Xmx" + Runtime.getRuntime().maxMemory() / (1 << 20) + "m",
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
    String log4j = System.getProperty("log4j.configuration");
    if (log4j != null) {
      command.add("-Dlog4j.configuration=" + log4j);
    }
    command.addAll(List.of("-cp", classpath(jar), NativeArm.class.getName(), request.getPath(), result.getPath()));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    // Its output on this JVM's stderr, line by line (the build's test JVM keeps its own stdout for itself).
    try (BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
      output.lines().forEach(System.err::println);
    }
    int exit;
    try {
      exit = process.waitFor();
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while arm " + arm.id() + " ran", e);
    }
    if (exit != 0) {
      throw new IOException("Arm " + arm.id() + " of " + scenario.id() + " failed in its JVM (exit " + exit
          + "); its output is above");
    }
    return JsonReport.readValue(result, ArmResult.class);
  }

  /** This JVM's classpath with {@code jar} instead of any rocksdbjni jar. */
  private static String classpath(String jar) {
    List<String> entries = new ArrayList<>(List.of(jar));
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!new File(entry).getName().startsWith("rocksdbjni-")) {
        entries.add(entry);
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  /** Replays the request's arm on the RocksDB of this JVM. */
  private static ArmResult replay(Request request) throws IOException {
    OptionsArm arm = OptionsArm.find(request.arm());
    ArmRunner runner = new ArmRunner(request.scenario(), request.options());
    File db = new File(request.dir(), OzoneConsts.OM_DB_NAME);
    try (NativeDb nativeDb = NativeDb.open(db, arm, new File(request.dir(), "arm-OPTIONS"))) {
      return runner.replay(arm.id(), nativeDb, Arm.automatic("RocksDB " + NativeDb.version() + ". "
          + arm.describe()));
    }
  }

  /** In the other RocksDB's JVM: {@code REQUEST-FILE RESULT-FILE}. */
  public static void main(String[] args) throws Exception {
    Request request = JsonReport.readValue(new File(args[0]), Request.class);
    JsonReport.writeValue(new File(args[1]), replay(request));
  }
}
