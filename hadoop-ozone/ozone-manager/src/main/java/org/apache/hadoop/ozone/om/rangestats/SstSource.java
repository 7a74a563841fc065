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

import java.io.IOException;
import java.util.Map;
import org.rocksdb.ColumnFamilyMetaData;
import org.rocksdb.TableProperties;

/** Where the SST metadata of one column family of an open RocksDB comes from. */
public interface SstSource {
  /** @return the live SSTs by level with their key ranges (RocksDB's in-memory version: no I/O) */
  ColumnFamilyMetaData metadata() throws IOException;

  /** @return the table properties of every live SST, keyed by file path (may read each file) */
  Map<String, TableProperties> properties() throws IOException;
}
