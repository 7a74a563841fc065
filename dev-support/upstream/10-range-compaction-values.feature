# Range compaction, part 1: the service's typed configuration and the plain values its pick decides on.
name: range-compaction-values
subject: HDDS-XXXXX. Range compaction: configuration and the values a compaction pick decides on
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{package-info,RangeCompactionConfig,CompactionCost,CompactionPick,CompactionEvents,MemtableState,TableState}.java

Whole-table compaction (CompactionService) rewrites every SST of a column
family on a timer. In 2.2.1 it was an exclusive manual compaction that held
back RocksDB's own L0->L1 compactions and stalled writes, and a production
cluster keeps it off (master made it non-exclusive in HDDS-15990, and its
bottommost level kSkip by default in HDDS-15342; it still compacts whole
tables). Under delete-heavy load OM needs only the key ranges
dense with tombstones compacted, in small, paced steps that clients do not
notice. The range compaction service comes in three changes: this one
(configuration and values), {jira:range-compaction-policy} (the pick, a
pure function) and {jira:range-compaction} (the service in OM, with its
tests on a real OM DB); each rule that makes it cheaper or keeps it out of
RocksDB's and the clients' way follows as a change of its own, arguing its
case ({jira:range-compaction-unchanged-looks},
{jira:range-compaction-memtable-flush},
{jira:range-compaction-write-pressure}, {jira:range-compaction-budget},
{jira:range-compaction-snapshots} first).
It builds on the range statistics of {jira:range-stats}.

This change adds what the pick reads and returns, as immutable values with
no thread and no RocksDB handle:
- RangeCompactionConfig: the service's typed configuration
  (ozone.om.range.compaction.*), each default explained where it is
  declared.
- TableState, MemtableState: a table as RocksDB reports it (its ranges,
  its memtables' size and deletes), with the range
  statistics' estimate of any span of it (TableRanges#estimate), the one
  the pick uses for merged ranges.
- CompactionCost: what CompactRange on a key span reads, estimated on the
  safe side from the live SSTs of every level, and whether the bottommost
  level must be forced to drop the span's tombstones.
- CompactionPick: what to do next (compact a span, or nothing),
  why (a reader, a follower) and why the other ranges were
  passed over; CompactionEvents, the log record of each compaction the
  service does, with its reason.

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md); in full, docs/design/range-compaction.md of the fork.

Compatibility: new classes only, in the new package
org.apache.hadoop.ozone.om.compaction; nothing reads the new keys until
{jira:range-compaction}, and the service stays off by default there.

Test plan: the values are exercised by the pick's tests in
{jira:range-compaction-policy}.
