# Freon omkeybench, part 3: the command, registered with freon, and its end-to-end tests.
name: omkeybench
subject: HDDS-XXXXX. Freon omkeybench: mixed create, delete and list load on OM
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/omkeybench/{OmKeyBench,OmKeyBenchOperations,BenchDir,TrackedKey,FsoDirectories}.java
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/ContentGenerators.java
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/{TestOmKeyBenchBadInput,TestOmKeyBenchMiniCluster}.java

Problems that come from tombstones in OM's tables (slow listings, slow key
deletion, write stalls during compaction) only show under a long-running mix
of creates, deletes and listings on the same bucket. Freon has generators
for each operation alone, none for such a mix. {jira:omkeybench-mix} and
{jira:omkeybench-outputs} added its parts; this change adds the command.

`ozone freon omkeybench` (a FreonSubcommand) runs steps drawn from
--weights (create:20,delete:8,list:1, plus deletedir for FSO buckets).
Creates write zero-padded sequential keys and track them in a live set
bounded by --max-live-keys; deletes remove a tracked key (--delete-order
random or oldest, the queue-like run of tombstones at the start of a
bucket); lists read --batch-size keys after a random tracked key or from the
first. Keys beyond the bound are kept or deleted right away (--untracked
keep|delete), so a run can hold a bucket at a fixed size for hours. The mix
depends only on --seed and the step, so runs are reproducible at any thread
count. Results: freon's timers per operation, --summary-json,
--latency-csv and --journal.

Compatibility: a new freon subcommand. ContentGenerators gives packages
outside org.apache.hadoop.ozone.freon freon's ContentGenerator, whose
constructors are package-private; nothing else changes.

Test plan: TestOmKeyBenchBadInput: bad input is one line naming the value, a
non-zero exit, no stack trace and no connection to OM (a listening socket
stands in for OM and must see none). TestOmKeyBenchMiniCluster, against a
MiniOzoneCluster: the counts and the journal match the bucket, the latency
CSV and log count every completed operation once, --untracked delete keeps
the bucket bounded, the benchmark's seed command line runs, and directories
in an FSO bucket.
