"""Workloads (scenarios) and OM configurations (arms) of the A/B benchmark."""

import re
from dataclasses import dataclass
from pathlib import Path

from . import bulkexpire, s3expiry

# Every arm exports RocksDB statistics the same way, so that the statistics' own cost is in every arm.
STATISTICS_CONF = ['ozone.metastore.rocksdb.statistics=ALL']
# OM's memtable size per column family (default 128MB); --write-buffer sets it in every arm.
WRITE_BUFFER_KEY = 'ozone.metastore.rocksdb.cf.write.buffer.size'
OM_WRITE_BUFFER_BYTES = 128 << 20
# The range service's count of tombstones that makes a range or a memtable worth compacting (min.tombstones) is
# sized against OM's 128 MB memtables, so with smaller memtables the range and prototype arms scale it down by the
# same factor, to no less than MIN_SCALED_ENTRIES.
MIN_TOMBSTONES_KEY = 'ozone.om.range.compaction.service.min.tombstones'
MIN_SCALED_ENTRIES = 100
SIZE_UNITS = {'KB': 1 << 10, 'MB': 1 << 20, 'GB': 1 << 30}
# The memtables of --smoke, --large, interleave and ha-transfer. OM writes about 370 bytes per operation of the
# seed mix over all its tables, so 200,000 operations fit in OM's 128 MB memtables and no SST is ever written: a
# short run would measure memtables only. The prototype's reference run of 100M operations filled the memtables
# hundreds of times; 2 MB memtables make 100,000 operations flush every main table several times, so tombstones
# reach SSTs, L0 and compactions as in a long run.
SMOKE_WRITE_BUFFER = '2MB'

# The prototype's reference run had upstream's full compaction every hour in 15 hours: an interval of 1/15 of the run.
FULL_INTERVAL_FRACTION = 1 / 15
# Below this, a service would spend most of a short run compacting back to back, which no operator would
# configure; upstream's CompactionService also needs a few seconds per column family.
MIN_INTERVAL_S = 10
# Deleting services (key, directory) run this often in every arm of the scenarios that depend on them, so that
# their queues (deletedTable, deletedDirectoryTable) are drained and read from their head within a short run.
DELETING_SERVICE_INTERVAL = '10s'


@dataclass(frozen=True)
class Scenario:
    name: str
    about: str
    freon_args: tuple
    om_conf: tuple = ()
    # Client operations per second assumed before any arm of the scenario has run (to size intervals, ETA).
    assumed_ops_per_s: float = 600
    # Not one omkeybench run but a plan's phases, quiet period and readers (bulkexpire.py; freon_args unused).
    plan: bulkexpire.Plan = None
    # Runs in the preloaded cold bucket, its keys tracked oldest first (omkeybench --existing-keys): needs
    # --preload-keys.
    in_preloaded_bucket: bool = False
    # Runs only on a distribution newer than 2.2.1 (--dist for every arm), named here with what 2.2.1 lacks.
    needs_newer: str = ''

    @property
    def phased(self):
        return self.plan is not None

    @property
    def s3g(self):
        """Whether its clusters run an S3 gateway (its plan's client is an S3 user's)."""
        return self.phased and self.plan.s3g


DB_BENCH_RESOURCES = Path(__file__).resolve().parents[2] / 'hadoop-ozone/db-bench/src/main/resources'
WORKLOADS = DB_BENCH_RESOURCES / 'workloads.properties'


def shared_workload(name):
    """omkeybench's options of a scenario db-bench runs too, from the one catalogue both read."""
    text = WORKLOADS.read_text().replace('\\\n', ' ')
    for line in text.splitlines():
        if line.startswith(name + '='):
            return tuple(line.split('=', 1)[1].split())
    raise ValueError(f'{WORKLOADS} has no {name}')


