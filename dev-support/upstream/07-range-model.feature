# Range statistics, part 2: the range model, which cuts a table's SSTs into key ranges and estimates what each holds,
# in O(n log n) for n SSTs, with its test. Nothing runs it yet: 05 installs it in OM.
name: range-model
subject: HDDS-XXXXX. The key ranges of a RocksDB table estimated from its SSTs, in O(n log n)
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/{KeyInterpolation,SstSpread,SstOverlaps,RangePartitioner,TableRanges}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/{TestRangePartitioner,ScanningOverlaps}.java

{jira:range-stats-index} added the values of the model; this change cuts a
table into ranges with them.

- RangePartitioner cuts a table into one range per bucket, cut further in
  the FSO tables by parent directory and at SST boundaries while a range
  holds more than a bound of entries. An SST that overlaps a range only in
  part adds its estimated share (SstSpread, KeyInterpolation: by the key
  bytes where the SST's keys differ).
- SstOverlaps finds the SSTs overlapping a span level by level (a binary
  search in each disjoint level, a segment tree for L0), and a cut at SST
  boundaries sweeps its pieces, so that a partition costs O(n log n) in a
  table's n SSTs, not O(n^2): a production OM holds some 14,000 SSTs
  (HDDS-13422). TableRanges holds one version of a table's files with its
  ranges and totals, computed once.

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md); in full, docs/design/range-statistics.md of the fork.

Compatibility: new classes only; nothing calls them until
{jira:range-stats}.

Test plan: TestRangePartitioner checks the ranges, their counts and their
order on hand-made indexes, including partial overlaps and FSO layouts, and
on 200 random layouts that every range and estimate is the same, to the
last bit, as with a scan of every SST for each range (ScanningOverlaps).
