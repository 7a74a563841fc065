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

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.OptionsUtil;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Statistics;
import org.rocksdb.StatsLevel;
import org.rocksdb.TableProperties;
import org.rocksdb.TickerType;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The options arms' DB: an OM DB as OM created it, opened with plain RocksJava on whatever RocksDB the classpath
 * holds (OM's 7.7.3, or the newer one in the JVM that {@link NativeArm} starts), with the options OM wrote to its
 * OPTIONS file and an {@link OptionsArm}'s lines. Only RocksJava calls that 7.7.3 and the newer one share are used;
 * what only the newer one has arrives as OPTIONS text. Writes and reads do what {@link OmDb}'s do through OM's classes.
 */
final class NativeDb implements BenchDb {
  private final RocksDB db;
  private final DBOptions dbOptions;
  private final List<ColumnFamilyDescriptor> descriptors;
  private final List<ColumnFamilyHandle> handles;
  private final Map<String, ColumnFamilyHandle> byName = new HashMap<>();
  private final Statistics statistics;
  // OM's defaults: no sync (hdds.db.rocksdb.writeoption.sync), and iterators that do not fill the block cache.
  private final WriteOptions writeOptions = new WriteOptions();
  private final ReadOptions iteratorOptions = new ReadOptions().setFillCache(false);
  private WriteBatch batch;
  private long writes;

  private NativeDb(RocksDB db, DBOptions dbOptions, List<ColumnFamilyDescriptor> descriptors,
      List<ColumnFamilyHandle> handles, Statistics statistics) {
    this.db = db;
    this.dbOptions = dbOptions;
    this.descriptors = descriptors;
    this.handles = handles;
    this.statistics = statistics;
    for (int i = 0; i < descriptors.size(); i++) {
      byName.put(new String(descriptors.get(i).getName(), UTF_8), handles.get(i));
    }
  }

  /**
   * Opens the DB in {@code dbDir} with its latest OPTIONS file plus {@code arm}'s lines, written to
   * {@code optionsFile} first. The options are parsed strictly: an option this RocksDB does not know fails the open.
   */
  static NativeDb open(File dbDir, OptionsArm arm, File optionsFile) throws IOException {
    RocksDB.loadLibrary();
    Statistics statistics = new Statistics();
    // Tickers without the per-operation timers, as OmDb sets OM's statistics level.
    statistics.setStatsLevel(StatsLevel.EXCEPT_DETAILED_TIMERS);
    DBOptions dbOptions = new DBOptions();
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (ConfigOptions config = new ConfigOptions()) {
      String omOptions = OptionsUtil.getLatestOptionsFileName(dbDir.getPath(), Env.getDefault());
      List<String> lines = Files.readAllLines(new File(dbDir, omOptions).toPath(), UTF_8);
      Files.write(optionsFile.toPath(), withOptions(lines, arm.dbOptions(), arm.columnFamilyOptions()), UTF_8);
      OptionsUtil.loadOptionsFromFile(config, optionsFile.getPath(), dbOptions, descriptors);
      dbOptions.setStatistics(statistics);
      return new NativeDb(RocksDB.open(dbOptions, dbDir.getPath(), descriptors, handles), dbOptions, descriptors,
          handles, statistics);
    } catch (RocksDBException e) {
      throw new IOException("Cannot open " + dbDir + " with " + optionsFile + ": " + e.getMessage(), e);
    }
  }

  /**
   * An OPTIONS file's lines with {@code db} ({@code name=value}) set in its {@code [DBOptions]} section and
   * {@code columnFamily} in each {@code [CFOptions "name"]} section, where they replace the section's own lines of
   * the same names.
   */
  static List<String> withOptions(List<String> lines, List<String> db, List<String> columnFamily) {
    List<String> out = new ArrayList<>();
    List<String> extra = List.of();
    for (String line : lines) {
      if (line.startsWith("[")) {
        extra = line.equals("[DBOptions]") ? db : line.startsWith("[CFOptions ") ? columnFamily : List.of();
        out.add(line);
        extra.forEach(e -> out.add("  " + e));
      } else if (extra.stream().noneMatch(e -> line.trim().startsWith(e.substring(0, e.indexOf('=') + 1)))) {
        out.add(line);
      }
    }
    return out;
  }

  private ColumnFamilyHandle handle(String table) {
    ColumnFamilyHandle handle = byName.get(table);
    if (handle == null) {
      throw new IllegalArgumentException("No column family " + table);
    }
    return handle;
  }

  @Override
  public void put(String table, byte[] key, int valueBytes) {
    try {
      batch().put(handle(table), key, Values.of(valueBytes, writes++));
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void delete(String table, byte[] key) {
    try {
      batch().delete(handle(table), key);
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void deleteRange(String table, byte[] begin, byte[] end) {
    commit();
    try {
      db.deleteRange(handle(table), writeOptions, begin, end);
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void commit() {
    if (batch == null) {
      return;
    }
    try (WriteBatch b = batch) {
      batch = null;
      db.write(writeOptions, b);
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  private WriteBatch batch() {
    if (batch == null) {
      batch = new WriteBatch();
    }
    return batch;
  }

  @Override
  public long ticker(String name) {
    return statistics.getTickerCount(TickerType.valueOf(name));
  }

  @Override
  public Tombstones tombstones(String table) throws IOException {
    try {
      ColumnFamilyHandle handle = handle(table);
      long inSsts = 0;
      long rangeInSsts = 0;
      for (TableProperties properties : db.getPropertiesOfAllTables(handle).values()) {
        inSsts += properties.getNumDeletions();
        rangeInSsts += properties.getNumRangeDeletions();
      }
      long inMemtables = db.getLongProperty(handle, "rocksdb.num-deletes-active-mem-table")
          + db.getLongProperty(handle, "rocksdb.num-deletes-imm-mem-tables");
      return new Tombstones(inSsts, inMemtables, rangeInSsts);
    } catch (RocksDBException e) {
      throw new IOException(e);
    }
  }

  @Override
  public long liveSstBytes() throws IOException {
    try {
      long bytes = 0;
      for (ColumnFamilyHandle handle : handles) {
        bytes += db.getLongProperty(handle, LIVE_SST_BYTES);
      }
      return bytes;
    } catch (RocksDBException e) {
      throw new IOException(e);
    }
  }

  @Override
  public boolean backgroundWork() throws IOException {
    try {
      if (db.getLongProperty(RUNNING_FLUSHES) > 0 || db.getLongProperty(RUNNING_COMPACTIONS) > 0) {
        return true;
      }
      for (ColumnFamilyHandle handle : handles) {
        if (db.getLongProperty(handle, FLUSH_PENDING) > 0
            || db.getLongProperty(handle, COMPACTION_PENDING) > 0) {
          return true;
        }
      }
      return false;
    } catch (RocksDBException e) {
      throw new IOException(e);
    }
  }

  @Override
  public int read(String table, byte[] prefix, byte[] start, int limit) {
    int rows = 0;
    try (RocksIterator it = db.newIterator(handle(table), iteratorOptions)) {
      // As OM's iterator (RDBStoreByteArrayIterator): it seeks to its first row when created, then where asked.
      seekToFirst(it, prefix);
      if (start == null) {
        seekToFirst(it, prefix);
      } else {
        it.seek(start);
      }
      // Then each row's key and value read, and one step on.
      while (rows < limit && it.isValid() && (prefix == null || startsWith(it.key(), prefix))) {
        it.value();
        it.next();
        rows++;
      }
    }
    return rows;
  }

  private static void seekToFirst(RocksIterator it, byte[] prefix) {
    if (prefix == null) {
      it.seekToFirst();
    } else {
      it.seek(prefix);
    }
  }

  private static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }

  @Override
  public boolean contains(String table, byte[] key) throws IOException {
    try {
      return db.get(handle(table), key) != null;
    } catch (RocksDBException e) {
      throw new IOException(e);
    }
  }

  /** @return the RocksDB version this JVM runs */
  static String version() {
    RocksDB.loadLibrary();
    return RocksDB.rocksdbVersion().toString();
  }

  @Override
  public void close() {
    commit();
    handles.forEach(ColumnFamilyHandle::close);
    db.close();
    descriptors.forEach(d -> d.getOptions().close());
    dbOptions.close();
    statistics.close();
    writeOptions.close();
    iteratorOptions.close();
  }
}
