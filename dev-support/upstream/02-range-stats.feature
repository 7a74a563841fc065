# Range statistics in OM and the `ozone debug range-stats` command that shows them for a DB on disk.
# RangeStatsFlushBench (test scope, a plain main) measures the listener's cost and belongs here.
name: range-stats
subject: HDDS-XXXXX. Range statistics of OM's RocksDB tables, and ozone debug range-stats
patch: hadoop-ozone/ozone-manager/0001-om-range-statistics.patch
files: hadoop-ozone/ozone-manager/src/*/java/org/apache/hadoop/ozone/om/rangestats/**
files: hadoop-ozone/cli-debug/src/**
results: docs/results/2026-11-26-range-stats-overhead/range-stats-overhead.txt
results-from: with index   without index   with/without

OM needs to know, cheaply and at all times, where in its tables the
tombstones are: to compact only the key ranges dense with them, and to let
operators see why iterators over a bucket are slow.

For each tracked table OM keeps an index of the live SSTs (level, key
bounds, entries, deletions, size). A RocksDB event listener (installed with
{jira:listener-hook}'s DBStoreBuilder#addEventListener) only queues the
changed table on flush and compaction events, so RocksDB's threads never
wait; one background thread re-reads that table's in-memory SST metadata and
reads table properties from disk only for files it has not seen. The first
pass runs in the background, so OM start does not wait for it.

RangePartitioner turns the index into one range per bucket (/volume/bucket/
or /volumeId/bucketId/), cut further in FSO tables by parent directory and at
SST boundaries when a range holds more than max.range.entries entries. SSTs
that partly overlap a range add their estimated share. Ranges are ranked by
score = tombstones x (tombstones / entries), densest first.

OmMetadataManagerImpl owns OmRangeStats: the listener is added before the DB
opens, the index starts after, and stops before the DB closes. Read-only and
snapshot metadata managers keep no statistics. Metrics per table:
om_range_stats_live_ssts, _estimated_entries, _estimated_tombstones,
_top_range_score, _ranges, plus om_range_stats_index_updates.

`ozone debug range-stats --db DIR [--table T] [--top N] [--json]` shows the
same ranges for an OM DB (or a checkpoint of it) on disk, opened read-only
without writing anything to its directory. With --heads it prints, per
table, the tombstones in SSTs and memtables and the internal entries a
reader of the table's head steps over (RocksDB's NUMBER_ITER_SKIP for one
seek and one next); --seek TABLE=KEY adds such a read from KEY.

The benchmark RangeStatsFlushBench writes the same puts and deletes into two
real OM DBs, one with and one without range statistics, and compares flush
and write throughput.
