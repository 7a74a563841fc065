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
"""

import json
import time

from . import freon, omdb, prom, scrape, summary, verdict

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
# The questions of the scenario's verdict, lower is better for each.
KEY_METRICS = [
    verdict.KeyMetric('first listing of the bucket, iterator skips', 'bulkExpire.readers.list-obs.iterSkips', ''),
    verdict.KeyMetric('first listing of the bucket, latency', 'bulkExpire.readers.list-obs.latencyMs', 'ms'),
    verdict.KeyMetric('listing of the parent directory, iterator skips', 'bulkExpire.readers.list-fso.iterSkips', ''),
    verdict.KeyMetric('listing of the parent directory, latency', 'bulkExpire.readers.list-fso.latencyMs', 'ms'),
    verdict.KeyMetric("tombstones left in the service's tables", 'bulkExpire.tombstonesServiceTables', ''),
    verdict.KeyMetric('compaction write bytes', 'bulkExpire.compactWriteMB', 'MB'),
]
# Where the targets are set: the arm against `off` (ratio at most), and compaction bytes against `full`.
TARGET_TOMBSTONES = 0.1
TARGET_SKIPS = 0.1
TARGET_LATENCY = 0.2


def counts(ops):
    """What --ops N makes: 3N/10 keys (60,000 at the default 200,000), the oldest five in six deleted, N/20 files in
    directories of 100."""
    keys = max(6, round(ops * 3 / 10))
    files = max(FILES_PER_DIR, ops // 20)
    return {'keys': keys, 'deleted': keys * 5 // 6, 'files': files, 'filesPerDir': FILES_PER_DIR,
            'directories': -(-files // FILES_PER_DIR)}


def client_ops(c):
    """Client operations of the load (creates and deletes), for progress and the services' interval."""
    return c['keys'] + c['deleted'] + c['files']


def expected_seconds(ops, ops_per_s, quiet_s):
    """The length of an arm, load and quiet period, at `ops_per_s` client operations per second."""
    return client_ops(counts(ops)) / ops_per_s + quiet_s


class Phase:
    """One client command; `ops` its operations of the load (for progress; none for a reader), `summary_json`
    omkeybench's summary."""

    def __init__(self, name, cmd, what, ops=0, summary_json=None):
        self.name = name
        self.cmd = cmd
        self.what = what
        self.ops = ops
        self.summary_json = summary_json

    def shown(self):
        """The command line as the report shows it: bin/ozone as `ozone`, output files as their names."""
        return ' '.join(['ozone'] + [a.rsplit('/', 1)[-1] if a.startswith('/') and a.endswith('.json') else a
                                     for a in map(str, self.cmd[1:])])


