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

package org.apache.hadoop.ozone.om.rangestats;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URL;
import java.util.List;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.ObjectStore;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.OzoneManager;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Range statistics in a running OM: keys created and deleted through the
 * client show up as tombstones in the bucket where they were deleted, and the
 * statistics are OM metrics.
 */
class TestOmRangeStatsMiniCluster {
  private static final int KEYS = 200;
  private static final int DELETED = 150;
  private static final long WAIT_MILLIS = 30_000;

  private static MiniOzoneCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    // As OM's daemon does: without a started metrics system no source is published.
    DefaultMetricsSystem.initialize("OzoneManager");
    OzoneConfiguration conf = new OzoneConfiguration();
    // Its fixed default port (8981) would collide with other OMs on the machine; no S3 gateway runs here.
    conf.setBoolean(OMConfigKeys.OZONE_OM_S3_GPRC_SERVER_ENABLED, false);
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
  void tombstonesShowWhereKeysWereDeleted() throws Exception {
    try (OzoneClient client = cluster.newClient()) {
      ObjectStore store = client.getObjectStore();
      store.createVolume("vol");
      OzoneVolume volume = store.getVolume("vol");
      // OBJECT_STORE keeps keys in keyTable under /volume/bucket/ (the default layout, FSO, uses fileTable).
      BucketArgs objectStore = BucketArgs.newBuilder().setBucketLayout(BucketLayout.OBJECT_STORE).build();
      volume.createBucket("churn", objectStore);
      volume.createBucket("steady", objectStore);
      OzoneBucket churn = volume.getBucket("churn");
      OzoneBucket steady = volume.getBucket("steady");
      // A flush after each step, so that each SST holds one step of one bucket and the counts are exact.
      createKeys(churn, KEYS);
      flushOmDb();
      createKeys(steady, KEYS);
      flushOmDb();
      for (int i = 0; i < DELETED; i++) {
        churn.deleteKey(key(i));
      }
      flushOmDb();
    }

    KeyRange churnRange = awaitRange("/vol/churn/", DELETED);
    assertThat(churnRange.getTombstones()).isEqualTo(DELETED);
    assertThat(churnRange.getEntries()).isEqualTo(KEYS + DELETED);
    KeyRange steadyRange = range("/vol/steady/");
    assertThat(steadyRange.getEntries()).isEqualTo(KEYS);
    assertThat(steadyRange.getTombstones()).isZero();

    // Not OM's /prom: in one JVM, SCM's Prometheus sink takes the sink name first and gets every metric. /jmx
    // shows the MBeans of the JVM; keyTable is the first record.
    String keyTableTombstones = "\"EstimatedTombstones\" : " + DELETED;
    String jmx = awaitHttp("/jmx?qry=Hadoop:name=OmRangeStats,*", keyTableTombstones);
    assertThat(jmx)
        .contains("\"tag.Table\" : \"keyTable\"")
        .contains(keyTableTombstones)
        .contains("\"LiveSsts\" : 3")
        .contains("\"TopRangeScore\"");
  }

  /** Metrics are refreshed periodically: waits until the page has the text. */
  private static String awaitHttp(String path, String text) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (true) {
      String page = get(om().getHttpServer().getHttpAddress(), path);
      if (page.contains(text) || System.currentTimeMillis() > deadline) {
        return page;
      }
      Thread.sleep(500);
    }
  }

  private static void createKeys(OzoneBucket bucket, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      bucket.createKey(key(i), 0).close();
    }
  }

  private static String key(int i) {
    return String.format("key-%04d", i);
  }

  /** Waits until OM has applied every request to its DB (it does so asynchronously), then flushes the DB. */
  private static void flushOmDb() throws Exception {
    om().getOmRatisServer().getOmStateMachine().awaitDoubleBufferFlush();
    om().getMetadataManager().getStore().flushDB();
  }

  /** The index follows flushes in the background: waits until the keyTable range at start shows the tombstones. */
  private static KeyRange awaitRange(String start, long tombstones) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (true) {
      KeyRange range = range(start);
      if ((range != null && range.getTombstones() == tombstones) || System.currentTimeMillis() > deadline) {
        assertThat(range).as("keyTable range " + start + " in " + stats().getRanges("keyTable")).isNotNull();
        return range;
      }
      Thread.sleep(100);
    }
  }

  private static KeyRange range(String start) {
    List<KeyRange> ranges = stats().getRanges("keyTable");
    for (KeyRange r : ranges) {
      if (new String(r.getStart(), UTF_8).equals(start)) {
        return r;
      }
    }
    return null;
  }

  private static OmRangeStats stats() {
    return ((OmMetadataManagerImpl) om().getMetadataManager()).getRangeStats();
  }

  private static OzoneManager om() {
    return cluster.getOzoneManager();
  }

  private static String get(InetSocketAddress address, String path) throws IOException {
    URL url = new URL("http://" + address.getHostString() + ":" + address.getPort() + path);
    HttpURLConnection connection = (HttpURLConnection) url.openConnection();
    try (InputStream in = connection.getInputStream()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      int n;
      while ((n = in.read(buffer)) > 0) {
        out.write(buffer, 0, n);
      }
      return new String(out.toByteArray(), UTF_8);
    } finally {
      connection.disconnect();
    }
  }
}
