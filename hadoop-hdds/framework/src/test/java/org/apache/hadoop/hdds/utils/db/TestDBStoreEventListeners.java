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

package org.apache.hadoop.hdds.utils.db;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_COMPACTION_COMPLETED;
import static org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_FLUSH_COMPLETED;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.managed.ManagedEventListener;
import org.apache.hadoop.hdds.utils.db.managed.ManagedRocksObjectUtils;
import org.apache.ozone.rocksdiff.RocksDBCheckpointDiffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.CompactionJobInfo;
import org.rocksdb.FlushJobInfo;
import org.rocksdb.RocksDB;

/**
 * Listeners added through {@link DBStoreBuilder#addEventListener} see the flushes and compactions of a real
 * RocksDB, and the compaction DAG's own listeners keep working beside them.
 */
class TestDBStoreEventListeners {

  private static final String KEY_TABLE = "keyTable";

  @TempDir
  private Path dir;
  private RDBStore store;
  private RecordingListener listener;

  @BeforeAll
  static void loadRocksDB() {
    ManagedRocksObjectUtils.loadRocksDBLibrary();
  }

  @BeforeEach
  void createListener() {
    listener = new RecordingListener();
  }

  @AfterEach
  void close() throws Exception {
    if (store != null) {
      store.close();
    }
    listener.close();
  }

  @Test
  void listenerSeesFlushesAndCompactions() throws Exception {
    store = builder().addTable(KEY_TABLE).build();
    writeAndFlush("a");
    writeAndFlush("b");
    store.compactTable(KEY_TABLE);

    assertThat(listener.flushedTables).containsExactly(KEY_TABLE, KEY_TABLE);
    assertThat(listener.compactedTables).contains(KEY_TABLE);
  }

  @Test
  void compactionDagListenersStillFire() throws Exception {
    ReentrantReadWriteLock differLock = new ReentrantReadWriteLock();
    store = builder()
        .addTable(KEY_TABLE)
        .addTable("snapshotInfoTable")
        .addTable("compactionLogTable")
        .setEnableCompactionDag(true, exclusive -> {
          differLock.writeLock().lock();
          return differLock.writeLock()::unlock;
        })
        .build();
    // The DAG tracks compactions only while a snapshot exists.
    store.getTable("snapshotInfoTable").put("/vol/bucket/snap".getBytes(UTF_8), new byte[] {1});
    writeAndFlush("a");
    writeAndFlush("b");
    store.compactTable(KEY_TABLE);

    assertThat(listener.compactedTables).contains(KEY_TABLE);
    RocksDBCheckpointDiffer differ = store.getRocksDBCheckpointDiffer();
    assertThat(sstFiles(Paths.get(differ.getSSTBackupDir())))
        .as("the DAG's compaction-begin listener hard-links compaction inputs")
        .hasSizeGreaterThanOrEqualTo(2);
  }

  private DBStoreBuilder builder() {
    File metadataDir = dir.toFile();
    return DBStoreBuilder.newBuilder(new OzoneConfiguration())
        .setName("om.db")
        .setPath(metadataDir.toPath())
        .addEventListener(listener);
  }

  private void writeAndFlush(String prefix) throws Exception {
    Table<byte[], byte[]> table = store.getTable(KEY_TABLE);
    for (int i = 0; i < 100; i++) {
      table.put((prefix + i).getBytes(UTF_8), new byte[] {(byte) i});
    }
    store.flushDB();
  }

  private static List<Path> sstFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".sst")).collect(Collectors.toList());
    }
  }

  /** Records the column families of flush and compaction events. */
  private static final class RecordingListener extends ManagedEventListener {
    private final List<String> flushedTables = new CopyOnWriteArrayList<>();
    private final List<String> compactedTables = new CopyOnWriteArrayList<>();

    RecordingListener() {
      super(ON_FLUSH_COMPLETED, ON_COMPACTION_COMPLETED);
    }

    @Override
    public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
      flushedTables.add(info.getColumnFamilyName());
    }

    @Override
    public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
      compactedTables.add(new String(info.columnFamilyName(), UTF_8));
    }
  }
}
