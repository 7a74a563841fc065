# The design proposal, first: upstream asks a new feature for a Markdown design doc under
# hadoop-hdds/docs/content/design/ and a dev@ discussion before its code. It amends the accepted design of HDDS-12682
# (aggressive-db-compaction-with-minimal-degradation.md), whose prototype is apache/ozone#8178. Its numbers are facts
# of the fork's committed result pages (UpstreamDocs writes their values).
name: range-compaction-design
subject: HDDS-XXXXX. Design proposal: compact only the tombstone-dense key ranges of OM's tables
files: hadoop-hdds/docs/content/**

Under delete-heavy load RocksDB tombstones pile up in OM's tables, and the
readers that start where they pile up slow down: the key deleting service
at deletedTable's head, open-key cleanup at openKeyTable's head, and the
first listing of a bucket after its oldest keys expired (an S3 lifecycle
expiry among them). This proposal builds on the accepted design of
HDDS-12682 and its prototype (apache/ozone#8178): compact only the key
ranges that SST statistics show dense with tombstones. It adds what the
prototype's review asked for and what its measurements showed missing:
statistics kept current from RocksDB's own flush and compaction events,
pacing by a budget tied to what RocksDB flushes, back-off on write
pressure and client latency, work on the leader only ahead of the readers
that cross the tombstones, cleanup of every table on followers and idle
OMs, metrics, and a runtime switch. It sets the proposal beside master's
CompactionService, HDDS-16250 and KeyLifecycleService.

- design/range-compaction.md: the problem, the relation to HDDS-12682,
  master's context, the alternatives, the design, configuration, metrics,
  compatibility, the plan of pull requests, the tests and the results.
- feature/RangeCompaction.md: the user page (when and how to turn it on,
  what to watch).

Compatibility: documents only.

Test plan: none (documents only); the series that follows carries the tests.
