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

/** Where a write model sends OM's DB writes: a real OM DB, or nowhere (to learn the end state for the floor). */
interface WriteSink {
  void put(String table, byte[] key, int valueBytes);

  void delete(String table, byte[] key);

  /**
   * Deletes the keys from {@code begin} (inclusive) to {@code end} (exclusive) with one range tombstone (RocksDB's
   * DeleteRange), after committing what was put and deleted before it: OM 2.2.1's batches have no range delete.
   */
  void deleteRange(String table, byte[] begin, byte[] end);

  /** Writes what was put and deleted since the last commit as one batch, as one OM request's response does. */
  void commit();

  /** A sink that drops everything. */
  WriteSink NONE = new WriteSink() {
    @Override
    public void put(String table, byte[] key, int valueBytes) {
    }

    @Override
    public void delete(String table, byte[] key) {
    }

    @Override
    public void deleteRange(String table, byte[] begin, byte[] end) {
    }

    @Override
    public void commit() {
    }
  };
}
