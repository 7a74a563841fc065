"""The bulk-expire scenario: a bulk delete, then quiet, then the first readers of what it left.

Production's tombstones often come from a bulk delete followed by quiet: lifecycle expiry, a prefix removed, a
directory tree deleted. Nothing writes afterwards, so RocksDB flushes and compacts nothing on its own, and the first
reader crosses every tombstone. On each arm's fresh cluster, with --ops N:

1. setup: the volume and the OBJECT_STORE bucket (ozone sh);
2. create-obs: freon ockg writes 3N/10 zero-size keys <prefix>/0, <prefix>/1, ... (freon's names, not zero-padded,
   so they sort as text: of the deleted keys about nine in ten lie before the first live key, the rest among and
   after the live ones);
3. create-fso: omkeybench writes N/20 zero-size files in a FILE_SYSTEM_OPTIMIZED bucket, 100 per directory, in
   <parent>/<tree>/dir-<d>/;
4. delete-obs: freon ockr deletes the oldest five in six keys, <prefix>/0 on;
5. delete-fso: ozone fs -rm -r -skipTrash deletes <parent>/<tree> recursively (one request; OM's directory
   deleting service then purges its directories and files);
6. quiet: --quiet-seconds with no client;
7. readers, each between two refreshes of OM's /prom: omkeybench lists 1,000 keys of the bucket from its start
   (listKeys), then of <parent> from its start (listStatus): the listing's latency at OM (om_client_protocol_time,
   whole milliseconds; the client's, a fresh JVM's first call, is recorded beside it), and the iterator skips OM
   counted meanwhile (rocksdb_om_db_number_iter_skip);
Between 6 and 7, the tombstones each table holds: a copy of OM's DB as it is (scripts/cluster checkpoint --om om:
OM paused for the fraction of a second the copy takes, its memtables in the copied WAL) read with ozone debug
range-stats --heads. OM's own /prom counts the tombstones in SSTs only, and with OM's 128 MB memtables a bulk delete
of this size never leaves them: /prom's count at the end of the quiet period is recorded beside it. (OM's checkpoint
servlet would flush the memtables, and so change what the readers cross.)

The harness samples OM's /prom from the first phase to the end of the readers.

A Plan is what one such scenario runs and reads: this module's OBS_FSO (bulk-expire, above) and s3expiry's
S3_EXPIRY (the same bulk delete, quiet period and first listing, by an S3 client). Load runs any plan alike: its
phases, the quiet period, the copy of OM's DB, and each reader between two refreshes of /prom.
"""

import json
import time

from harness import freon, omdb, prom, scrape
from . import summary, verdict

VOLUME = 'vol1'
OBS_BUCKET = 'obs'
OBS_PREFIX = 'expire'
FSO_BUCKET = 'fso'
FSO_PARENT = 'parent'
FSO_TREE = f'{FSO_PARENT}/tree'
FILES_PER_DIR = 100
LIST_BATCH = 1000
# Tables the range compaction service compacts by default (ozone.om.range.compaction.service.tables).
SERVICE_TABLES = ('keyTable', 'openKeyTable', 'deletedTable', 'fileTable', 'openFileTable', 'directoryTable',
                  'deletedDirectoryTable')
ITER_SKIP = 'rocksdb_om_db_number_iter_skip'
DB_SEEK = 'rocksdb_om_db_number_db_seek'
# OM's count and total time (whole milliseconds) of the requests it served, per request type: a listing's latency at
# OM, without the client's (a fresh JVM's first call of its kind).
REQUESTS = 'om_client_protocol_counter'
REQUEST_MS = 'om_client_protocol_time'
LIST_REQUESTS = ('ListKeys', 'ListKeysLight', 'ListStatus', 'ListStatusLight')
TOMBSTONES = 'om_range_stats_estimated_tombstones'
# Where the targets are set: the arm against `off` (ratio at most), and compaction bytes against `full`.
TARGET_TOMBSTONES = 0.1
TARGET_SKIPS = 0.1
TARGET_LATENCY = 0.2


class Phase:
    """One client command: `program` (its command, e.g. [bin/ozone], and the name a page shows for it) and `args`;
    `ops` its operations of the load (for progress; none for a reader), `summary_json` the reader's summary in
    omkeybench's shape."""

    def __init__(self, name, program, args, what, ops=0, summary_json=None):
        self.name = name
        self.program = program
        self.cmd = list(program[0]) + [str(a) for a in args]
        self.args = args
        self.what = what
        self.ops = ops
        self.summary_json = summary_json

    def shown(self):
        """The command line as the report shows it: the program by its name, output files as their names."""
        return ' '.join([self.program[1]] + [a.rsplit('/', 1)[-1] if a.startswith('/') and a.endswith('.json') else a
                                             for a in map(str, self.args)])


