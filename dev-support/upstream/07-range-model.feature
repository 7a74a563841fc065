# Range statistics, part 2: the range model, which cuts a table's SSTs into key ranges and estimates what each holds,
# in O(n log n) for n SSTs; ozone debug range-stats shows a DB's ranges with it. 08 keeps them current in OM.
name: range-model
subject: HDDS-XXXXX. The key ranges of a RocksDB table estimated from its SSTs, in O(n log n), in ozone debug range-stats
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/{KeySpan,KeyRange,KeyInterpolation,SstSpread,SstOverlaps,RangePartitioner,RangeStatsConfig}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/{TestRangePartitioner,ScanningOverlaps}.java
amends: dev-support/upstream/amends/range-model.diff

{jira:range-stats-debug} shows a table's tombstones as a whole. A table
holds many buckets, and tombstones hurt where they are dense: at the head
of one bucket's listing, at the head of deletedTable. This change cuts a
table into key ranges and estimates what each holds, and `ozone debug
range-stats` shows them, densest first.

- KeySpan: a span of keys, the one home of overlap and widening of spans
  (SstFile#overlaps). KeyRange: a span with its estimated entries and
  tombstones, ranked by score = tombstones x (tombstones / entries).
- RangePartitioner cuts a table into one range per bucket, cut further in
  the FSO tables by parent directory and at SST boundaries while a range
  holds more than ozone.om.range.stats.max.range.entries (RangeStatsConfig)
  entries. An SST that overlaps a range only in part adds its estimated
  share (SstSpread, KeyInterpolation: by the key bytes where the SST's keys
  differ).
- SstOverlaps finds the SSTs overlapping a span level by level (a binary
  search in each disjoint level, a segment tree for L0), and a cut at SST
  boundaries sweeps its pieces, so that a partition costs O(n log n) in a
  table's n SSTs, not O(n^2): a production OM holds some 14,000 SSTs
  (HDDS-13422).
- `ozone debug range-stats` prints the ranges, densest first, as a table
  or with --json (--top N, --max-range-entries); the per-table view of
  {jira:range-stats-debug} moves to --heads, and --seek, which reads from
  a key, now needs --heads.

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md).

Compatibility: new classes, a new configuration key read by the debug
tool (OM reads it from {jira:range-stats} on), and a new default view of
ozone debug range-stats, which no release has had.

Test plan: TestRangePartitioner checks the ranges, their counts and their
order on hand-made SST sets, including partial overlaps and FSO layouts,
and on 200 random layouts that every range and estimate is the same, to the
last bit, as with a scan of every SST for each range (ScanningOverlaps).
TestKeyRanges: how ranges rank. TestRangeStatsSubcommand: the ranges of an
OM DB the test writes, as a table and as JSON, densest first.
