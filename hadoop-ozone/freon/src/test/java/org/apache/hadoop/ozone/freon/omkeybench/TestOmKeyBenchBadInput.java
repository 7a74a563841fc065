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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.util.Collections;
import org.apache.hadoop.ozone.freon.Freon;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input to {@code ozone freon omkeybench}: one line naming the bad value, a non-zero exit code, no stack
 * trace, and no connection to OM (a listening socket stands in for OM and must see none).
 */
class TestOmKeyBenchBadInput {

  private ServerSocket fakeOm;

  @BeforeEach
  void listen() throws Exception {
    fakeOm = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    fakeOm.setSoTimeout(300);
  }

  @AfterEach
  void close() throws Exception {
    fakeOm.close();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--weights=create:20,bogus:1|Unknown operation 'bogus'",
      "--weights=create:-3|Weight '-3' of 'create'",
      "--weights=create:2.5|Weight '2.5' of 'create'",
      "--weights=create:0,delete:0,list:0|All weights are zero",
      "--weights=create=1|Malformed pair 'create=1'",
      "--max-live-keys=0|--max-live-keys must be at least 1, got 0",
      "--max-live-keys=-5|--max-live-keys must be at least 1, got -5",
      "--batch-size=0|--batch-size must be at least 1, got 0",
      "--buffer=0|--buffer must be at least 1, got 0",
      "--latency-interval=0|--latency-interval must be at least 1, got 0",
      "--size=-1|--size must not be negative, got -1",
      "--files-per-dir=-1|--files-per-dir must not be negative, got -1",
      "--delete-order=newest|Unknown --delete-order 'newest'",
      "--list-start=last|Unknown --list-start 'last'",
      "--untracked=drop|Unknown --untracked 'drop'",
      "--layout=FLAT|Unknown --layout 'FLAT'",
      "--weights=create:1,deletedir:1|deletedir in --weights 'create:1,deletedir:1' needs --files-per-dir",
      "--files-per-dir=10|--files-per-dir 10 needs --layout FILE_SYSTEM_OPTIMIZED",
      "--existing-keys=-1|--existing-keys must not be negative, got -1",
  })
  void oneLineNonZeroExitNothingSentToOm(String badOption, String message) throws Exception {
    Freon freon = new Freon();
    freon.setConfigurationOverrides(Collections.singletonMap("ozone.om.address",
        "127.0.0.1:" + fakeOm.getLocalPort()));
    StringWriter err = new StringWriter();
    StringWriter out = new StringWriter();
    freon.getCmd().setErr(new PrintWriter(err, true));
    freon.getCmd().setOut(new PrintWriter(out, true));

    int exit = freon.execute(new String[] {"omkeybench", "-n", "10", "-t", "1", badOption});

    assertThat(exit).isNotZero();
    String printed = err.toString().trim();
    assertThat(printed).contains(message).doesNotContain("\n").doesNotContain("Exception").doesNotContain("\tat ");
    assertThatThrownBy(fakeOm::accept).isInstanceOf(SocketTimeoutException.class);
  }
}
