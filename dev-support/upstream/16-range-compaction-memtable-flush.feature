# Range compaction, rule: flush a memtable dense with deletes. Amends only: no class of its own (MemtableState, which
# a compaction's cost reads, comes with the values).
name: range-compaction-memtable-flush
subject: HDDS-XXXXX. Range compaction: flush a memtable dense with deletes
amends: dev-support/upstream/amends/range-compaction-memtable-flush.diff

{jira:range-compaction} compacts the key ranges whose SSTs hold dense
tombstones, as the range statistics of {jira:range-stats} estimate them.
Deletes in a table's memtables are invisible to those statistics until
RocksDB flushes them, which it does when a memtable fills, not when it is
dense with deletes: a queue such as openKeyTable or deletedTable, whose
entries are added and removed within seconds, can hold a memtable of
mostly deletes that every iterator over the table's head crosses, and the
service cannot see them.

This change lets the service flush such a memtable first, so that its
deletes become an SST the next pick can reach:
- a table's active memtable qualifies with at least min.tombstones deletes
  at a ratio of at least memtable.delete.ratio (0.3) of its entries
  (rocksdb.num-deletes-active-mem-table, rocksdb.num-entries-active-mem-table,
  read once per look); memtable.flush false turns the rule off;
- the pick flushes it (CompactionPick's FLUSH, with its reason) before any
  compaction, one flush per table and look: a memtable that qualifies
  again after the flush holds what came in since, which the next look
  judges; a look whose tables' SST versions and memtables' verdicts are
  unchanged since one that found nothing to do still makes no picks;
- the flush is one event record (action flush, reading nothing) beside the
  compactions'. Metrics: memtableFlushes, flushMillis (with
  compactionMillis, the service's busy time).

Compatibility: two new keys; memtable.flush false leaves memtables to
RocksDB, as {jira:range-compaction} does.

Test plan: TestRangeCompactionPolicy, memtables qualify by their own
ratio, a dense memtable is flushed first, once per look, and the flush
carries its reason; TestRangeCompactionService, on a real OM DB, the
tombstones of a memtable are flushed then compacted (two event records, in
order), and deletes that reach the memtable while a look compacts are
flushed by the next look.
