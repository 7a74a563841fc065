# Range compaction, part 4: the service's tests on a real OM DB, and range statistics and the service at scale.
name: range-compaction-tests
subject: HDDS-XXXXX. Range compaction service: tests on a real OM DB, and a benchmark at scale
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/{TestRangeCompactionService,RocksDbDeletes}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/TestCompactedSpans.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/RangeStatsScaleBench.java

{jira:range-compaction} added the range compaction service. These tests
check what it does exactly, against RocksDB's own counts rather than the
service's metrics; they come in a change of their own to keep each review
under about 1,500 lines.

Compatibility: tests only.

Test plan:
- TestRangeCompactionService, on a real OM DB (OmMetadataManagerImpl, OM's
  options): the service compacts only the dense ranges, their tombstones go
  away, the other SSTs stay as they were and the data is exactly what was
  written; memtable flushes, the budget, write pressure stopping a run,
  snapshot tables left alone, and a bad configuration refused with its key
  and value.
- TestCompactedSpans: the spans compacted since a table's latest flush are
  forgotten at its next one.

RangeStatsScaleBench (test scope, a plain main, like {jira:range-stats-bench}'s
RangeStatsFlushBench: it prints, it asserts nothing) times one recomputation
of a table's ranges on synthetic SSTs up to 100,000 beside the quadratic scan
it replaced, and on a real OM DB with 10,000 SSTs in keyTable the start with
and without range statistics, the first index build, a recomputation after a
flush and after a compaction, a metrics scrape, the heap per SST and the
range compaction service's looks.
