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

import java.util.Arrays;

/**
 * How the keys of an OM table are prefixed, which decides the natural ranges
 * the table is split into. Keys are '/'-separated paths that start with '/'.
 */
public enum KeyLayout {
  /**
   * OBJECT_STORE and LEGACY tables ({@code /volume/bucket/key...}): one range
   * per bucket.
   */
  BUCKET(2),
  /**
   * FILE_SYSTEM_OPTIMIZED tables ({@code /volumeId/bucketId/parentId/name...}):
   * one range per bucket, then per parent directory where a bucket is large.
   */
  BUCKET_AND_PARENT(3);

  private static final byte SEPARATOR = '/';

  private final int components;

  KeyLayout(int components) {
    this.components = components;
  }

  /** @return how many prefix levels the layout has: 1 for buckets, 2 for buckets then parents */
  public int depth() {
    return components - 1;
  }

  /**
   * @param depth 1 for the bucket prefix, 2 for the parent prefix (FSO only)
   * @return the key's prefix at that depth including its trailing '/'
   *         (e.g. {@code /vol1/bucket1/}), or null if the key has no such prefix
   */
  public byte[] prefix(byte[] key, int depth) {
    if (depth < 1 || depth > depth() || key.length == 0 || key[0] != SEPARATOR) {
      return null;
    }
    int wanted = depth + 1;
    int found = 0;
    for (int i = 1; i < key.length; i++) {
      if (key[i] == SEPARATOR && ++found == wanted) {
        return Arrays.copyOf(key, i + 1);
      }
    }
    return null;
  }
}
