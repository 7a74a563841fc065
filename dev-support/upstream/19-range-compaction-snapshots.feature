# Range compaction, rule: leave the snapshot diff's tables to RocksDB while OM snapshots exist. Amends only: no class
# of its own.
name: range-compaction-snapshots
subject: HDDS-XXXXX. Range compaction: leave the snapshot diff's tables to RocksDB while snapshots exist
amends: dev-support/upstream/amends/range-compaction-snapshots.diff

OM's snapshot diff reads RocksDBCheckpointDiffer's compaction DAG: every
compaction of keyTable, fileTable and directoryTable
(COLUMN_FAMILIES_TO_TRACK_IN_DAG) is recorded with its input and output
SSTs, and the inputs are hard-linked and kept while a snapshot may need
them. {jira:range-compaction}'s compactions of those tables are tracked as
RocksDB's own are, but they are extra ones: while snapshots exist, each
trades a faster listing for disk that the DAG holds until its snapshots go.

This change leaves those three tables to RocksDB while OM snapshots exist
(snapshotInfoTable is not empty, read once per look); the service still
compacts the others (openKeyTable, deletedTable and the rest), which the
DAG does not track. snapshot.tables.allowed (false) lifts it for an
operator who prefers the listings. A snapshot created after the look's
check sees that look's compactions in its DAG, as RocksDB's own ones.
Metric: skippedSnapshotTables.

Compatibility: a new key; snapshot.tables.allowed true compacts those
tables as {jira:range-compaction} does. Without snapshots nothing changes.

Test plan: TestRangeCompactionPolicy, keyTable and directoryTable are left
to RocksDB while snapshots exist, deletedTable is not, and the key lifts
it; TestRangeCompactionService, on a real OM DB with a snapshot's entry in
snapshotInfoTable, keyTable's dense range stays, openKeyTable's is
compacted, and three tables are counted as left alone.
