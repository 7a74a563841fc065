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

import static org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_COMPACTION_BEGIN;
import static org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_COMPACTION_COMPLETED;
import static org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_FLUSH_COMPLETED;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hdds.utils.db.managed.ManagedEventListener;
import org.rocksdb.CompactionJobInfo;
import org.rocksdb.FlushJobInfo;
import org.rocksdb.RocksDB;
import org.rocksdb.TableProperties;

/**
 * Tells the index updater which tracked table's SSTs changed, with the counts
 * of the new files. Runs on RocksDB's flush and compaction threads, so it only
 * copies a few numbers and queues them: the updater does the rest.
 */
final class SstIndexListener extends ManagedEventListener {
  private final SstIndexUpdater updater;

  SstIndexListener(SstIndexUpdater updater) {
    super(ON_FLUSH_COMPLETED, ON_COMPACTION_BEGIN, ON_COMPACTION_COMPLETED);
    this.updater = updater;
  }

  @Override
  public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
    String table = info.getColumnFamilyName();
    if (updater.isTracked(table)) {
      TableProperties p = info.getTableProperties();
      updater.flushed(table, p.getDataSize() + p.getIndexSize() + p.getFilterSize());
      updater.tableChanged(table, Collections.singletonMap(SstFiles.fileName(info.getFilePath()), SstCounts.of(p)));
    }
  }

  /** Marks the inputs as being compacted. */
  @Override
  public void onCompactionBegin(RocksDB db, CompactionJobInfo info) {
    String table = new String(info.columnFamilyName(), StandardCharsets.UTF_8);
    if (updater.isTracked(table)) {
      updater.tableChanged(table, Collections.<String, SstCounts>emptyMap());
    }
  }

  @Override
  public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
    String table = new String(info.columnFamilyName(), StandardCharsets.UTF_8);
    if (updater.isTracked(table)) {
      Map<String, SstCounts> outputs = new HashMap<>();
      Map<String, TableProperties> properties = info.tableProperties();
      for (String path : info.outputFiles()) {
        TableProperties p = properties.get(path);
        if (p != null) {
          outputs.put(SstFiles.fileName(path), SstCounts.of(p));
        }
      }
      updater.tableChanged(table, outputs);
    }
  }
}
