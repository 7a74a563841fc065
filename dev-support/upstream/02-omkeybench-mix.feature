# Freon omkeybench, part 1: the operation mix and the live set of keys it draws from.
name: omkeybench-mix
subject: HDDS-XXXXX. Freon omkeybench, part 1: a reproducible operation mix and a bounded live set of keys
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/omkeybench/{package-info,OmKeyBenchOp,OpWeights,StepRandom,LiveSet}.java
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/{TestOpWeights,TestLiveSet,LiveSetSamplingBench}.java

Problems that come from tombstones in OM's tables (slow listings, slow key
deletion, write stalls during compaction) only show under a long-running mix
of creates, deletes and listings on the same bucket. Freon has generators
for each operation alone, none for such a mix. `ozone freon omkeybench`
comes in three changes: this one (the mix and the live set),
{jira:omkeybench-outputs} (settings, statistics and outputs) and
{jira:omkeybench} (the command).

- OmKeyBenchOp and OpWeights: the operations (create, delete, list, and
  deletedir for FSO buckets) and their weights, parsed from
  --weights create:20,delete:8,list:1 with one clear line for bad input.
- StepRandom: the operation and its key at step N depend only on the seed
  and N, so a run is reproducible at any thread count.
- LiveSet: the keys a run created and has not deleted, bounded by
  --max-live-keys; it adds, picks (at random or the oldest) and removes in
  O(1) without copying.

Compatibility: new classes only, in the new package
org.apache.hadoop.ozone.freon.omkeybench.

Test plan: TestOpWeights (parsing, bad input, the mix follows the weights
and is reproducible), TestLiveSet (bounded, random and oldest-first
removal, exact under concurrency); LiveSetSamplingBench (test scope, a
plain main) prints the cost of picking keys as the live set grows, beside
a pick that copies the set.