SCENARIOS = {
    s.name: s for s in [
        Scenario('seed', 'the reference workload create:20,delete:8,list:1: zero-size keys, random deletes, lists '
                 'after a random live key', shared_workload('seed')),
        Scenario('retention', 'lifecycle expiry: time-ordered keys, the oldest deleted, lists from the bucket start',
                 shared_workload('retention')),
        Scenario('data-keys', 'keys with a 1 KB payload: deletes go through deletedTable and the key deleting service',
                 shared_workload('data-keys'),
                 om_conf=(f'ozone.block.deleting.service.interval={DELETING_SERVICE_INTERVAL}',),
                 assumed_ops_per_s=150),
        Scenario('fso', 'FILE_SYSTEM_OPTIMIZED bucket: directories of 10 files created, files and whole directories '
                 'deleted', ('--weights', 'create:20,delete:4,deletedir:1,list:1', '--max-live-keys', '25000',
                             '--size', '0', '--layout', 'FILE_SYSTEM_OPTIMIZED', '--files-per-dir', '10'),
                 om_conf=(f'ozone.directory.deleting.service.interval={DELETING_SERVICE_INTERVAL}',),
                 assumed_ops_per_s=400),
        # The worst case of the service's cost to clients (issue 43): a lifecycle expiry of a large bucket's oldest
        # keys at the highest delete rate the cluster holds, with listings from the bucket's start. The deleted keys
        # lie in the bottom files of the tree among millions of live keys, so a compaction of their range rewrites
        # those files. The service runs without the bounds that keep it from that work: no budget, no pause, and
        # `max.overlap.ratio` lifted (by default it passes over a range whose compaction would rewrite more than 40
        # times the range's bytes, as it does here). What clients see here bounds what they see under the defaults.
        # Tried and dropped: a small bucket of 5,000 live keys expired one per create (the service was busy 5% of
        # the load, each compaction a few tombstone files with nothing under them); creates at the large bucket's
        # tail (each memtable then spans the whole bucket, and RocksDB's own L0 compactions rewrote it, 1 GB in
        # 100 s, while the service waited for L0 to drain: the cost measured was RocksDB's); the overlap bound
        # kept (the service passed the head over, and RocksDB's compactions of its flushes did the rewriting).
        Scenario('busy', "the service's worst case: the oldest keys of the preloaded bucket expired at the highest "
                 'delete rate the cluster holds, lists from its start, the service without its budget, pauses and '
                 'overlap bound',
                 ('--weights', 'delete:20,list:1', '--max-live-keys', '1000000', '--size', '0',
                  '--delete-order', 'oldest', '--list-start', 'first'),
                 om_conf=('ozone.om.range.compaction.service.budget.ratio=0',
                          'ozone.om.range.compaction.service.pause.ratio=0',
                          'ozone.om.range.compaction.service.max.overlap.ratio=1000000'),
                 in_preloaded_bucket=True),
        # The deleting services run often, so that the deleted tree's rows are purged early in the quiet period.
        Scenario('bulk-expire', 'a bulk delete followed by quiet: zero-size keys of an OBJECT_STORE bucket created, '
                 'the oldest five in six deleted, a FILE_SYSTEM_OPTIMIZED directory tree created and deleted '
                 'recursively, then no client for --quiet-seconds, then the first listings', (),
                 om_conf=(f'ozone.directory.deleting.service.interval={DELETING_SERVICE_INTERVAL}',
                          f'ozone.block.deleting.service.interval={DELETING_SERVICE_INTERVAL}'),
                 assumed_ops_per_s=250, plan=bulkexpire.OBS_FSO),
        Scenario('s3-expiry', 'bulk-expire through the S3 gateway: boto3 creates zero-size objects, expires the '
                 'oldest nine in ten with DeleteObjects as a lifecycle job does, then no client for --quiet-seconds, '
                 'then the first ListObjectsV2 page', (),
                 om_conf=(f'ozone.block.deleting.service.interval={DELETING_SERVICE_INTERVAL}',),
                 assumed_ops_per_s=150, plan=s3expiry.S3_EXPIRY),
        # The lifecycle service looks every few seconds, so that it runs soon after its rule is put; the rule is
        # deleted once it has done its work (s3client.py lifecycle), so that the quiet period has no scan of it.
        Scenario('s3-lifecycle', "s3-expiry with Ozone's lifecycle service as the job: a rule expires the nine in "
                 'ten objects created under the first prefix, then no client for --quiet-seconds, then the first '
                 'ListObjectsV2 page', (),
                 om_conf=(f'ozone.block.deleting.service.interval={DELETING_SERVICE_INTERVAL}',
                          'ozone.lifecycle.service.enabled=true', 'ozone.lifecycle.service.interval=5s'),
                 assumed_ops_per_s=150, plan=s3expiry.S3_LIFECYCLE,
                 needs_newer="the lifecycle service (KeyLifecycleService, after 2.2.1)"),
    ]
}


