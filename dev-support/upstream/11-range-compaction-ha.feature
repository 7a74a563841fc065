# Range compaction, part 5: the service on an OM HA ring, and switched and tuned at runtime.
name: range-compaction-ha
subject: HDDS-XXXXX. Range compaction service: tests on an OM HA ring and of runtime reconfiguration
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/{TestRangeCompactionHA,ChurnLoad,TestRangeCompactionReconfiguration}.java

{jira:range-compaction} runs the service on every OM of a ring (a follower
cleans for whenever it comes to lead) and makes every key reconfigurable at
runtime. These integration tests check both on MiniOzoneClusters.

Compatibility: tests only.

Test plan:
- TestRangeCompactionHA: three OMs in one Ratis group under a delete-heavy
  load that runs throughout (ChurnLoad): every OM compacts its own DB; a
  follower that fell behind the leader's purged log installs the leader's
  checkpoint and comes back with a new service on the new DB, its metrics
  registered once; leadership moves while the OMs compact; every OM ends
  with the key set the client's acknowledged creates and deletes leave.
- TestRangeCompactionReconfiguration: through OM's ReconfigurationHandler
  (what `ozone admin reconfig` calls), every key is reconfigurable, only an
  OM administrator may change one, a bad value is refused with its key
  named and the old one kept, and turning the service on starts compactions
  while turning it off starts none after.
