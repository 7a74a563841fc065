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

import java.util.BitSet;
import java.util.function.IntFunction;

/**
 * Rows of one kind in one OM table, named by a dense id (a key's sequence number, a directory's number): which
 * ids the table must hold now, how each id's DB key is spelled, and how large its value is. The write models keep
 * their expected DB contents in these, so that every arm can be checked exactly at the end and the floor arm can
 * write exactly the live rows.
 */
final class KeyFamily {
  private final String table;
  private final IntFunction<byte[]> keyOf;
  private final int valueBytes;
  private final BitSet ids = new BitSet();

  KeyFamily(String table, IntFunction<byte[]> keyOf, int valueBytes) {
    this.table = table;
    this.keyOf = keyOf;
    this.valueBytes = valueBytes;
  }

  String table() {
    return table;
  }

  byte[] key(int id) {
    return keyOf.apply(id);
  }

  int valueBytes() {
    return valueBytes;
  }

  /** The ids whose rows the table holds; the models set and clear them as they write. */
  BitSet ids() {
    return ids;
  }
}
