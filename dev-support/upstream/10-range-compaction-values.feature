# Range compaction, part 1: the service's typed configuration and the plain values its pick decides on.
name: range-compaction-values
subject: HDDS-XXXXX. Range compaction: configuration and the values a compaction pick decides on
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{package-info,RangeCompactionConfig,CompactionCost,CompactionPick,CompactionEvents,WritePressure,MemtableState,TableState,CompactionBudget}.java

Whole-table compaction (CompactionService) rewrites every SST of a column
family on a timer. In 2.2.1 it was an exclusive manual compaction that held
back RocksDB's own L0->L1 compactions and stalled writes, and a production
cluster keeps it off (master made it non-exclusive in HDDS-15990, and its
bottommost level kSkip by default in HDDS-15342; it still compacts whole
tables). Under delete-heavy load OM needs only the key ranges
dense with tombstones compacted, in small, paced steps that clients do not
notice. The range compaction service does that in five changes:
this one (configuration and values), {jira:range-compaction-policy} (the
pick, a pure function), {jira:range-compaction} (the service in OM) and two
of tests ({jira:range-compaction-tests}, {jira:range-compaction-ha}). It
builds on the range statistics of {jira:range-stats}.

This change adds what the pick reads and returns, as immutable values with
no thread and no RocksDB handle:
- RangeCompactionConfig: the service's typed configuration
  (ozone.om.range.compaction.*), each default explained where it is
  declared.
- TableState, MemtableState, WritePressure: a table as RocksDB reports it
  (its ranges, its memtables' deletes, its L0 files and pending compaction
  bytes beside the write-stall triggers in effect), with the range
  statistics' estimate of any span of it (TableRanges#estimate), the one
  the pick uses for merged ranges.
- CompactionCost: what CompactRange on a key span reads, estimated on the
  safe side from the live SSTs of every level, and whether the bottommost
  level must be forced to drop the span's tombstones.
- CompactionPick: what to do next (flush, compact a span, wait, or nothing),
  why (a reader, a follower) and why the other ranges were
  passed over; CompactionEvents, the log record of each flush and
  compaction the service does, with its reason.
- CompactionBudget (a token bucket: bytes read per byte flushed).

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md); in full, docs/design/range-compaction.md of the fork.

Compatibility: new classes only, in the new package
org.apache.hadoop.ozone.om.compaction; nothing reads the new keys until
{jira:range-compaction}, and the service stays off by default there.

Test plan: the values are exercised by the pick's tests in
{jira:range-compaction-policy}.
