# Range compaction, rule: force the bottommost level only for tombstones no merge reaches. Amends only, to the pick
# of 10 and its tests.
name: range-compaction-bottommost
subject: HDDS-XXXXX. Range compaction: force the bottommost level only where no merge drops the tombstones
amends: dev-support/upstream/amends/range-compaction-bottommost.diff

{jira:range-compaction-pick} picks a dense range and what compacting it
reads. CompactRange with RocksDB's default for the bottommost level
(kIfHaveCompactionFilter) does not always drop the range's tombstones: a
step of its level-by-level descent that overlaps nothing below merges
nothing, and RocksDB moves the step's files down whole (L0 files too,
unless they overlap each other). A queue's tombstone-only SSTs, flushed to
L0 in key order (deletedTable, openKeyTable), go down so and keep every
tombstone; so do bottom-level tombstones that nothing from above reaches.
Forcing the bottommost level (kForce) for every compaction drops them, but
rewrites once more, for nothing, what the merges already cleaned: it
doubled what the service wrote (RocksJava 7.7.3 has no kForceOptimized).

This change follows CompactRange down the input levels in CompactionCost
and forces the bottommost level only when tombstones among the inputs
reach the lowest input level without a merge
(CompactionCost#needsBottommostForced); the forced compaction's cost
counts its second read of every input. The pick carries the decision
(CompactionPick#isBottommostForced), the dry run shows it, and the
compaction ({jira:range-compaction}) passes it to CompactRange.
ozone.om.range.compaction.service.bottommost.forced (default true) turns
forcing off.

Design: {jira:range-compaction-design}.

Compatibility: a new key; the dry run's picks gain bottommostForced.

Test plan: TestRangeCompactionPolicy: tombstone-only L0 files apart from
each other need the level forced, overlapping ones do not; bottom-level
tombstones need it; a merge elsewhere in a range does not reach tombstones
that overlap nothing below; a memtable to flush is an input that merges;
the pick forces only then, and never with the key off.
