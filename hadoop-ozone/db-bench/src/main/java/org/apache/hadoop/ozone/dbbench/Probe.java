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

import java.io.IOException;

/**
 * Times OM's reads (through OM's own table iterators on an {@link OmDb}, as they do on a {@link NativeDb}), and
 * counts the entries RocksDB skipped for each (ticker NUMBER_ITER_SKIP: tombstones and the puts they hide). The
 * skip count does not depend on machine noise, so it is the headline comparison; the latency shows what it costs.
 */
final class Probe {
  static final String ITER_SKIP = "NUMBER_ITER_SKIP";
  private final BenchDb db;

  Probe(BenchDb db) {
    this.db = db;
  }

  /** listKeys / listStatus: seek to the start key, then up to 1000 rows within the prefix. */
  ReadSample list(ListRead read) throws IOException {
    return read(read.table(), read.prefix(), read.start());
  }

  /** A cleanup service's scan (open-key cleanup, key and directory deleting): the table's first 1000 rows. */
  ReadSample head(String table) throws IOException {
    return read(table, null, null);
  }

  /** Up to 1000 rows within {@code prefix} (null: the whole table) from {@code start} (null: the first row). */
  private ReadSample read(String table, byte[] prefix, byte[] start) throws IOException {
    long skipsBefore = db.ticker(ITER_SKIP);
    long begin = System.nanoTime();
    int rows = db.read(table, prefix, start, ListRead.LIMIT);
    return new ReadSample(System.nanoTime() - begin, db.ticker(ITER_SKIP) - skipsBefore, rows);
  }

  /** One timed read. */
  record ReadSample(long nanos, long skips, int rows) {
  }
}
