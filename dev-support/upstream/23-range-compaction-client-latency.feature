# Range compaction, rule: back off while OM's clients wait. A vertical slice: ForegroundLatency and its test in a real
# metrics system, and amends to the service's code and tests of the features before it.
name: range-compaction-client-latency
subject: HDDS-XXXXX. Range compaction: start nothing while OM's client requests are slow
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{ForegroundLatency,BottomPool}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/TestForegroundLatency.java
amends: dev-support/upstream/amends/range-compaction-client-latency.diff

{jira:range-compaction-write-pressure} backs off from RocksDB's own write pressure: it
starts nothing while writes are delayed or stopped, or while a table's L0
files or pending compaction bytes near the slowdown triggers. A compaction
also takes CPU and I/O that OM's client requests need before RocksDB feels
any pressure, and RocksDB cannot cancel a manual compaction once it runs:
the place to yield is before it starts.

This change has the service look at the latency its clients see. At each
pick it reads OM's client protocol metrics (source OmClientProtocol: per
request type, the number of requests and the sum of their server-side
durations, both cumulative) and takes the window since its previous read;
when the requests of that window took backoff.foreground.latency (50ms) or
longer on average, over at least 20 requests (with fewer, one slow request
would stop the service on a quiet OM), nothing starts and the run ends with
a wait. 0 turns the check off. ForegroundLatency reads the source through
metrics2's public collector interfaces (MetricsCollector,
MetricsRecordBuilder: the collector MetricsSystem uses is private to
Hadoop), so cumulative sums give an exact window without resetting what
/jmx and /prom report. Metric: skippedForegroundLatency.

Measured: the back-off has no on/off comparison of its own yet. The
fork's cost-to-clients measure (client operations during the service's
compactions against the others) runs with it on.

A compaction that does start takes a CPU that OM's request threads
need: on a 2-core OM, requests that arrived during one waited on the run
queue (wall-clock profiles and the kernel's per-thread run-queue times of
OM's handler, Ratis and double-buffer threads, during the service's
compactions and outside). BottomPool gives RocksDB's BOTTOM thread pool
one thread at the lowest CPU and I/O priority. RocksDB runs a manual
compaction step whose output is the last level there, and forwards its own
compactions into the last level there too (compactions that do not add to
write stalls); the service's compactions end in the last level, so they
take only the CPU and disk OM leaves idle, while RocksDB's compactions into
the levels above stay in the LOW pool at their priority. The pool is set
up once, at the service's first run, and only if it has no thread
yet; it keeps its thread for the process's life (a pool shrunk to none
would strand its queued compactions, which a closing DB waits for).

Compatibility: backoff.foreground.latency 0 starts compactions whatever the
clients' latency, as {jira:range-compaction-write-pressure} does. With the
service on, RocksDB's compactions into the last level run at the lowest
priority too.

Test plan: TestRangeCompactionPolicy, slow client requests make the pick
wait, too few requests say nothing and 0 turns the check off;
TestRangeCompactionService on a real OM DB, slow client requests stop the
run and the next run without requests compacts; a bad
backoff.foreground.latency is refused with its key and value;
TestForegroundLatency, the window of OM's client requests from a real
ProtocolMessageMetrics in a real metrics system.
