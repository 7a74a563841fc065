# Freon omkeybench, part 2: its settings (validated), its statistics and the outputs beyond freon's timers.
name: omkeybench-outputs
subject: HDDS-XXXXX. Freon omkeybench, part 2: settings, statistics and per-interval latency, summary and journal outputs
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/omkeybench/{OmKeyBenchSettings,OmKeyBenchStats,SummaryJsonWriter,IntervalLatencies,LatencyLog,KeyJournal}.java
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/{TestOmKeyBenchSettings,TestOmKeyBenchStats,TestIntervalLatencies,TestLatencyLog}.java

{jira:omkeybench-mix} added the mix and the live set. This change adds what
a run is told and what it tells, still without the command
({jira:omkeybench}):
- OmKeyBenchSettings: the run's options, validated together; bad input is
  one line naming the value, and nothing is sent to OM.
- OmKeyBenchStats and SummaryJsonWriter: counts, rates and latency
  percentiles per operation, and --summary-json.
- IntervalLatencies and LatencyLog: --latency-csv writes, per interval,
  each operation's count and exact p50/p99/max over that interval alone
  (freon's timers mix the whole run), so that a chart can put the client's
  p99 next to a compaction.
- KeyJournal: --journal appends a line per acknowledged create and delete,
  written through at once, so that a fault test can check the bucket
  against what OM acknowledged after OM was killed.

Compatibility: new classes only.

Test plan: TestOmKeyBenchSettings, TestOmKeyBenchStats,
TestIntervalLatencies and TestLatencyLog check each on plain data.
