# Range compaction, rule: a flush whose ranges are passed over is not repeated until the table changes (an operator's
# switch, memtable.flush.repeat). Amends only: no class of its own.
name: range-compaction-flush-repeat
subject: HDDS-XXXXX. Range compaction: do not flush a table again while its SSTs are as the service's flush left them
amends: dev-support/upstream/amends/range-compaction-flush-repeat.diff

{jira:range-compaction} flushes a table's memtable when it holds enough
deletes, so that a compaction can then reach them, and judges the ranges
the flush made like any other. At the head of a large bucket whose oldest
keys expire, each flush makes a sliver of tombstones over the bottom file
that holds the bucket, and max.overlap.ratio passes it over: rewriting
that file for the sliver would cost many times the sliver's bytes. The
memtable fills again and qualifies again, and the service flushed it at
every look: many small L0 files, whose count sets off RocksDB's own L0
compactions, which then rewrite those bytes anyway (the design document's
Results, "The expired head of a large bucket under the overlap bound").

This change adds memtable.flush.repeat (reconfigurable). Off, the service
does not flush a table's memtable again while the table's SSTs are as its
own latest flush of it left them: until RocksDB flushes it or something
compacts it, the ranges that flush made are still there to compact, and
another flush would only add an L0 file. The deletes wait in the memtable
for RocksDB's next flush, and the readers that cross them there pay for
it: the trade between compaction bytes and listing latency is measured in
the design document (Results). Metric: skippedUnchangedSinceFlush.

Compatibility: on by default, as in {jira:range-compaction}.

Test plan: TestRangeCompactionPolicy, a dense memtable over a table as its
latest flush left it is flushed only when repeat is on, and again once the
table changed; TestRangeCompactionService on a real OM DB, a bucket at the
bottom level whose head expires in two steps: with repeat on the second
look flushes again, with it off not until RocksDB flushed the table.
