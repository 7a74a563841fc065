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
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.ozone.test.GenericTestUtils.PortAllocator;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Gives each surefire fork of this module's tests a block of ports. MiniOzoneCluster numbers its ports from
 * {@link PortAllocator#MIN_PORT} in every JVM without checking them, so two forks would bind the same ones: fork N
 * starts at MIN_PORT + (N - 1) x {@link #BLOCK}. An OM that a test starts with the default configuration
 * (upstream's OmTestManagers and OzoneManager#createOm) binds OM's fixed default ports (RPC 9862, Ratis 9872, HTTP
 * 9874, HTTPS 9875, gRPC 8981), so the fork also adds the default resource {@value #DEFAULTS}, which puts them at the
 * top of its block, above its MiniOzoneClusters' ports; a test that sets them itself keeps its own. Below freon's
 * blocks (TestOmKeyBenchMiniCluster takes a free one from 17000 up, beside these tests). JUnit finds it through
 * META-INF/services once the pom turns extension autodetection on, which the pom's two test executions do.
 */
public final class ForkPorts implements BeforeAllCallback {
  /**
   * The system property the pom sets to "fork-N", N surefire's fork number (1, 2): Maven drops a value that is the
   * bare placeholder before surefire can fill it in.
   */
  static final String FORK_PROPERTY = "om.test.fork";
  /** Ports per fork: a fork's MiniOzoneClusters, restarts included, take a few hundred. */
  static final int BLOCK = 1000;
  /** OM's default addresses as ${om.test.port.NAME}, NAME one of {@link #OM_PORTS} (Configuration reads them). */
  static final String DEFAULTS = "fork-ports.xml";
  private static final String[] OM_PORTS = {"rpc", "ratis", "http", "https", "grpc"};
  private static final AtomicBoolean SET = new AtomicBoolean();

  @Override
  public void beforeAll(ExtensionContext context) {
    String fork = System.getProperty(FORK_PROPERTY);
    if (fork != null && SET.compareAndSet(false, true)) {
      int number = Integer.parseInt(fork.substring(fork.lastIndexOf('-') + 1));
      int base = PortAllocator.MIN_PORT + (number - 1) * BLOCK;
      PortAllocator.NEXT_PORT.set(base);
      for (int i = 0; i < OM_PORTS.length; i++) {
        System.setProperty("om.test.port." + OM_PORTS[i], Integer.toString(base + BLOCK - 1 - i));
      }
      // Ozone's default resources first: a resource added later overrides them, one added before them would not.
      OzoneConfiguration.activate();
      Configuration.addDefaultResource(DEFAULTS);
    }
  }
}
