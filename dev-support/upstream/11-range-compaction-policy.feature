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
#pickNext, a pure function of a CompactionEnv (the tables, RocksDB's write
state, whether OM leads its Ratis group and what the service may still
spend), in the manner of LevelDB's
VersionSet::PickCompaction and Pebble's pickAutoScore; and CompactionLook,
what a look reads once at its start (the policy of the settings in force,
OM's activity, the tables' memtables). The pick says whether
it ends the look and whether its bytes are charged to the budget. The
mechanism that reads the environment and carries the pick out comes in
{jira:range-compaction}.

0. A follower (OzoneManager#isLeaderReady is false) compacts for whenever
   it comes to lead; its picks say so.
1. Flush a table whose active memtable qualifies (min.tombstones deletes at
   memtable.delete.ratio): tombstones there are invisible to SST
   statistics.
2. Else compact the qualifying range (min.tombstones at tombstone.ratio)
   that removes the most tombstones per byte read, grown over its qualifying
   neighbours, passing over spans compacted since their table's latest
   flush (only a flush adds tombstones), ranges whose overlapping SSTs (all
   levels) exceed max.compaction.entries or max.compaction.bytes or hold
   more than max.overlap.ratio times the range's own bytes, and ranges the
   budget cannot afford: the service reads at most budget.ratio bytes per
   byte RocksDB flushes.
3. The compaction ({jira:range-compaction}) is compactRange(cf, start, end): not
   exclusive, one subcompaction, allowWriteStall=false; the bottommost
   level is forced only for inputs at a single level (tombstone-only SSTs
   are otherwise moved down unrewritten; inputs of two levels already drop
   their tombstones in the merge).
4. It waits when writes are stopped or delayed, or when a table's L0 files
   or pending compaction bytes reach backoff.fraction of RocksDB's slowdown
   triggers, and pauses pause.ratio times the compaction's duration after
   it.
While OM snapshots exist, keyTable, fileTable and directoryTable are left to
RocksDB (their compactions feed the snapshot diff's compaction DAG).

ActivityWatch turns counters that only grow (OM's finished requests and
RocksDB's sequence number) into the OmActivity the pick reads.

Design: {jira:range-compaction-design}; in full, with what was tried and
failed, docs/design/range-compaction.md of the fork. The measurement below is scripts/db-bench of the fork: OM's
operations replayed straight into two RocksDB instances with OM's options,
the service off (none) and on (range), reads timed side by side.

Compatibility: new classes only; nothing calls the pick until
{jira:range-compaction}.

Test plan: TestRangeCompactionPolicy writes environments down and checks
each decision exactly: what qualifies, the densest-per-byte pick and its
growth over neighbours, each reason to pass a range over or to wait, the
memtable flush, the forced bottommost level and the budget.