class Plan:
    """What one scenario of a bulk delete, quiet and first readers runs and reads (subclasses fill it in)."""
    # True: the clusters run an S3 gateway (scripts/cluster start --s3g).
    s3g = False
    # (reader name, what it lists) of readers(), in order: the rows and targets of its page.
    readers_about = ()
    # The questions of the scenario's verdict, lower is better for each.
    key_metrics = ()

    def counts(self, ops):
        """What --ops N makes: the objects it creates and deletes."""
        raise NotImplementedError

    def client_ops(self, c):
        """Client operations of the load (creates and deletes), for progress and the services' interval."""
        raise NotImplementedError

    def describe(self, ops, quiet_s):
        """One sentence of the page's setup: what --ops made and the quiet period."""
        raise NotImplementedError

    def phases(self, load):
        """The load's commands, in order."""
        raise NotImplementedError

    def readers(self, load):
        """The first readers after the quiet period."""
        raise NotImplementedError

    def target_checks(self):
        """(label, record path, at most this fraction of off's) of each target against off."""
        raise NotImplementedError


def expected_seconds(plan, ops, ops_per_s, quiet_s):
    """The length of an arm, load and quiet period, at `ops_per_s` client operations per second."""
    return plan.client_ops(plan.counts(ops)) / ops_per_s + quiet_s


def reader_metrics(reader, what):
    """A reader's questions of the verdict: its iterator skips and its latency at OM."""
    return [verdict.KeyMetric(f'{what}, iterator skips', f'bulkExpire.readers.{reader}.iterSkips', ''),
            verdict.KeyMetric(f'{what}, latency', f'bulkExpire.readers.{reader}.latencyMs', 'ms')]


# Every plan's questions besides its readers'.
LEFT_METRICS = [
    verdict.KeyMetric("tombstones left in the service's tables", 'bulkExpire.tombstonesServiceTables', ''),
    verdict.KeyMetric('compaction write bytes', 'bulkExpire.compactWriteMB', 'MB'),
]


