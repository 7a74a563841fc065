# Range statistics and the range compaction service at a production OM's scale: a benchmark in test scope, after
# the rules the service's looks run with (it sets the budget's key).
name: range-compaction-scale-bench
subject: HDDS-XXXXX. Range statistics and the range compaction service at scale: a benchmark
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/RangeStatsScaleBench.java
results: docs/results/2026-11-26-range-stats-scale/range-stats-scale.md
results-from: ## Targets

A production OM DB holds thousands of SSTs per table. {jira:range-stats}
keeps a table's ranges current after every flush and compaction, and
{jira:range-compaction} looks at them every interval; both must stay cheap
there, not only on a test's few files. This benchmark measures both, so
that anyone can rerun the numbers below.

RangeStatsScaleBench (test scope, a plain main, like {jira:range-stats-bench}'s
RangeStatsFlushBench: it prints, it asserts nothing) times one recomputation
of a table's ranges on synthetic SSTs up to 100,000 beside the quadratic scan
it replaced, and on a real OM DB with 10,000 SSTs in keyTable the start with
and without range statistics, the first index build, a recomputation after a
flush and after a compaction, a metrics scrape, the heap per SST and the
range compaction service's looks.

Compatibility: a benchmark in test scope; nothing runs it in the build.

Test plan: none beyond compiling; it is a measuring tool, run by hand with
the command in its Javadoc.