class Load:
    """One arm's bulk delete, quiet period and readers on a started cluster; run() returns the arm's record. Like a
    FreonRun for the runner: `ops_done` and `terminate()`."""

    def __init__(self, ozone, cluster, env, ops, threads, seed, quiet_s, out, run_id, say):
        self.ozone = str(ozone)
        self.cluster = cluster
        self.env = env
        self.counts = counts(ops)
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
        return client_ops(self.counts)

    @property
    def ops_done(self):
        return self.finished_ops + (self.current.ops_done if self.current else 0)

    def terminate(self):
        if self.current:
            self.current.terminate()

    def _freon_json(self, name):
        return self.out / 'freon' / f'{self.run_id}.{name}.json'

    def phases(self):
        """The load's commands, in order."""
        c, t = self.counts, str(self.threads)
        ofs = f'ofs://{self.cluster.om_rpc}/{VOLUME}/{FSO_BUCKET}/{FSO_TREE}'
        return [
            Phase('setup-volume', [self.ozone, 'sh', 'volume', 'create', f'/{VOLUME}'], 'ozone sh volume create'),
            Phase('setup-bucket', [self.ozone, 'sh', 'bucket', 'create', '--layout', 'OBJECT_STORE',
                                   f'/{VOLUME}/{OBS_BUCKET}'], 'ozone sh bucket create'),
            Phase('create-obs', [self.ozone, 'freon', 'ockg', '-n', str(c['keys']), '-t', t, '-s', '0', '-v', VOLUME,
                                 '-b', OBS_BUCKET, '-p', OBS_PREFIX], 'freon ockg', c['keys']),
            Phase('create-fso', [self.ozone, 'freon', 'omkeybench', '-n', str(c['files']), '-t', t, '--seed',
                                 str(self.seed), '-v', VOLUME, '-b', FSO_BUCKET, '--layout', 'FILE_SYSTEM_OPTIMIZED',
                                 '-p', FSO_TREE, '--files-per-dir', str(FILES_PER_DIR), '--weights', 'create:1',
                                 '--max-live-keys', str(c['files']), '--size', '0', '--summary-json',
                                 str(self._freon_json('create-fso'))], 'freon omkeybench', c['files'],
                  self._freon_json('create-fso')),
            Phase('delete-obs', [self.ozone, 'freon', 'ockr', '-n', str(c['deleted']), '-t', t, '-v', VOLUME, '-b',
                                 OBS_BUCKET, '-p', OBS_PREFIX], 'freon ockr', c['deleted']),
            Phase('delete-fso', [self.ozone, 'fs', '-rm', '-r', '-skipTrash', ofs], 'ozone fs -rm'),
        ]

    def readers(self):
        """The first listings after the quiet period: of the bucket, and of the deleted tree's parent directory."""
        common = ['-n', '1', '-t', '1', '--seed', str(self.seed), '-v', VOLUME, '--weights', 'list:1',
                  '--list-start', 'first', '--batch-size', str(LIST_BATCH)]
        return [
            Phase('list-obs', [self.ozone, 'freon', 'omkeybench', *common, '-b', OBS_BUCKET, '--summary-json',
                               str(self._freon_json('list-obs'))], 'freon omkeybench', 0,
                  self._freon_json('list-obs')),
            Phase('list-fso', [self.ozone, 'freon', 'omkeybench', *common, '-b', FSO_BUCKET, '--layout',
                               'FILE_SYSTEM_OPTIMIZED', '-p', FSO_PARENT, '--summary-json',
                               str(self._freon_json('list-fso'))], 'freon omkeybench', 0,
                  self._freon_json('list-fso')),
        ]

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
        for phase in self.phases():
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
        for phase in self.readers():
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


def targets(by_arm, arm, baseline='off', reference='full'):
    """The targets of `arm`, each (label, value, bound, met): tombstones left in every table the service compacts at
    most TARGET_TOMBSTONES of off's; the first listings' skips at most TARGET_SKIPS of off's and latency at most
    TARGET_LATENCY; compaction bytes at most full's. Medians over repeats; targets without both values are left
    out."""
    def median(runs, path):
        agg = summary.aggregate(runs, path)
        return agg[0] if agg else None

    rows = []
    mine, base = by_arm.get(arm, []), by_arm.get(baseline, [])
    checks = [(f'tombstones left, {t}', f'bulkExpire.tombstones.{t}', TARGET_TOMBSTONES) for t in SERVICE_TABLES]
    for reader, what in (('list-obs', 'first listing of the bucket'), ('list-fso', 'listing of the parent directory')):
        checks += [(f'{what}, iterator skips', f'bulkExpire.readers.{reader}.iterSkips', TARGET_SKIPS),
                   (f'{what}, latency', f'bulkExpire.readers.{reader}.latencyMs', TARGET_LATENCY)]
    for label, path, fraction in checks:
        value, off = median(mine, path), median(base, path)
        if value is not None and off is not None:
            bound = fraction * off
            rows.append((f'{label} <= {fraction:g}x {baseline}', value, bound, value <= bound))
    if reference in by_arm and arm != reference:
        value, full = median(mine, 'bulkExpire.compactWriteMB'), median(by_arm[reference], 'bulkExpire.compactWriteMB')
        if value is not None and full is not None:
            rows.append((f'compaction write (MB) <= {reference}', value, full, value <= full))
    return rows