class ObsFsoPlan(Plan):
    """bulk-expire: freon and the ozone shell on an OBJECT_STORE bucket and a FILE_SYSTEM_OPTIMIZED tree (above)."""
    readers_about = (('list-obs', 'first listing of the bucket'), ('list-fso', 'listing of the parent directory'))
    key_metrics = [m for reader in readers_about for m in reader_metrics(*reader)] + LEFT_METRICS

    def counts(self, ops):
        """3N/10 keys (60,000 at the default 200,000), the oldest five in six deleted, N/20 files in directories of
        100."""
        keys = max(6, round(ops * 3 / 10))
        files = max(FILES_PER_DIR, ops // 20)
        return {'keys': keys, 'deleted': keys * 5 // 6, 'files': files, 'filesPerDir': FILES_PER_DIR,
                'directories': -(-files // FILES_PER_DIR)}

    def client_ops(self, c):
        return c['keys'] + c['deleted'] + c['files']

    def describe(self, ops, quiet_s):
        c = self.counts(ops)
        return (f"`bulk-expire` has no omkeybench mix: with {ops:,} operations it creates {c['keys']:,} keys, deletes "
                f"the oldest {c['deleted']:,}, creates and deletes a tree of {c['files']:,} files, then leaves OM "
                f'without a client for {quiet_s} s (its section lists the commands).')

    def target_checks(self):
        checks = [(f'tombstones left, {t}', f'bulkExpire.tombstones.{t}', TARGET_TOMBSTONES) for t in SERVICE_TABLES]
        for reader, what in self.readers_about:
            checks += [(f'{what}, iterator skips', f'bulkExpire.readers.{reader}.iterSkips', TARGET_SKIPS),
                       (f'{what}, latency', f'bulkExpire.readers.{reader}.latencyMs', TARGET_LATENCY)]
        return checks

    def phases(self, load):
        c, t, ozone = load.counts, load.threads, ([load.ozone], 'ozone')
        ofs = f'ofs://{load.cluster.om_rpc}/{VOLUME}/{FSO_BUCKET}/{FSO_TREE}'
        # A preloaded OM holds the volume already (preload.VOLUME).
        setup = [] if load.volume_exists else [
            Phase('setup-volume', ozone, ['sh', 'volume', 'create', f'/{VOLUME}'], 'ozone sh volume create')]
        return setup + [
            Phase('setup-bucket', ozone, ['sh', 'bucket', 'create', '--layout', 'OBJECT_STORE',
                                          f'/{VOLUME}/{OBS_BUCKET}'], 'ozone sh bucket create'),
            Phase('create-obs', ozone, ['freon', 'ockg', '-n', c['keys'], '-t', t, '-s', '0', '-v', VOLUME, '-b',
                                        OBS_BUCKET, '-p', OBS_PREFIX], 'freon ockg', c['keys']),
            Phase('create-fso', ozone, ['freon', 'omkeybench', '-n', c['files'], '-t', t, '--seed', load.seed, '-v',
                                        VOLUME, '-b', FSO_BUCKET, '--layout', 'FILE_SYSTEM_OPTIMIZED', '-p', FSO_TREE,
                                        '--files-per-dir', FILES_PER_DIR, '--weights', 'create:1',
                                        '--max-live-keys', c['files'], '--size', '0', '--summary-json',
                                        load.freon_json('create-fso')], 'freon omkeybench', c['files'],
                  load.freon_json('create-fso')),
            Phase('delete-obs', ozone, ['freon', 'ockr', '-n', c['deleted'], '-t', t, '-v', VOLUME, '-b', OBS_BUCKET,
                                        '-p', OBS_PREFIX], 'freon ockr', c['deleted']),
            Phase('delete-fso', ozone, ['fs', '-rm', '-r', '-skipTrash', ofs], 'ozone fs -rm'),
        ]

    def readers(self, load):
        """The first listings after the quiet period: of the bucket, and of the deleted tree's parent directory."""
        ozone = ([load.ozone], 'ozone')
        common = ['freon', 'omkeybench', '-n', '1', '-t', '1', '--seed', load.seed, '-v', VOLUME, '--weights',
                  'list:1', '--list-start', 'first', '--batch-size', LIST_BATCH]
        return [
            Phase('list-obs', ozone, [*common, '-b', OBS_BUCKET, '--summary-json', load.freon_json('list-obs')],
                  'freon omkeybench', 0, load.freon_json('list-obs')),
            Phase('list-fso', ozone, [*common, '-b', FSO_BUCKET, '--layout', 'FILE_SYSTEM_OPTIMIZED', '-p',
                                      FSO_PARENT, '--summary-json', load.freon_json('list-fso')],
                  'freon omkeybench', 0, load.freon_json('list-fso')),
        ]


class Load:
    """One arm's bulk delete, quiet period and readers of a plan on a started cluster; run() returns the arm's
    record. Like a FreonRun for the runner: `ops_done` and `terminate()`."""

    def __init__(self, plan, ozone, cluster, env, ops, threads, seed, quiet_s, out, run_id, say, volume_exists=False):
        self.plan = plan
        self.volume_exists = volume_exists
        self.ozone = str(ozone)
        self.cluster = cluster
        self.env = env
        self.counts = plan.counts(ops)
        self.threads = threads
        self.seed = seed
        self.quiet_s = quiet_s
        self.out = out
        self.run_id = run_id
        self.say = say
        self.current = None
        self.finished_ops = 0
        self.log = out / 'logs' / f'{run_id}.load.log'

    @property
    def total_ops(self):
        return self.plan.client_ops(self.counts)

    @property
    def ops_done(self):
        return self.finished_ops + (self.current.ops_done if self.current else 0)

    def terminate(self):
        if self.current:
            self.current.terminate()

    def freon_json(self, name):
        """Where a phase of this arm writes its summary."""
        return self.out / 'freon' / f'{self.run_id}.{name}.json'

    def _run(self, phase):
        """Runs one command to its end; a non-zero exit raises FreonError."""
        began = time.monotonic()
        self.current = freon.FreonRun(phase.cmd, self.env, self.out / 'logs' / f'{self.run_id}.{phase.name}.log',
                                      phase.what)
        self.current.start()
        self.current.wait()
        self.current = None
        self.finished_ops += phase.ops
        return round(time.monotonic() - began, 2)

    def run(self):
        record = {'counts': self.counts, 'quietSeconds': self.quiet_s, 'phases': [], 'readers': {}}
        prom_url = self.cluster.prom_url
        for phase in self.plan.phases(self):
            self.say(f'{phase.name}: {phase.shown()}')
            seconds = self._run(phase)
            record['phases'].append({'name': phase.name, 'command': phase.shown(), 'ops': phase.ops,
                                     'seconds': seconds})
        record['loadSeconds'] = round(sum(p['seconds'] for p in record['phases']), 1)
        self.say(f'quiet period: {self.quiet_s} s with no client')
        at_start = scrape.fetch(prom_url)
        record['quietStart'] = time.time()
        time.sleep(self.quiet_s)
        record['quietEnd'] = time.time()
        self.say("the tombstones left: a copy of OM's DB")
        heads = omdb.checkpoint_heads(self.cluster, self.ozone, self.env, self.cluster.work_dir / 'om-db-copy',
                                      self.log, om='om')
        record['tombstones'] = omdb.tombstones(heads)
        record['tombstonesServiceTables'] = sum(record['tombstones'].get(t, 0) for t in SERVICE_TABLES)
        record['headSkips'] = omdb.head_skips(heads)
        samples, _ = scrape.after_refresh(prom_url)
        record['sstTombstonesAtQuietEnd'] = {t: prom.lookup(samples, TOMBSTONES, table=t) for t in SERVICE_TABLES}
        record['sstTombstonesAtQuietEndServiceTables'] = sum(v or 0 for v in record['sstTombstonesAtQuietEnd'].values())
        record['quietIterSkips'] = _delta(at_start, samples, ITER_SKIP)
        for phase in self.plan.readers(self):
            self.say(f'{phase.name}: {phase.shown()}')
            before, refreshed_before = scrape.after_refresh(prom_url)
            began = time.monotonic()
            self._run(phase)
            after, refreshed_after = scrape.after_refresh(prom_url)
            listing = json.loads(phase.summary_json.read_text())
            requests = sum(_delta(before, after, REQUESTS, type=t) or 0 for t in LIST_REQUESTS)
            request_ms = sum(_delta(before, after, REQUEST_MS, type=t) or 0 for t in LIST_REQUESTS)
            record['readers'][phase.name] = {
                'command': phase.shown(), 'latencyMs': request_ms / requests if requests else None,
                'listRequests': requests, 'clientLatencyMs': listing['operations']['LIST']['latencyMs']['max'],
                'listed': listing['listed'], 'iterSkips': _delta(before, after, ITER_SKIP),
                'seeks': _delta(before, after, DB_SEEK), 'windowSeconds': round(time.monotonic() - began, 1),
                'windowBoundedByRefreshes': refreshed_before and refreshed_after}
        record['readersEnd'] = time.time()
        return record


def _delta(before, after, name, **labels):
    first, last = prom.lookup(before, name, **labels), prom.lookup(after, name, **labels)
    return last - first if first is not None and last is not None else None


def summarise(record, rows):
    """What the /prom series says of the quiet period: compaction bytes written in it and up to the readers' end,
    and when the range service last did something, in seconds after the quiet period began (None if it never
    did, or is off)."""
    start, end = record['quietStart'], record['quietEnd']
    quiet = [r for r in rows if start <= r['unix_time'] <= end]
    work_end = None
    previous = None
    for row in rows:
        work = (row.get('range_compactions'), row.get('range_memtable_flushes'))
        if None in work:
            continue
        if previous is not None and work != previous:
            work_end = round(row['unix_time'] - start, 1)
        previous = work
    compact = summary.delta(rows, 'compact_write_bytes')
    compact_quiet = summary.delta(quiet, 'compact_write_bytes')
    return {'serviceWorkEndS': work_end,
            'compactWriteMB': compact / 1e6 if compact is not None else None,
            'compactWriteMBQuiet': compact_quiet / 1e6 if compact_quiet is not None else None}


def targets(plan, by_arm, arm, baseline='off', reference='full'):
    """The targets of `arm`, each (label, value, bound, met): the plan's against off (for bulk-expire: tombstones left
    in every table the service compacts at most TARGET_TOMBSTONES of off's; the first listings' skips at most
    TARGET_SKIPS of off's and latency at most TARGET_LATENCY); compaction bytes at most full's. Medians over
    repeats; targets without both values are left out."""
    def median(runs, path):
        agg = summary.aggregate(runs, path)
        return agg[0] if agg else None

    rows = []
    mine, base = by_arm.get(arm, []), by_arm.get(baseline, [])
    for label, path, fraction in plan.target_checks():
        value, off = median(mine, path), median(base, path)
        if value is not None and off is not None:
            bound = fraction * off
            rows.append((f'{label} <= {fraction:g}x {baseline}', value, bound, value <= bound))
    if reference in by_arm and arm != reference:
        value, full = median(mine, 'bulkExpire.compactWriteMB'), median(by_arm[reference], 'bulkExpire.compactWriteMB')
        if value is not None and full is not None:
            rows.append((f'compaction write (MB) <= {reference}', value, full, value <= full))
    return rows


OBS_FSO = ObsFsoPlan()
