# Range compaction, rule: the head probe. The first of the service's rules cut as a vertical slice: new classes, and
# amends (dev-support/upstream/amends/) to the service's code and tests of the features before it.
name: range-compaction-head-probe
subject: HDDS-XXXXX. Range compaction: deletes at the head of a range qualify it below the ratios (head probe)
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{HeadProbe,HeadProbes}.java
amends: dev-support/upstream/amends/range-compaction-head-probe.diff

{jira:range-compaction} qualifies a range by its tombstones over all its
entries (min.tombstones at tombstone.ratio), and a memtable by its deletes
over its entries (memtable.delete.ratio). Statistics count tombstones per
range, not where in the range they are. A bucket whose oldest keys expire
(a retention bucket, an S3 lifecycle rule, a queue drained from its head)
holds its tombstones at its head, where every listing and every drain
starts, while its ratio over the whole bucket stays low: 1,500 expired of
10,000 keys while 6,000 new ones arrive is 0.09 in the SSTs and 0.2 in the
memtable, under both ratios. Lowering the ratios instead flushes and
compacts scattered deletes, which only add L0 files for every read to merge.

This change asks RocksDB where the deletes are. HeadProbe seeks a key with
max_skippable_internal_keys = min.tombstones: the seek stops at a live
entry, or gives up with status Incomplete after skipping that many hidden
entries, so a probe costs at most min.tombstones skips however long the run
of tombstones, and it reads all tiers as a reader does, with fill_cache off.
A range qualifies below the ratio when a seek to its first key crosses
min.tombstones hidden entries; a memtable with min.tombstones deletes
qualifies when a seek to the table's first key, or to the first key of a
range where deletes were seen, crosses as many. HeadProbes bounds and
remembers them, so that the service does not seek as often as OM's clients:
- a memtable is probed while it holds min.tombstones deletes, again only
  after a tenth of that many more (a head gains at most one hidden entry per
  delete, so a crossing is seen at most 10% late), at the heads of the
  ranges whose SSTs hold tombstones or that the service compacted (the
  newest 64 such spans per table, CompactedSpans): a range only ever
  written is not probed until its deletes reach its SSTs;
- an SST range is probed when it holds min.tombstones tombstones, once per
  version of the table's SSTs; a range a new version left as it was keeps
  its result;
- at most 64 seeks per table for each, per look.
Every probe is a seek that RocksDB counts in OM's seek statistics beside the
clients' seeks; the service's metrics count them (HeadProbes) and their time
(HeadProbeMicros).

Measured: the probe has no on/off comparison of its own yet. Its effect is
inside the main job's results of {jira:range-compaction}, where the service
runs with it (retention at 10^7 keys).

Compatibility: on by default with the service (head.probe); off, ranges and
memtables qualify by their ratios alone, as in {jira:range-compaction}.

Test plan: TestRangeCompactionPolicy, a range whose first key is behind
tombstones qualifies below the ratio and a memtable with deletes at a head
below its own; TestRangeCompactionService on a real OM DB: a retention
bucket's head under every ratio is flushed and compacted, a memtable without
deletes at a head is probed again only after a tenth of the bound more
deletes, a memtable probe seeks only the heads of ranges where deletes were
seen, a head the service cleaned is probed again after a flush that brought
it no deletes, a range a flush left as it was is not probed again;
TestCompactedSpans, the spans compacted at any time keep the newest, each
once.
