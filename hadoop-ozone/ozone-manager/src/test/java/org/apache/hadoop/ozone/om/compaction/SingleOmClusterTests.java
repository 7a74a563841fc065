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

package org.apache.hadoop.ozone.om.compaction;

import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.OzoneConfigKeys;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OzoneManager;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestClassOrder;
import org.junit.jupiter.api.TestInstance;

/**
 * The range compaction service's tests that need one running OM, on one MiniOzoneCluster (one OM, one datanode) that
 * they share, as upstream's NonHATests share theirs: starting a cluster is a large part of such a test's time. The
 * cluster starts with the service off; a class that needs it on turns it on at runtime, as {@code ozone admin
 * reconfig} does, and off again after, so that the next one meets a new service without the last one's flushes and
 * compactions. Each works in its own volume, on the DB the earlier ones left. They run in this order: idle cleanup
 * first, before any listing, since a service turned on counts the iterators opened on a table since the DB opened as
 * a reader's scan; the reader rule; the reconfiguration, which turns the service on and off itself.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestClassOrder(ClassOrderer.OrderAnnotation.class)
class SingleOmClusterTests {

  private MiniOzoneCluster cluster;

  /** A test class that runs on the shared cluster. */
  interface TestCase {
    MiniOzoneCluster cluster();

    default OzoneManager om() {
      return cluster().getOzoneManager();
    }
  }

  @BeforeAll
  void startCluster() throws Exception {
    // As OM's daemon does: without a started metrics system no source is published.
    DefaultMetricsSystem.initialize("OzoneManager");
    OzoneConfiguration conf = new OzoneConfiguration();
    // Its fixed default port (8981) would collide with other OMs on the machine; no S3 gateway runs here.
    conf.setBoolean(OMConfigKeys.OZONE_OM_S3_GPRC_SERVER_ENABLED, false);
    // Administrators are checked only with authorization on, which needs Kerberos outside tests; the tests' user is
    // the one administrator.
    conf.setBoolean("ozone.test.authorization.enabled", true);
    conf.set(OzoneConfigKeys.OZONE_ADMINISTRATORS, UserGroupInformation.getCurrentUser().getShortUserName());
    // The tests' loads are small: a range qualifies with 200 tombstones.
    conf.setLong(RangeCompactionConfig.Keys.MIN_TOMBSTONES, 200);
    // The directory deleting service purges a deleted tree's files soon after the tree is deleted.
    conf.set(OMConfigKeys.OZONE_DIR_DELETING_SERVICE_INTERVAL, "1s");
    cluster = MiniOzoneCluster.newBuilder(conf).setNumDatanodes(1).build();
    cluster.waitForClusterToBeReady();
  }

  @AfterAll
  void stopCluster() {
    if (cluster != null) {
      cluster.shutdown();
    }
    DefaultMetricsSystem.shutdown();
  }

  @Nested
  @Order(1)
  class RangeCompactionIdle extends TestRangeCompactionIdle {
    @Override
    public MiniOzoneCluster cluster() {
      return cluster;
    }
  }

  @Nested
  @Order(2)
  class RangeCompaction extends TestRangeCompactionMiniCluster {
    @Override
    public MiniOzoneCluster cluster() {
      return cluster;
    }
  }

  @Nested
  @Order(3)
  class RangeCompactionReconfiguration extends TestRangeCompactionReconfiguration {
    @Override
    public MiniOzoneCluster cluster() {
      return cluster;
    }
  }
}
