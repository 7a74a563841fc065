# Range compaction, rule: yield to RocksDB's write pressure. A vertical slice: WritePressure, and its amends to the
# service's values, pick, reader, metrics and tests.
name: range-compaction-write-pressure
subject: HDDS-XXXXX. Range compaction: wait while RocksDB's writes are under pressure
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/WritePressure.java
amends: dev-support/upstream/amends/range-compaction-write-pressure.diff

{jira:range-compaction} compacts with allowWriteStall=false, so that its
compactRange waits for RocksDB rather than push it into a write stall. But a
compaction that starts while RocksDB is already behind (its L0 files or its
bytes pending compaction near the slowdown triggers) adds to that backlog,
takes I/O from RocksDB's own compactions and brings a stall of OM's writes
nearer; and RocksDB cannot cancel a manual compaction once it runs. The
place to yield is before it starts.

This change makes the pick yield to RocksDB's write pressure:
- a table whose L0 files reach backoff.fraction (0.5) of its
  level0_slowdown_writes_trigger, or whose estimated pending compaction
  bytes reach that fraction of its soft_pending_compaction_bytes_limit, is
  passed over (skip WRITE_PRESSURE): RocksDB's own compactions of it come
  first, and the other tables are still served;
- nothing starts while RocksDB delays or stops writes
  (rocksdb.actual-delayed-write-rate, rocksdb.is-write-stopped);
- when that leaves nothing to do, the pick is a wait (CompactionPick's
  WAIT, with its reason), which ends the look; the service logs a wait when
  it starts, not at every look while it lasts.
WritePressure carries a table's L0 files and pending bytes beside the
triggers in effect, which the reader reads once per table (OM sets its
column families' options when it opens the DB). Metrics:
skippedTablePressure (ranges passed over), skippedWritePressure (looks that
waited).

Compatibility: a new key, backoff.fraction (more than 0, at most 1; 1 waits
only at RocksDB's slowdown triggers themselves); while writes are delayed or
stopped nothing starts, whatever the key.

Test plan: TestRangeCompactionPolicy, a table under pressure is passed over
while another is compacted, alone it makes the pick wait with its reason,
and delayed or stopped writes make it wait; TestRangeCompactionService, on
a real OM DB, the L0 files a dense bucket's flushes left, beside a tiny
backoff.fraction, stop the run with nothing compacted.
