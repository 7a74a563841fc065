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

import static org.apache.hadoop.ozone.om.compaction.RangeCompactionTestUtils.runningService;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.conf.StorageUnit;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.TableIterator;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.MiniOzoneHAClusterImpl;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.conf.OMClientConfig;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OMMetadataManager;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.OzoneManager;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.hadoop.ozone.om.helpers.OmKeyInfo;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.ratis.OzoneManagerRatisServerConfig;
import org.apache.ozone.test.GenericTestUtils;
import org.apache.ozone.test.GenericTestUtils.LogCapturer;
import org.apache.ratis.server.DivisionInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The range compaction service on three OMs in one Ratis group, at its default reader pacing, under a delete-heavy
 * load that runs throughout: every OM compacts its own DB, the leader for the load's listings and each follower for
 * whenever it comes to lead; a follower that fell behind the leader's purged log installs the leader's
 * checkpoint, which replaces its metadata and key managers, and comes back with a new service on the new DB and
 * its metrics registered once; leadership moves while the OMs compact. Every OM ends with the key set the client's
 * acknowledged creates and deletes leave.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TestRangeCompactionHA {
  private static final String SERVICE_ID = "om-range-compaction";
  private static final String VOLUME = "vol";
  private static final String BUCKET = "churn";
  private static final int OMS = 3;
  /** One install by each follower. */
  private static final int CHECKPOINT_INSTALLS = 2;
  private static final int LEADER_TRANSFERS = 2;
  /** As in upstream's TestOMRatisSnapshots: a snapshot and a purge every 50 transactions, in 16 KB segments. */
  private static final int LOG_PURGE_GAP = 50;
  private static final int WAIT_MILLIS = 60_000;

  private static MiniOzoneHAClusterImpl cluster;
  private static OzoneClient client;
  private static ChurnLoad load;
  private static LogCapturer omLog;
  /** Our metrics sources that this JVM held before the cluster started (other tests may leave some). */
  private static Map<String, Long> metricsSourcesBefore;

  @BeforeAll
  static void startCluster() throws Exception {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.setBoolean(OMConfigKeys.OZONE_OM_S3_GPRC_SERVER_ENABLED, false);
    // The service at its most eager: every 100 ms, small ranges and memtables qualify, no pause, no budget or
    // latency back-off, so that it compacts all the time the load runs.
    conf.setBoolean(RangeCompactionConfig.Keys.ENABLED, true);
    conf.set(RangeCompactionConfig.Keys.INTERVAL, "100ms");
    conf.setLong(RangeCompactionConfig.Keys.MIN_TOMBSTONES, 50);
    conf.setDouble(RangeCompactionConfig.Keys.PAUSE_RATIO, 0);
    conf.setDouble(RangeCompactionConfig.Keys.BUDGET_RATIO, 1000);
    conf.set(RangeCompactionConfig.Keys.BACKOFF_FOREGROUND_LATENCY, "0s");

    conf.setInt(OMConfigKeys.OZONE_OM_RATIS_LOG_PURGE_GAP, LOG_PURGE_GAP);
    conf.setStorageSize(OMConfigKeys.OZONE_OM_RATIS_SEGMENT_SIZE_KEY, 16, StorageUnit.KB);
    conf.setStorageSize(OMConfigKeys.OZONE_OM_RATIS_SEGMENT_PREALLOCATED_SIZE_KEY, 16, StorageUnit.KB);
    conf.setLong(OMConfigKeys.OZONE_OM_RATIS_SNAPSHOT_AUTO_TRIGGER_THRESHOLD_KEY, LOG_PURGE_GAP);
    OzoneManagerRatisServerConfig ratis = conf.getObject(OzoneManagerRatisServerConfig.class);
    ratis.setLogAppenderWaitTimeMin(10);
    conf.setFromObject(ratis);
    OMClientConfig clientConfig = conf.getObject(OMClientConfig.class);
    clientConfig.setRpcTimeOut(TimeUnit.SECONDS.toMillis(5));
    conf.setFromObject(clientConfig);

    metricsSourcesBefore = ourMetricsSources();
    MiniOzoneHAClusterImpl.Builder builder = MiniOzoneCluster.newHABuilder(conf);
    builder.setOMServiceId(SERVICE_ID)
        .setNumOfOzoneManagers(OMS)
        .setNumOfActiveOMs(OMS);
    builder.setNumDatanodes(1);
    cluster = builder.build();
    cluster.waitForClusterToBeReady();
    omLog = LogCapturer.captureLogs(OzoneManager.class);

    client = cluster.newClient();
    client.getObjectStore().createVolume(VOLUME);
    OzoneVolume volume = client.getObjectStore().getVolume(VOLUME);
    volume.createBucket(BUCKET, BucketArgs.newBuilder().setBucketLayout(BucketLayout.OBJECT_STORE).build());
    load = new ChurnLoad(volume.getBucket(BUCKET), 20);
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (load != null) {
      load.close();
    }
    if (client != null) {
      client.close();
    }
    if (omLog != null) {
      omLog.stopCapturing();
    }
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  void compactsOnEveryOmThroughCheckpointInstallsAndLeaderChanges() throws Exception {
    load.start();

    // (a) Each OM applies the load to its own DB and compacts it while the load runs, the followers for whenever
    // they come to lead.
    OzoneManager firstLeader = cluster.waitForLeaderOM();
    for (OzoneManager om : cluster.getOzoneManagersList()) {
      long compacted = compactions(om);
      waitFor(om.getOMNodeId() + " compacts under the load", () -> compactions(om) > compacted + 1);
      if (om != firstLeader) {
        assertThat(runningService(om).getMetrics().getFollowerLooks()).as(om.getOMNodeId() + " looks as a follower")
            .isPositive();
        // No client reads from a follower here: it has no reader of its own, so it leaves no table for one.
        assertThat(runningService(om).getMetrics().getSkippedUnreadTables()).as(om.getOMNodeId()
            + "'s tables left for a reader").isZero();
      }
    }
    // Under the steady load no OM is idle, leader or follower.
    Map<String, Long> idleLooks = new HashMap<>();
    cluster.getOzoneManagersList().forEach(om -> idleLooks.put(om.getOMNodeId(), idleLooks(om)));
    long steady = load.getOperations();
    waitFor("the load goes on", () -> load.getOperations() > steady + 200);
    cluster.getOzoneManagersList().forEach(om -> assertThat(idleLooks(om)).as(om.getOMNodeId() + "'s idle looks")
        .isEqualTo(idleLooks.get(om.getOMNodeId())));
    assertOurMetricsSourcesPerOm(OMS);
    assertSameKeysOnEveryOm();

    // (b) A follower that missed the purged part of the leader's log installs the leader's checkpoint.
    for (int install = 0; install < CHECKPOINT_INSTALLS; install++) {
      followerInstallsCheckpoint(install);
      assertSameKeysOnEveryOm();
    }

    // (c) Leadership moves while the OMs compact; the load fails over with it.
    for (int transfer = 0; transfer < LEADER_TRANSFERS; transfer++) {
      OzoneManager leader = cluster.waitForLeaderOM();
      long compacted = compactions(leader);
      waitFor("the leader compacts", () -> compactions(leader) > compacted);
      OzoneManager newLeader = cluster.transferOMLeadershipToAnotherNode(leader);
      assertThat(newLeader.getOMNodeId()).isNotEqualTo(leader.getOMNodeId());
      long operations = load.getOperations();
      waitFor("the load goes on through the new leader", () -> load.getOperations() > operations + 50);
    }
    for (OzoneManager om : cluster.getOzoneManagersList()) {
      assertThat(om.isRunning()).as(om.getOMNodeId() + " runs").isTrue();
      long compacted = compactions(om);
      waitFor(om.getOMNodeId() + " compacts after the leader changes", () -> compactions(om) > compacted);
    }
    assertOurMetricsSourcesPerOm(OMS);
    assertSameKeysOnEveryOm();
  }

  /**
   * Stops a follower (each time the other one), runs the load until the leader purged its log past what the follower
   * applied, restarts the follower and waits for its checkpoint install; then the follower runs a new service on the
   * new DB. The load pauses from the restart until the follower caught up: the leader keeps only about {@link
   * #LOG_PURGE_GAP} entries, fewer than the load adds during an install, so a running load would have it install
   * again and again.
   */
  private void followerInstallsCheckpoint(int install) throws Exception {
    OzoneManager leader = cluster.waitForLeaderOM();
    List<OzoneManager> followers = cluster.getOzoneManagersList().stream()
        .filter(om -> !om.getOMNodeId().equals(leader.getOMNodeId())).collect(Collectors.toList());
    OzoneManager follower = followers.get(install % followers.size());
    String id = follower.getOMNodeId();
    RangeCompactionService stopped = runningService(follower);
    // Past the follower's last log entry, not only past what it applied: its log can hold a few entries more, and a
    // leader that still has the next one sends it the log instead of the checkpoint.
    long followerLast;
    load.pause();
    try {
      followerLast = follower.getOmRatisServer().getServerDivision().getRaftLog().getLastEntryTermIndex().getIndex();
      cluster.stopOzoneManager(id);
    } finally {
      load.resume();
    }
    assertOurMetricsSourcesPerOm(OMS - 1);
    waitFor("the leader purges its log past " + id,
        () -> leader.getOmRatisServer().getServerDivision().getRaftLog().getStartIndex() > followerLast + 1);

    load.pause();
    try {
      int installs = count(omLog.getOutput(), "Reloaded OM state");
      cluster.restartOzoneManager(follower, true);
      waitFor(id + " installs the leader's checkpoint",
          () -> count(omLog.getOutput(), "Reloaded OM state") > installs);
      waitFor(id + " catches up", () -> applied(follower) >= applied(leader));
      // OM reloads a checkpoint newer than the index Ratis notified, and Ratis ends the install only at the leader's
      // next notification; a load resumed before that purges past the follower again, and it installs in a loop.
      waitFor("the leader appends to " + id + " again", () -> appendsToEveryFollower(leader));
      assertThat(follower.isRunning()).as(id + " runs after its checkpoint install").isTrue();
      assertThat(cluster.isOMActive(id)).isTrue();
      RangeCompactionService service = runningService(follower);
      assertThat(service).as("the service of the installed DB").isNotSameAs(stopped);
      waitFor(id + "'s new service runs", () -> service.getMetrics().getRuns() > 2);
      assertOurMetricsSourcesPerOm(OMS);
    } finally {
      load.resume();
    }
    OmRangeStats stats = ((OmMetadataManagerImpl) follower.getMetadataManager()).getRangeStats();
    long indexed = stats.getIndexUpdates();
    waitFor(id + " indexes the installed DB's SSTs as RocksDB changes them", () -> stats.getIndexUpdates() > indexed);
    long compacted = runningService(follower).getMetrics().getRangesCompacted();
    waitFor(id + " compacts the installed DB", () -> compactions(follower) > compacted);
  }

  /**
   * Pauses the load and checks that every OM holds exactly the keys that the acknowledged creates and deletes leave
   * (uncertain keys aside), then resumes the load. An OM acknowledges a request before its double buffer writes it to
   * the DB, and a follower applies it later still, so each OM gets time to get there.
   */
  private void assertSameKeysOnEveryOm() throws Exception {
    load.pause();
    try {
      Set<String> uncertain = load.getUncertain();
      Set<String> expected = load.getLive();
      for (OzoneManager om : cluster.getOzoneManagersList()) {
        waitFor(om.getOMNodeId() + " holds the acknowledged keys", () -> keysOrEmpty(om, uncertain).equals(expected));
        assertThat(keys(om, uncertain)).as("keys of %s (%d uncertain left out)", om.getOMNodeId(), uncertain.size())
            .isEqualTo(expected)
            .doesNotContainAnyElementsOf(load.getDeleted());
      }
    } finally {
      load.resume();
    }
  }

  /** @return whether every follower's match index reached what the leader applied */
  private static boolean appendsToEveryFollower(OzoneManager leader) {
    DivisionInfo info = leader.getOmRatisServer().getServerDivision().getInfo();
    long applied = info.getLastAppliedIndex();
    return Arrays.stream(info.getFollowerMatchIndices()).allMatch(match -> match >= applied);
  }

  private static long applied(OzoneManager om) {
    return om.getOmRatisServer().getLastAppliedTermIndex().getIndex();
  }

  private static Set<String> keysOrEmpty(OzoneManager om, Set<String> uncertain) {
    try {
      return keys(om, uncertain);
    } catch (Exception e) {
      return Collections.emptySet();
    }
  }

  /** @return the keys of the bucket in the OM's keyTable, uncertain ones left out */
  private static Set<String> keys(OzoneManager om, Set<String> uncertain) throws Exception {
    OMMetadataManager metadata = om.getMetadataManager();
    String prefix = metadata.getBucketKeyPrefix(VOLUME, BUCKET);
    Set<String> keys = new TreeSet<>();
    Table<String, OmKeyInfo> table = metadata.getKeyTable(BucketLayout.OBJECT_STORE);
    try (TableIterator<String, String> it = table.keyIterator(prefix)) {
      while (it.hasNext()) {
        String key = it.next();
        if (!key.startsWith(prefix)) {
          break;
        }
        String name = key.substring(prefix.length());
        if (!uncertain.contains(name)) {
          keys.add(name);
        }
      }
    }
    return keys;
  }

  /**
   * @return the ranges the OM's current service compacted, or -1 while it has none (a follower installing a
   *         checkpoint replaces its key manager)
   */
  private static long compactions(OzoneManager om) {
    RangeCompactionService service = RangeCompactionTestUtils.service(om);
    return service == null ? -1 : service.getMetrics().getRangesCompacted();
  }

  private static long idleLooks(OzoneManager om) {
    return runningService(om).getMetrics().getIdleLooks();
  }

  /**
   * The three OMs share this JVM's metrics system, which names a second registration of a source {@code name-1}
   * and so on (mini-cluster mode). Counting our sources by their base name shows a registration that was not
   * undone (an OM's own process would fail at it) or one that is missing.
   *
   * @return how many sources of each of ours are registered (as JMX beans)
   */
  private static Map<String, Long> ourMetricsSources() throws MalformedObjectNameException {
    Map<String, Long> counts = new HashMap<>();
    for (String source : new String[] {RangeCompactionMetrics.SOURCE_NAME, RangeCompactionSettings.SOURCE_NAME,
        "OmRangeStats"}) {
      long count = 0;
      for (String name : new String[] {source, source + "-*"}) {
        count += ManagementFactory.getPlatformMBeanServer()
            .queryNames(new ObjectName("Hadoop:service=*,name=" + name), null).size();
      }
      counts.put(source, count);
    }
    return counts;
  }

  private static void assertOurMetricsSourcesPerOm(int runningOms) throws Exception {
    Map<String, Long> expected = new HashMap<>();
    metricsSourcesBefore.forEach((source, count) -> expected.put(source, count + runningOms));
    assertThat(ourMetricsSources()).as("our metrics sources with %d OMs running", runningOms).isEqualTo(expected);
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      count++;
    }
    return count;
  }

  private static void waitFor(String what, BooleanSupplier condition) throws InterruptedException {
    try {
      GenericTestUtils.waitFor(condition, 100, WAIT_MILLIS);
    } catch (TimeoutException e) {
      throw new AssertionError("Timed out waiting until " + what, e);
    }
  }
}
