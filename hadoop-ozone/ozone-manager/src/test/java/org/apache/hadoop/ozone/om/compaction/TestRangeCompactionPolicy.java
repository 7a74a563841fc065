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

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Action;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Reason;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Skip;
import org.apache.hadoop.ozone.om.compaction.CompactionPick.Wait;
import org.apache.hadoop.ozone.om.compaction.RangeCompactionConfig.Keys;
import org.apache.hadoop.ozone.om.rangestats.KeyRange;
import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.apache.hadoop.ozone.om.rangestats.SstCounts;
import org.apache.hadoop.ozone.om.rangestats.SstFile;
import org.junit.jupiter.api.Test;

/** The compaction policy, its cost model and its budget on plain data: every decision from a written-down env. */
class TestRangeCompactionPolicy {
  private static final long MB = 1L << 20;
  private static final MemtableState EMPTY_MEMTABLE = new MemtableState(0, 0, 0, false);
  private static final WritePressure NO_PRESSURE = new WritePressure(0, 20, 0, 64L << 30);
  /** A leader OM under a steady load: 500 requests and 5,000 DB writes per second, as over the recent looks. */
  private static final OmActivity BUSY = new OmActivity(true, 10, 500, 500, 5_000, 5_000, 0, 0);
  private static final Set<String> NONE_FLUSHED = Collections.emptySet();
  private static final Set<String> NONE_UNCHANGED = Collections.emptySet();

  private final OzoneConfiguration conf = new OzoneConfiguration();
  private int fileNumber;

  @Test
  void aLookReadsItsSettingsFromACopyThatAReconfigurationLeavesAsItWas() throws Exception {
    conf.setLong(Keys.MIN_TOMBSTONES, 123);
    RangeCompactionConfig live = conf.getObject(RangeCompactionConfig.class);
    RangeCompactionConfig look = live.snapshot();
    for (Field field : RangeCompactionConfig.class.getDeclaredFields()) {
      if (!Modifier.isStatic(field.getModifiers())) {
        field.setAccessible(true);
        assertThat(field.get(look)).as(field.getName()).isEqualTo(field.get(live));
      }
    }
    // As OM's reconfiguration handler sets a key: the live object's field, under the look.
    Field minTombstones = RangeCompactionConfig.class.getDeclaredField("minTombstones");
    minTombstones.setAccessible(true);
    minTombstones.set(live, 456L);
    assertThat(look.getMinTombstones()).isEqualTo(123);
    assertThat(live.snapshot().getMinTombstones()).isEqualTo(456);
  }

  @Test
  void rangesAndMemtablesQualifyOnTombstonesAndRatio() {
    RangeCompactionPolicy policy = policy();
    assertThat(policy.qualifies(range("/v/a/", "/v/a0", 50_000, 10_000, MB))).isTrue();
    assertThat(policy.qualifies(range("/v/a/", "/v/a0", 50_000, 9_999, MB))).isFalse();
    assertThat(policy.qualifies(range("/v/a/", "/v/a0", 100_000, 19_999, MB))).isFalse();
    // Memtables by their own ratio: deletes / (creates + deletes).
    assertThat(policy.qualifies(new MemtableState(MB, 10_000, 33_333, false))).isTrue();
    assertThat(policy.qualifies(new MemtableState(MB, 10_000, 33_334, false))).isFalse();
    assertThat(policy.qualifies(new MemtableState(MB, 9_999, 9_999, false))).isFalse();

    // Below the ratio, deletes at a head qualify: every reader that starts there crosses them.
    assertThat(policy.qualifies(new MemtableState(MB, 10_000, 50_000, true))).isTrue();
    assertThat(policy.qualifies(new MemtableState(MB, 9_999, 50_000, true))).isFalse();

    conf.setBoolean(Keys.MEMTABLE_FLUSH, false);
    assertThat(policy().qualifies(new MemtableState(MB, 10_000, 33_333, false))).isFalse();
    assertThat(policy().qualifies(new MemtableState(MB, 10_000, 50_000, true))).isFalse();
  }

