"""The OM metrics the harness records: one CSV column each, with the /prom sample it comes from.

RocksDB's histograms (seek, get, compaction and flush time) are cumulative since OM started, in microseconds:
the value at a sample is the distribution over the whole run so far, not over the last interval. Tickers
(counters) are cumulative too; charts and the summary take their differences.
"""

from dataclasses import dataclass, field

from . import prom

COUNTER = 'counter'
GAUGE = 'gauge'


@dataclass(frozen=True)
class Column:
    name: str  # CSV column
    metric: str  # /prom sample name
    kind: str  # COUNTER or GAUGE
    unit: str
    labels: dict = field(default_factory=dict)


def _db(name, metric, kind, unit):
    return Column(name, 'rocksdb_om_db_' + metric, kind, unit)


def _range_stats(table):
    return Column(f'range_stats_tombstones_{table}', 'om_range_stats_estimated_tombstones', GAUGE, 'entries',
                  {'table': table})


def _range_compaction(name, metric, kind=COUNTER, unit='count'):
    return Column(name, 'om_range_compaction_' + metric, kind, unit)


COLUMNS = [
    _db('bytes_read', 'bytes_read', COUNTER, 'bytes'),
    _db('bytes_written', 'bytes_written', COUNTER, 'bytes'),
    _db('keys_read', 'number_keys_read', COUNTER, 'keys'),
    _db('keys_written', 'number_keys_written', COUNTER, 'keys'),
    _db('seeks', 'number_db_seek', COUNTER, 'calls'),
    _db('nexts', 'number_db_next', COUNTER, 'calls'),
    # RocksDB's NUMBER_ITER_SKIP: internal entries (tombstones, shadowed puts) iterators stepped over.
    _db('iter_skips', 'number_iter_skip', COUNTER, 'entries'),
    _db('compact_read_bytes', 'compact_read_bytes', COUNTER, 'bytes'),
    _db('compact_write_bytes', 'compact_write_bytes', COUNTER, 'bytes'),
    _db('flush_write_bytes', 'flush_write_bytes', COUNTER, 'bytes'),
    _db('stall_micros', 'stall_micros', COUNTER, 'us'),
    _db('seek_avg_us', 'db_seek_average', GAUGE, 'us'),
    _db('seek_median_us', 'db_seek_median', GAUGE, 'us'),
    _db('seek_p95_us', 'db_seek_percentile95', GAUGE, 'us'),
    _db('seek_p99_us', 'db_seek_percentile99', GAUGE, 'us'),
    _db('seek_max_us', 'db_seek_max', GAUGE, 'us'),
    _db('get_avg_us', 'db_get_average', GAUGE, 'us'),
    _db('get_median_us', 'db_get_median', GAUGE, 'us'),
    _db('get_p95_us', 'db_get_percentile95', GAUGE, 'us'),
    _db('get_p99_us', 'db_get_percentile99', GAUGE, 'us'),
    _db('compaction_time_avg_us', 'compaction_time_average', GAUGE, 'us'),
    _db('flush_time_avg_us', 'flush_time_average', GAUGE, 'us'),
    _db('flush_time_median_us', 'flush_time_median', GAUGE, 'us'),
    _db('live_sst_bytes', 'live_sst_files_size', GAUGE, 'bytes'),
    _db('pending_compaction_bytes', 'estimate_pending_compaction_bytes', GAUGE, 'bytes'),
    _db('keytable_keys', 'keytable_estimate_num_keys', GAUGE, 'keys'),
    _db('openkeytable_keys', 'openkeytable_estimate_num_keys', GAUGE, 'keys'),
    _db('deletedtable_keys', 'deletedtable_estimate_num_keys', GAUGE, 'keys'),
    _db('filetable_keys', 'filetable_estimate_num_keys', GAUGE, 'keys'),
    _db('directorytable_keys', 'directorytable_estimate_num_keys', GAUGE, 'keys'),
    _db('deleteddirectorytable_keys', 'deleteddirectorytable_estimate_num_keys', GAUGE, 'keys'),
    _range_stats('keyTable'),
    _range_stats('openKeyTable'),
    _range_stats('deletedTable'),
    _range_stats('fileTable'),
    _range_stats('directoryTable'),
    _range_stats('deletedDirectoryTable'),
    # Present only while the range compaction service runs; empty cells in the other arms.
    _range_compaction('range_runs', 'runs'),
    _range_compaction('range_compactions', 'ranges_compacted'),
    _range_compaction('range_memtable_flushes', 'memtable_flushes'),
    # The service's own seeks, which RocksDB counts in the seek statistics beside the clients'.
    _range_compaction('range_head_probes', 'head_probes'),
    # The idle rule: looks at which OM was idle, and what the service did then (it must not fire under load).
    _range_compaction('range_idle_looks', 'idle_looks'),
    _range_compaction('range_idle_compactions', 'idle_ranges_compacted'),
    _range_compaction('range_skipped_write_pressure', 'skipped_write_pressure'),
    # Qualifying ranges passed over because the files a compaction would rewrite hold far more than the range.
    _range_compaction('range_skipped_overlap', 'skipped_overlap'),
    _range_compaction('range_skipped_unchanged_since_flush', 'skipped_unchanged_since_flush'),
    _range_compaction('range_skipped_foreground_latency', 'skipped_foreground_latency'),
    _range_compaction('range_bytes_read', 'bytes_read', unit='bytes'),
    _range_compaction('range_bytes_written', 'bytes_written', unit='bytes'),
    _range_compaction('range_tombstones_removed', 'tombstones_removed', unit='entries'),
]

# Leading CSV columns: when the sample was taken, and how far the client run was.
TIME_COLUMNS = ['unix_time', 'elapsed_s', 'ops_done']
# OM's process as the kernel sees it (/proc): CPU seconds used since it started (a counter), resident memory.
PROCESS_COLUMNS = ['om_cpu_seconds', 'om_rss_bytes']
CSV_COLUMNS = TIME_COLUMNS + PROCESS_COLUMNS + [c.name for c in COLUMNS]
BY_NAME = {c.name: c for c in COLUMNS}


def select(samples):
    """One CSV row's metric cells from parsed /prom samples: a float, or None when OM does not export it."""
    return {c.name: prom.lookup(samples, c.metric, **c.labels) for c in COLUMNS}
