# Range statistics, part 3: OM keeps an index of its tables' SSTs and their ranges (07) current from its DB's flushes
# and compactions, and publishes metrics. Its measured cost is from RangeStatsFlushBench (09), on the committed page.
name: range-stats
subject: HDDS-XXXXX. OM keeps range statistics of its RocksDB tables current
patch: hadoop-ozone/ozone-manager/0001-om-range-statistics.patch
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/{SstIndex,TableRanges,OmRangeStats,OmRangeStatsMetrics,SstIndexListener,SstIndexUpdater}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/TestOmRangeStatsIndex.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/TestOmRangeStatsMiniCluster.java
results: docs/results/2026-11-26-range-stats-overhead-10k-ssts/range-stats-overhead.txt
results-from: with index   without index   with/without
amends: dev-support/upstream/amends/range-stats.diff

OM needs to know, cheaply and at all times, where in its tables the
tombstones are: to compact only the key ranges dense with them, and to let
operators see why iterators over a bucket are slow. {jira:range-stats-debug}
and {jira:range-model} compute them for a DB on disk; this change keeps
them current in OM.

For each tracked table (ozone.om.range.stats.tables) OM keeps an index of
the live SSTs: SstIndex, an immutable, versioned set of them, of which a
new version replaces the old in one reference swap, so readers never lock;
TableRanges holds one version with its ranges and totals, computed once.
A RocksDB event
listener (a ManagedEventListener installed with {jira:listener-hook}'s
DBStoreBuilder#addEventListener) only queues the changed table on flush and
compaction events, so RocksDB's threads never wait; one background thread
re-reads that table's in-memory SST metadata (RocksDatabase
#getColumnFamilyMetaData) and reads table properties from disk only for
files it has not seen. The first pass runs in the background, so OM start
does not wait for it. After each update the same thread computes the
table's ranges and publishes them with the files they come from, so that a
metrics scrape reads numbers and never computes. A table with more SSTs
than ozone.om.range.stats.max.ssts (100000) keeps only its totals, with a
warning and om_range_stats_ranges_degraded 1, so that its cost stays
bounded.

OmMetadataManagerImpl owns OmRangeStats: the listener is added before the DB
opens, the index starts after, and stops before the DB closes. Read-only and
snapshot metadata managers keep no statistics. Metrics per table:
om_range_stats_live_ssts, _estimated_entries, _estimated_tombstones,
_top_range_score, _ranges, _ranges_compute_millis, _ranges_degraded, plus
om_range_stats_index_updates and _range_recomputations.

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md).

Compatibility: on by default (ozone.om.range.stats.enabled) and read-only:
it changes nothing in the DB or in what OM answers, and costs OM's flushes
what the table below shows; off, OM installs no listener. The cost was
measured with RangeStatsFlushBench
({jira:range-stats-bench}): the same puts and deletes into two real OM DBs,
one with and one without range statistics.

Test plan: TestOmRangeStatsIndex opens a real OM DB as OM does
(OmMetadataManagerImpl, OM's RocksDB options, the listener wired), writes
known patterns into its tables and compares the index, updated only from
flush and compaction events, with what it wrote, across a restart too;
TestOmRangeStatsMiniCluster: keys created and deleted through the client
show up as tombstones in their bucket, and in OM's metrics. Scrapes count
no recomputation, and a table over max.ssts degrades and recovers, on a
real OM DB.
