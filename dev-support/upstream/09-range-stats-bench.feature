# Range statistics, part 4: the benchmark that measured the listener's cost (test scope, a plain main).
name: range-stats-bench
subject: HDDS-XXXXX. Benchmark of range statistics: their cost to OM's writes, flushes and compactions
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/rangestats/{RangeStatsFlushBench,IngestedSsts,BenchRun}.java
results: docs/results/2026-11-26-range-stats-overhead-10k-ssts/range-stats-overhead.txt
results-from: with index   without index   with/without

{jira:range-stats} keeps range statistics current from every flush and
compaction of OM's DB. A listener on RocksDB's flush and compaction threads
must not slow writes or flushes; this benchmark measures that it does not,
so that anyone can rerun the measurement quoted in {jira:range-stats}.

RangeStatsFlushBench (test scope, a plain main: it prints, it asserts
nothing) writes the same puts and deletes of OM-shaped keys into two real OM
DBs, one with range statistics and one without, in turns, and prints the
write and flush throughput of each and their ratio, and the time of a
compaction of the written keys. With --base-ssts N both DBs' keyTable first
gets N ingested SSTs (IngestedSsts: SstFileWriter, then
ingestExternalFile), so that the listener works at a production OM's scale.

The scale benchmark, which also times the range compaction service's looks,
comes after the service ({jira:range-compaction-scale-bench}).

Compatibility: test-scope classes only.

Test plan: none beyond compiling; it is a measuring tool, run by hand with
the command in its Javadoc.
