# Freon omkeybench, part 1: the command, with the operation mix, the live set of keys it draws from, and freon's
# timers for results. Its bucket shapes (03) and its outputs beyond freon's timers (04) are changes of their own.
name: omkeybench
subject: HDDS-XXXXX. Freon omkeybench: a reproducible create, delete and list mix on one bucket of OM
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/omkeybench/{package-info,OmKeyBenchOp,OpWeights,StepRandom,LiveSet,OmKeyBenchSettings,OmKeyBenchOperations,OmKeyBench}.java
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/{TestOpWeights,TestLiveSet,TestOmKeyBenchSettings,TestOmKeyBenchBadInput,TestOmKeyBenchMiniCluster}.java

Problems that come from tombstones in OM's tables (slow listings, slow key
deletion, write stalls during compaction) only show under a long-running mix
of creates, deletes and listings on the same bucket. Freon has generators
for each operation alone, none for such a mix. `ozone freon omkeybench`
comes in three changes: this one (the command and its mix),
{jira:omkeybench-bucket} (keys with data, a bucket held at a fixed size,
preloaded, or in directories) and {jira:omkeybench-outputs} (counts and the outputs a chart
or a fault test reads).

`ozone freon omkeybench` (a FreonSubcommand) runs steps drawn from
--weights (create:20,delete:8,list:1). Creates write zero-padded sequential
empty keys (the load is on OM only) and track them in a live set bounded
by --max-live-keys (keys beyond it stay in the bucket, untracked); deletes remove a tracked key
(--delete-order random or oldest, the queue-like run of tombstones at the
start of a bucket); lists read --batch-size keys after a random tracked key
or from the first (--list-start). Results are freon's timers per
operation.

- OmKeyBenchOp and OpWeights: the operations and their weights, parsed
  with one clear line for bad input.
- StepRandom: the operation and its key at step N depend only on --seed
  and N, so a run is reproducible at any thread count.
- LiveSet: the keys a run created and has not deleted; it adds, picks (at
  random or the oldest) and removes in O(1) without copying.
- OmKeyBenchSettings: the options, validated together before anything is
  sent to OM; OmKeyBenchOperations: the operations on the bucket.

Compatibility: a new freon subcommand, in the new package
org.apache.hadoop.ozone.freon.omkeybench; nothing else changes.

Test plan: TestOpWeights (parsing, bad input, the mix follows the weights
and is reproducible), TestLiveSet (bounded, random and oldest-first
removal, exact under concurrency), TestOmKeyBenchSettings (options to typed
values). TestOmKeyBenchBadInput: bad input is one line naming the value, a
non-zero exit, no stack trace and no connection to OM (a listening socket
stands in for OM and must see none). TestOmKeyBenchMiniCluster, against a
MiniOzoneCluster: the bucket holds exactly the keys created and not
deleted, by freon's timers, the tracked keys are among them, and the
benchmark's seed command line runs.
