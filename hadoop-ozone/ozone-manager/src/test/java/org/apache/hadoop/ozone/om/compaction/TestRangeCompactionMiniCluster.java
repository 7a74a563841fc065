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

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneKey;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.om.KeyManagerImpl;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The range compaction service in a running OM: after a delete-heavy load
 * through the client it compacts the dense ranges (the open-key rows every
 * create deletes, and the deleted keys), and listings return exactly the live keys.
 */
class TestRangeCompactionMiniCluster {
  private static final int KEYS = 1000;
  private static final int DELETED = 700;
  private static final long WAIT_MILLIS = 60_000;

  private static MiniOzoneCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    DefaultMetricsSystem.initialize("OzoneManager");
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.setBoolean(OMConfigKeys.OZONE_OM_S3_GPRC_SERVER_ENABLED, false);
    conf.setBoolean(RangeCompactionConfig.Keys.ENABLED, true);
    // The load is small: its tombstones are all still in the memtables until the service flushes them.
    conf.setLong(RangeCompactionConfig.Keys.MIN_TOMBSTONES, 200);
    cluster = MiniOzoneCluster.newBuilder(conf).setNumDatanodes(1).build();
    cluster.waitForClusterToBeReady();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.shutdown();
    }
    DefaultMetricsSystem.shutdown();
  }

  @Test
  void compactsAfterDeletesAndKeepsExactlyTheLiveKeys() throws Exception {
    Set<String> live = new TreeSet<>();
    try (OzoneClient client = cluster.newClient()) {
      client.getObjectStore().createVolume("vol");
      OzoneVolume volume = client.getObjectStore().getVolume("vol");
      volume.createBucket("churn", BucketArgs.newBuilder().setBucketLayout(BucketLayout.OBJECT_STORE).build());
      OzoneBucket bucket = volume.getBucket("churn");
      for (int i = 0; i < KEYS; i++) {
        String key = String.format("key-%05d", i);
        bucket.createKey(key, 0).close();
        live.add(key);
      }
      for (int i = 0; i < DELETED; i++) {
        String key = String.format("key-%05d", i);
        bucket.deleteKey(key);
        live.remove(key);
      }

      // The deletes removed keys at the bucket's head (keyTable), still in the memtable. A listing is keyTable's
      // reader: once one has scanned it, the service flushes the memtable (the head probe finds the 700 deletes
      // there, over min.tombstones) and compacts the bucket.
      assertThat(bucket.listKeys("").hasNext()).isTrue();
      RangeCompactionMetrics metrics = service().getMetrics();
      long deadline = System.currentTimeMillis() + WAIT_MILLIS;
      while ((metrics.getRangesCompacted() == 0 || keyTableTombstones() > 0)
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(500);
      }
      assertThat(keyTableTombstones()).isZero();
      assertThat(metrics.getTombstonesRemoved()).isPositive();
      assertThat(metrics.getRangesCompacted()).isPositive();
      assertThat(metrics.getMemtableFlushes()).isPositive();
      assertThat(DefaultMetricsSystem.instance().getSource(ForegroundLatency.SOURCE_NAME))
          .as("OM's client protocol metrics, which the foreground latency check reads").isNotNull();

      Set<String> listed = new TreeSet<>();
      Iterator<? extends OzoneKey> keys = bucket.listKeys("");
      while (keys.hasNext()) {
        listed.add(keys.next().getName());
      }
      assertThat(listed).isEqualTo(live);
    }
  }

  /** @return the estimated tombstones of keyTable's SSTs, as the service last saw them */
  private static long keyTableTombstones() throws Exception {
    OmRangeStats stats = ((OmMetadataManagerImpl) cluster.getOzoneManager().getMetadataManager()).getRangeStats();
    long tombstones = 0;
    for (KeyRange r : stats.getRanges("keyTable")) {
      tombstones += r.getTombstones();
    }
    return tombstones;
  }

  private static RangeCompactionService service() {
    RangeCompactionService service =
        ((KeyManagerImpl) cluster.getOzoneManager().getKeyManager()).getRangeCompactionService();
    assertThat(service).as("range compaction service of the running OM").isNotNull();
    return service;
  }
}
