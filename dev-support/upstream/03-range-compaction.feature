# The range compaction service. Its measured results are the committed page of the main job (scripts/ab-bench
# --production, generated from its JSON): the targets, the verdict per scenario and the cost to clients.
name: range-compaction
subject: HDDS-XXXXX. Range compaction service for tombstone-dense key ranges of OM
patch: hadoop-ozone/ozone-manager/0002-om-range-compaction-service.patch
files: hadoop-ozone/ozone-manager/src/*/java/org/apache/hadoop/ozone/om/compaction/**
results: docs/results/2026-11-25-ab-bench-production/report.md
results-from: ## Targets

Whole-table manual compaction (CompactionService) is heavy and exclusive: it
blocks RocksDB's own L0->L1 compactions and can stall writes. Under
delete-heavy load OM needs only the ranges dense with tombstones compacted,
in small, paced steps that clients do not notice.

RangeCompactionService (off by default) looks every interval (1s) at a
CompactionEnv: the range statistics of {jira:range-stats} (kept current by
RocksDB's flush and compaction events), a few RocksDB properties per table
and the window of OM's client requests. RangeCompactionPolicy#pickNext, a
pure function of that value, says what to do next, and the service does it
and asks again (design: docs/design/range-compaction.md):
0. Look only at the tables a reader is due to scan (reader.paced): the
   iterators opened on a table since the previous look (framework patch
   0002) say it was scanned; a table is due once per scan, and for a reader
   that scans every P looks, from a 32nd of P before its next scan, as often
   as it qualifies until as long after it.
   Tombstones cost only the readers that cross them: openKeyTable, scanned
   by the daily open-key cleanup, is not cleaned every second for nobody.
   A follower (OzoneManager#isLeaderReady is false) has no readers and may
   lead at any time: it looks at every table. So does an idle OM
   (idle.cleanup): for idle.after, client requests and DB writes (RocksDB's
   sequence number, which counts a follower's applied log too) per second
   at most idle.activity.ratio of their recent rate, and RocksDB with no
   compaction or flush running or pending. Bulk deletes followed by quiet
   are cleaned before their first reader; while idle, the budget does not
   bound a compaction, and a look starts at most one.
1. Flush a table whose active memtable qualifies (min.tombstones deletes at
   memtable.delete.ratio, or as many while a seek to a range's first key
   crosses as many hidden entries): tombstones there are invisible to SST
   statistics.
2. Else compact the qualifying range (min.tombstones at tombstone.ratio)
   that removes the most tombstones per byte read, grown over its qualifying
   neighbours, passing over spans compacted since their table's latest
   flush (only a flush adds tombstones), ranges whose overlapping SSTs (all
   levels) exceed max.compaction.entries or max.compaction.bytes or hold
   more than max.overlap.ratio times the range's own bytes, and ranges the
   budget cannot afford: the service reads at most budget.ratio bytes per
   byte RocksDB flushes.
3. RangeCompactor compacts with compactRange(cf, start, end): not
   exclusive, one subcompaction, allowWriteStall=false; the bottommost
   level is forced only for inputs at a single level (tombstone-only SSTs
   are otherwise moved down unrewritten; inputs of two levels already drop
   their tombstones in the merge).
4. It waits when writes are stopped or delayed, when a table's L0 files or
   pending compaction bytes reach backoff.fraction of RocksDB's slowdown
   triggers, or when OM's client requests since the previous look took
   backoff.foreground.latency or more on average (from the OmClientProtocol
   metrics source), and pauses pause.ratio times the compaction's duration
   after it.
While OM snapshots exist, keyTable, fileTable and directoryTable are left to
RocksDB (their compactions feed the snapshot diff's compaction DAG).

KeyManagerImpl starts and stops the service with its other background
services. OzoneManager owns its configuration, validated when OM starts
(even when the service is off, so that a bad value fails OM with the key
and value named), and registers it with its ReconfigurationHandler: every
key is reconfigurable with `ozone admin reconfig` by an OM administrator,
on each OM on its own. RangeCompactionSwitch starts, stops (after the
running compaction) or restarts the service (interval, timeout) when a
reconfiguration completes; the other keys apply at the next look, and the
values in force are on /jmx and /prom (om_range_compaction_settings_*).
Upstream's TestOmReconfiguration#reconfigurableProperties asserts OM's
exact key set: the pull request adds this group's keys there. Metrics:
om_range_compaction_* (runs, ranges evaluated and compacted, skips and
waits by reason, memtable flushes, compaction time, bytes read and
written, tombstones removed, idle and follower looks, idle compactions and
flushes); one log line per idle cleanup pass.