  @Test
  void aTableIsDueOnlyForAReaderThatScannedItAndComesBackWithinTheLead() {
    RangeCompactionPolicy policy = policy();
    // No reader ever scanned it: its tombstones slow nobody down.
    assertThat(policy.isDue(TableReads.NONE, 100, BUSY)).isFalse();

    // One scan seen, at look 10: due from then on, its period unknown.
    TableReads once = TableReads.NONE.scannedAt(10);
    assertThat(policy.isDue(once, 10, BUSY)).isTrue();
    assertThat(policy.isDue(once, 1_000, BUSY)).isTrue();
    // Cleaned since: not due until the next scan.
    assertThat(policy.isDue(once.cleaned(), 1_000, BUSY)).isFalse();

    // Scans every 640 looks (the last at 650): the lead is a 32nd, 20 looks, so due from look 1,270 on.
    TableReads periodic = once.scannedAt(650);
    assertThat(periodic.getPeriod()).isEqualTo(640);
    assertThat(policy.isDue(periodic, 1_269, BUSY)).isFalse();
    assertThat(policy.isDue(periodic, 1_270, BUSY)).isTrue();
    // Within the lead on either side of the next scan, due again after each cleaning: the scan then crosses only
    // what gathered since the latest one.
    assertThat(policy.isDue(periodic.cleaned(), 1_280, BUSY)).isTrue();
    assertThat(policy.isDue(periodic.cleaned(), 1_310, BUSY)).isTrue();
    // A reader later than the lead: once for its latest scan, as for one whose period is unknown.
    assertThat(policy.isDue(periodic.cleaned(), 1_311, BUSY)).isFalse();
    assertThat(policy.isDue(periodic, 5_000, BUSY)).isTrue();

    // A short period: the lead is at least 8 looks (a look that compacts can take several intervals).
    TableReads everyEighty = once.scannedAt(90);
    assertThat(policy.isDue(everyEighty, 161, BUSY)).isFalse();
    assertThat(policy.isDue(everyEighty, 162, BUSY)).isTrue();

    // A reader at every look (listings), or every few: due at once while it reads.
    assertThat(policy.isDue(TableReads.NONE.scannedAt(5).scannedAt(6), 6, BUSY)).isTrue();
    assertThat(policy.isDue(TableReads.NONE.scannedAt(10).scannedAt(14).cleaned(), 15, BUSY)).isTrue();

    conf.setBoolean(Keys.READER_PACED, false);
    assertThat(policy().isDue(TableReads.NONE, 100, BUSY)).isTrue();
    assertThat(policy().isDue(periodic.cleaned(), 100, BUSY)).isTrue();
  }

  @Test
  void aFollowerLooksAtEveryTableNoReaderScansThereAndAnIdleOmAtEveryTable() {
    RangeCompactionPolicy policy = policy();
    TableReads cleaned = TableReads.NONE.scannedAt(10).scannedAt(650).cleaned();
    assertThat(policy.isDue(TableReads.NONE, 100, BUSY)).isFalse();
    assertThat(policy.isDue(cleaned, 700, BUSY)).isFalse();
    // Whoever reads a follower's tables does so after it comes to lead, at an unknown time.
    OmActivity follower = new OmActivity(false, 10, 0, 0, 5_000, 5_000, 0, 0);
    assertThat(policy.isDue(TableReads.NONE, 100, follower)).isTrue();
    // A follower that serves readers itself (follower reads) paces them as the leader does.
    assertThat(policy.isDue(cleaned, 700, follower)).isFalse();
    assertThat(policy.isDue(cleaned, 1_270, follower)).isTrue();
    // An idle OM cleans for its next reader, whenever that comes.
    assertThat(policy.isDue(TableReads.NONE, 100, idle())).isTrue();
    assertThat(policy.isDue(cleaned, 700, idle())).isTrue();

    conf.setBoolean(Keys.IDLE_CLEANUP, false);
    assertThat(policy().isDue(TableReads.NONE, 100, idle())).isFalse();
  }

  @Test
  void omIsIdleAfterAWholeWindowOfLowActivityWithRocksDbAtRest() {
    RangeCompactionPolicy policy = policy();
    // idle.after 10s at an interval of 1s: ten looks.
    assertThat(policy.getIdleWindowLooks()).isEqualTo(10);
    assertThat(policy.isIdle(idle())).isTrue();
    assertThat(policy.isIdle(BUSY)).isFalse();
    // Fewer looks than the window: the service has not seen enough to tell.
    assertThat(policy.isIdle(new OmActivity(true, 9, 0, 300, 0, 3_000, 0, 0))).isFalse();

    // A tenth of the recent rate at most, in every look of the window.
    assertThat(policy.isIdle(new OmActivity(true, 10, 30, 300, 300, 3_000, 0, 0))).isTrue();
    assertThat(policy.isIdle(new OmActivity(true, 10, 31, 300, 0, 3_000, 0, 0))).isFalse();
    assertThat(policy.isIdle(new OmActivity(true, 10, 0, 300, 301, 3_000, 0, 0))).isFalse();
    // Whatever the recent rate, a request and ten writes per second leave OM quiet, and no more.
    assertThat(policy.isIdle(new OmActivity(true, 10, 1, 0, 10, 0, 0, 0))).isTrue();
    assertThat(policy.isIdle(new OmActivity(true, 10, 1.5, 0, 0, 0, 0, 0))).isFalse();
    assertThat(policy.isIdle(new OmActivity(true, 10, 0, 0, 11, 0, 0, 0))).isFalse();
    // RocksDB's own work comes first.
    assertThat(policy.isIdle(new OmActivity(true, 10, 0, 300, 0, 3_000, 1, 0))).isFalse();
    assertThat(policy.isIdle(new OmActivity(true, 10, 0, 300, 0, 3_000, 0, 1))).isFalse();
    // A follower is idle by the same rule: its DB writes are the leader's log it applies.
    assertThat(policy.isIdle(new OmActivity(false, 10, 0, 0, 0, 3_000, 0, 0))).isTrue();
    assertThat(policy.isIdle(new OmActivity(false, 10, 0, 0, 2_000, 3_000, 0, 0))).isFalse();

    // idle.after in whole looks, at least one.
    conf.set(Keys.INTERVAL, "10s");
    conf.set(Keys.IDLE_AFTER, "25s");
    assertThat(policy().getIdleWindowLooks()).isEqualTo(3);
    conf.set(Keys.IDLE_AFTER, "1s");
    assertThat(policy().getIdleWindowLooks()).isEqualTo(1);

    conf.setBoolean(Keys.IDLE_CLEANUP, false);
    assertThat(policy().isIdle(idle())).isFalse();
  }

