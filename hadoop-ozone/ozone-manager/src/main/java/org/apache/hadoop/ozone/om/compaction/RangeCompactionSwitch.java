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
 * reconfig}), and restarted in place when {@code interval} changes, which its scheduler takes when it starts. Every
 * other key applies at the service's next look, since the service reads the configuration there.
 * The settings in force are on /jmx and /prom ({@link RangeCompactionSettings}) from start to stop, with the
 * service running or not.
 *
 * <p>Stopping or restarting a service lets its running compaction finish (RocksDB cannot cancel one); it is done
 * outside the lock of {@link #getService}, so that nothing that asks for the service waits on a compaction.
 */
public final class RangeCompactionSwitch {
  private static final Logger LOG = LoggerFactory.getLogger(RangeCompactionSwitch.class);

  private final OmMetadataManagerImpl metadata;
  private final RangeCompactionConfig config;
  private final String threadNamePrefix;
  private final BooleanSupplier leader;
  private final boolean compactionServiceEnabled;
  private final RangeCompactionSettings settings;
  /** Orders starts, restarts and stops, which wait for a running compaction; {@link #getService} does not. */
  private final Object transitions = new Object();
  /** The running service, or null while it is off. */
  private RangeCompactionService service;
  /** Whether OM stopped the switch; guarded by {@link #transitions}. */
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
  public void start() {
    synchronized (transitions) {
      settings.register();
      startIfEnabled();
    }
  }

  /** Stops the service (after its running compaction) and withdraws the settings. */
  public void stop() {
    synchronized (transitions) {
      stopped = true;
      RangeCompactionService running = take();
      if (running != null) {
        running.shutdown();
      }
      settings.unregister();
    }
  }

  /**
   * Applies a completed reconfiguration of OM: the keys' new values are already in the configuration. A running
   * service takes a new interval by restarting in place, as OM's other background services do; every other key it
   * reads at its next look.
   *
   * @param keys the keys whose values changed, ours and others
   */
  public void reconfigured(Set<String> keys) {
    synchronized (transitions) {
      RangeCompactionService running = getService();
      if (running == null) {
        startIfEnabled();
      } else if (!config.isEnabled()) {
        LOG.info("Stopping the range compaction service (disabled)");
        take().shutdown();
      } else {
        if (keys.contains(RangeCompactionConfig.Keys.TIMEOUT)) {
          running.timeoutReconfigured();
        }
        if (keys.contains(RangeCompactionConfig.Keys.INTERVAL)) {
          LOG.info("Restarting the range compaction service, a look every {} ms", config.getIntervalMillis());
          running.restart();
        }
      }
    }
  }

  /** @return the running service, no longer the switch's; null if none */
  private synchronized RangeCompactionService take() {
    RangeCompactionService running = service;
    service = null;
    return running;
  }

  private void startIfEnabled() {
    if (!stopped && getService() == null && config.isEnabled()) {
      RangeCompactionService started = new RangeCompactionService(metadata, config, threadNamePrefix, leader);
      started.start();
      synchronized (this) {
        service = started;
      }
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
