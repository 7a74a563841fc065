# Freon omkeybench, part 4: an open loop. StepSchedule and its test, and amends to the command, its operations, its
# settings and its summary (parts 1-3).
name: omkeybench-open-loop
subject: HDDS-XXXXX. Freon omkeybench: open loop at a given rate, latency from when each operation was due
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/omkeybench/StepSchedule.java
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/TestStepSchedule.java
amends: dev-support/upstream/amends/omkeybench-open-loop.diff

{jira:omkeybench} runs a closed loop: each thread sends its next operation
when OM answered the last. A closed loop slows its own arrivals while OM
holds a reply back, so the waiting never shows in its latencies
(coordinated omission), and at saturation any background work of OM is CPU
taken from the clients. Production OMs serve open-loop clients at moderate
utilization; a cost to clients has to be measured there.

This change adds --rate R: step i is due at the run's start plus i / R,
whatever OM's replies, and each operation's latency counts from when it was
due (StepSchedule), so that a reply OM holds back shows in every operation
queued behind it; -t bounds the operations in flight. --warmup S: the steps
due in the first S seconds run but are left out of the latencies and the
latency files of {jira:omkeybench-outputs}. The summary's load object
records the offered and the achieved rate (the counted steps from the first
one's due time to the last one's start) and whether the run carried the
offered load within 1%; the run's last log line says the load, a warning
when it did not. Closed loop stays the default.

Compatibility: new options of omkeybench, off by default; the summary gains
a field.

Test plan: TestStepSchedule, the schedule on a fake clock (intended starts,
a stalled reply in the latency of every step queued behind it, warm-up, a
schedule that falls behind, a warm-up backlog worked off);
TestOmKeyBenchSettings, the options parsed and refused;
TestOmKeyBenchMiniCluster, an open loop reports its offered and achieved
rate, and a rate one thread cannot carry as not met.
