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

import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_DIR_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DIRECTORY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.FILE_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.KEY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.MULTIPART_INFO_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.OPEN_FILE_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.OPEN_KEY_TABLE;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** The key layout of each OM table that range statistics can track. */
public final class OmTableLayouts {
  private static final Map<String, KeyLayout> LAYOUTS;

  static {
    Map<String, KeyLayout> layouts = new LinkedHashMap<>();
    // /volume/bucket/key (deletedTable and openKeyTable append /objectId or /clientId, multipart /uploadId)
    layouts.put(KEY_TABLE, KeyLayout.BUCKET);
    layouts.put(OPEN_KEY_TABLE, KeyLayout.BUCKET);
    layouts.put(DELETED_TABLE, KeyLayout.BUCKET);
    layouts.put(MULTIPART_INFO_TABLE, KeyLayout.BUCKET);
    // /volumeId/bucketId/parentId/name (openFileTable appends /clientId, deletedDirectoryTable /objectId)
    layouts.put(FILE_TABLE, KeyLayout.BUCKET_AND_PARENT);
    layouts.put(OPEN_FILE_TABLE, KeyLayout.BUCKET_AND_PARENT);
    layouts.put(DIRECTORY_TABLE, KeyLayout.BUCKET_AND_PARENT);
    layouts.put(DELETED_DIR_TABLE, KeyLayout.BUCKET_AND_PARENT);
    LAYOUTS = Collections.unmodifiableMap(layouts);
  }

  private OmTableLayouts() {
  }

  /** @throws IllegalArgumentException naming the supported tables if the table is not one of them */
  public static KeyLayout layoutOf(String table) {
    KeyLayout layout = LAYOUTS.get(table);
    if (layout == null) {
      throw new IllegalArgumentException("No range statistics for table '" + table + "'; supported tables: "
          + String.join(", ", LAYOUTS.keySet()));
    }
    return layout;
  }

  /** @return the table names of a comma-separated configuration value, in order, without blanks */
  public static Set<String> parseTables(String commaSeparated) {
    Set<String> names = new LinkedHashSet<>();
    for (String name : commaSeparated.split(",")) {
      String trimmed = name.trim();
      if (!trimmed.isEmpty()) {
        names.add(trimmed);
      }
    }
    return names;
  }

  /** @return every table range statistics can track */
  public static Map<String, KeyLayout> all() {
    return LAYOUTS;
  }
}