  @Test
  void anIdleOmCompactsBeyondTheBudgetAndSaysSo() {
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    List<TableState> tables = Collections.singletonList(table("keyTable", dense));

    CompactionPick busy = policy().pickNext(withBudget(tables, BUSY));
    assertThat(busy.getAction()).isEqualTo(Action.WAIT);
    assertThat(busy.getWait()).isEqualTo(Wait.BUDGET);

    CompactionPick idle = policy().pickNext(withBudget(tables, idle()));
    assertThat(idle.getAction()).isEqualTo(Action.COMPACT);
    assertThat(idle.isIdle()).isTrue();
    assertThat(policy().pickNext(env(table("keyTable", dense))).isIdle()).isFalse();

    // The other bounds hold while idle: a range over more than one compaction may read waits for RocksDB.
    conf.set(Keys.MAX_COMPACTION_BYTES, "1MB");
    CompactionPick tooLarge = policy().pickNext(withBudget(tables, idle()));
    assertThat(tooLarge.getAction()).isEqualTo(Action.NONE);
    assertThat(tooLarge.getSkips()).containsEntry(Skip.TOO_LARGE, 1);
  }

  @Test
  void aRangeWhoseFirstKeyIsBehindTombstonesQualifiesBelowTheRatio() {
    // 12,000 tombstones in 100,000 entries: 0.12, under the ratio; but a seek to the first key crosses them.
    KeyRange headDeleted = range("/v/a/", "/v/a0", 100_000, 12_000, 8 * MB);
    List<SstFile> files = Collections.singletonList(file(1, "/v/a/", "/v/a/9", 8 * MB, false));
    BitSet atHead = new BitSet();

    TableState scattered = tableState("keyTable", Collections.singletonList(headDeleted), files, EMPTY_MEMTABLE,
        NO_PRESSURE, Collections.<KeySpan>emptyList(), atHead);
    assertThat(policy().pickNext(env(scattered)).getAction()).isEqualTo(Action.NONE);

    atHead.set(0);
    TableState atTheHead = tableState("keyTable", Collections.singletonList(headDeleted), files,
        EMPTY_MEMTABLE, NO_PRESSURE, Collections.<KeySpan>emptyList(), atHead);
    CompactionPick pick = policy().pickNext(env(atTheHead));
    assertThat(pick.getAction()).isEqualTo(Action.COMPACT);
    assertThat(pick.getRange().getSpan().toString()).isEqualTo("[/v/a/, /v/a0)");
  }

  @Test
  void costFollowsL0OverlapsAndReadsEachInputOncePerMerge() {
    // L0: a overlaps the range, b overlaps a only, c is elsewhere; L1: d under a+b, e elsewhere.
    SstFile a = file(0, "/v/b/", "/v/c/5", MB, false);
    SstFile b = file(0, "/v/c/3", "/v/d/5", MB, false);
    SstFile c = file(0, "/v/x/", "/v/y/", MB, false);
    SstFile d = file(1, "/v/b/", "/v/d/9", 4 * MB, false);
    SstFile e = file(1, "/v/x/", "/v/z/", 4 * MB, false);
    List<SstFile> files = Arrays.asList(a, b, c, d, e);
    KeySpan bucketB = span("/v/b/", "/v/b0");

    // One merge, L0 into L1, which drops the tombstones: nothing to force.
    CompactionCost cost = CompactionCost.of(bucketB, files, 0);
    assertThat(cost.getFiles()).isEqualTo(3);
    assertThat(cost.getBytes()).isEqualTo(MB + MB + 4 * MB);
    assertThat(cost.needsBottommostForced()).isFalse();

    // A non-empty memtable is flushed first and taken to span what L0 spans: every L0 file joins.
    CompactionCost withMemtable = CompactionCost.of(bucketB, files, 3 * MB);
    assertThat(withMemtable.getFiles()).isEqualTo(5);
    assertThat(withMemtable.getBytes()).isEqualTo(3 * MB + 3 * MB + 8 * MB);

    // Inputs at L0, L5 and L6: L0 merges into L5, and that output, L5's inputs with it, into L6.
    SstFile l5 = file(5, "/v/b/", "/v/b/9", 2 * MB, false);
    SstFile l6 = file(6, "/v/a/", "/v/c/", 8 * MB, false);
    CompactionCost twoMerges = CompactionCost.of(bucketB, Arrays.asList(a, l5, l6), 0);
    assertThat(twoMerges.getBytes()).isEqualTo(2 * MB + 2 * 2 * MB + 8 * MB);
    assertThat(twoMerges.needsBottommostForced()).isFalse();
  }

