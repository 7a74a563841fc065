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
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/** The range model on plain data: how tables are cut into ranges and what each range is estimated to hold. */
class TestRangePartitioner {
  private static final RangePartitioner UNLIMITED = new RangePartitioner(Long.MAX_VALUE);

  private int fileNumber;

  @Test
  void oneRangePerBucket() {
    List<KeyRange> ranges = UNLIMITED.partition("keyTable", KeyLayout.BUCKET, Arrays.asList(
        file("/vol1/a/k000", "/vol1/a/k999", 1000, 0),
        file("/vol1/b/k000", "/vol1/b/k999", 1600, 600),
        file("/vol1/b/k100", "/vol1/b/k199", 50, 50)));

    assertThat(ranges).extracting(r -> string(r.getStart()), r -> string(r.getEnd()), KeyRange::getSsts,
        KeyRange::getEntries, KeyRange::getTombstones)
        .containsExactly(
            tuple("/vol1/a/", "/vol1/a0", 1, 1000L, 0L),
            tuple("/vol1/b/", "/vol1/b0", 2, 1650L, 650L));
  }

  @Test
  void sstAcrossBucketsIsSharedAmongThemAndNothingIsLost() {
    // One SST from the middle of bucket a to the middle of bucket c: its keys are in those buckets,
    // however far apart their names are, so each gets half of it and the names between get nothing.
    List<SstFile> files = Arrays.asList(
        file("/v/a/0", "/v/a/9", 1000, 0),
        file("/v/a/5", "/v/zebra/5", 3000, 1500),
        file("/v/zebra/0", "/v/zebra/9", 1000, 0));
    List<KeyRange> ranges = UNLIMITED.partition("keyTable", KeyLayout.BUCKET, files);

    assertThat(ranges).extracting(r -> string(r.getStart()), KeyRange::getEntries, KeyRange::getTombstones)
        .containsExactly(tuple("/v/a/", 2500L, 750L), tuple("/v/zebra/", 2500L, 750L));
  }

  @Test
  void sstAcrossBucketsIsSharedWithTheBucketsBetween() {
    List<SstFile> files = Arrays.asList(
        file("/v/a/0", "/v/c/9", 3000, 0),
        file("/v/b/0", "/v/b/9", 10, 0));
    List<KeyRange> ranges = UNLIMITED.partition("keyTable", KeyLayout.BUCKET, files);

    assertThat(ranges).extracting(r -> string(r.getStart()), KeyRange::getEntries)
        .containsExactly(tuple("/v/a/", 1000L), tuple("/v/b/", 1010L), tuple("/v/c/", 1000L));
  }

  @Test
  void partlyOverlappingSstIsScaled() {
    // keys /v/b/k000../v/b/k999 in one SST of 1000 entries; a cut at /v/b/k500 halves it
    byte[] smallest = bytes("/v/b/k000");
    byte[] largest = bytes("/v/b/k999");
    assertThat(KeyInterpolation.overlap(smallest, largest, bytes("/v/b/k500"), null)).isCloseTo(0.5, within(0.01));
    assertThat(KeyInterpolation.overlap(smallest, largest, bytes("/v/b/k000"), bytes("/v/b/k250")))
        .isCloseTo(0.25, within(0.01));
    assertThat(KeyInterpolation.overlap(smallest, largest, bytes("/v/a/"), bytes("/v/a0"))).isZero();
    assertThat(KeyInterpolation.overlap(smallest, largest, bytes("/v/"), null)).isEqualTo(1.0);

    List<KeyRange> halves = new RangePartitioner(600).partition("keyTable", KeyLayout.BUCKET, Arrays.asList(
        file("/v/b/k000", "/v/b/k999", 1000, 400), file("/v/b/k500", "/v/b/k999", 500, 500)));
    // Cut where the second SST starts: the first one is halved, the second one counted whole.
    assertThat(halves).extracting(r -> string(r.getStart())).containsExactly("/v/b/", "/v/b/k500");
    assertThat(halves.get(0).getEntries()).isCloseTo(500L, within(1L));
    assertThat(halves.get(0).getTombstones()).isCloseTo(200L, within(1L));
    assertThat(halves.get(1).getEntries()).isCloseTo(1000L, within(1L));
    assertThat(halves.get(1).getTombstones()).isCloseTo(700L, within(1L));
  }

  @Test
  void largeRangeIsCutAtSstBoundaries() {
    List<SstFile> files = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      files.add(file("/v/b/k" + i + "00", "/v/b/k" + i + "99", 1000, i == 3 ? 900 : 0));
    }
    List<KeyRange> ranges = new RangePartitioner(2500).partition("keyTable", KeyLayout.BUCKET, files);

