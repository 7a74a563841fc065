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
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Field;
import java.security.PrivilegedExceptionAction;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.ReconfigurationException;
import org.apache.hadoop.hdds.conf.ConfigurationReflectionUtil;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.conf.ReconfigurationHandler;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig.Keys;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.ozone.test.GenericTestUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The range compaction service switched and tuned at runtime through OM's ReconfigurationHandler, the mechanism
 * behind {@code ozone admin reconfig}: every key is reconfigurable, only an OM administrator may change one, a bad
 * value is refused with its key named and the old one kept, and turning the service on starts compactions while
 * turning it off starts none after. (The CLI round trip, ozone-site.xml edited and {@code reconfig start}, runs on
 * the local cluster in LocalClusterIT.) It runs last on the cluster of {@link SingleOmClusterTests}, whose
 * configuration makes the tests' user an OM administrator.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TestRangeCompactionReconfiguration implements SingleOmClusterTests.TestCase {
  private static final int KEYS = 1000;
  private static final int DELETED = 800;

  /** The service off, as the cluster starts, with the interval and idle window it set back at their defaults. */
  @AfterAll
  void restoreTheDefaults() throws Exception {
    RangeCompactionConfig defaults = new OzoneConfiguration().getObject(RangeCompactionConfig.class);
    reconfigure(om(), Keys.ENABLED, "false");
    reconfigure(om(), Keys.INTERVAL, defaults.getIntervalMillis() + "ms");
    reconfigure(om(), Keys.IDLE_AFTER, defaults.getIdleAfterMillis() + "ms");
  }

  @Test
  void everyKeyIsReconfigurableByAnAdministratorOnly() throws Exception {
    ReconfigurationHandler handler = om().getReconfigurationHandler();
    Set<String> keys = new TreeSet<>();
    for (Field field : Keys.class.getFields()) {
      keys.add((String) field.get(null));
    }
    keys.remove(Keys.PREFIX);
    assertThat(keys).hasSize(23);
    assertThat(ConfigurationReflectionUtil.mapReconfigurableProperties(RangeCompactionConfig.class).keySet())
        .isEqualTo(keys);
    assertThat(handler.getReconfigurableProperties()).containsAll(keys);
    assertThat(handler.listReconfigureProperties()).containsAll(keys);

    UserGroupInformation intruder = UserGroupInformation.createRemoteUser("intruder");
    assertThatThrownBy(() -> intruder.doAs((PrivilegedExceptionAction<Void>) () -> {
      handler.startReconfigure();
      return null;
    })).hasMessageContaining("Only Ozone admins are allowed to startReconfiguration");
  }

  @Test
  void aBadValueIsRefusedWithItsKeyAndTheOldValueStays() {
    RangeCompactionConfig config = om().getRangeCompactionConfig();
    ReconfigurationHandler handler = om().getReconfigurationHandler();
    assertThatThrownBy(() -> handler.reconfigureProperty(Keys.IDLE_ACTIVITY_RATIO, "2"))
        .isInstanceOf(ReconfigurationException.class)
        .hasStackTraceContaining("Invalid " + Keys.IDLE_ACTIVITY_RATIO + " = 2.0: must be more than 0 and at most 1");
    assertThat(config.getIdleActivityRatio()).isEqualTo(0.1);
    assertThatThrownBy(() -> handler.reconfigureProperty(Keys.TABLES, "keyTable,noSuchTable"))
        .isInstanceOf(ReconfigurationException.class)
        .hasStackTraceContaining(Keys.TABLES + " = keyTable,noSuchTable");
    assertThat(config.getTables()).contains("openKeyTable");
  }

  @Test
  void turningTheServiceOnStartsItAndTurningItOffStartsNothingAfter() throws Exception {
    RangeCompactionConfig config = om().getRangeCompactionConfig();
    assertThat(config.isEnabled()).isFalse();
    assertThat(service()).isNull();
    assertThat(setting("Enabled")).isZero();
    try (OzoneClient client = cluster().newClient()) {
      client.getObjectStore().createVolume("reconfig");
      OzoneVolume volume = client.getObjectStore().getVolume("reconfig");
      volume.createBucket("churn", BucketArgs.newBuilder().setBucketLayout(BucketLayout.OBJECT_STORE).build());
      OzoneBucket bucket = volume.getBucket("churn");
      churn(bucket, 0);

      reconfigure(om(), Keys.ENABLED, "true");
      RangeCompactionService service = service();
      assertThat(service).as("the service after it was switched on").isNotNull();
      assertThat(setting("Enabled")).isEqualTo(1);
      bucket.listKeys("").hasNext();
      RangeCompactionMetrics metrics = service.getMetrics();
      try {
        waitFor(() -> metrics.getRangesCompacted() > 0);
      } catch (TimeoutException e) {
        throw new AssertionError(String.format("No compaction: %d runs, %d flushes, %d unread, %d latency waits, "
            + "%d pressure waits", metrics.getRuns(), metrics.getMemtableFlushes(), metrics.getSkippedUnreadTables(),
            metrics.getSkippedForegroundLatency(), metrics.getSkippedWritePressure()), e);
      }

      // A tuning key applies at the next look, without a restart.
      reconfigure(om(), Keys.IDLE_AFTER, "3s");
      assertThat(service()).isSameAs(service);
      assertThat(setting("IdleAfter")).isEqualTo(3000);
      // The interval is the scheduler's: the service restarts in place with it, keeping its metrics.
      long runsBefore = metrics.getRuns();
      reconfigure(om(), Keys.INTERVAL, "500ms");
      assertThat(service()).isSameAs(service);
      assertThat(service.getIntervalMillis()).isEqualTo(500);
      waitFor(() -> metrics.getRuns() > runsBefore);

      reconfigure(om(), Keys.ENABLED, "false");
      assertThat(service()).isNull();
      assertThat(setting("Enabled")).isZero();
      // Stopping waited for the service's scheduler to end: no look can come after, so no wait could show more.
      assertThat(service.getExecutorService().isTerminated()).isTrue();
      long compacted = metrics.getRangesCompacted();
      long runs = metrics.getRuns();
      // New tombstones at the bucket's head and a reader for them: nothing compacts them now.
      churn(bucket, KEYS);
      bucket.listKeys("").hasNext();
      assertThat(service()).isNull();
      assertThat(metrics.getRuns()).isEqualTo(runs);
      assertThat(metrics.getRangesCompacted()).isEqualTo(compacted);
    }
  }

  /** Creates {@link #KEYS} keys from {@code first} on and deletes the first {@link #DELETED} of them. */
  private static void churn(OzoneBucket bucket, int first) throws IOException {
    for (int i = first; i < first + KEYS; i++) {
      bucket.createKey(String.format("key-%05d", i), 0).close();
    }
    for (int i = first; i < first + DELETED; i++) {
      bucket.deleteKey(String.format("key-%05d", i));
    }
  }

  /** @return a gauge of the settings in force, as /jmx and /prom show it */
  private static double setting(String name) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    DefaultMetricsSystem.instance().getSource(RangeCompactionSettings.SOURCE_NAME).getMetrics(collector, true);
    for (MetricsRecord record : collector.getRecords()) {
      for (AbstractMetric metric : record.metrics()) {
        if (metric.name().equals(name)) {
          return metric.value().doubleValue();
        }
      }
    }
    throw new AssertionError("No setting " + name);
  }

  private RangeCompactionService service() {
    return RangeCompactionTestUtils.service(om());
  }

  private static void waitFor(BooleanSupplier condition) throws InterruptedException, TimeoutException {
    GenericTestUtils.waitFor(condition, 200, 60_000);
  }
}
