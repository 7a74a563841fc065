# Range compaction, rule: a look makes no picks while nothing changed since one found nothing to do. Amends only: no
# class of its own.
name: range-compaction-unchanged-looks
subject: HDDS-XXXXX. Range compaction: no picks while nothing changed since a look found nothing to do
amends: dev-support/upstream/amends/range-compaction-unchanged-looks.diff
results: docs/results/2026-11-26-range-stats-scale/range-stats-scale.md
results-from: | a look that finds nothing changed

{jira:range-compaction} looks every interval (1s) and, before each pick,
reads every table it compacts anew: its published ranges and a few RocksDB
properties. On an OM DB of thousands of SSTs most looks find nothing to do,
and nothing they read has changed since the last look that found nothing.

This change remembers, per table, the version of its SSTs in the range
statistics (RocksDB's flush and compaction events move it) at the end of a
look whose last pick found nothing to do. A look that starts with the same
versions would make the same picks, and makes none: it reads the tables'
memtables, compares, and ends. A look that compacted reads the versions
again at its end, so that its own compactions do not make the next look
pick again.

The measurement below is RangeStatsScaleBench
({jira:range-compaction-scale-bench}) on a real OM DB with 10,000 SSTs in
keyTable: a look that finds nothing changed, beside one that reads every
table anew and finds nothing, and looks that pick.

Compatibility: no new key; whenever anything changed, the picks are those
of {jira:range-compaction}.

Test plan: TestRangeCompactionService, on a real OM DB, a dense range that
no compaction may read is evaluated by the first look, not by a second one
with nothing changed, and again after a flush (the service's metrics gain
the getter of rangesEvaluated).
