# Range compaction, rule: every key reconfigurable. The service's first change makes the keys of an incident
# reconfigurable; this one the rest. Amends only: no class of its own.
name: range-compaction-reconfiguration
subject: HDDS-XXXXX. Range compaction: every key of the service reconfigurable at runtime
amends: dev-support/upstream/amends/range-compaction-reconfiguration.diff

{jira:range-compaction} and {jira:range-compaction-budget} let an operator
change, on a running OM, the keys an incident needs: enabled (stop the
service), interval and timeout (look less often, and for less long),
budget.ratio and pause.ratio (read less per byte flushed, and rest longer
after each compaction). What decides which
ranges qualify and how a compaction runs (tables, tombstone.ratio,
min.tombstones, max.compaction.entries, max.compaction.bytes,
max.overlap.ratio, memtable.flush, memtable.delete.ratio, backoff.fraction,
bottommost.forced, snapshot.tables.allowed) is read when OM starts.

Those keys are where a cluster's own shape shows: the ratios and bounds
that suit its tables are found by watching the service's metrics while
changing them, and a restart to try each value is, in an HA ring, a change
of leader each time. This change makes every key reconfigurable with
ozone admin reconfig, on each OM on its own, by an OM administrator. The
service already reads its settings once per look, copied from the
configuration (a reconfiguration of several keys never lands in the middle
of a look) and validated like the values read at start, so a new value
applies at the next look; nothing else changes.

Compatibility: OM's set of reconfigurable keys grows by eleven;
TestOmReconfiguration reads the group's reconfigurableProperties.

Test plan: TestRangeCompactionService, every key of the group is
reconfigurable (a key added without it fails); the keys reconfigured on a
running OM, and a bad value refused there, in
TestRangeCompactionReconfiguration ({jira:range-compaction-ha}).
