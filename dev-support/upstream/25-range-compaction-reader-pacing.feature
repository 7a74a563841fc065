# Range compaction, rule: reader pacing. A vertical slice: TableReads and TableReadWatch, and amends to the service's
# code and tests of the features before it. Its measured effect at the DB level is the db-bench page with the rule
# (the page before the rule, 2026-11-23-db-bench-1e6-before-reader-pacing, is a separate run).
name: range-compaction-reader-pacing
subject: HDDS-XXXXX. Range compaction: flush and compact a table only when a reader is due to scan it
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{TableReads,TableReadWatch}.java
amends: dev-support/upstream/amends/range-compaction-reader-pacing.diff
results: docs/results/2026-11-23-db-bench-1e6-reader-paced/db-bench.md
results-from: ## seed

{jira:range-compaction} compacts what qualifies in every table it
compacts, at every look. Tombstones cost only the readers that cross them:
openKeyTable is scanned by the open-key cleanup once per its interval,
deletedTable by the key deleting service; a table nobody reads between two
flushes gains nothing from being cleaned after each, while every flush and
compaction costs OM's writers I/O and CPU.

This change paces the leader's service by its readers (reader.paced, on by
default). The framework counts the iterators opened on each table
({jira:listener-hook}); TableReadWatch turns that count into TableReads:
when a table was last scanned, its period, and whether the service flushed
or compacted it since. A table is due:
- once after a scan, so that the next scan of a reader whose period is
  unknown (a listing) crosses only what gathered since;
- for a reader that scans every P looks, from a 32nd of P (at least 8
  looks) before its next scan until as long after it, as often as the table
  qualifies, so that the scan crosses at most that share of P's deletes.
A follower (no readers, may lead at any time) and an idle OM look at every
table, as before. A look reads only the due tables' memtables; the metric
skippedUnreadTables counts the tables it left. With reader pacing, idle
cleanup is what cleans the tables no reader scans: its tests on a real OM DB
(a bulk delete followed by quiet, writes between looks) come with this
change.

Compatibility: reader.paced off compacts what qualifies whether read or
not, as {jira:range-compaction} does.

Test plan: TestRangeCompactionPolicy, a table is due only for a reader that
scanned it and comes back within the lead, and a follower and an idle OM
look at every table; TestRangeCompactionService on a real OM DB: a table is
flushed and compacted only after a reader scanned it, a bulk delete followed
by quiet is cleaned without a reader, writes between looks keep the service
from idle cleanup and stop it within a look.
