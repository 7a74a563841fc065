# Range statistics, part 5: `ozone debug range-stats` for an OM DB on disk.
name: range-stats-debug
subject: HDDS-XXXXX. ozone debug range-stats: the tombstone-dense key ranges of an OM DB on disk
files: hadoop-ozone/cli-debug/src/**

An operator whose listings or key deletion got slow wants to see whether
tombstones are the cause, and where, without a running OM: on a copy of the
DB or a checkpoint of it. The ranges {jira:range-stats} keeps in OM are
computed here for a DB on disk, with the same partitioner
({jira:range-model}).

`ozone debug range-stats --db DIR [--table T] [--top N] [--json]` shows the
ranges of each table, densest first. The DB is opened read-only, without
writing anything to its directory (RocksDB's log goes to the tool's logger,
through ManagedLogger). With --heads it prints, per table, the tombstones in
SSTs and memtables and the internal entries a reader of the table's head
steps over (RocksDB's NUMBER_ITER_SKIP for one seek and one next); --seek
TABLE=KEY adds such a read from KEY.

Compatibility: a new subcommand of ozone debug; nothing else changes.

Test plan: TestRangeStatsSubcommand runs the command on OM DBs the test
writes: ranges densest first, JSON, head reads and seeks, tombstones still
in memtables; and on paths that are not an OM DB and bad options, each
refused with one line naming the problem.
