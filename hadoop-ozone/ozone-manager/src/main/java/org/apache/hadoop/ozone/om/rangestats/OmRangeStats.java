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
import org.apache.hadoop.hdds.conf.ConfigurationSource;
import org.apache.hadoop.hdds.utils.db.DBStoreBuilder;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksObjectUtils;
import org.rocksdb.ColumnFamilyMetaData;
import org.rocksdb.TableProperties;

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
 */
public final class OmRangeStats {
  private final RangeStatsConfig config;
  private final SstIndex index = new SstIndex();
  private final SstIndexUpdater updater;
  private final SstIndexListener listener;
  private final RangePartitioner partitioner;
  private final Map<String, CachedRanges> rangesCache = new ConcurrentHashMap<>();
  private OmRangeStatsMetrics metrics;

  public OmRangeStats(ConfigurationSource conf) {
    this(conf.getObject(RangeStatsConfig.class));
  }

  public OmRangeStats(RangeStatsConfig config) {
    this.config = config;
    this.updater = new SstIndexUpdater(index, config.isEnabled() ? config.getTables() : Collections.emptySet());
    this.listener = config.isEnabled() ? newListener(updater) : null;
    this.partitioner = new RangePartitioner(config.getMaxRangeEntries());
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

  /** @return the live SSTs of a tracked table as last indexed */
  public Collection<SstFile> getFiles(String table) {
    return index.files(table);
  }

  /** @return a number that changes whenever the table's indexed SSTs change */
  public long getVersion(String table) {
    return index.version(table);
  }

  /** @return how many flushes of the table its indexed SSTs include, since start */
  public long getFlushes(String table) {
    return index.flushes(table);
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

  /** @return the estimated content of {@code [start, end)} of a tracked table, as its ranges are estimated */
  public KeyRange estimate(String table, byte[] start, byte[] end) {
    return partitioner.estimate(table, OmTableLayouts.layoutOf(table), index.files(table), start, end);
  }

  /** @return the ranges of a tracked table in key order, computed once per change of its SSTs */
  public List<KeyRange> getRanges(String table) {
    long version = index.version(table);
    CachedRanges cached = rangesCache.get(table);
    if (cached == null || cached.version != version) {
      cached = new CachedRanges(version,
          partitioner.partition(table, OmTableLayouts.layoutOf(table), index.files(table)));
      rangesCache.put(table, cached);
    }
    return cached.ranges;
  }

  private static final class CachedRanges {
    private final long version;
    private final List<KeyRange> ranges;

    CachedRanges(long version, List<KeyRange> ranges) {
      this.version = version;
      this.ranges = Collections.unmodifiableList(ranges);
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
