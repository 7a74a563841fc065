# Freon omkeybench, part 2: what the bucket of a run holds: keys with data, a fixed number of keys, a preloaded
# bucket's keys, directories.
name: omkeybench-bucket
subject: HDDS-XXXXX. Freon omkeybench: keys with data, a bucket held at a fixed size or preloaded, FSO directories
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/omkeybench/{TrackedKey,BenchDir,FsoDirectories}.java
files: hadoop-ozone/freon/src/main/java/org/apache/hadoop/ozone/freon/ContentGenerators.java
files: hadoop-ozone/freon/src/test/java/org/apache/hadoop/ozone/freon/omkeybench/LiveSetSamplingBench.java
amends: dev-support/upstream/amends/omkeybench-bucket.diff

{jira:omkeybench} runs a mix of empty keys on a bucket that only grows
beyond the live set. The tombstones that hurt in production come from
buckets of other shapes; this change gives the run four:
- --size and --buffer: keys with data, written by freon's ContentGenerator
  (ContentGenerators gives packages outside org.apache.hadoop.ozone.freon
  its package-private constructors).
- --untracked delete: a key created while the live set is full is deleted
  right away (timed as UNTRACKED_DELETE, part of its CREATE), so a run can
  hold a bucket at a fixed size for hours.
- --existing-keys N: the bucket already holds keys <prefix>/<sequence> 0
  to N-1 (preloaded once for many runs); the oldest --max-live-keys of them
  are the first live keys, and creates continue at N. A count that does
  not match the bucket is refused before any operation.
- --files-per-dir N (FILE_SYSTEM_OPTIMIZED): N consecutive keys in each
  directory <prefix>/dir-<d>, listings of the directory that holds them,
  and the deletedir operation, which deletes a whole directory
  recursively. TrackedKey remembers a key's directory, BenchDir and
  FsoDirectories lock a directory against its deletion while one of its
  keys is created or deleted.

Compatibility: new options of omkeybench, off by default (--size 0).

Test plan: TestOmKeyBenchMiniCluster: with --untracked delete the bucket
stays within the bound and holds exactly the tracked keys; a second run
with --existing-keys deletes the first run's oldest keys first and creates
after them, and a wrong count is refused; directories in an FSO bucket,
with deletedir. TestOmKeyBenchSettings and TestOmKeyBenchBadInput: the new
options' bad values. LiveSetSamplingBench (test scope, a plain main) prints
the cost of picking keys as the live set grows to millions, beside a pick
that copies the set.
