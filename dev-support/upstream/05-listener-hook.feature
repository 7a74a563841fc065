# The hdds-server-framework changes that OM's range statistics (06-09) and range compaction service (10-22) build on.
# Framework patch 0002 serves both: getColumnFamilyMetaData and getPropertiesOfAllTables feed the range
# statistics, getMutableOptions the compaction service's back-off, newIterator(ReadOptions) its head probe,
# ColumnFamily#getIteratorCount its pacing by readers. It goes here, into the one framework patch,
# because it changes the same class family, needs the same reviewers, and is useful on its own; 08 and 12
# only add OM code on top of it.
name: listener-hook
subject: HDDS-XXXXX. Extra RocksDB event listeners and per-column-family SST metadata in DBStore
patch: hadoop-hdds/framework/0001-rocksdb-event-listener-hook.patch
patch: hadoop-hdds/framework/0002-rocksdatabase-column-family-metadata.patch
files: hadoop-hdds/framework/src/**

Under delete-heavy load RocksDB tombstones pile up in OM's tables, and every
iterator that crosses them slows down (the key deleting service draining
deletedTable, open-key cleanup, listings of a bucket after its oldest keys
expired). To find and compact only the key ranges dense with tombstones, OM
has to observe the flushes and compactions of its own DB and read the SST
metadata of one table, without owning the RocksDB options.

- DBStoreBuilder#addEventListener collects extra listeners, and RDBStore
  installs them next to the ones it needs itself. A listener is a
  ManagedEventListener (new in hdds-managed-rocksdb): a native callback
  object tracked for leaks, like ManagedLogger. RocksDBCheckpointDiffer
  sets the compaction DAG's listeners with setListeners, which replaces the
  list, so the extra listeners are appended after it instead of set.
  RDBStore keeps its constructor (no extra listener) next to the new one.
- RocksDatabase#getColumnFamilyMetaData (in memory, no I/O),
  #getPropertiesOfAllTables (exact entry, deletion and range-deletion counts
  per SST) and #getMutableOptions (the write-stall triggers in effect) per
  column family, and #newIterator with caller-given read options (a seek
  bounded by max_skippable_internal_keys), guarded like every other call so
  that they fail cleanly once the DB is closed.
- RocksDatabase.ColumnFamily#getIteratorCount: the iterators opened on a
  column family through newIterator(family) and newIterator(family,
  fillCache), which every table iterator uses, so that a compaction of a
  table can wait until a reader scans it.

Used by {jira:range-stats} (range statistics of OM's tables) and
{jira:range-compaction} (range compaction service).

Design: {jira:range-compaction-design} (hadoop-hdds/docs/content/design/
range-compaction.md); in full, docs/design/range-statistics.md of the fork.

Compatibility: additions only; every existing signature stays (RDBStore
keeps its constructor). No behaviour changes without a listener.

Test plan: TestDBStoreEventListeners, on a real RocksDB: a listener added
through the builder sees flushes and compactions, and with the compaction
DAG enabled and a snapshot present the DAG's own listeners still hard-link
the compaction inputs next to ours. Upstream's TestRDBStore and
TestDBStoreBuilder pass with the change.
