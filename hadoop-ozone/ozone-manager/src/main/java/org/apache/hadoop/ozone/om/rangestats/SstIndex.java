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

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live SSTs of each tracked table. One writer (the index updater) replaces
 * a table's files as a whole; readers get an immutable view and a version that
 * changes whenever the table's files do, so derived data can be cached.
 */
public final class SstIndex {
  private static final TableFiles EMPTY = new TableFiles(Collections.<String, SstFile>emptyMap(), 0, 0);

  private final Map<String, TableFiles> tables = new ConcurrentHashMap<>();

  /** @return the table's live SSTs, in level then key order */
  public Collection<SstFile> files(String table) {
    return get(table).files.values();
  }

  /** @return a number that changes whenever the table's live SSTs change; 0 before the first update */
  public long version(String table) {
    return get(table).version;
  }

  /** @return how many flushes of the table the indexed files include (flushes since start) */
  public long flushes(String table) {
    return get(table).flushes;
  }

  /** @return the table's live SSTs by file name, as last indexed (unmodifiable) */
  Map<String, SstFile> byName(String table) {
    return get(table).files;
  }

  /**
   * Replaces the table's live SSTs; the version changes only if they or the flush count differ.
   *
   * @param flushes how many flushes of the table these files include
   */
  void update(String table, List<SstFile> files, long flushes) {
    Map<String, SstFile> byName = new LinkedHashMap<>();
    for (SstFile f : files) {
      byName.put(f.getName(), f);
    }
    tables.compute(table, (t, old) -> old != null && old.files.equals(byName) && old.flushes == flushes
        ? old : new TableFiles(Collections.unmodifiableMap(byName), old == null ? 1 : old.version + 1, flushes));
  }

  private TableFiles get(String table) {
    TableFiles files = tables.get(table);
    return files == null ? EMPTY : files;
  }

  private static final class TableFiles {
    private final Map<String, SstFile> files;
    private final long version;
    private final long flushes;

    TableFiles(Map<String, SstFile> files, long version, long flushes) {
      this.files = files;
      this.version = version;
      this.flushes = flushes;
    }
  }
}