  @Test
  void tombstonesThatNoMergeReachesNeedTheBottommostLevelForced() {
    KeySpan queue = span("/v/q/", "/v/q0");
    // Tombstone-only L0 files of a queue, apart from each other, over nothing below: RocksDB would move them down
    // whole. Files that overlap each other are merged on their way down, and their tombstones go.
    SstFile a = deletes(0, "/v/q/1", "/v/q/19", MB);
    SstFile b = deletes(0, "/v/q/2", "/v/q/3", MB);
    CompactionCost l0Only = CompactionCost.of(queue, Arrays.asList(a, b), 0);
    assertThat(l0Only.needsBottommostForced()).isTrue();
    assertThat(l0Only.getBytes()).isEqualTo(2 * MB);
    SstFile overA = deletes(0, "/v/q/15", "/v/q/25", MB);
    assertThat(CompactionCost.of(queue, Arrays.asList(a, overA), 0).needsBottommostForced()).isFalse();
    // Without tombstones, nothing to force.
    assertThat(CompactionCost.of(queue, Arrays.asList(file(0, "/v/q/1", "/v/q/19", MB, false)), 0)
        .needsBottommostForced()).isFalse();

    // Tombstones already at the bottom level: only a bottommost compaction reads them again.
    SstFile bottom = deletes(6, "/v/q/1", "/v/q/3", 4 * MB);
    assertThat(CompactionCost.of(queue, Arrays.asList(bottom), 0).needsBottommostForced()).isTrue();
    // A memtable to flush counts as an L0 input spanning all the others: with the bottom file, one merge.
    CompactionCost withMemtable = CompactionCost.of(queue, Arrays.asList(bottom), MB);
    assertThat(withMemtable.needsBottommostForced()).isFalse();
    assertThat(withMemtable.getBytes()).isEqualTo(MB + 4 * MB);
  }

  @Test
  void aMergeElsewhereInTheRangeDoesNotReachTombstonesThatOverlapNothingBelow() {
    KeySpan twoBuckets = span("/v/a/", "/v/c0");
    // A queue's tombstones flushed to L0 in bucket a, an older bucket c's at the bottom level, apart: two levels,
    // no merge; RocksDB moves the L0 file down whole. Forced, the compaction reads every input a second time.
    SstFile queue = deletes(0, "/v/a/1", "/v/a/9", MB);
    SstFile older = deletes(6, "/v/c/1", "/v/c/9", 4 * MB);
    CompactionCost apart = CompactionCost.of(twoBuckets, Arrays.asList(queue, older), 0);
    assertThat(apart.needsBottommostForced()).isTrue();
    assertThat(apart.getBytes()).isEqualTo(2 * (MB + 4 * MB));

    // The L0 file merges with the bottom file of its bucket, but the older bucket's tombstones are reached by
    // nothing from above: still forced.
    SstFile under = file(6, "/v/a/0", "/v/a/99", 4 * MB, false);
    assertThat(CompactionCost.of(twoBuckets, Arrays.asList(queue, under, older), 0).needsBottommostForced())
        .isTrue();

    // Two L0 files that overlap each other, one of them over a bottom file: L0 is merged as a whole, then into the
    // bottom level. Nothing to force.
    SstFile overQueue = deletes(0, "/v/a/5", "/v/b/5", MB);
    SstFile underQueue = file(6, "/v/a/0", "/v/a/4", 4 * MB, false);
    assertThat(CompactionCost.of(span("/v/a/", "/v/b0"), Arrays.asList(queue, overQueue, underQueue), 0)
        .needsBottommostForced()).isFalse();
  }

  @Test
  void nothingQualifiesNothingToDo() {
    KeyRange clean = range("/v/a/", "/v/a0", 50_000, 100, MB);
    CompactionPick pick = policy().pickNext(env(table("keyTable", clean)));
    assertThat(pick.getAction()).isEqualTo(Action.NONE);
    assertThat(pick.getSkips()).isEmpty();
  }

  @Test
  void picksTheRangeThatRemovesMostTombstonesPerByteRead() {
    // Equal tombstones; the keyTable range shares its SSTs with much live data, the openKeyTable one is all
    // tombstones: compacting the latter reads far fewer bytes per tombstone.
    KeyRange live = range("/v/a/", "/v/a0", 100_000, 40_000, 8 * MB);
    KeyRange pure = range("openKeyTable", "/v/a/", "/v/a0", 40_000, 40_000, MB);
    TableState keyTable = table("keyTable", Collections.singletonList(live),
        Arrays.asList(file(1, "/v/a/", "/v/a/9", 8 * MB, false)));
    TableState openKeyTable = table("openKeyTable", Collections.singletonList(pure),
        Arrays.asList(file(1, "/v/a/", "/v/a/9", MB, false)));

    CompactionPick pick = policy().pickNext(env(keyTable, openKeyTable));

    assertThat(pick.getAction()).isEqualTo(Action.COMPACT);
    assertThat(pick.getTable()).isEqualTo("openKeyTable");
    assertThat(pick.getCost().getBytes()).isEqualTo(MB);
  }

