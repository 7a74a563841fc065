# Range statistics, part 1: the values of the model (an immutable index of a table's SSTs, key spans and ranges, the
# tables' key layouts), with their test. Nothing runs them yet: 04 partitions a table with them, 05 installs it in OM.
name: range-stats-index
subject: HDDS-XXXXX. An index of a RocksDB table's SSTs and the key ranges it is cut into
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/{package-info,KeyBytes,KeySpan,KeyRange,KeyLayout,OmTableLayouts,SstFile,SstCounts,SstIndex}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/TestKeyRanges.java

Under delete-heavy load RocksDB tombstones pile up in OM's tables, and every
iterator that crosses them slows down: the key deleting service draining
deletedTable from its head, the open-key cleanup over openKeyTable, listings
of a bucket after its oldest keys expired. To compact only the key ranges
dense with tombstones (instead of whole tables, as CompactionService does),
OM first has to know where they are. This is the first of the changes that
give OM that knowledge; it adds only the model's values, immutable, with no
RocksDB handle and no thread, so that they can be reviewed and tested
alone.

- SstFile: one live SST of a table (level, first and last key, entries,
  deletions, range deletions, size) and SstIndex, an immutable, versioned
  set of them per table: a new version replaces the old in one reference
  swap, so readers never lock.
- KeySpan, KeyRange: a span of keys, and a range's estimated entries and
  tombstones, ranked by score = tombstones x (tombstones / entries),
  densest first.
- KeyLayout and OmTableLayouts: where a table's keys put their bucket
  (/volume/bucket/ in keyTable, openKeyTable and deletedTable;
  /volumeId/bucketId/ and parent directory in the FSO tables).

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md); in full, docs/design/range-statistics.md of the fork.

Compatibility: new classes only, in the new package
org.apache.hadoop.ozone.om.rangestats; nothing calls them until
{jira:range-stats}.

Test plan: TestKeyRanges checks the ranking of ranges and the key layouts'
prefixes.
