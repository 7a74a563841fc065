# Freon omkeybench, part 3: what a run tells beyond freon's timers: counts and status, a summary, per-interval and
# per-operation latency, and a journal of acknowledged keys.
name: omkeybench-outputs
subject: HDDS-XXXXX. Freon omkeybench: counts and status line, summary, latency and journal outputs
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/omkeybench/{OmKeyBenchStats,SummaryJsonWriter,IntervalLatencies,LatencyLog,KeyJournal}.java
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/{TestOmKeyBenchStats,TestIntervalLatencies,TestLatencyLog}.java
amends: dev-support/upstream/amends/omkeybench-outputs.diff

{jira:omkeybench} reports freon's timers, which mix the whole run and do
not say what a run left in the bucket. This change adds what a chart, an
A/B benchmark or a fault test reads:
- OmKeyBenchStats: exact counts per operation (succeeded, failed,
  skipped) and of keys created, deleted and listed, and a status line
  (live=L/M created=C deleted=D [LIMIT_REACHED] CREATE: rate R max X ...),
  logged every 10 s without a console.
- --summary-json (SummaryJsonWriter): counts, rates and latency
  percentiles per operation.
- --latency-csv and --latency-interval (IntervalLatencies): per interval,
  each operation's count and exact p50/p99/max over that interval alone,
  so that a chart can put the client's p99 next to a compaction.
- --latency-log (LatencyLog): a line per completed operation (start, name,
  latency), written by a background thread, for exact percentiles over any
  span of a run, such as the blocks of an A/B measurement.
- --journal (KeyJournal): a line per acknowledged create and delete,
  written through at once, so that a fault test can check the bucket
  against what OM acknowledged after OM was killed. A journal records keys
  one by one, so it is refused with deletedir in --weights.

Compatibility: new options of omkeybench, off by default.

Test plan: TestOmKeyBenchStats, TestIntervalLatencies and TestLatencyLog
check each on plain data; TestOmKeyBenchSettings, the journal refused with
deletedir. TestOmKeyBenchMiniCluster: the counts and the
summary match the bucket, the journal's last word on every key is its state
in the bucket, the latency CSV and the log count every completed operation
once.
