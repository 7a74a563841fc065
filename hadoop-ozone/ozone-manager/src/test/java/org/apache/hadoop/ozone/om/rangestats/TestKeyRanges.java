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

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Values on plain data: how ranges rank, where a table's keys put their bucket, and keys as printed. */
class TestKeyRanges {
  @Test
  void denseLongRunsScoreHighest() {
    KeyRange fullyDeleted = range(20_000, 10_000);  // every key deleted, puts not yet compacted away: ratio 0.5
    KeyRange sparse = range(1_000_000, 20_000);     // a few deletes in a huge range
    KeyRange tinyDense = range(20, 10);
    List<KeyRange> ranges = new ArrayList<>(Arrays.asList(sparse, tinyDense, fullyDeleted));
    ranges.sort(KeyRange.DENSEST_FIRST);

    assertThat(fullyDeleted.getRatio()).isEqualTo(0.5);
    assertThat(ranges).containsExactly(fullyDeleted, sparse, tinyDense);
  }

  @Test
  void keyLayoutPrefixes() {
    assertThat(KeyLayout.BUCKET.prefix(bytes("/vol/bucket/dir/key"), 1)).isEqualTo(bytes("/vol/bucket/"));
    assertThat(KeyLayout.BUCKET.prefix(bytes("/vol/bucket/dir/key"), 2)).isNull();
    assertThat(KeyLayout.BUCKET.prefix(bytes("/vol/bucket"), 1)).isNull();
    assertThat(KeyLayout.BUCKET.prefix(bytes("#snapshot"), 1)).isNull();
    assertThat(KeyLayout.BUCKET_AND_PARENT.prefix(bytes("/1/2/300/f/9"), 2)).isEqualTo(bytes("/1/2/300/"));
    assertThat(KeyBytes.printable(new byte[] {'/', 'a', 0, (byte) 0xff, '\\'})).isEqualTo("/a\\x00\\xff\\x5c");
  }

  private static KeyRange range(long entries, long tombstones) {
    return new KeyRange("t", bytes("/v/" + entries + "/"), null, 1, new SstCounts(entries, tombstones, 0), 0);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }
}
