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

import static org.apache.hadoop.ozone.om.compaction.RangeCompactionTestUtils.reconfigure;
import static org.apache.hadoop.ozone.om.compaction.RangeCompactionTestUtils.runningService;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneKey;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.ozone.test.GenericTestUtils;
import org.apache.ozone.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

/**
 * The range compaction service in a running OM: after a delete-heavy load
 * through the client it compacts the dense ranges (the open-key rows every
 * create deletes, and the deleted keys), and listings return exactly the live keys.
 * It runs on the cluster of {@link SingleOmClusterTests}, with the service
 * turned on at runtime and its other settings at their defaults.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TestRangeCompactionMiniCluster implements SingleOmClusterTests.TestCase {
  private static final String VOLUME = "reader";
  private static final String BUCKET = "churn";
  private static final int KEYS = 1000;
  private static final int DELETED = 700;
  private static final int WAIT_MILLIS = 60_000;

  /** The reader rule alone: idle cleanup, which would clean the table too once the load stops, is off. */
  @BeforeAll
  void turnIdleCleanupOff() throws Exception {
    reconfigure(om(), RangeCompactionConfig.Keys.IDLE_CLEANUP, "false");
  }

  @AfterAll
  void turnTheServiceOff() throws Exception {
    reconfigure(om(), RangeCompactionConfig.Keys.ENABLED, "false");
    reconfigure(om(), RangeCompactionConfig.Keys.IDLE_CLEANUP, "true");
  }

  @Test
  void compactsAfterDeletesAndKeepsExactlyTheLiveKeys() throws Exception {
    Set<String> live = new TreeSet<>();
    LogCapturer events = LogCapturer.captureLogs(LoggerFactory.getLogger(CompactionEvents.LOGGER));
    try (OzoneClient client = cluster().newClient()) {
      client.getObjectStore().createVolume(VOLUME);
      OzoneVolume volume = client.getObjectStore().getVolume(VOLUME);
      volume.createBucket(BUCKET, BucketArgs.newBuilder().setBucketLayout(BucketLayout.OBJECT_STORE).build());
      OzoneBucket bucket = volume.getBucket(BUCKET);
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
      // The service starts after the listing, with every delete in RocksDB (OM acknowledges a request before its
      // double buffer writes it), and counts the scans since the DB opened at its first look. Running during the
      // load, it would take those scans for a reader due at once and might flush the memtable halfway through the
      // deletes; the rest, if fewer than min.tombstones, would stay in the memtable, as designed, with no reader due.
      om().getOmRatisServer().getOmStateMachine().awaitDoubleBufferFlush();
      assertThat(bucket.listKeys("").hasNext()).isTrue();
      reconfigure(om(), RangeCompactionConfig.Keys.ENABLED, "true");
      RangeCompactionMetrics metrics = runningService(om()).getMetrics();
      // RocksDB's own count, memtables included: the earlier tests left keyTable without a delete.
      GenericTestUtils.waitFor(() -> RocksDbDeletes.count(om(), "keyTable") == 0, 500, WAIT_MILLIS);
      assertThat(events.getOutput()).as("the service's compactions")
          .containsPattern("action=flush reason=reader table=keyTable ")
          .containsPattern("action=compact reason=reader table=keyTable ");
      assertThat(metrics.getTombstonesRemoved()).isGreaterThanOrEqualTo(DELETED);
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
}