def check_preload(names, preload_keys):
    """Refuses (one line, through SystemExit) a scenario of the preloaded bucket without preloaded keys."""
    for name in names:
        if SCENARIOS[name].in_preloaded_bucket and not preload_keys:
            raise SystemExit(f'ab-bench: scenario {name} expires the keys of the preloaded bucket: add '
                             '--preload-keys N (not with ha-transfer)')


def check_dists(names, arms, dists):
    """Refuses (one line, through SystemExit) a scenario that needs a newer Ozone on an arm of this build's."""
    bare = [arm for arm in arms if not {arm, base_arm(arm), '*'} & set(dists)]
    for name in names:
        needs = SCENARIOS[name].needs_newer
        if needs and bare:
            raise SystemExit(f'ab-bench: scenario {name} needs {needs}: run every arm from a newer distribution '
                             f'(--dist DIR, e.g. scripts/upstream-on-master --dists); arm {bare[0]} has none')


ARMS = {
    'off': 'no targeted compaction: RocksDB automatic compaction only',
    'range': 'our range compaction service (ozone.om.range.compaction.service.enabled=true)',
    'prototype': "the prototype's algorithm (apache/ozone#8178) as settings of our service, on the periodic schedule",
    'full': "upstream's periodic full compaction (ozone.om.compaction.service.enabled=true)",
}
# A variant of an arm, BASE@LABEL (range@no-repeat): the arm BASE, with the settings --om-conf gives BASE and then
# those it gives BASE@LABEL, run and reported as an arm of its own: two settings of one arm side by side in one run.
VARIANT = re.compile(r'([a-z]+)@([a-z0-9][a-z0-9-]*)')


def base_arm(arm):
    """The arm a variant (BASE@LABEL) varies, or the arm itself."""
    return arm.split('@', 1)[0]


def describe_arm(arm):
    """What an arm runs; a variant's settings are in the page's list of --om-conf."""
    base = base_arm(arm)
    return ARMS[base] if base == arm else f'{ARMS[base]}, with the settings of `--om-conf {arm}:...`'


def known_arm(arm):
    """Whether the name is an arm or a variant of one."""
    match = VARIANT.fullmatch(arm)
    return arm in ARMS or bool(match) and match.group(1) in ARMS


# The prototype's settings, shared with scripts/db-bench (one home: the db-bench module's resources).
PROTOTYPE_SETTINGS = DB_BENCH_RESOURCES / 'prototype-arm.properties'


def prototype_settings():
    """key=value lines of the prototype arm's settings, comments left out."""
    lines = PROTOTYPE_SETTINGS.read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith('#')]


def service_interval_s(run_seconds, fraction=FULL_INTERVAL_FRACTION):
    """The compaction services' interval for a run of this length: the reference run's ratio unless given, at least
    MIN_INTERVAL_S."""
    return max(MIN_INTERVAL_S, round(run_seconds * fraction))


def size_bytes(text):
    """Bytes of a size like 2MB (KB, MB or GB, binary as in Ozone's configuration)."""
    return int(text[:-2]) * SIZE_UNITS[text[-2:]]


def arm_conf(arm, interval_s, write_buffer=None):
    """OM configuration of an arm (besides the scenario's, the statistics and the memtable size `write_buffer`); a
    variant's is its base arm's."""
    arm = base_arm(arm)
    if arm == 'off':
        return ['ozone.om.range.compaction.service.enabled=false', 'ozone.om.compaction.service.enabled=false']
    if arm in ('range', 'prototype'):
        # Ours looks every second (its default) and acts on what RocksDB wrote; the prototype runs on the periodic
        # schedule of a run of this length, like upstream's full compaction.
        conf = ['ozone.om.range.compaction.service.enabled=true', 'ozone.om.compaction.service.enabled=false']
        min_tombstones = 10000
        if arm == 'prototype':
            settings = prototype_settings()
            conf += settings + [f'ozone.om.range.compaction.service.interval={interval_s}s']
            min_tombstones = int(dict(line.split('=', 1) for line in settings)[MIN_TOMBSTONES_KEY])
        scale = size_bytes(write_buffer) / OM_WRITE_BUFFER_BYTES if write_buffer else 1
        if scale < 1:
            conf.append(f'{MIN_TOMBSTONES_KEY}={max(MIN_SCALED_ENTRIES, round(min_tombstones * scale))}')
        return conf
    if arm == 'full':
        return ['ozone.om.range.compaction.service.enabled=false',
                'ozone.om.compaction.service.enabled=true',
                f'ozone.om.compaction.service.run.interval={interval_s}s']
    raise ValueError(f'unknown arm {arm!r}')
