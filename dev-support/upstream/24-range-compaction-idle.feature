# Range compaction, rule: idle cleanup. A vertical slice: ActivityWatch, IdleCleanupPass and their tests, and amends to
# the service's code and tests of the features before it. Its MiniOzoneCluster test (TestRangeCompactionIdle) is in
# range-compaction-ha, with the service's other tests in running OMs.
name: range-compaction-idle
subject: HDDS-XXXXX. Range compaction: clean while OM is idle, outside the budget
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{ActivityWatch,IdleCleanupPass}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/TestActivityWatch.java
amends: dev-support/upstream/amends/range-compaction-idle.diff

{jira:range-compaction-budget} bounds what the service's compactions read by a budget tied
to flushes (budget.ratio bytes read per byte RocksDB flushes): it takes from
a busy OM in proportion to the load. After a bulk delete (an S3 lifecycle
job expiring objects, a recursive delete of a directory tree) OM often goes
quiet: nothing flushes, the budget stays at its floor of one compaction, and
the tombstones wait for the next load, whose first listings and deleting
service runs cross them. An idle OM has nothing to take from.

This change lets the service clean while OM is idle (idle.cleanup, on by
default). OM is idle once, for idle.after (10s), its client requests and
DB writes per second stayed at most idle.activity.ratio of their recent
rate (or at most 1 request and 10 writes per second), and RocksDB had no
flush or compaction running or pending, so that the service's work never
queues behind or ahead of RocksDB's own. ActivityWatch turns counters that
only grow (OM's finished client requests, RocksDB's sequence number, which
counts a follower's applied Ratis log too) into the rates per look, the
idle window's peak and the recent average; OmActivity carries them. While
idle:
- the budget does not bound a compaction (the entry and byte bounds still
  do), and the pick says so (reason idle, not charged to the budget);
- a look starts at most one compaction, so that a load that returns meets
  at most the one under way;
- IdleCleanupPass logs one line per pass with what it removed.
The first look that sees more activity ends it. Metrics: idleLooks,
idleRangesCompacted, idleMemtableFlushes.

Compatibility: idle.cleanup off leaves the budget to bound every
compaction, as in {jira:range-compaction-budget}.

Test plan: TestRangeCompactionPolicy, OM is idle after a whole window of
low activity with RocksDB at rest (by each condition, on a follower too),
an idle OM compacts beyond the budget and says so, every pick carries its
reason; TestActivityWatch, the rates per look, the window's peak and the
recent average; TestRangeCompactionService, a bad idle.after or
idle.activity.ratio refused with its key and value. In running OMs:
TestRangeCompactionIdle ({jira:range-compaction-ha}), a bulk delete
followed by quiet leaves no tombstones.
