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

import java.io.IOException;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hdds.conf.ConfigurationSource;
import org.apache.hadoop.hdds.utils.db.DBStoreBuilder;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksObjectUtils;
import org.rocksdb.ColumnFamilyMetaData;
import org.rocksdb.TableProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OM's range statistics: where in its tables the tombstones are, kept current
 * as RocksDB flushes and compacts. Owned by the OM metadata manager, which
 * follows the lifecycle below around its DB:
 * <pre>
 *   registerWith(builder)   before the DB is opened: installs the event listener
 *   start(db)               after: indexes the tables in the background, registers metrics
 *   stop()                  before the DB is closed: stops reading it
 *   close()                 after: releases the listener, unregisters metrics
 * </pre>
 * When disabled by configuration, every step does nothing and there are no ranges.
 *
 * <p>Each table's ranges are computed once per change of its SSTs, in the index updater's thread, and published
 * with the files they were computed from ({@link TableRanges}); readers only read what was published.
 */
public final class OmRangeStats {
  private static final Logger LOG = LoggerFactory.getLogger(OmRangeStats.class);

  private final RangeStatsConfig config;
  private final SstIndex index = new SstIndex();
  private final SstIndexUpdater updater;
  private final SstIndexListener listener;
  private final RangePartitioner partitioner;
  private final Map<String, TableRanges> published = new ConcurrentHashMap<>();
  private final AtomicLong recomputations = new AtomicLong();
  private OmRangeStatsMetrics metrics;

  public OmRangeStats(ConfigurationSource conf) {
    this(conf.getObject(RangeStatsConfig.class));
  }

  public OmRangeStats(RangeStatsConfig config) {
    this.config = config;
    this.partitioner = new RangePartitioner(config.getMaxRangeEntries());
    this.updater = new SstIndexUpdater(index, config.isEnabled() ? config.getTables() : Collections.emptySet(),
        this::publish);
    this.listener = config.isEnabled() ? newListener(updater) : null;
  }

  private static SstIndexListener newListener(SstIndexUpdater updater) {
    // A listener is a native object: RocksDB's library must be loaded before it exists, not only before the DB.
    ManagedRocksObjectUtils.loadRocksDBLibrary();
    return new SstIndexListener(updater);
  }

  public boolean isEnabled() {
    return config.isEnabled();
  }

  public void registerWith(DBStoreBuilder builder) {
    if (listener != null) {
      builder.addEventListener(listener);
    }
  }

  /** Starts indexing the DB in the background; returns at once. */
  public void start(RocksDatabase db) {
    if (isEnabled()) {
      metrics = OmRangeStatsMetrics.register(this);
      updater.start(table -> new ColumnFamilySource(db, table));
    }
  }

  public void stop() {
    updater.stop();
  }

  public void close() {
    if (metrics != null) {
      metrics.unregister();
      metrics = null;
    }
    if (listener != null) {
      listener.close();
    }
  }

  /** @return the tracked tables */
  public Set<String> getTables() {
    return updater.getTables();
  }

  /** @return a tracked table's statistics as of the latest version of its SSTs the index has published */
  public TableRanges get(String table) {
    TableRanges ranges = published.get(table);
    return ranges == null ? TableRanges.EMPTY : ranges;
  }

  /** @return the live SSTs of a tracked table as last published */
  public Collection<SstFile> getFiles(String table) {
    return get(table).getFiles();
  }

  /** @return a number that changes whenever the table's published SSTs change */
  public long getVersion(String table) {
    return get(table).getVersion();
  }

  /** @return how many flushes of the table its published SSTs include, since start */
  public long getFlushes(String table) {
    return get(table).getFlushes();
  }

  /** @return the bytes that flushes of the tracked tables wrote since start */
  public long getFlushedBytes() {
    return updater.getFlushedBytes();
  }

  /** @return how many times a table was re-indexed since start */
  public long getIndexUpdates() {
    return updater.getUpdates();
  }

  /** Re-indexes every tracked table now, in the caller's thread (the background updater may be behind). */
  public void refresh() throws IOException {
    if (isEnabled()) {
      updater.updateAll();
    }
  }

  /** Re-indexes one tracked table now, in the caller's thread. */
  public void refresh(String table) throws IOException {
    if (isEnabled()) {
      updater.update(table);
    }
  }

  /** @return how many times the ranges of a table were computed since start (a scrape or a look never computes) */
  public long getRecomputations() {
    return recomputations.get();
  }

  /**
   * @return the estimated content of {@code [start, end)} of a tracked table ({@link TableRanges#estimate}); null
   *     before the table's first indexing and while it is degraded ({@link TableRanges#isDegraded})
   */
  public KeyRange estimate(String table, byte[] start, byte[] end) {
    return get(table).estimate(start, end);
  }

  /** @return the ranges of a tracked table in key order, as last published */
  public List<KeyRange> getRanges(String table) {
    return get(table).getRanges();
  }

  /**
   * Publishes the table's statistics for the index's newest version of its files, in the thread that updated the
   * index. The ranges are computed again only if the files changed: not for a flush count alone, nor for files that
   * a compaction started to read (half of a compaction's events), which move no range.
   */
  private void publish(String table) {
    TableRanges previous = get(table);
    long version = index.version(table);
    if (version == previous.getVersion()) {
      return;
    }
    Collection<SstFile> files = index.files(table);
    TableRanges next;
    if (SstFile.sameRanges(files, previous.getFiles())) {
      next = previous.withVersion(version, index.flushes(table), files);
    } else {
      next = TableRanges.compute(table, version, index.flushes(table), files, partitioner, config.getMaxSsts());
      recomputations.incrementAndGet();
      logDegradation(table, previous, next);
    }
    published.put(table, next);
  }

  private void logDegradation(String table, TableRanges previous, TableRanges next) {
    if (next.isDegraded() && !previous.isDegraded()) {
      LOG.warn("Range statistics of {} keep only its totals: {} SSTs, more than {}={}. Its ranges are not computed, "
          + "and the range compaction service leaves it to RocksDB.", table, next.getFiles().size(),
          RangeStatsConfig.Keys.MAX_SSTS, config.getMaxSsts());
    } else if (previous.isDegraded() && !next.isDegraded()) {
      LOG.info("Range statistics of {} compute its ranges again: {} SSTs, at most {}={}.", table,
          next.getFiles().size(), RangeStatsConfig.Keys.MAX_SSTS, config.getMaxSsts());
    }
  }

  /** A column family of OM's open DB. */
  private static final class ColumnFamilySource implements SstSource {
    private final RocksDatabase db;
    private final String table;

    ColumnFamilySource(RocksDatabase db, String table) {
      this.db = db;
      this.table = table;
    }

    @Override
    public ColumnFamilyMetaData metadata() throws IOException {
      return db.getColumnFamilyMetaData(family());
    }

    @Override
    public Map<String, TableProperties> properties() throws IOException {
      return db.getPropertiesOfAllTables(family());
    }

    private RocksDatabase.ColumnFamily family() throws IOException {
      RocksDatabase.ColumnFamily family = db.getColumnFamily(table);
      if (family == null) {
        throw new IOException("No column family " + table + " in " + db);
      }
      return family;
    }
  }
}