  @Test
  void passesOverWhatIsTooLargeOverlappedBusyOrOverBudget() {
    conf.set(Keys.MAX_COMPACTION_BYTES, "64MB");
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    KeyRange tiny = range("/v/b/", "/v/b0", 40_000, 20_000, 1);
    KeyRange huge = range("/v/c/", "/v/c0", 40_000, 20_000, 2 * MB);
    KeyRange busy = range("/v/d/", "/v/d0", 40_000, 20_000, 2 * MB);
    KeyRange dearer = range("/v/e/", "/v/e0", 40_000, 20_000, 4 * MB);
    List<SstFile> files = Arrays.asList(
        file(1, "/v/a/", "/v/a/9", 2 * MB, false),
        file(1, "/v/b/", "/v/b/9", 2 * MB, false),
        file(1, "/v/c/", "/v/c/9", 100 * MB, false),
        file(1, "/v/d/", "/v/d/9", 2 * MB, true),
        file(1, "/v/e/", "/v/e/9", 4 * MB, false));
    TableState table = table("keyTable", Arrays.asList(dense, tiny, huge, busy, dearer), files);

    // /v/a/ reads 2 MB, /v/e/ 4 MB: the budget of 3 MB affords only the first.
    CompactionPick pick = policy().pickNext(env(3 * MB, table));

    assertThat(pick.getAction()).isEqualTo(Action.COMPACT);
    assertThat(pick.getRange().getSpan().toString()).isEqualTo("[/v/a/, /v/a0)");
    assertThat(pick.getSkips()).containsEntry(Skip.OVERLAP, 1).containsEntry(Skip.TOO_LARGE, 1)
        .containsEntry(Skip.BUSY, 1).containsEntry(Skip.BUDGET, 1).hasSize(4);

    // With less than any compaction reads, the service waits for RocksDB to flush more.
    CompactionPick broke = policy().pickNext(env(MB, table));
    assertThat(broke.getAction()).isEqualTo(Action.WAIT);
    assertThat(broke.getWait()).isEqualTo(Wait.BUDGET);
  }

  @Test
  void aSpanCompactedSinceTheTablesLatestFlushIsPassedOver() {
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    List<SstFile> files = Collections.singletonList(file(1, "/v/a/", "/v/a/9", 2 * MB, false));
    // Ranges are cut anew after a compaction: a range that overlaps the compacted span counts as compacted.
    TableState sameFlush = tableState("keyTable", Collections.singletonList(dense), files, EMPTY_MEMTABLE,
        NO_PRESSURE, Collections.singletonList(span("/v/a/k5", "/v/a0")), new BitSet());
    CompactionPick pick = policy().pickNext(env(sameFlush));
    assertThat(pick.getAction()).isEqualTo(Action.NONE);
    assertThat(pick.getSkips()).containsEntry(Skip.COMPACTED_SINCE_FLUSH, 1);

    TableState flushedSince = tableState("keyTable", Collections.singletonList(dense), files,
        EMPTY_MEMTABLE, NO_PRESSURE, Collections.<KeySpan>emptyList(), new BitSet());
    assertThat(policy().pickNext(env(flushedSince)).getAction()).isEqualTo(Action.COMPACT);
  }

  @Test
  void adjacentDenseRangesMergeIntoOneCompactionWithinTheBounds() {
    // Four neighbouring ranges over one L1 file each; the third is clean. The densest (b) grows over a, then
    // stops at the clean c; d stays for a later pick.
    KeyRange a = range("/v/a/", "/v/b/", 40_000, 15_000, 2 * MB);
    KeyRange b = range("/v/b/", "/v/c/", 40_000, 20_000, 2 * MB);
    KeyRange c = range("/v/c/", "/v/d/", 40_000, 10, 2 * MB);
    KeyRange d = range("/v/d/", "/v/e/", 40_000, 12_000, 2 * MB);
    List<SstFile> files = Arrays.asList(file(1, "/v/a/", "/v/a/9", 2 * MB, false),
        file(1, "/v/b/", "/v/b/9", 2 * MB, false), file(1, "/v/c/", "/v/c/9", 2 * MB, false),
        file(1, "/v/d/", "/v/d/9", 2 * MB, false));

    CompactionPick pick = policy().pickNext(env(table("keyTable", Arrays.asList(a, b, c, d), files)));

    assertThat(pick.getAction()).isEqualTo(Action.COMPACT);
    assertThat(pick.getRange().getSpan().toString()).isEqualTo("[/v/a/, /v/c/)");
    assertThat(pick.getRange().getTombstones()).isEqualTo(35_000);
    assertThat(pick.getRange().getSsts()).isEqualTo(2);
    assertThat(pick.getCost().getFiles()).isEqualTo(2);

    // A merge that would read more than one compaction may does not happen.
    conf.set(Keys.MAX_COMPACTION_BYTES, "3MB");
    CompactionPick bounded = policy().pickNext(env(table("keyTable", Arrays.asList(a, b, c, d), files)));
    assertThat(bounded.getRange().getSpan().toString()).isEqualTo("[/v/b/, /v/c/)");
  }

  @Test
  void aMemtableDenseWithDeletesIsFlushedFirst() {
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    TableState keyTable = table("keyTable", dense);
    TableState openKeyTable = tableState("openKeyTable", Collections.<KeyRange>emptyList(),
        Collections.<SstFile>emptyList(), new MemtableState(4 * MB, 30_000, 60_000, false), NO_PRESSURE,
        Collections.<KeySpan>emptyList(), new BitSet());

    CompactionPick pick = policy().pickNext(env(keyTable, openKeyTable));

    assertThat(pick.getAction()).isEqualTo(Action.FLUSH);
    assertThat(pick.getTable()).isEqualTo("openKeyTable");
  }

