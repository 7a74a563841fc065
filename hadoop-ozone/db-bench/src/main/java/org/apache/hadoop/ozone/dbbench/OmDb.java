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

package org.apache.hadoop.ozone.dbbench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.BatchOperation;
import org.apache.hadoop.hdds.utils.db.IteratorType;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.Table.KeyValueIterator;
import org.apache.hadoop.hdds.utils.db.managed.ManagedCompactRangeOptions;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.ozone.OzoneConfigKeys;
import org.apache.hadoop.ozone.om.OMConfigKeys;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.rangestats.OmRangeStats;
import org.apache.hadoop.ozone.om.rangestats.SstFile;

/**
 * An OM DB opened exactly as OM opens it ({@code OmMetadataManagerImpl}: OM's column families, DISK profile, range
 * statistics listener and index), with RocksDB statistics switched on so that tickers can be read; it writes
 * through OM's batch operations and reads through OM's table iterators.
 */
final class OmDb implements BenchDb {
  /** OM registers the DB's RocksDB metrics (tickers included) under this metrics2 source name. */
  private static final String ROCKSDB_METRICS_SOURCE = "Rocksdb_om.db";

  private final OmMetadataManagerImpl metadata;
  private final RDBStore store;
  private final Map<String, Table<byte[], byte[]>> tables = new HashMap<>();
  private final MetricsSource rocksDbMetrics;
  private BatchOperation batch;
  private long writes;

  OmDb(File dir) throws IOException {
    this(configuration(dir));
  }

  OmDb(OzoneConfiguration conf) throws IOException {
    metadata = new OmMetadataManagerImpl(conf, null);
    store = (RDBStore) metadata.getStore();
    rocksDbMetrics = DefaultMetricsSystem.instance().getSource(ROCKSDB_METRICS_SOURCE);
    if (rocksDbMetrics == null) {
      throw new IOException("OM did not register " + ROCKSDB_METRICS_SOURCE + "; cannot read RocksDB tickers");
    }
  }

  /** OM's defaults, the DB in {@code dir}, and RocksDB statistics (OFF in OM by default) for the tickers. */
  static OzoneConfiguration configuration(File dir) {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set(OMConfigKeys.OZONE_OM_DB_DIRS, dir.getAbsolutePath());
    // Tickers without the per-operation timers of ALL, which would slow every read and write.
    conf.set(OzoneConfigKeys.OZONE_METADATA_STORE_ROCKSDB_STATISTICS, "EXCEPT_DETAILED_TIMERS");
    return conf;
  }

  OmMetadataManagerImpl metadata() {
    return metadata;
  }

  RocksDatabase rocksDb() {
    return store.getDb();
  }

  Table<byte[], byte[]> table(String name) {
    return tables.computeIfAbsent(name, n -> {
      try {
        return store.getTable(n);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  @Override
  public void put(String table, byte[] key, int valueBytes) {
    try {
      table(table).putWithBatch(batch(), key, Values.of(valueBytes, writes++));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void delete(String table, byte[] key) {
    try {
      table(table).deleteWithBatch(batch(), key);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void deleteRange(String table, byte[] begin, byte[] end) {
    commit();
    try {
      table(table).deleteRange(begin, end);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void commit() {
    if (batch == null) {
      return;
    }
    try (BatchOperation b = batch) {
      batch = null;
      store.commitBatchOperation(b);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private BatchOperation batch() {
    if (batch == null) {
      batch = store.initBatchOperation();
    }
    return batch;
  }

  /** As OM's metrics read it. */
  @Override
  public long ticker(String name) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    rocksDbMetrics.getMetrics(collector, true);
    for (MetricsRecord record : collector.getRecords()) {
      for (AbstractMetric metric : record.metrics()) {
        if (metric.name().equals(name)) {
          return metric.value().longValue();
        }
      }
    }
    throw new IllegalStateException("No RocksDB ticker " + name);
  }

  @Override
  public Tombstones tombstones(String table) throws IOException {
    OmRangeStats stats = metadata.getRangeStats();
    stats.refresh(table);
    long inSsts = 0;
    long rangeInSsts = 0;
    for (SstFile f : stats.getFiles(table)) {
      inSsts += f.getDeletions();
      rangeInSsts += f.getRangeDeletions();
    }
    RocksDatabase.ColumnFamily family = rocksDb().getColumnFamily(table);
    long inMemtables = property(family, "rocksdb.num-deletes-active-mem-table")
        + property(family, "rocksdb.num-deletes-imm-mem-tables");
    return new Tombstones(inSsts, inMemtables, rangeInSsts);
  }

  @Override
  public long liveSstBytes() throws IOException {
    long bytes = 0;
    for (RocksDatabase.ColumnFamily family : rocksDb().getExtraColumnFamilies()) {
      bytes += property(family, LIVE_SST_BYTES);
    }
    return bytes;
  }

  @Override
  public boolean backgroundWork() throws IOException {
    RocksDatabase db = rocksDb();
    if (longProperty(db.getProperty(RUNNING_FLUSHES)) > 0 || longProperty(db.getProperty(RUNNING_COMPACTIONS)) > 0) {
      return true;
    }
    for (RocksDatabase.ColumnFamily family : db.getExtraColumnFamilies()) {
      if (property(family, FLUSH_PENDING) > 0 || property(family, COMPACTION_PENDING) > 0) {
        return true;
      }
    }
    return false;
  }

  @Override
  public int read(String table, byte[] prefix, byte[] start, int limit) throws IOException {
    int rows = 0;
    try (KeyValueIterator<byte[], byte[]> it = table(table).iterator(prefix, IteratorType.KEY_AND_VALUE)) {
      if (start == null) {
        it.seekToFirst();
      } else {
        it.seek(start);
      }
      while (rows < limit && it.hasNext()) {
        it.next();
        rows++;
      }
    }
    return rows;
  }

  @Override
  public boolean contains(String table, byte[] key) throws IOException {
    return table(table).get(key) != null;
  }

  private long property(RocksDatabase.ColumnFamily family, String name) throws IOException {
    return longProperty(rocksDb().getProperty(family, name));
  }

  private static long longProperty(String value) {
    return value == null || value.isEmpty() ? 0 : Long.parseLong(value.trim());
  }

  /** What upstream's CompactDBUtil#compactTable does: the whole table, exclusive, bottommost level forced. */
  void compactFully(String table) throws IOException {
    try (ManagedCompactRangeOptions options = new ManagedCompactRangeOptions()) {
      options.setBottommostLevelCompaction(ManagedCompactRangeOptions.BottommostLevelCompaction.kForce);
      options.setExclusiveManualCompaction(true);
      RocksDatabase.ColumnFamily family = rocksDb().getColumnFamily(table);
      if (family == null) {
        throw new IOException("No column family " + table);
      }
      rocksDb().compactRange(family, null, null, options);
    }
  }

  @Override
  public void close() throws IOException {
    commit();
    metadata.stop();
    // OM's metrics sources are registered in the JVM-wide metrics system; the next arm registers them anew.
    DefaultMetricsSystem.shutdown();
  }
}
