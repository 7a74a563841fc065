# Range compaction, rule: a budget of bytes read per byte flushed. A vertical slice: CompactionBudget, and its amends
# to the service's configuration, pick, reader, metrics and tests.
name: range-compaction-budget
subject: HDDS-XXXXX. Range compaction: a budget of bytes read per byte flushed
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/CompactionBudget.java
amends: dev-support/upstream/amends/range-compaction-budget.diff

{jira:range-compaction} compacts whatever qualifies and pauses pause.ratio
times each compaction's duration after it: under a load that deletes as
fast as the service reads, it stays busy for as long as the load lasts,
and what it reads is bounded by time, not by what the load wrote. A
compaction's cost to OM is the bytes it reads and rewrites.

This change bounds what the service reads by what RocksDB flushes.
CompactionBudget is a token bucket: it gains budget.ratio (1.0) bytes per
byte RocksDB flushes into the tables the service compacts (the range
statistics count them from the listener's flush events), holds at most
max.compaction.bytes (the largest compaction allowed, so that any pick fits
once it is full) and starts full. Whatever the workload, the service then
reads at most budget.ratio times the flushed bytes plus one compaction: it
takes from a busy OM in proportion to its load and cannot run away. A range
of pure tombstones costs little and is compacted as often as it fills; a
large live range costs much and waits. The budget replaced the periodic
slots and time-based cool-downs of an earlier version, which could not keep
pace once deletes matched creates (docs/design/range-compaction.md of the
fork, "What was tried, and what failed").

The pick passes over a range the budget cannot afford now (skip BUDGET),
and waits for RocksDB to flush more when that leaves nothing to do (wait
BUDGET); a compaction is charged once it ran. budget.ratio is one of the
keys an incident turns (read less per byte flushed): it is reconfigurable
with ozone admin reconfig, and a changed ratio or bound starts a new, full
budget at the next look. Metrics: skippedBudget, waitedForBudget.

Compatibility: budget.ratio 0 removes the bound, as in
{jira:range-compaction}; the key joins OM's reconfigurable keys
(TestOmReconfiguration reads the group's reconfigurableProperties).

Test plan: TestRangeCompactionPolicy, the budget grows with flushes up to
its capacity and starts anew when reconfigured, a range it cannot afford
is passed over, the pick waits when nothing affordable remains, and a
compaction says it is charged; TestRangeCompactionService, on a real OM DB,
a spent budget stops the run until RocksDB flushes more, and a negative
budget.ratio is refused with its key and value.
