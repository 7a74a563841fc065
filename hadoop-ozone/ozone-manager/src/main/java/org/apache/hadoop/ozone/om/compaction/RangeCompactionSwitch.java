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

import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The range compaction service of OM's DB as its configuration switches it: started with OM's key manager when
 * {@code enabled}, started or stopped when an administrator reconfigures {@code enabled} ({@code ozone admin
 * reconfig}), and restarted when {@code interval} or {@code timeout} change, which its scheduler takes when it
 * starts. Every other key applies at the service's next look, since the service reads the configuration there.
 * The settings in force are on /jmx and /prom ({@link RangeCompactionSettings}) from start to stop, with the
 * service running or not.
 *
 * <p>Stopping a service lets its running compaction finish (RocksDB cannot cancel one) and starts none after; it
 * is done outside this object's lock, so that a look of the service never waits on a reconfiguration.
 */
public final class RangeCompactionSwitch {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionSwitch.class);

  private final OmMetadataManagerImpl metadata;
  private final RangeCompactionConfig config;
  private final String threadNamePrefix;
  private final BooleanSupplier leader;
  private final boolean compactionServiceEnabled;
  private final RangeCompactionSettings settings;
  /** The running service, or null while it is off. */
  private RangeCompactionService service;
  private boolean stopped;

  /**
   * @param leader whether this OM leads its Ratis group now ({@code OzoneManager#isLeaderReady})
   * @param compactionServiceEnabled whether OM's CompactionService ({@code ozone.om.compaction.service.enabled})
   *     compacts its tables as well
   */
  public RangeCompactionSwitch(OmMetadataManagerImpl metadata, RangeCompactionConfig config, String threadNamePrefix,
      BooleanSupplier leader, boolean compactionServiceEnabled) {
    this.metadata = metadata;
    this.config = config;
    this.threadNamePrefix = threadNamePrefix;
    this.leader = leader;
    this.compactionServiceEnabled = compactionServiceEnabled;
    this.settings = new RangeCompactionSettings(config);
  }

  /**
   * Publishes the settings and starts the service if enabled.
   *
   * @throws IllegalArgumentException if range statistics are off or do not track a table to compact
   */
  public synchronized void start() {
    settings.register();
    startIfEnabled();
  }

  /** Stops the service (after its running compaction) and withdraws the settings. */
  public void stop() {
    RangeCompactionService running;
    synchronized (this) {
      stopped = true;
      running = service;
      service = null;
    }
    if (running != null) {
      running.shutdown();
    }
    settings.unregister();
  }

  /**
   * Applies a completed reconfiguration of OM: the keys' new values are already in the configuration.
   *
   * @param keys the keys whose values changed, ours and others
   */
  public void reconfigured(Set<String> keys) {
    boolean restart = keys.contains(RangeCompactionConfig.Keys.INTERVAL)
        || keys.contains(RangeCompactionConfig.Keys.TIMEOUT);
    RangeCompactionService old = null;
    synchronized (this) {
      if (service != null && (!config.isEnabled() || restart)) {
        old = service;
        service = null;
      }
    }
    if (old != null) {
      LOG.info("Stopping the range compaction service ({})", config.isEnabled() ? "reconfigured interval or timeout"
          : "disabled");
      old.shutdown();
    }
    synchronized (this) {
      startIfEnabled();
    }
  }

  private void startIfEnabled() {
    if (!stopped && service == null && config.isEnabled()) {
      service = new RangeCompactionService(metadata, config, threadNamePrefix, leader);
      service.start();
      LOG.info("Started the range compaction service, a look every {} ms", config.getIntervalMillis());
      if (compactionServiceEnabled) {
        // Not refused: an operator may keep whole-table compaction for tables this service leaves alone, or run
        // both while moving from one to the other.
        LOG.warn("CompactionService (ozone.om.compaction.service.enabled) also runs: its whole-table compactions "
            + "rewrite the tables this service compacts by range ({}), and their reads and writes add to OM's",
            config.getTables());
      }
    }
  }

  /** @return the running service, or null while it is off */
  public synchronized RangeCompactionService getService() {
    return service;
  }
}
