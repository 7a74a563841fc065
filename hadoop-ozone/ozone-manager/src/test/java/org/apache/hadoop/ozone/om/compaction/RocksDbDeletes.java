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

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.hdds.utils.db.RDBStore;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.ozone.om.OzoneManager;
import org.rocksdb.TableProperties;

/** What RocksDB itself says of a table's deletes, so that tests do not trust the service's own statistics. */
final class RocksDbDeletes {
  private RocksDbDeletes() {
  }

  /** @return the deletes RocksDB holds for the table, in its SSTs' table properties and in its memtables */
  static long count(RocksDatabase db, String table) throws IOException {
    RocksDatabase.ColumnFamily family = db.getColumnFamily(table);
    long deletes = Long.parseLong(db.getProperty(family, "rocksdb.num-deletes-active-mem-table"))
        + Long.parseLong(db.getProperty(family, "rocksdb.num-deletes-imm-mem-tables"));
    for (TableProperties properties : db.getPropertiesOfAllTables(family).values()) {
      deletes += properties.getNumDeletions();
    }
    return deletes;
  }

  /** @return {@link #count} for the table of the OM's DB, unchecked for the waits of cluster tests */
  static long count(OzoneManager om, String table) {
    try {
      return count(((RDBStore) om.getMetadataManager().getStore()).getDb(), table);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
