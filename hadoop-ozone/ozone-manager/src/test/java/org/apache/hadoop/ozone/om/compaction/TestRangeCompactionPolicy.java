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

package org.apache.hadoop.ozone.om.compaction;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.SstFile;
import org.junit.jupiter.api.Test;

/** The compaction policy and its cost model on plain data. */
class TestRangeCompactionPolicy {
  private static final long MB = 1L << 20;

  private final EnumMap<RangeCompactionPolicy.Skip, Integer> skips = new EnumMap<>(RangeCompactionPolicy.Skip.class);
  private int fileNumber;

  @Test
  void qualifiesOnTombstonesAndRatio() {
    RangeCompactionPolicy policy = policy(new OzoneConfiguration());
    assertThat(policy.qualifies(range("/v/a/", "/v/a0", 50_000, 10_000, MB))).isTrue();
    assertThat(policy.qualifies(range("/v/a/", "/v/a0", 50_000, 9_999, MB))).isFalse();
    assertThat(policy.qualifies(range("/v/a/", "/v/a0", 100_000, 19_999, MB))).isFalse();
  }

  @Test
  void costFollowsL0OverlapsAndCountsTheBottomLevelTwice() {
    // L0: a overlaps the range, b overlaps a only, c is elsewhere; L1: d under a+b, e elsewhere.
    SstFile a = file(0, "/v/b/", "/v/c/5", MB, false);
    SstFile b = file(0, "/v/c/3", "/v/d/5", MB, false);
    SstFile c = file(0, "/v/x/", "/v/y/", MB, false);
    SstFile d = file(1, "/v/b/", "/v/d/9", 4 * MB, false);
    SstFile e = file(1, "/v/x/", "/v/z/", 4 * MB, false);
    List<SstFile> files = Arrays.asList(a, b, c, d, e);
    KeyRange bucketB = range("/v/b/", "/v/b0", 1000, 800, MB / 4);

    CompactionCost cost = CompactionCost.of(bucketB, files, 0);
    assertThat(cost.getFiles()).isEqualTo(3);
    assertThat(cost.getBytes()).isEqualTo(MB + MB + 2 * 4 * MB);

    // A non-empty memtable is flushed first and taken to span what L0 spans: every L0 file joins.
    CompactionCost withMemtable = CompactionCost.of(bucketB, files, 3 * MB);
    assertThat(withMemtable.getFiles()).isEqualTo(5);
    assertThat(withMemtable.getBytes()).isEqualTo(3 * MB + 3 * MB + 2 * 8 * MB);
  }

  @Test
  void skipsWhatIsTooLargeOverlappedBusyOrCooling() {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("ozone.om.range.compaction.service.max.compaction.bytes", "64MB");
    RangeCompactionPolicy policy = policy(conf);
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    KeyRange tiny = range("/v/b/", "/v/b0", 40_000, 20_000, 1);
    KeyRange huge = range("/v/c/", "/v/c0", 40_000, 20_000, 2 * MB);
    KeyRange busy = range("/v/d/", "/v/d0", 40_000, 20_000, 2 * MB);
    List<SstFile> files = Arrays.asList(
        file(1, "/v/a/", "/v/a/9", 2 * MB, false),
        file(1, "/v/b/", "/v/b/9", 2 * MB, false),
        file(1, "/v/c/", "/v/c/9", 100 * MB, false),
        file(1, "/v/d/", "/v/d/9", 2 * MB, true));
    Cooldowns cooldowns = new Cooldowns(60_000);

    List<CompactionCandidate> chosen =
        policy.choose(Arrays.asList(dense, tiny, huge, busy), files, 0, cooldowns, 1000, skips);
    assertThat(chosen).extracting(CompactionCandidate::getRange).containsExactly(dense);
    assertThat(skips).containsEntry(RangeCompactionPolicy.Skip.OVERLAP, 1)
        .containsEntry(RangeCompactionPolicy.Skip.TOO_LARGE, 1)
        .containsEntry(RangeCompactionPolicy.Skip.BUSY, 1);

    // A range cut differently after the compaction still overlaps the span that cools down.
    cooldowns.compacted(dense, 1000);
    KeyRange recut = range("/v/a/k5", "/v/a0", 40_000, 20_000, 2 * MB);
    assertThat(policy.choose(Collections.singletonList(recut), files, 0, cooldowns, 30_000, skips)).isEmpty();
    assertThat(skips).containsEntry(RangeCompactionPolicy.Skip.COOLDOWN, 1);
    assertThat(policy.choose(Collections.singletonList(recut), files, 0, cooldowns, 61_000, skips)).hasSize(1);
  }

  private static RangeCompactionPolicy policy(OzoneConfiguration conf) {
    return new RangeCompactionPolicy(conf.getObject(RangeCompactionConfig.class));
  }

  private static KeyRange range(String start, String end, long entries, long tombstones, long bytes) {
    return new KeyRange("keyTable", start.getBytes(UTF_8), end.getBytes(UTF_8), 1, entries, tombstones, 0, bytes);
  }

  private SstFile file(int level, String smallest, String largest, long bytes, boolean beingCompacted) {
    return new SstFile(String.format("%06d.sst", ++fileNumber), level, smallest.getBytes(UTF_8),
        largest.getBytes(UTF_8), bytes / 100, 0, 0, bytes, beingCompacted);
  }
}
