# Range statistics, part 1: `ozone debug range-stats` for an OM DB on disk, with the values it reads an SST into
# (SstFile and its counts) and the tables it knows (the key layouts). The ranges come with 07.
name: range-stats-debug
subject: HDDS-XXXXX. ozone debug range-stats: the tombstones of an OM DB's tables, and what a reader of a table's head steps over
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/{package-info,KeyBytes,SstCounts,SstFile,SstFiles,SstSource,KeyLayout,OmTableLayouts}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/TestKeyRanges.java
files: hadoop-ozone/cli-debug/src/**

Under delete-heavy load RocksDB tombstones pile up in OM's tables, and every
iterator that crosses them slows down: the key deleting service draining
deletedTable from its head, the open-key cleanup over openKeyTable, listings
of a bucket after its oldest keys expired. An operator whose listings or key
deletion got slow wants to see whether tombstones are the cause, and where,
without a running OM: on a copy of the DB or a checkpoint of it. This is the
first of the changes that let OM find and compact the tombstone-dense key
ranges of its tables (instead of whole tables, as CompactionService does);
it starts where an operator does, with a tool.

`ozone debug range-stats --db DIR [--table T] [--seek TABLE=KEY]...` prints,
as JSON, per table (keyTable, openKeyTable, deletedTable, the FSO tables):
its live SSTs, entries, point tombstones and range deletions (exact, from
each SST's table properties), its deletes still in memtables (a DB opened
read-only replays its WAL into them), and its head: the internal entries
RocksDB steps over to seek the table's first key and step once to the next
(its ticker NUMBER_ITER_SKIP), as a cleanup service's scan starts. --seek
adds such a read from KEY, e.g. keyTable=/vol1/bucket1/ for a listing of
that bucket. The DB is opened read-only, without writing anything to its
directory (RocksDB's log goes to the tool's logger, through ManagedLogger).

- SstFile: one live SST (level, first and last key, entries, deletions,
  range deletions, size), read by SstFiles from a column family's
  metadata and table properties (SstSource: the metadata of one column
  family, here of the read-only DB, in OM of its own, {jira:range-stats}).
- KeyLayout and OmTableLayouts: the tables keyed by bucket and where their
  keys put it (/volume/bucket/ in keyTable, openKeyTable and deletedTable;
  /volumeId/bucketId/ and parent directory in the FSO tables).

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md).

Compatibility: a new subcommand of ozone debug, and new classes in the new
package org.apache.hadoop.ozone.om.rangestats; nothing else changes.

Test plan: TestRangeStatsSubcommand runs the command on OM DBs the test
writes: exact tombstones per table, head reads and seeks over deleted keys,
tombstones still in memtables, the DB's files untouched; and on paths that
are not an OM DB and bad options, each refused with one line naming the
problem. TestKeyRanges checks the key layouts' prefixes.