  @Test
  void everyFlushAndCompactionCarriesItsReason() {
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    TableState openKeyTable = tableState("openKeyTable", Collections.<KeyRange>emptyList(),
        Collections.<SstFile>emptyList(), new MemtableState(4 * MB, 30_000, 60_000, false), NO_PRESSURE,
        Collections.<KeySpan>emptyList(), new BitSet());
    List<TableState> tables = Arrays.asList(table("keyTable", dense), openKeyTable);
    OmActivity follower = new OmActivity(false, 10, 0, 0, 5_000, 5_000, 0, 0);
    Set<String> flushed = Collections.singleton("openKeyTable");

    // What it does, why, whether it is charged to the budget, whether it ends the look.
    assertThat(policy().pickNext(new CompactionEnv(tables, false, false, null, 4 * MB, BUSY, flushed, NONE_UNCHANGED)))
        .extracting(CompactionPick::getAction, CompactionPick::getReason, CompactionPick::isChargedToBudget,
            CompactionPick::endsLook).containsExactly(Action.COMPACT, Reason.READER, true, false);
    assertThat(policy().pickNext(new CompactionEnv(tables, false, false, null, 4 * MB, follower, NONE_FLUSHED,
        NONE_UNCHANGED)))
        .hasToString("flush openKeyTable (follower)").extracting(CompactionPick::getReason).isEqualTo(Reason.FOLLOWER);
    assertThat(policy().pickNext(new CompactionEnv(tables, false, false, null, 4 * MB, idle(), flushed,
        NONE_UNCHANGED)))
        .extracting(CompactionPick::getAction, CompactionPick::getReason, CompactionPick::isChargedToBudget,
            CompactionPick::endsLook).containsExactly(Action.COMPACT, Reason.IDLE, false, true);
    assertThat(policy().pickNext(new CompactionEnv(tables, true, false, null, 4 * MB, BUSY, flushed, NONE_UNCHANGED)))
        .extracting(CompactionPick::getAction, CompactionPick::getReason).containsExactly(Action.WAIT, null);
  }

  @Test
  void writePressureAndSlowClientsMakeItWait() {
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    List<SstFile> files = Collections.singletonList(file(1, "/v/a/", "/v/a/9", 2 * MB, false));
    // 10 L0 files reach half of the slowdown trigger (20): the table waits, the other one is compacted.
    TableState pressed = tableState("keyTable", Collections.singletonList(dense), files, EMPTY_MEMTABLE,
        new WritePressure(10, 20, 0, 0), Collections.<KeySpan>emptyList(), new BitSet());
    TableState free = table("deletedTable", range("deletedTable", "/v/a/", "/v/a0", 40_000, 20_000, 2 * MB));

    CompactionPick other = policy().pickNext(env(pressed, free));
    assertThat(other.getAction()).isEqualTo(Action.COMPACT);
    assertThat(other.getTable()).isEqualTo("deletedTable");
    assertThat(other.getSkips()).containsEntry(Skip.WRITE_PRESSURE, 1);

    CompactionPick onlyPressed = policy().pickNext(env(pressed));
    assertThat(onlyPressed.getAction()).isEqualTo(Action.WAIT);
    assertThat(onlyPressed.getWait()).isEqualTo(Wait.WRITE_PRESSURE);
    assertThat(onlyPressed.getWaitReason()).isEqualTo("keyTable has 10 L0 files (writes slow down at 20)");

    List<TableState> tables = Collections.singletonList(free);
    CompactionPick delayed = policy().pickNext(
        new CompactionEnv(tables, false, true, null, Long.MAX_VALUE, BUSY, NONE_FLUSHED, NONE_UNCHANGED));
    assertThat(delayed.getWait()).isEqualTo(Wait.WRITE_PRESSURE);
    assertThat(delayed.getWaitReason()).isEqualTo("writes are delayed");
    CompactionPick stopped = policy().pickNext(
        new CompactionEnv(tables, true, true, null, Long.MAX_VALUE, BUSY, NONE_FLUSHED, NONE_UNCHANGED));
    assertThat(stopped.getWaitReason()).isEqualTo("writes are stopped");

    ForegroundLatency.Window slow = new ForegroundLatency.Window(100, 100 * 60);
    CompactionPick waiting = policy().pickNext(withForeground(tables, slow));
    assertThat(waiting.getWait()).isEqualTo(Wait.FOREGROUND_LATENCY);
    assertThat(waiting.getWaitReason())
        .isEqualTo("OM's 100 latest client requests took 60.0 ms on average (limit 50 ms)");

    // Too few requests say nothing; 0 turns the check off.
    ForegroundLatency.Window few = new ForegroundLatency.Window(19, 19 * 60);
    assertThat(policy().pickNext(withForeground(tables, few)).getAction()).isEqualTo(Action.COMPACT);
    conf.set(Keys.BACKOFF_FOREGROUND_LATENCY, "0s");
    assertThat(policy().pickNext(withForeground(tables, slow)).getAction()).isEqualTo(Action.COMPACT);
  }

