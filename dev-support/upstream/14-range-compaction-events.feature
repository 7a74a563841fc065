# Range compaction: one log record per flush and compaction, which benchmarks join with client latencies.
name: range-compaction-events
subject: HDDS-XXXXX. Range compaction: one log record per compaction, to join with client latencies
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/CompactionEvents.java
amends: dev-support/upstream/amends/range-compaction-events.diff

{jira:range-compaction} logs what it compacts for a human reader. A
benchmark that asks what the service costs OM's clients, and an operator
who asks why a listing was slow at 10:02, need when each compaction ran,
why, and what it read and wrote, in a form a program joins with client
latencies.

This change records every compaction the service does as one line on the
logger org.apache.hadoop.ozone.om.compaction.RangeCompactionEvents, in a
fixed key=value form: action, reason, table, startMs and endMs (the wall
clock, as clients record theirs), inputBytes and writtenBytes. log4j can
route the logger to a file of its own. The fork's scripts/ab-bench joins
these records with omkeybench's latency log ({jira:omkeybench-outputs}) to
measure the latency of client operations that overlap a compaction.

Compatibility: a new logger, at INFO; nothing else changes.

Test plan: TestRangeCompactionService: a compaction is exactly one record,
with the run's wall-clock times and the bytes RocksDB read and wrote.
