"""Workloads (scenarios) and OM configurations (arms) of the A/B benchmark."""

from dataclasses import dataclass

# Every arm exports RocksDB statistics the same way, so that the statistics' own cost is in every arm.
STATISTICS_CONF = ['ozone.metastore.rocksdb.statistics=ALL']
# OM's memtable size per column family (default 128MB); --write-buffer sets it in every arm.
WRITE_BUFFER_KEY = 'ozone.metastore.rocksdb.cf.write.buffer.size'
OM_WRITE_BUFFER_BYTES = 128 << 20
# The range service's defaults that count deletes: how many tombstones make a range worth compacting
# (min.tombstones) and how many deletes a memtable worth flushing (memtable.min.deletes). They are sized against
# OM's 128 MB memtables, so with smaller memtables the range arm scales them down by the same factor, to no less
# than MIN_SCALED_ENTRIES. How large a range may grow before it is cut (ozone.om.range.stats.max.range.entries)
# stays: cut finer, a bucket's dense head becomes more ranges than ranges.per.run compacts in a run.
RANGE_ENTRY_COUNTS = {'ozone.om.range.compaction.service.min.tombstones': 10000,
                      'ozone.om.range.compaction.service.memtable.min.deletes': 10000}
MIN_SCALED_ENTRIES = 100
SIZE_UNITS = {'KB': 1 << 10, 'MB': 1 << 20, 'GB': 1 << 30}

# Seed 000 ran upstream's periodic full compaction every hour in a 15-hour run: an interval of 1/15 of the run.
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


SEED_MIX = ('--weights', 'create:20,delete:8,list:1', '--max-live-keys', '25000')

SCENARIOS = {
    s.name: s for s in [
        Scenario('seed', "seed 000's mix: zero-size keys, random deletes, lists after a random live key",
                 SEED_MIX + ('--size', '0', '--delete-order', 'random', '--list-start', 'random')),
        Scenario('retention', 'lifecycle expiry: time-ordered keys, the oldest deleted, lists from the bucket start',
                 SEED_MIX + ('--size', '0', '--delete-order', 'oldest', '--list-start', 'first')),
        Scenario('data-keys', 'keys with a 1 KB payload: deletes go through deletedTable and the key deleting service',
                 SEED_MIX + ('--size', '1KB', '--delete-order', 'random', '--list-start', 'random'),
                 om_conf=(f'ozone.block.deleting.service.interval={DELETING_SERVICE_INTERVAL}',),
                 assumed_ops_per_s=150),
        Scenario('fso', 'FILE_SYSTEM_OPTIMIZED bucket: directories of 10 files created, files and whole directories '
                 'deleted', ('--weights', 'create:20,delete:4,deletedir:1,list:1', '--max-live-keys', '25000',
                             '--size', '0', '--layout', 'FILE_SYSTEM_OPTIMIZED', '--files-per-dir', '10'),
                 om_conf=(f'ozone.directory.deleting.service.interval={DELETING_SERVICE_INTERVAL}',),
                 assumed_ops_per_s=400),
    ]
}

ARMS = {
    'off': 'no targeted compaction: RocksDB automatic compaction only',
    'range': 'our range compaction service (ozone.om.range.compaction.service.enabled=true)',
    'full': "upstream's periodic full compaction (ozone.om.compaction.service.enabled=true)",
}


def service_interval_s(run_seconds):
    """The compaction services' interval for a run of this length: seed 000's ratio, at least MIN_INTERVAL_S."""
    return max(MIN_INTERVAL_S, round(run_seconds * FULL_INTERVAL_FRACTION))


def size_bytes(text):
    """Bytes of a size like 2MB (KB, MB or GB, binary as in Ozone's configuration)."""
    return int(text[:-2]) * SIZE_UNITS[text[-2:]]


def arm_conf(arm, interval_s, write_buffer=None):
    """OM configuration of an arm (besides the scenario's, the statistics and the memtable size `write_buffer`)."""
    if arm == 'off':
        return ['ozone.om.range.compaction.service.enabled=false', 'ozone.om.compaction.service.enabled=false']
    if arm == 'range':
        # The service's defaults are sized for long runs: a 60 s interval and a 10 min cool-down per range
        # would let it act once or never in a run of minutes. The interval follows the run length; the cool-down
        # is half of it, so that a range compacted in one run may be compacted again in the next.
        conf = ['ozone.om.range.compaction.service.enabled=true',
                f'ozone.om.range.compaction.service.interval={interval_s}s',
                f'ozone.om.range.compaction.service.range.cooldown={interval_s * 1000 // 2}ms',
                'ozone.om.compaction.service.enabled=false']
        scale = size_bytes(write_buffer) / OM_WRITE_BUFFER_BYTES if write_buffer else 1
        if scale < 1:
            conf += [f'{key}={max(MIN_SCALED_ENTRIES, round(default * scale))}'
                     for key, default in RANGE_ENTRY_COUNTS.items()]
        return conf
    if arm == 'full':
        return ['ozone.om.range.compaction.service.enabled=false',
                'ozone.om.compaction.service.enabled=true',
                f'ozone.om.compaction.service.run.interval={interval_s}s']
    raise ValueError(f'unknown arm {arm!r}')
