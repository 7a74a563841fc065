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

package org.apache.hadoop.ozone.debug.om;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.managed.ManagedDBOptions;
import org.apache.hadoop.hdds.utils.db.managed.ManagedLogger;
import org.apache.hadoop.hdds.utils.db.managed.ManagedReadOptions;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksDB;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksIterator;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksObjectUtils;
import org.apache.hadoop.hdds.utils.db.managed.ManagedStatistics;
import org.apache.hadoop.ozone.om.codec.OMDBDefinition;
import org.apache.hadoop.ozone.om.rangestats.SstSource;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyMetaData;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.RocksDBException;
import org.rocksdb.TableProperties;
import org.rocksdb.TickerType;
import org.slf4j.LoggerFactory;

/**
 * An OM DB opened read-only for inspection. It writes nothing to the DB's
 * directory: RocksDB would otherwise rotate and create its LOG file even when
 * opened read-only, so its log goes to this tool's logger instead. RocksDB
 * statistics are on, so that {@link #read} can count what a read stepped over;
 * a read-only DB runs no flush or compaction, so only this tool's reads count.
 */
final class ReadOnlyOmDb implements Closeable {
  private static final org.slf4j.Logger LOG = LoggerFactory.getLogger(ReadOnlyOmDb.class);
  /** Keys a read lands on: the seek's, then the step's. */
  private static final int READ_ROWS = 2;

  private final ManagedDBOptions options;
  private final ManagedLogger rocksLog;
  private final ManagedStatistics statistics;
  private final ManagedRocksDB db;
  private final Map<String, ColumnFamilyHandle> families;

  private ReadOnlyOmDb(ManagedDBOptions options, ManagedLogger rocksLog, ManagedStatistics statistics,
      ManagedRocksDB db, Map<String, ColumnFamilyHandle> families) {
    this.options = options;
    this.rocksLog = rocksLog;
    this.statistics = statistics;
    this.db = db;
    this.families = families;
  }

  /** @throws IOException with a message saying why if {@code dir} is not an OM DB that can be opened */
  static ReadOnlyOmDb open(File dir) throws IOException {
    if (!dir.isDirectory()) {
      throw new IOException("No OM DB at " + dir + ": not a directory");
    }
    if (!new File(dir, "CURRENT").isFile()) {
      throw new IOException("No OM DB at " + dir + ": not a RocksDB directory (no CURRENT file); give the om.db "
          + "directory in OM's metadata directory, or of a checkpoint of it");
    }
    ManagedRocksObjectUtils.loadRocksDBLibrary();
    List<byte[]> names = listColumnFamilies(dir);
    if (!containsName(names, OMDBDefinition.KEY_TABLE)) {
      throw new IOException("Not an OM DB: " + dir + " has no " + OMDBDefinition.KEY_TABLE + " column family");
    }
    ManagedDBOptions options = new ManagedDBOptions();
    ManagedLogger rocksLog = new ManagedLogger(options, (level, message) -> LOG.warn("RocksDB: {}", message));
    rocksLog.setInfoLogLevel(InfoLogLevel.WARN_LEVEL);
    options.setLogger(rocksLog);
    ManagedStatistics statistics = new ManagedStatistics();
    options.setStatistics(statistics);
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    for (byte[] name : names) {
      descriptors.add(new ColumnFamilyDescriptor(name));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try {
      ManagedRocksDB db = ManagedRocksDB.openReadOnly(options, dir.getAbsolutePath(), descriptors, handles);
      Map<String, ColumnFamilyHandle> families = new LinkedHashMap<>();
      for (ColumnFamilyHandle handle : handles) {
        families.put(new String(handle.getName(), UTF_8), handle);
      }
      return new ReadOnlyOmDb(options, rocksLog, statistics, db, families);
    } catch (RocksDBException e) {
      for (ColumnFamilyHandle handle : handles) {
        handle.close();
      }
      options.close();
      statistics.close();
      rocksLog.close();
      throw new IOException("Cannot open the OM DB at " + dir + " read-only: " + e.getMessage(), e);
    }
  }

  Set<String> getTables() {
    return families.keySet();
  }

  /** @return the SST metadata of one of the DB's tables */
  SstSource source(String table) {
    final ColumnFamilyHandle handle = handle(table);
    return new SstSource() {
      @Override
      public ColumnFamilyMetaData metadata() {
        return db.get().getColumnFamilyMetaData(handle);
      }

      @Override
      public Map<String, TableProperties> properties() throws IOException {
        try {
          return db.get().getPropertiesOfAllTables(handle);
        } catch (RocksDBException e) {
          throw new IOException("Cannot read the table properties of " + table + ": " + e.getMessage(), e);
        }
      }
    };
  }

  /**
   * Seeks {@code table} to {@code from} (its first key if null) and steps once with next(), as OM's table
   * iterators start a scan of a table's head or a listing's first page, and counts the internal entries RocksDB
   * stepped over: RocksDB adds an iterator's skips to the statistics when the iterator is closed.
   */
  HeadRead read(String table, byte[] from) {
    ColumnFamilyHandle handle = handle(table);
    long skipsBefore = statistics.getTickerCount(TickerType.NUMBER_ITER_SKIP);
    List<byte[]> keys = new ArrayList<>();
    long begin = System.nanoTime();
    try (ManagedReadOptions readOptions = new ManagedReadOptions();
         ManagedRocksIterator iterator = ManagedRocksIterator.managed(db.get().newIterator(handle, readOptions))) {
      if (from == null) {
        iterator.get().seekToFirst();
      } else {
        iterator.get().seek(from);
      }
      while (iterator.get().isValid()) {
        keys.add(iterator.get().key());
        if (keys.size() == READ_ROWS) {
          break;
        }
        iterator.get().next();
      }
    }
    long micros = (System.nanoTime() - begin) / 1000;
    return new HeadRead(table, from, statistics.getTickerCount(TickerType.NUMBER_ITER_SKIP) - skipsBefore, keys,
        micros);
  }

  /**
   * @return a RocksDB integer property of one table, e.g. rocksdb.num-deletes-active-mem-table (a read-only DB
   *     holds in its memtables what its WAL had not yet flushed)
   */
  long property(String table, String name) throws IOException {
    try {
      return db.get().getLongProperty(handle(table), name);
    } catch (RocksDBException e) {
      throw new IOException("Cannot read " + name + " of " + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    for (ColumnFamilyHandle handle : families.values()) {
      handle.close();
    }
    db.close();
    options.close();
    statistics.close();
    rocksLog.close();
  }

  private ColumnFamilyHandle handle(String table) {
    ColumnFamilyHandle handle = families.get(table);
    if (handle == null) {
      throw new IllegalArgumentException("The OM DB has no table " + table);
    }
    return handle;
  }

  private static List<byte[]> listColumnFamilies(File dir) throws IOException {
    try {
      return RocksDatabase.listColumnFamiliesEmptyOptions(dir.getAbsolutePath());
    } catch (RocksDBException e) {
      throw new IOException("No OM DB at " + dir + ": cannot read its column families: " + e.getMessage(), e);
    }
  }

  private static boolean containsName(List<byte[]> names, String wanted) {
    for (byte[] name : names) {
      if (wanted.equals(new String(name, UTF_8))) {
        return true;
      }
    }
    return false;
  }
}
