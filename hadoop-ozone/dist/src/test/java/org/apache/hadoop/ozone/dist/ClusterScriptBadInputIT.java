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

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.ozone.dist.Commands.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts/cluster refuses bad input with one clear line and a non-zero exit, and starts nothing. */
class ClusterScriptBadInputIT {

  private static final int BASE_PORT = 17500;

  @TempDir
  private Path work;

  @Test
  void unknownCommand() throws Exception {
    Result result = Commands.cluster(work, BASE_PORT, "reboot");
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output()).contains("unknown command 'reboot'", "Usage:");
  }

  @Test
  void restartOfNothingStarted() throws Exception {
    Result missing = Commands.cluster(work, BASE_PORT, "restart");
    assertThat(missing.exitCode()).isNotZero();
    assertThat(missing.output()).contains("restart needs one process name: scm om dn1 dn2 dn3");

    Result unknown = Commands.cluster(work, BASE_PORT, "restart", "om2");
    assertThat(unknown.exitCode()).isNotZero();
    assertThat(unknown.output()).contains("restart: unknown process 'om2'; known: scm om dn1 dn2 dn3");

    Result neverStarted = Commands.cluster(work, BASE_PORT, "restart", "om");
    assertThat(neverStarted.exitCode()).isNotZero();
    assertThat(neverStarted.output()).contains("restart: om was never started in " + work + "; use start");
    assertThat(work.resolve("om/pid")).doesNotExist();
  }

  @Test
  void stopOfAnUnknownProcessOrOfTwo() throws Exception {
    Result unknown = Commands.cluster(work, BASE_PORT, "stop", "om2");
    assertThat(unknown.exitCode()).isNotZero();
    assertThat(unknown.output()).contains("stop: unknown process 'om2'; known: scm om dn1 dn2 dn3");

    Result two = Commands.cluster(work, BASE_PORT, "stop", "om", "scm");
    assertThat(two.exitCode()).isNotZero();
    assertThat(two.output()).contains("stop takes at most one process name: scm om dn1 dn2 dn3");
  }

  @Test
  void malformedOmConf() throws Exception {
    Result result = Commands.cluster(work, BASE_PORT, "start", "--om-conf", "ozone.om.foo");
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output()).contains("malformed --om-conf 'ozone.om.foo'");
    assertThat(work.resolve("scm")).doesNotExist();
  }

  @Test
  void profileOfUnknownProcess() throws Exception {
    Result unknown = Commands.cluster(work, BASE_PORT, "start", "--profile", "om dn1");
    assertThat(unknown.exitCode()).isNotZero();
    assertThat(unknown.output()).contains("--profile: unknown process 'om dn1'; known: scm om dn1 dn2 dn3");

    Result missing = Commands.cluster(work, BASE_PORT, "start", "--profile");
    assertThat(missing.exitCode()).isNotZero();
    assertThat(missing.output()).contains("--profile needs a process name: scm om dn1 dn2 dn3");
    assertThat(work.resolve("scm")).doesNotExist();
  }

  @Test
  void portInUse() throws Exception {
    int omRpc = BASE_PORT + 7;
    try (ServerSocket busy = new ServerSocket(omRpc, 1, InetAddress.getLoopbackAddress())) {
      Result result = Commands.cluster(work, BASE_PORT, "start");
      assertThat(result.exitCode()).isNotZero();
      assertThat(result.output()).contains("port " + omRpc + " (om-rpc) on 127.0.0.1 is already in use");
    }
    assertThat(Files.exists(work.resolve("scm/pid"))).isFalse();
  }

  @Test
  void badBasePort() throws Exception {
    Result result = Commands.cluster(work, 80, "status");
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output()).contains("--base-port needs a number from 1024 to 65000");
  }

  /** --dist names a distribution run as it is: it must be one, and this repository's build is not made for it. */
  @Test
  void distThatIsNoneAndBuildOfAnother() throws Exception {
    Result none = Commands.cluster(work, BASE_PORT, "--dist", work.resolve("nothing").toString(), "start");
    assertThat(none.exitCode()).isEqualTo(1);
    assertThat(none.output()).contains("is not an Ozone distribution (no bin/ozone)");
    Result build = Commands.cluster(work, BASE_PORT, "--dist", Commands.DIST.toString(), "build");
    assertThat(build.exitCode()).isEqualTo(1);
    assertThat(build.output()).contains("--dist names another, run as it is");
    assertThat(Files.exists(work.resolve("scm"))).isFalse();
  }

  @Test
  void checkpointWithoutRunningOm() throws Exception {
    Result missing = Commands.cluster(work, BASE_PORT, "checkpoint");
    assertThat(missing.exitCode()).isNotZero();
    assertThat(missing.output()).contains("checkpoint needs one argument: the directory to create");

    Result notRunning = Commands.cluster(work, BASE_PORT, "checkpoint", work.resolve("ckpt").toString());
    assertThat(notRunning.exitCode()).isNotZero();
    assertThat(notRunning.output()).contains("OM is not running; start the cluster first");
    assertThat(work.resolve("ckpt")).doesNotExist();
  }
}
