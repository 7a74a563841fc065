# The range compaction service. Benchmark output (off/on, foreground latency) is expected in
# bench-results/range-compaction.txt; until a benchmark writes it the message says "not measured".
name: range-compaction
subject: HDDS-XXXXX. Range compaction service for tombstone-dense key ranges of OM
patch: hadoop-ozone/ozone-manager/0002-om-range-compaction-service.patch
files: hadoop-ozone/ozone-manager/src/*/java/org/apache/hadoop/ozone/om/compaction/**
results: bench-results/range-compaction.txt

Whole-table manual compaction (CompactionService) is heavy and exclusive: it
blocks RocksDB's own L0->L1 compactions and can stall writes. Under
delete-heavy load OM needs only the ranges dense with tombstones compacted,
in small, paced steps that clients do not notice.

RangeCompactionService (off by default) runs every interval:
1. It flushes a table whose active memtable holds many deletes: tombstones
   in the memtable are invisible to SST statistics.
2. RangeCompactionPolicy picks, from the range statistics of
   {jira:range-stats}, ranges with at least min.tombstones tombstones at a
   ratio of at least tombstone.ratio, skipping ranges cooling down after
   their last compaction, ranges whose overlapping SSTs (all levels) exceed
   max.compaction.entries or max.compaction.bytes, and ranges whose SSTs
   hold more than max.overlap.ratio times the range's own bytes.
3. RangeCompactor compacts one range at a time with compactRange(cf, start,
   end): not exclusive, one subcompaction, allowWriteStall=false, bottommost
   level forced (tombstone-only SSTs are otherwise moved down unrewritten).
4. It backs off before each compaction when writes are stopped or delayed,
   when L0 files or pending compaction bytes reach backoff.fraction of
   RocksDB's slowdown triggers, or when OM's client requests since the
   previous check took backoff.foreground.latency or more on average (from
   the OmClientProtocol metrics source), and pauses pause.ratio times the
   compaction's duration after it.
While OM snapshots exist, keyTable, fileTable and directoryTable are left to
RocksDB (their compactions feed the snapshot diff's compaction DAG).

KeyManagerImpl starts and stops the service with its other background
services and validates its configuration at start, even when it is off, so
that a bad value fails OM with the key and value named. Metrics:
om_range_compaction_* (runs, ranges evaluated and compacted, skips by
reason, memtable flushes, compaction time, bytes read and written,
tombstones removed).
