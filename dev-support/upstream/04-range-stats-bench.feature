# Range statistics, part 3: the benchmark that measured the listener's cost (test scope, a plain main).
name: range-stats-bench
subject: HDDS-XXXXX. RangeStatsFlushBench: the cost of range statistics to OM's writes and flushes
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/RangeStatsFlushBench.java
results: docs/results/2026-11-26-range-stats-overhead/range-stats-overhead.txt
results-from: with index   without index   with/without

{jira:range-stats} keeps range statistics current from every flush and
compaction of OM's DB. A listener on RocksDB's flush and compaction threads
must not slow writes or flushes; this benchmark measures that it does not,
so that anyone can rerun the measurement quoted in {jira:range-stats}.

RangeStatsFlushBench (test scope, a plain main: it prints, it asserts
nothing) writes the same puts and deletes of OM-shaped keys into two real OM
DBs, one with range statistics and one without, in turns, and prints the
write and flush throughput of each and their ratio.

Compatibility: a test-scope class only.

Test plan: none beyond compiling; it is a measuring tool, run by hand with
the command in its Javadoc.
