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
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.LevelMetaData;
import org.rocksdb.SstFileMetaData;
import org.rocksdb.TableProperties;

/**
 * Reads the live SSTs of a column family into {@link SstFile}s. Levels and key
 * ranges come from the in-memory metadata. Counts come from table properties:
 * RocksDB fills the metadata's own counts lazily (not for every file after a
 * restart), and only the properties know range deletions. Counts the caller
 * already knows are reused, so the properties are read only for files seen for
 * the first time; and a file the caller holds as it is now (RocksDB never
 * changes a file, only moves it down or starts compacting it) is the caller's
 * object, not a copy.
 */
public final class SstFiles {
  private SstFiles() {
  }

  /**
   * @param known counts by file name ({@link #fileName}) for files whose counts are known
   */
  public static List<SstFile> read(SstSource source, Map<String, SstCounts> known) throws IOException {
    return read(source, Collections.<String, SstFile>emptyMap(), known);
  }

  /**
   * @param indexed the files as the index holds them, by name
   * @param known counts by file name of new files whose counts are known (from their flush or compaction)
   */
  static List<SstFile> read(SstSource source, Map<String, SstFile> indexed, Map<String, SstCounts> known)
      throws IOException {
    List<SstFile> files = new ArrayList<>();
    Map<String, SstCounts> fetched = null;
    for (LevelMetaData level : source.metadata().levels()) {
      for (SstFileMetaData meta : level.files()) {
        String name = fileName(meta.fileName());
        SstFile same = indexed.get(name);
        if (same != null && same.getLevel() == level.level() && same.isBeingCompacted() == meta.beingCompacted()) {
          files.add(same);
          continue;
        }
        SstCounts counts = same != null ? same.getCounts() : known.get(name);
        if (counts == null) {
          if (fetched == null) {
            fetched = countsByName(source.properties());
          }
          counts = fetched.get(name);
        }
        if (counts == null) {
          // Gone between the two reads (compacted away): the next change event brings the new state.
          continue;
        }
        files.add(new SstFile(name, level.level(), meta.smallestKey(), meta.largestKey(), counts, meta.size(),
            meta.beingCompacted()));
      }
    }
    return files;
  }

  static Map<String, SstCounts> countsByName(Map<String, TableProperties> properties) {
    Map<String, SstCounts> counts = new HashMap<>();
    for (Map.Entry<String, TableProperties> e : properties.entrySet()) {
      counts.put(fileName(e.getKey()), SstCounts.of(e.getValue()));
    }
    return counts;
  }

  /** @return the file name of an SST path as RocksDB reports it in any API: {@code 000042.sst} */
  public static String fileName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
