# Range compaction, part 2: the pick, a pure function of a plain environment (LevelDB's PickCompaction, Pebble's
# pickAutoScore), with its exact tests. Its effect at the DB level is the committed db-bench page.
name: range-compaction-policy
subject: HDDS-XXXXX. Range compaction: the pick, a pure function of the tables and OM's activity
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{RangeCompactionPolicy,CompactionEnv,OmActivity}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/TestRangeCompactionPolicy.java
results: docs/results/2026-11-23-db-bench-seed-1e7-reader-paced-lead/db-bench.md
results-from: ## seed

{jira:range-compaction-values} added what a compaction pick reads and
returns. This change adds the decision itself: RangeCompactionPolicy
#pickNext, a pure function of a CompactionEnv (the tables and whether OM
leads its Ratis group), in the manner of LevelDB's
VersionSet::PickCompaction and Pebble's pickAutoScore; and CompactionLook,
what a look reads once at its start (the policy of the settings in force,
OM's activity, the tables' memtables). The pick says whether
it ends the look. The
mechanism that reads the environment and carries the pick out comes in
{jira:range-compaction}.

0. A follower (OzoneManager#isLeaderReady is false) compacts for whenever
   it comes to lead; its picks say so.
1. Compact the qualifying range (min.tombstones at tombstone.ratio)
   that removes the most tombstones per byte read, grown over its qualifying
   neighbours, passing over spans compacted since their table's latest
   flush (only a flush adds tombstones), ranges whose overlapping SSTs (all
   levels) exceed max.compaction.entries or max.compaction.bytes or hold
   more than max.overlap.ratio times the range's own bytes.
2. The compaction ({jira:range-compaction}) is compactRange(cf, start, end): not
   exclusive, one subcompaction, allowWriteStall=false; the bottommost
   level is forced only for inputs at a single level (tombstone-only SSTs
   are otherwise moved down unrewritten; inputs of two levels already drop
   their tombstones in the merge).
3. The service pauses pause.ratio times the compaction's duration after
   it.
A memtable dense with deletes, which SST statistics cannot see, what waits
for RocksDB's write pressure, the budget that ties what the service reads
to what RocksDB flushes and the snapshot diff's tables are rules of their
own, each a change after the service
({jira:range-compaction-memtable-flush},
{jira:range-compaction-write-pressure}, {jira:range-compaction-budget},
{jira:range-compaction-snapshots}).

Design: {jira:range-compaction-design}; in full, with what was tried and
failed, docs/design/range-compaction.md of the fork. The measurement below is scripts/db-bench of the fork: OM's
operations replayed straight into two RocksDB instances with OM's options,
the service off (none) and on (range), reads timed side by side.

Compatibility: new classes only; nothing calls the pick until
{jira:range-compaction}.

Test plan: TestRangeCompactionPolicy writes environments down and checks
each decision exactly: what qualifies, the densest-per-byte pick and its
growth over neighbours, each reason to pass a range over, the cost of a
compaction (a memtable to flush included) and the forced bottommost
level.