  @Test
  void aMemtableIsFlushedOncePerLookAndTheRunMovesOnToItsRanges() {
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    List<TableState> tables = Collections.singletonList(tableState("keyTable", Collections.singletonList(dense),
        Collections.singletonList(file(1, "/v/a/", "/v/a/9", 2 * MB, false)),
        new MemtableState(4 * MB, 30_000, 60_000, false), NO_PRESSURE, Collections.<KeySpan>emptyList(),
        new BitSet()));
    assertThat(policy().pickNext(new CompactionEnv(tables, false, false, null, Long.MAX_VALUE, BUSY, NONE_FLUSHED,
        NONE_UNCHANGED)).getAction()).isEqualTo(Action.FLUSH);
    // Still dense after this look's flush (a load that keeps deleting): the next look flushes it again.
    assertThat(policy().pickNext(new CompactionEnv(tables, false, false, null, Long.MAX_VALUE, BUSY,
        Collections.singleton("keyTable"), NONE_UNCHANGED)).getAction()).isEqualTo(Action.COMPACT);
  }

  @Test
  void aMemtableIsNotFlushedAgainWhileItsTableIsAsTheLatestFlushLeftItUnlessRepeated() {
    // The latest flush's deletes lie over a bottom file 100 times their size: the overlap bound passes them over.
    KeyRange sliver = range("/v/a/", "/v/a0", 20_000, 20_000, 2 * MB);
    List<TableState> tables = Collections.singletonList(tableState("keyTable", Collections.singletonList(sliver),
        Arrays.asList(deletes(0, "/v/a/", "/v/a/5", 2 * MB), file(6, "/v/a/", "/v/a/9", 200 * MB, false)),
        new MemtableState(4 * MB, 30_000, 60_000, false), NO_PRESSURE, Collections.<KeySpan>emptyList(),
        new BitSet()));
    Set<String> unchanged = Collections.singleton("keyTable");

    CompactionPick repeated = policy().pickNext(new CompactionEnv(tables, false, false, null, Long.MAX_VALUE, BUSY,
        NONE_FLUSHED, unchanged));
    assertThat(repeated.getAction()).isEqualTo(Action.FLUSH);
    assertThat(repeated.getSkips()).containsEntry(Skip.OVERLAP, 1);

    conf.setBoolean(Keys.MEMTABLE_FLUSH_REPEAT, false);
    CompactionPick heldBack = policy().pickNext(new CompactionEnv(tables, false, false, null, Long.MAX_VALUE, BUSY,
        NONE_FLUSHED, unchanged));
    assertThat(heldBack.getAction()).isEqualTo(Action.NONE);
    assertThat(heldBack.getSkips()).containsEntry(Skip.OVERLAP, 1).containsEntry(Skip.UNCHANGED_SINCE_FLUSH, 1);
    // Once RocksDB flushed or compacted the table, its memtable is flushed again.
    assertThat(policy().pickNext(new CompactionEnv(tables, false, false, null, Long.MAX_VALUE, BUSY, NONE_FLUSHED,
        NONE_UNCHANGED)).getAction()).isEqualTo(Action.FLUSH);
  }

  @Test
  void theBottommostLevelIsForcedOnlyForTombstonesNoMergeReaches() {
    KeyRange dense = range("/v/a/", "/v/a0", 40_000, 20_000, 2 * MB);
    TableState oneLevel = table("keyTable", Collections.singletonList(dense),
        Collections.singletonList(deletes(0, "/v/a/", "/v/a/9", 2 * MB)));
    TableState twoLevels = table("keyTable", Collections.singletonList(dense),
        Arrays.asList(deletes(0, "/v/a/", "/v/a/9", MB), file(1, "/v/a/", "/v/a/9", MB, false)));
    assertThat(policy().pickNext(env(oneLevel)).isBottommostForced()).isTrue();
    assertThat(policy().pickNext(env(twoLevels)).isBottommostForced()).isFalse();
    conf.setBoolean(Keys.BOTTOMMOST_FORCED, false);
    assertThat(policy().pickNext(env(oneLevel)).isBottommostForced()).isFalse();
  }

  @Test
  void snapshotDiffTablesAreLeftToRocksDbWhileSnapshotsExist() {
    RangeCompactionPolicy policy = policy();
    assertThat(policy.isLeftForSnapshots("keyTable", true)).isTrue();
    assertThat(policy.isLeftForSnapshots("directoryTable", true)).isTrue();
    assertThat(policy.isLeftForSnapshots("deletedTable", true)).isFalse();
    assertThat(policy.isLeftForSnapshots("keyTable", false)).isFalse();
    conf.setBoolean(Keys.SNAPSHOT_TABLES_ALLOWED, true);
    assertThat(policy().isLeftForSnapshots("keyTable", true)).isFalse();
  }

