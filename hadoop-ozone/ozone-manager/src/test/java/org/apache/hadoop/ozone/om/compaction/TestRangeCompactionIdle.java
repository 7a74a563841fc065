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

import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneKey;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.om.KeyManagerImpl;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.ozone.test.GenericTestUtils;
import org.apache.ozone.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * A bulk delete followed by quiet in a running OM, as lifecycle expiry or the removal of a directory tree leaves it:
 * no reader comes, and the idle service removes the tombstones all the same. Checked in RocksDB's own counts of
 * deletes in each table's SSTs and memtables, not in the service's metrics.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class TestRangeCompactionIdle {
  private static final int KEYS = 1000;
  private static final int EXPIRED = 800;
  private static final int FILES = 300;
  /** The tree's directories, each a row of directoryTable and, once the tree is deleted, of deletedDirectoryTable. */
  private static final int DIRECTORIES = 250;
  /**
   * The tables whose tombstones the bulk deletes leave: the expired keys, the rows of every create, and the tree's
   * directories, which the directory deleting service moves and purges.
   */
  private static final List<String> TABLES = Arrays.asList("keyTable", "openKeyTable", "fileTable", "openFileTable",
      "directoryTable", "deletedDirectoryTable");

  private static MiniOzoneCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    DefaultMetricsSystem.initialize("OzoneManager");
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.setBoolean(OMConfigKeys.OZONE_OM_S3_GPRC_SERVER_ENABLED, false);
    conf.setBoolean(RangeCompactionConfig.Keys.ENABLED, true);
    conf.setLong(RangeCompactionConfig.Keys.MIN_TOMBSTONES, 200);
    conf.set(RangeCompactionConfig.Keys.IDLE_AFTER, "2s");
    // The directory deleting service purges the tree's files soon after the tree is deleted.
    conf.set(OMConfigKeys.OZONE_DIR_DELETING_SERVICE_INTERVAL, "1s");
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
  void aBulkDeleteFollowedByQuietLeavesNoTombstonesWithoutAReader() throws Exception {
    Set<String> live = new TreeSet<>();
    LogCapturer events = LogCapturer.captureLogs(LoggerFactory.getLogger(CompactionEvents.LOGGER));
    try (OzoneClient client = cluster.newClient()) {
      client.getObjectStore().createVolume("vol");
      OzoneVolume volume = client.getObjectStore().getVolume("vol");
      volume.createBucket("expiring", BucketArgs.newBuilder().setBucketLayout(BucketLayout.OBJECT_STORE).build());
      volume.createBucket("tree", BucketArgs.newBuilder()
          .setBucketLayout(BucketLayout.FILE_SYSTEM_OPTIMIZED).build());
      OzoneBucket expiring = volume.getBucket("expiring");
      OzoneBucket tree = volume.getBucket("tree");
      for (int i = 0; i < KEYS; i++) {
        String key = String.format("key-%05d", i);
        expiring.createKey(key, 0).close();
        live.add(key);
      }
      for (int i = 0; i < FILES; i++) {
        tree.createKey(String.format("dir/sub-%d/file-%05d", i % DIRECTORIES, i), 0).close();
      }
      // Lifecycle expiry: the oldest keys go at once; then the directory tree.
      for (int i = 0; i < EXPIRED; i++) {
        String key = String.format("key-%05d", i);
        expiring.deleteKey(key);
        live.remove(key);
      }
      tree.deleteDirectory("dir", true);
      assertThat(deletes("keyTable")).as("the expired keys' tombstones").isGreaterThanOrEqualTo(EXPIRED);

      // Quiet: no client reads or writes. Once OM is idle, the service cleans every table.
      RangeCompactionMetrics metrics = service().getMetrics();
      waitFor(() -> TABLES.stream().allMatch(table -> deletes(table) == 0));
      for (String table : TABLES) {
        assertThat(deletes(table)).as("deletes left in " + table).isZero();
        // The service removed them, not RocksDB's own compactions (idle cleanup, or for the directory deleting
        // service, which reads deletedDirectoryTable, the reader rule).
        assertThat(events.getOutput()).as("the service's compactions")
            .containsPattern("action=compact reason=\\w+ table=" + table + " ");
      }
      assertThat(metrics.getIdleLooks()).isPositive();
      assertThat(metrics.getIdleRangesCompacted()).isPositive();

      // The first listing after the quiet finds exactly the live keys.
      Set<String> listed = new TreeSet<>();
      Iterator<? extends OzoneKey> keys = expiring.listKeys("");
      while (keys.hasNext()) {
        listed.add(keys.next().getName());
      }
      assertThat(listed).isEqualTo(live);
    }
  }

  /** @return the deletes RocksDB holds for the table ({@link RocksDbDeletes}) */
  private static long deletes(String table) {
    try {
      return RocksDbDeletes.count(((RDBStore) cluster.getOzoneManager().getMetadataManager().getStore()).getDb(),
          table);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static RangeCompactionService service() {
    RangeCompactionService service =
        ((KeyManagerImpl) cluster.getOzoneManager().getKeyManager()).getRangeCompactionService();
    assertThat(service).as("range compaction service of the running OM").isNotNull();
    return service;
  }

  private static void waitFor(BooleanSupplier condition) throws InterruptedException {
    try {
      GenericTestUtils.waitFor(condition, 500, 120_000);
    } catch (TimeoutException e) {
      StringBuilder left = new StringBuilder();
      for (String table : TABLES) {
        left.append(' ').append(table).append('=').append(deletes(table));
      }
      throw new AssertionError("Tombstones left after two minutes of quiet:" + left, e);
    }
  }
}
