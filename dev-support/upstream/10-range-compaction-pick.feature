# Range compaction, part 1: the pick, a pure function of a plain environment (LevelDB's PickCompaction, Pebble's
# pickAutoScore), with its typed configuration, the values it decides on, its exact tests, and its first caller: a
# dry run in ozone debug range-stats. Its effect at the DB level is the committed db-bench page.
name: range-compaction-pick
subject: HDDS-XXXXX. Range compaction: the pick, a pure function of a DB's tables, and its dry run in ozone debug range-stats
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{package-info,RangeCompactionConfig,CompactionCost,CompactionPick,MemtableState,TableState,RangeCompactionPolicy,CompactionEnv,OmActivity,CompactionDryRun}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/TestRangeCompactionPolicy.java
amends: dev-support/upstream/amends/range-compaction-pick.diff
results: docs/results/2026-11-23-db-bench-seed-1e7-reader-paced-lead/db-bench.md
results-from: ## seed

Whole-table compaction (CompactionService) rewrites every SST of a column
family on a timer. In 2.2.1 it was an exclusive manual compaction that held
back RocksDB's own L0->L1 compactions and stalled writes, and a production
cluster keeps it off (master made it non-exclusive in HDDS-15990, and its
bottommost level kSkip by default in HDDS-15342; it still compacts whole
tables). Under delete-heavy load OM needs only the key ranges dense with
tombstones compacted, in small, paced steps that clients do not notice.
This change adds the decision of what to compact, and shows it to an
operator before anything runs it: `ozone debug range-stats --dry-run`
prints what the range compaction service would compact in an OM DB on disk,
and why it passes the other dense ranges over. The service that carries the
picks out follows in {jira:range-compaction}; each rule that makes it
cheaper or keeps it out of RocksDB's and the clients' way follows as a
change of its own, arguing its case. It builds on the range statistics of
{jira:range-stats}.

- RangeCompactionPolicy#pickNext: a pure function of a CompactionEnv (the
  tables as RocksDB and the range statistics report them: TableState,
  MemtableState; whether OM leads its Ratis group: OmActivity), in the
  manner of LevelDB's VersionSet::PickCompaction and Pebble's
  pickAutoScore. It returns a CompactionPick: what to do next (compact a
  span, or nothing), why (a reader, a follower) and why the other ranges
  were passed over.
  0. A follower compacts for whenever it comes to lead; its picks say so.
  1. Compact the qualifying range (min.tombstones at tombstone.ratio) that
     removes the most tombstones per byte read, passing over spans
     compacted since their table's latest flush (only a flush adds
     tombstones), ranges whose overlapping SSTs (all levels) exceed
     max.compaction.entries or max.compaction.bytes or hold more than
     max.overlap.ratio times the range's own bytes, and ranges a
     compaction already reads.
- CompactionCost: what CompactRange on a key span reads, estimated on the
  safe side from the live SSTs of every level (L0 files that overlap each
  other join; each level below widens the span; each input is read once per
  merge it takes part in; a memtable to flush counts).
- RangeCompactionConfig: the typed configuration
  (ozone.om.range.compaction.service.*), each default explained where it is
  declared.
- CompactionDryRun: the policy's picks on the tables of a DB at rest, pick
  after pick, each as if done, for `ozone debug range-stats --dry-run`
  (JSON: per pick the range, its tombstones, what compacting it reads, why,
  and the qualifying ranges passed over by reason). TableRanges#compute
  becomes public for it: the tool estimates a table's ranges as OM does.

Design: {jira:range-compaction-design}; in full, with what was tried and
failed, docs/design/range-compaction.md of the fork. The measurement below
is scripts/db-bench of the fork: OM's operations replayed straight into two
RocksDB instances with OM's options, the service off (none) and on
(range), reads timed side by side; it runs the service with every rule of
this series.

Compatibility: a new option of ozone debug range-stats; new classes in the
new package org.apache.hadoop.ozone.om.compaction. Nothing in OM reads the
new keys until {jira:range-compaction}, and the service stays off by
default there.

Test plan: TestRangeCompactionPolicy writes environments down and checks
each decision exactly: what qualifies, the densest-per-byte pick, each
reason to pass a range over, and the cost of a compaction (a memtable to
flush included). TestRangeStatsSubcommand runs the dry run on an OM DB the
test writes: the one dense range picked with its exact tombstones and the
SSTs compacting it reads, then passed over as compacted; with a lower entry
bound, passed over as too large; the DB's files untouched.
