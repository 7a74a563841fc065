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

package org.apache.hadoop.ozone.om;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.ozone.test.GenericTestUtils.PortAllocator;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Gives each surefire fork of this module's own tests a block of MiniOzoneCluster ports. MiniOzoneCluster numbers
 * its ports from {@link PortAllocator#MIN_PORT} in every JVM without checking them, so the two forks of the pom's
 * default-test would bind the same ones: fork N starts at MIN_PORT + (N - 1) x {@link #BLOCK}. Below freon's
 * blocks (TestOmKeyBenchMiniCluster takes a free one from 17000 up, beside these tests). JUnit finds it through
 * META-INF/services once the pom turns extension autodetection on, which only the default-test execution does.
 */
public final class ForkPorts implements BeforeAllCallback {
  /**
   * The system property the pom sets to "fork-N", N surefire's fork number (1, 2): Maven drops a value that is the
   * bare placeholder before surefire can fill it in.
   */
  static final String FORK_PROPERTY = "om.test.fork";
  /** Ports per fork: a fork's MiniOzoneClusters, restarts included, take a few hundred. */
  static final int BLOCK = 1000;
  private static final AtomicBoolean SET = new AtomicBoolean();

  @Override
  public void beforeAll(ExtensionContext context) {
    String fork = System.getProperty(FORK_PROPERTY);
    if (fork != null && SET.compareAndSet(false, true)) {
      int number = Integer.parseInt(fork.substring(fork.lastIndexOf('-') + 1));
      PortAllocator.NEXT_PORT.set(PortAllocator.MIN_PORT + (number - 1) * BLOCK);
    }
  }
}
