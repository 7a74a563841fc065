# Freon omkeybench: new classes only, no patch to upstream files. LiveSetSamplingBench (test scope) belongs here.
name: omkeybench
subject: HDDS-XXXXX. Freon omkeybench: mixed create, delete and list load on OM
files: hadoop-ozone/freon/src/main/**
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/**

Problems that come from tombstones in OM's tables (slow listings, slow key
deletion, write stalls during compaction) only show under a long-running mix
of creates, deletes and listings on the same bucket. Freon has generators
for each operation alone, none for such a mix.

`ozone freon omkeybench` runs steps drawn from --weights
(create:20,delete:8,list:1, plus deletedir for FSO buckets). Creates write
zero-padded sequential keys and track them in a live set bounded by
--max-live-keys; deletes remove a tracked key (--delete-order random or
oldest, the queue-like run of tombstones at the start of a bucket); lists
read --batch-size keys after a random tracked key or from the first. Keys
beyond the bound are kept or deleted right away (--untracked keep|delete),
so a run can hold a bucket at a fixed size for hours. The mix depends only
on --seed and the step, so runs are reproducible at any thread count.

The live set adds, picks and removes in O(1) without copying. Bad input is
one line naming the value, and nothing is sent to OM. Results: freon's
timers per operation, and --summary-json with counts, rates and latency
percentiles per operation.

Two outputs serve tests beyond the benchmark: --latency-csv writes, per
interval, each operation's count and exact p50/p99/max over that interval
alone (freon's timers mix the whole run), so a chart can put the client's
p99 next to a compaction; --journal appends a line per acknowledged create
and delete, written through at once, so that a fault test can check the
bucket against what OM acknowledged after OM was killed.
