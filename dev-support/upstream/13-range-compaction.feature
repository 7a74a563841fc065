# Range compaction, part 2: the service in OM, with its tests on a real OM DB. Its measured results are the committed page of the main job
# (scripts/ab-bench production, generated from its JSON): the targets, the verdict per scenario and the cost to
# clients.
name: range-compaction
subject: HDDS-XXXXX. Range compaction service for tombstone-dense key ranges of OM
patch: hadoop-ozone/ozone-manager/0002-om-range-compaction-service.patch
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/{RangeCompactionService,CompactionLook,CompactionEnvReader,CompactedSpans,RangeCompactionMetrics,RangeCompactor,RangeCompactionSwitch}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/{TestRangeCompactionService,TestCompactedSpans,RocksDbDeletes}.java
results: docs/results/2026-11-27-ab-bench-production-after-flush-fix/report.md
results-from: ## Targets

Whole-table compaction (CompactionService) rewrites every SST of a column
family; in 2.2.1 it was exclusive and stalled writes (non-exclusive on
master since HDDS-15990). Under delete-heavy load OM needs only the ranges
dense with tombstones compacted,
in small, paced steps that clients do not notice.
{jira:range-compaction-pick} added the pick, with its configuration and a
dry run in ozone debug range-stats, and the rules of
{jira:range-compaction-bottommost} and {jira:range-compaction-growth};
this change runs it in OM.

RangeCompactionService (off by default) looks every interval (1s): with the
settings in force, copied once per look, a CompactionEnvReader reads the
look (whether OM leads, the tables' memtables)
and before each pick the environment (the range statistics of
{jira:range-stats}, a few RocksDB properties per table), the policy picks,
and RangeCompactor does it, until the pick ends the look or its timeout
passes: a compactRange(cf, start, end) on the picked span, never
exclusive, one subcompaction, allowWriteStall=false, bounded by entries and
bytes, the bottommost level forced only when the pick says so. The service
pauses pause.ratio times its duration after it, and remembers the span as
compacted (CompactedSpans) until the table's next flush.

KeyManagerImpl starts and stops the service with its other background
services. OzoneManager owns its configuration, validated when OM starts
(even when the service is off, so that a bad value fails OM with the key
and value named), and registers it with its ReconfigurationHandler: the
keys an operator turns in an incident (enabled, interval, timeout,
pause.ratio; {jira:range-compaction-budget} adds budget.ratio) are
reconfigurable with `ozone admin reconfig`
by an OM administrator, on each OM on its own
({jira:range-compaction-reconfiguration} makes the rest so).
RangeCompactionSwitch starts or stops (after the
running compaction) the service when a reconfiguration completes, and
restarts it in place for a new interval, as OM's other background
services do (its metrics and what it learned stay); the other keys apply
at the next look. The
service asks OM whether it leads its Ratis group (OzoneManager
#isLeaderReady): a follower cleans its tables for whenever it comes to lead.
Metrics: om_range_compaction_* (runs, ranges evaluated and compacted, skips
by reason, compaction time, bytes read and
written, tombstones removed, follower looks).

Design: {jira:range-compaction-design}; in full, docs/design/range-compaction.md
of the fork. The results below are
scripts/ab-bench production of the fork, the service with every rule of
this series: an OM preloaded with 10^7 keys,
the service off, range and whole-table (CompactionService) arms measured in
one run with the same client load.

Compatibility: off by default (ozone.om.range.compaction.service.enabled);
off, OM reads the configuration and starts nothing. A service that starts
while CompactionService is on as well logs a warning: the two compact the
same tables (not refused, as an operator may move from one to the other). Upstream's
TestOmReconfiguration#reconfigurableProperties asserts OM's exact key set:
this change adds the group's keys there.

Test plan: TestRangeCompactionService, on a real OM DB
(OmMetadataManagerImpl, OM's options), checked against RocksDB's own counts
rather than the service's metrics: the service compacts only the dense
ranges, their tombstones go away, the other SSTs stay as they were and the
data is exactly what was written, the
cost of a compaction with an empty memtable, a restart ending the
look under way, the warning beside CompactionService, and a bad
configuration refused with its key and value; TestCompactedSpans, the spans
compacted since a table's latest flush are forgotten at its next one. In running OMs:
{jira:range-compaction-ha} (the reader rule, idle cleanup and
reconfiguration on one OM, and an OM HA ring, after the rules' own
changes).
