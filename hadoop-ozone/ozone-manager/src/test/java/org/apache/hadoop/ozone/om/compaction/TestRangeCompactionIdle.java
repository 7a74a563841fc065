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

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
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
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * A bulk delete followed by quiet in a running OM, as lifecycle expiry or the removal of a directory tree leaves it:
 * no reader comes, and the idle service removes the tombstones all the same. Checked in RocksDB's own counts of
 * deletes in each table's SSTs and memtables, not in the service's metrics. It runs first on the cluster of {@link
 * SingleOmClusterTests}, with the service turned on at runtime and a short idle window.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TestRangeCompactionIdle implements SingleOmClusterTests.TestCase {
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

  @BeforeAll
  void turnTheServiceOnWithAShortIdleWindow() throws Exception {
    reconfigure(om(), RangeCompactionConfig.Keys.IDLE_AFTER, "2s");
    reconfigure(om(), RangeCompactionConfig.Keys.ENABLED, "true");
  }

  @AfterAll
  void turnTheServiceOffWithTheDefaultIdleWindow() throws Exception {
    reconfigure(om(), RangeCompactionConfig.Keys.ENABLED, "false");
    long millis = new OzoneConfiguration().getObject(RangeCompactionConfig.class).getIdleAfterMillis();
    reconfigure(om(), RangeCompactionConfig.Keys.IDLE_AFTER, millis + "ms");
  }

  @Test
  void aBulkDeleteFollowedByQuietLeavesNoTombstonesWithoutAReader() throws Exception {
    Set<String> live = new TreeSet<>();
    LogCapturer events = LogCapturer.captureLogs(LoggerFactory.getLogger(CompactionEvents.LOGGER));
    try (OzoneClient client = cluster().newClient()) {
      client.getObjectStore().createVolume("idle");
      OzoneVolume volume = client.getObjectStore().getVolume("idle");
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
      assertThat(RocksDbDeletes.count(om(), "keyTable")).as("the expired keys' tombstones")
          .isGreaterThanOrEqualTo(EXPIRED);

      // Quiet: no client reads or writes. Once OM is idle, the service cleans every table.
      RangeCompactionMetrics metrics = runningService(om()).getMetrics();
      long idleLooks = metrics.getIdleLooks();
      long idleCompacted = metrics.getIdleRangesCompacted();
      waitFor(() -> TABLES.stream().allMatch(table -> RocksDbDeletes.count(om(), table) == 0));
      for (String table : TABLES) {
        assertThat(RocksDbDeletes.count(om(), table)).as("deletes left in " + table).isZero();
        // The service removed them, not RocksDB's own compactions (idle cleanup, or for the directory deleting
        // service, which reads deletedDirectoryTable, the reader rule).
        assertThat(events.getOutput()).as("the service's compactions")
            .containsPattern("action=compact reason=\\w+ table=" + table + " ");
      }
      assertThat(metrics.getIdleLooks()).isGreaterThan(idleLooks);
      assertThat(metrics.getIdleRangesCompacted()).isGreaterThan(idleCompacted);

      // The first listing after the quiet finds exactly the live keys.
      Set<String> listed = new TreeSet<>();
      Iterator<? extends OzoneKey> keys = expiring.listKeys("");
      while (keys.hasNext()) {
        listed.add(keys.next().getName());
      }
      assertThat(listed).isEqualTo(live);
    }
  }

  private void waitFor(BooleanSupplier condition) throws InterruptedException {
    try {
      GenericTestUtils.waitFor(condition, 500, 120_000);
    } catch (TimeoutException e) {
      StringBuilder left = new StringBuilder();
      for (String table : TABLES) {
        left.append(' ').append(table).append('=').append(RocksDbDeletes.count(om(), table));
      }
      throw new AssertionError("Tombstones left after two minutes of quiet:" + left, e);
    }
  }
}