  @Test
  void theBudgetGrowsWithFlushesUpToItsCapacityAndStartsAnewWhenReconfigured() {
    CompactionBudget budget = new CompactionBudget(0.5, 10 * MB, 100 * MB);
    assertThat(budget.available(100 * MB)).isEqualTo(10 * MB);
    budget.spend(8 * MB);
    assertThat(budget.available(100 * MB)).isEqualTo(2 * MB);
    assertThat(budget.available(104 * MB)).isEqualTo(4 * MB);
    assertThat(budget.available(200 * MB)).isEqualTo(10 * MB);

    CompactionBudget unbounded = new CompactionBudget(0, 10 * MB, 0);
    unbounded.spend(100 * MB);
    assertThat(unbounded.available(0)).isEqualTo(Long.MAX_VALUE);

    // A look keeps the budget until its ratio or bound is reconfigured.
    conf.set(Keys.BUDGET_RATIO, "0.5");
    conf.set(Keys.MAX_COMPACTION_BYTES, "10MB");
    CompactionBudget first = CompactionBudget.forSettings(null, policy().getSettings(), 100 * MB);
    first.spend(8 * MB);
    assertThat(CompactionBudget.forSettings(first, policy().getSettings(), 200 * MB)).isSameAs(first);

    conf.set(Keys.BUDGET_RATIO, "1");
    CompactionBudget reconfigured = CompactionBudget.forSettings(first, policy().getSettings(), 200 * MB);
    assertThat(reconfigured).isNotSameAs(first);
    assertThat(reconfigured.available(200 * MB)).isEqualTo(10 * MB);
  }

  /** A leader OM that served 300 requests and 3,000 writes per second until ten looks ago, and nothing since. */
  private static OmActivity idle() {
    return new OmActivity(true, 10, 0, 300, 0, 3_000, 0, 0);
  }

  private RangeCompactionPolicy policy() {
    return new RangeCompactionPolicy(conf.getObject(RangeCompactionConfig.class));
  }

  private static CompactionEnv env(TableState... tables) {
    return env(Long.MAX_VALUE, tables);
  }

  private static CompactionEnv withForeground(List<TableState> tables, ForegroundLatency.Window foreground) {
    return new CompactionEnv(tables, false, false, foreground, Long.MAX_VALUE, BUSY, NONE_FLUSHED, NONE_UNCHANGED);
  }

  /** @return an env of the tables with a budget of 1 MB */
  private static CompactionEnv withBudget(List<TableState> tables, OmActivity activity) {
    return new CompactionEnv(tables, false, false, null, MB, activity, NONE_FLUSHED, NONE_UNCHANGED);
  }

  private static CompactionEnv env(long budget, TableState... tables) {
    return new CompactionEnv(new ArrayList<>(Arrays.asList(tables)), false, false, null, budget, BUSY,
        NONE_FLUSHED, NONE_UNCHANGED);
  }

  /** A table whose range lies over one L1 file of the range's own bytes. */
  private TableState table(String name, KeyRange range) {
    String start = new String(range.getStart(), UTF_8);
    return table(name, Collections.singletonList(range),
        Collections.singletonList(file(1, start, start + "9", range.getBytes(), false)));
  }

  private static TableState table(String name, List<KeyRange> ranges, List<SstFile> files) {
    return tableState(name, ranges, files, EMPTY_MEMTABLE, NO_PRESSURE, Collections.<KeySpan>emptyList(),
        new BitSet());
  }

  /**
   * A table as the env reader makes it, with the ranges and files written down: a span's content is estimated as the
   * range statistics estimate it, which for a span of whole ranges is the sum of theirs.
   */
  private static TableState tableState(String name, List<KeyRange> ranges, Collection<SstFile> files,
      MemtableState memtable, WritePressure pressure, List<KeySpan> compactedSinceFlush, BitSet atHead) {
    return new TableState(name, ranges, files, span -> estimate(name, ranges, files, span), memtable, pressure,
        compactedSinceFlush, atHead);
  }

  private static KeyRange estimate(String table, List<KeyRange> ranges, Collection<SstFile> files, KeySpan span) {
    long entries = 0;
    long tombstones = 0;
    long rangeDeletions = 0;
    long bytes = 0;
    for (KeyRange r : ranges) {
      if (span.overlaps(r.getSpan())) {
        entries += r.getEntries();
        tombstones += r.getTombstones();
        rangeDeletions += r.getRangeDeletions();
        bytes += r.getBytes();
      }
    }
    int ssts = 0;
    for (SstFile f : files) {
      if (span.overlaps(f)) {
        ssts++;
      }
    }
    return new KeyRange(table, span.getStart(), span.getEnd(), ssts, new SstCounts(entries, tombstones, rangeDeletions),
        bytes);
  }

  private static KeySpan span(String start, String end) {
    return KeySpan.of(start.getBytes(UTF_8), end.getBytes(UTF_8));
  }

  private static KeyRange range(String start, String end, long entries, long tombstones, long bytes) {
    return range("keyTable", start, end, entries, tombstones, bytes);
  }

  private static KeyRange range(String table, String start, String end, long entries, long tombstones, long bytes) {
    return new KeyRange(table, start.getBytes(UTF_8), end.getBytes(UTF_8), 1, new SstCounts(entries, tombstones, 0),
        bytes);
  }

  /** @return an SST of deletes only, one per 100 bytes */
  private SstFile deletes(int level, String smallest, String largest, long bytes) {
    return new SstFile(String.format("%06d.sst", ++fileNumber), level, smallest.getBytes(UTF_8),
        largest.getBytes(UTF_8), new SstCounts(bytes / 100, bytes / 100, 0), bytes, false);
  }

  private SstFile file(int level, String smallest, String largest, long bytes, boolean beingCompacted) {
    return new SstFile(String.format("%06d.sst", ++fileNumber), level, smallest.getBytes(UTF_8),
        largest.getBytes(UTF_8), new SstCounts(bytes / 100, 0, 0), bytes, beingCompacted);
  }
}
