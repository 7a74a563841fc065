# Range statistics, part 1: the pure model (an immutable index of a table's SSTs and its partition into key ranges),
# with its test. Nothing runs it yet: 03 installs it in OM.
name: range-stats-index
subject: HDDS-XXXXX. An index of a RocksDB table's SSTs and its key ranges ranked by tombstones
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/{package-info,KeyBytes,KeySpan,KeyRange,KeyLayout,OmTableLayouts,KeyInterpolation,SstFile,SstCounts,SstSpread,SstIndex,SstOverlaps,RangePartitioner,TableRanges}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/{TestRangePartitioner,ScanningOverlaps}.java

Under delete-heavy load RocksDB tombstones pile up in OM's tables, and every
iterator that crosses them slows down: the key deleting service draining
deletedTable from its head, the open-key cleanup over openKeyTable, listings
of a bucket after its oldest keys expired. To compact only the key ranges
dense with tombstones (instead of whole tables, as CompactionService does),
OM first has to know where they are. This is the first of three changes
that give OM that knowledge; it adds only the model, a set of immutable
values with no RocksDB handle and no thread, so that it can be reviewed and
tested alone.

- SstFile: one live SST of a table (level, first and last key, entries,
  deletions, range deletions, size) and SstIndex, an immutable, versioned
  set of them per table: a new version replaces the old in one reference
  swap, so readers never lock.
- KeyLayout and OmTableLayouts: where a table's keys put their bucket
  (/volume/bucket/ in keyTable, openKeyTable and deletedTable;
  /volumeId/bucketId/ and parent directory in the FSO tables).
- RangePartitioner cuts a table into one range per bucket, cut further in
  the FSO tables by parent directory and at SST boundaries while a range
  holds more than a bound of entries. An SST that overlaps a range only in
  part adds its estimated share (SstSpread, KeyInterpolation: by the key
  bytes where the SST's keys differ). Ranges are ranked by
  score = tombstones x (tombstones / entries), densest first.
- SstOverlaps finds the SSTs overlapping a span level by level (a binary
  search in each disjoint level, a segment tree for L0), so that a
  partition costs O(n log n) in a table's n SSTs, not O(n^2): a production
  OM holds some 14,000 SSTs (HDDS-13422). TableRanges holds one version of
  a table's files with its ranges and totals, computed once.

Design: docs/design/range-statistics.md of the fork.

Compatibility: new classes only, in the new package
org.apache.hadoop.ozone.om.rangestats; nothing calls them until
{jira:range-stats}.

Test plan: TestRangePartitioner checks the ranges, their counts and their
order on hand-made indexes, including partial overlaps and FSO layouts, and
on 200 random layouts that every range and estimate is the same, to the
last bit, as with a scan of every SST for each range (ScanningOverlaps).
