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

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.ozone.om.rangestats.KeyBytes;

/**
 * What one read of a table met: a seek (to the table's first key, or to a given key) and one step with next(), as
 * a reader of the table's head or a listing's first page starts. {@code skips} are the internal entries RocksDB
 * stepped over on the way (its ticker NUMBER_ITER_SKIP: tombstones and the puts they hide); they do not depend on
 * the machine's speed, unlike {@code micros}. Immutable.
 */
final class HeadRead {
  private final String table;
  private final byte[] from;
  private final long skips;
  private final List<byte[]> keys;
  private final long micros;

  /**
   * @param from the key sought, null for the table's first key
   * @param keys the keys the seek and the step landed on, at most two (fewer at the table's end)
   */
  HeadRead(String table, byte[] from, long skips, List<byte[]> keys, long micros) {
    this.table = table;
    this.from = from == null ? null : from.clone();
    this.skips = skips;
    this.keys = Collections.unmodifiableList(new ArrayList<>(keys));
    this.micros = micros;
  }

  /** @return the fields as printed in JSON, keys in printable form ({@link KeyBytes#printable}) */
  Map<String, Object> toMap() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("table", table);
    row.put("from", from == null ? null : KeyBytes.printable(from));
    row.put("skips", skips);
    row.put("rows", keys.size());
    List<String> printable = new ArrayList<>();
    for (byte[] key : keys) {
      printable.add(KeyBytes.printable(key));
    }
    row.put("keys", printable);
    row.put("micros", micros);
    return row;
  }
}
