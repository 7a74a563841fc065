# Range compaction, rule: a follower paces the tables its own readers scan (master's follower read). Amends only: no
# class of its own.
name: range-compaction-follower-read
subject: HDDS-XXXXX. Range compaction: a follower that serves reads paces the tables they scan
amends: dev-support/upstream/amends/range-compaction-follower-read.diff

{jira:range-compaction-reader-pacing} paces the leader's service by the
readers it sees scan each table, and lets a follower look at every table:
a follower serves no reader, and its tables are read by whoever leads after
it, at a time nobody knows. With follower read (ozone.client.follower.read
on clients; a Ratis linearizable read or the local lease on OM) a follower
serves listings, and for the tables they scan that reason no longer holds.

This change makes the follower rule per table: a follower looks at every
table no reader scanned on it since it became a follower, and paces the
others as the leader paces its own. The service sees a follower's readers
as it sees the leader's, by the iterators opened on a table, so the rule
needs no follower-read setting, and where followers serve no reads every
table stays due, as before. Readers belong to a role: a leader's scanning
services stop when it follows, and a follower's readers go to the leader
when it leads, so a change of role forgets the scans seen; without that a
demoted leader would wait for its old key deleting service's next scan and
never clean for the next leader.

Compatibility: without follower reads, as {jira:range-compaction-reader-pacing}.

Test plan: TestRangeCompactionPolicy, a follower looks at every table no
reader scans there and paces those one scans; TestRangeCompactionService
on a real OM DB, an OM that leads and then follows: the leader's readers
are forgotten and the follower cleans, then a reader of its own scans a
table, which then waits for its next scan.