    // 5 x 1000 entries, at most 2500 a range: merged greedily 2000 + 2000 + 1000, cut where SSTs start.
    assertThat(ranges).extracting(r -> string(r.getStart()), KeyRange::getEntries).containsExactly(
        tuple("/v/b/", 2000L),
        tuple("/v/b/k200", 2000L),
        tuple("/v/b/k400", 1000L));
    assertThat(ranges.get(1).getTombstones()).isEqualTo(900);
    assertThat(ranges.get(2).getEnd()).isEqualTo(bytes("/v/b0"));
  }

  @Test
  void largeFsoBucketIsCutByParentDirectory() {
    List<SstFile> files = Arrays.asList(
        file("/1/2/100/a", "/1/2/100/z", 800, 0),
        file("/1/2/200/a", "/1/2/200/z", 800, 700),
        file("/1/3/100/a", "/1/3/100/z", 500, 0));
    List<KeyRange> ranges = new RangePartitioner(1000).partition("fileTable", KeyLayout.BUCKET_AND_PARENT, files);

    assertThat(ranges).extracting(r -> string(r.getStart()), r -> string(r.getEnd()), KeyRange::getEntries)
        .containsExactly(
            tuple("/1/2/100/", "/1/2/1000", 800L),
            tuple("/1/2/200/", "/1/2/2000", 800L),
            tuple("/1/3/", "/1/30", 500L));
  }

  /**
   * The overlap index changes how a run finds the SSTs of a range, not what it finds: on random layouts (buckets of
   * both key layouts, L0 files across buckets, levels of disjoint files, tiny and huge limits) every range and every
   * estimate is the same, to the last bit, as with a scan of every file for each range, the quadratic reference.
   */
  @RepeatedTest(200)
  void sameRangesAsAScanOfEveryFile(RepetitionInfo repetition) {
    Random random = new Random(repetition.getCurrentRepetition());
    KeyLayout layout = random.nextBoolean() ? KeyLayout.BUCKET : KeyLayout.BUCKET_AND_PARENT;
    List<SstFile> files = randomLayout(random, layout);
    long limit = random.nextBoolean() ? 1 + random.nextInt(5000) : Long.MAX_VALUE;
    RangePartitioner indexed = new RangePartitioner(limit);
    RangePartitioner scanning = new RangePartitioner(limit, ScanningOverlaps::of);

    List<KeyRange> expected = scanning.partition("t", layout, files);
    assertThat(describe(indexed.partition("t", layout, files))).isEqualTo(describe(expected));
    RangePartitioner.Model model = indexed.model("t", layout, files);
    RangePartitioner.Model reference = scanning.model("t", layout, files);
    for (int i = 0; i < 20; i++) {
      byte[] start = randomKey(random, layout);
      byte[] end = random.nextInt(5) == 0 ? null : randomKey(random, layout);
      assertThat(describe(Collections.singletonList(model.estimate(start, end))))
          .isEqualTo(describe(Collections.singletonList(reference.estimate(start, end))));
    }
  }

  @RepeatedTest(50)
  void overlapIndexFindsExactlyTheOverlappingFiles(RepetitionInfo repetition) {
    Random random = new Random(1000 + repetition.getCurrentRepetition());
    List<SstFile> files = randomLayout(random, KeyLayout.BUCKET);
    SstOverlaps index = new SstOverlaps(files);
    for (int i = 0; i < 200; i++) {
      byte[] start = randomKey(random, KeyLayout.BUCKET);
      byte[] end = random.nextInt(5) == 0 ? null : randomKey(random, KeyLayout.BUCKET);
      assertThat(index.overlapping(start, end)).as("[%s, %s)", string(start), string(end))
          .containsExactly(ScanningOverlaps.of(files).overlapping(start, end));
    }
  }

  /** Up to 6 levels: L0 files anywhere (across buckets too), below it disjoint files in key order. */
  private List<SstFile> randomLayout(Random random, KeyLayout layout) {
    List<SstFile> files = new ArrayList<>();
    int levels = 1 + random.nextInt(6);
    for (int level = 0; level < levels; level++) {
      int count = random.nextInt(40);
      List<byte[]> bounds = new ArrayList<>();
      for (int i = 0; i < 2 * count; i++) {
        bounds.add(randomKey(random, layout));
      }
      bounds.sort(KeyBytes::compare);
      for (int i = 0; i < count; i++) {
        byte[] a = level == 0 ? randomKey(random, layout) : bounds.get(2 * i);
        byte[] b = level == 0 ? randomKey(random, layout) : bounds.get(2 * i + 1);
        boolean ordered = KeyBytes.compare(a, b) <= 0;
        long entries = 1 + random.nextInt(100_000);
        files.add(new SstFile(String.format("%06d.sst", ++fileNumber), level, ordered ? a : b, ordered ? b : a,
            new SstCounts(entries, random.nextInt((int) entries), random.nextInt(3)), entries * 100, false));
      }
    }
    return files;
  }

  private static byte[] randomKey(Random random, KeyLayout layout) {
    String bucket = layout == KeyLayout.BUCKET ? "/v" + random.nextInt(3) + "/b" + random.nextInt(8) + "/"
        : "/" + random.nextInt(3) + "/" + random.nextInt(8) + "/" + random.nextInt(4) + "/";
    return bytes(bucket + "k" + random.nextInt(100_000));
  }

  /** Every field of the ranges, exactly. */
  private static List<String> describe(List<KeyRange> ranges) {
    List<String> lines = new ArrayList<>();
    for (KeyRange r : ranges) {
      lines.add(r + " end=" + string(r.getEnd()) + " rangeDeletions=" + r.getRangeDeletions() + " bytes="
          + r.getBytes());
    }
    return lines;
  }

  private SstFile file(String smallest, String largest, long entries, long deletions) {
    return new SstFile(String.format("%06d.sst", ++fileNumber), 0, bytes(smallest), bytes(largest),
        new SstCounts(entries, deletions, 0), entries * 100, false);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  private static String string(byte[] b) {
    return b == null ? null : new String(b, UTF_8);
  }
}
