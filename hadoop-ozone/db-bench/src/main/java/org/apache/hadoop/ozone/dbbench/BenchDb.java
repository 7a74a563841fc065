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

import java.io.Closeable;
import java.io.IOException;

/**
 * What a replay writes to and reads from: an OM DB ({@link OmDb}, RocksDB 7.7.3 through OM's classes) or the
 * native arm's RocksDB ({@link NativeDb}, in a JVM of its own). The write models, {@link Probe} and
 * {@link Verifier} see only this, so every arm runs the same operation stream and the same reads.
 */
interface BenchDb extends WriteSink, Closeable {
  /** RocksDB's properties for {@link #backgroundWork()}: the first two of the DB, the others per column family. */
  String RUNNING_FLUSHES = "rocksdb.num-running-flushes";
  String RUNNING_COMPACTIONS = "rocksdb.num-running-compactions";
  String FLUSH_PENDING = "rocksdb.mem-table-flush-pending";
  String COMPACTION_PENDING = "rocksdb.compaction-pending";

  /** @return the current count of a RocksDB ticker (for example NUMBER_ITER_SKIP) */
  long ticker(String name);

  /** RocksDB's property of a column family's live SST bytes. */
  String LIVE_SST_BYTES = "rocksdb.live-sst-files-size";

  /** @return the bytes of the live SSTs of every column family: the space the DB uses on disk */
  long liveSstBytes() throws IOException;

  /** @return the table's tombstones: point deletions in its live SSTs, and deletes still in its memtables */
  Tombstones tombstones(String table) throws IOException;

  /**
   * @return whether RocksDB has background work running or due: a flush or compaction running, or a column family
   *     whose memtable waits to be flushed or which needs a compaction ({@code rocksdb.compaction-pending}, files
   *     marked for compaction included)
   */
  boolean backgroundWork() throws IOException;

  /**
   * Reads as OM's table iterator does (no fill of the block cache, no upper bound): seeks to {@code start}, or to
   * {@code prefix} when {@code start} is null, or to the first row when both are; then reads keys and values while
   * they start with {@code prefix} (null: any key), at most {@code limit} rows.
   *
   * @return the rows read
   */
  int read(String table, byte[] prefix, byte[] start, int limit) throws IOException;

  /** @return whether the table holds {@code key} */
  boolean contains(String table, byte[] key) throws IOException;
}
