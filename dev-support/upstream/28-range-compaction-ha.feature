# Range compaction, part 5: the service in running OMs: one OM, and an OM HA ring.
name: range-compaction-ha
subject: HDDS-XXXXX. Range compaction service: tests in running OMs
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/{SingleOmClusterTests,RangeCompactionTestUtils}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/{TestRangeCompactionIdle,TestRangeCompactionMiniCluster,TestRangeCompactionReconfiguration}.java
files: hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/compaction/{TestRangeCompactionHA,ChurnLoad}.java

{jira:range-compaction} runs the service in OM, switched and tuned at
runtime, on every OM of a ring (a follower cleans for whenever it comes to
lead). These integration tests check it on MiniOzoneClusters.

Compatibility: tests only.

Test plan:
- SingleOmClusterTests: the tests that need a running OM, on one
  MiniOzoneCluster they share (as upstream's NonHATests), each turning the
  service on at runtime and off after:
  - TestRangeCompactionIdle: a bulk delete followed by quiet, as lifecycle
    expiry leaves it: no reader comes, and the idle service removes the
    tombstones all the same, checked in RocksDB's counts of deletes in
    each table's SSTs and memtables.
  - TestRangeCompactionMiniCluster: after a delete-heavy load through the
    client, a listing is the reader: the service flushes and compacts the
    bucket, and listings return exactly the live keys.
  - TestRangeCompactionReconfiguration: through OM's ReconfigurationHandler
    (what `ozone admin reconfig` calls), every key is reconfigurable, only
    an OM administrator may change one, a bad value is refused with its key
    named and the old one kept, and turning the service on starts
    compactions while turning it off starts none after.
- TestRangeCompactionHA: three OMs in one Ratis group under a delete-heavy
  load that runs throughout (ChurnLoad): every OM compacts its own DB; a
  follower that fell behind the leader's purged log installs the leader's
  checkpoint and comes back with a new service on the new DB, its metrics
  registered once; leadership moves while the OMs compact; every OM ends
  with the key set the client's acknowledged creates and deletes leave.
