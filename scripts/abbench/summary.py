"""Per-arm summary: the client's numbers (freon's --summary-json) and OM's over the run (the /prom series)."""

import csv
import statistics

OPERATIONS = ('CREATE', 'DELETE', 'LIST', 'DELETEDIR', 'UNTRACKED_DELETE')


def read_series(csv_path):
    """The CSV time series as a list of {column: float or None}."""
    with open(csv_path, newline='') as f:
        return [{k: (float(v) if v not in ('', None) else None) for k, v in row.items()} for row in csv.DictReader(f)]


def _values(rows, column):
    return [r[column] for r in rows if r.get(column) is not None]


def last(rows, column):
    values = _values(rows, column)
    return values[-1] if values else None


def delta(rows, column):
    """How much a counter grew over the series; None when OM never exported it (e.g. a service that is off)."""
    values = _values(rows, column)
    return values[-1] - values[0] if values else None


def percentile(values, fraction):
    """Linear interpolation between closest ranks; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def windowed_seek_avg_us(rows):
    """Average seek time within each sampling interval.

    RocksDB's seek histogram is cumulative, so its average at the end mixes early and late seeks. The seeks of
    one interval took (avg_i * n_i - avg_{i-1} * n_{i-1}) / (n_i - n_{i-1}) on average, n being the seek counter.
    This is how an arm is judged over the run rather than by a snapshot taken right after a compaction.
    """
    points = [(r['seek_avg_us'], r['seeks']) for r in rows
              if r.get('seek_avg_us') is not None and r.get('seeks') is not None]
    windows = []
    for (avg0, n0), (avg1, n1) in zip(points, points[1:]):
        if n1 > n0:
            windows.append(max(0.0, (avg1 * n1 - avg0 * n0) / (n1 - n0)))
    return windows


def _client(freon):
    operations = {}
    for name in OPERATIONS:
        op = freon.get('operations', {}).get(name)
        if op:
            latency = op.get('latencyMs', {})
            operations[name] = {'count': op.get('count'), 'opsPerSecond': op.get('opsPerSecond'),
                                **{k: latency.get(k) for k in ('mean', 'p50', 'p95', 'p99', 'max')}}
    return {'totalOps': freon.get('totalOps'), 'durationSeconds': freon.get('durationSeconds'),
            'opsPerSecond': freon.get('opsPerSecond'), 'failures': freon.get('failures'),
            'created': freon.get('created'), 'deleted': freon.get('deleted'), 'listed': freon.get('listed'),
            'operations': operations}


def _per(numerator, denominator):
    return numerator / denominator if numerator is not None and denominator else None


def _mb(value):
    return value / 1e6 if value is not None else None


def om_summary(rows, total_ops):
    """OM's numbers over one arm's series (the series covers the client run only)."""
    windows = windowed_seek_avg_us(rows)
    stall = delta(rows, 'stall_micros')
    return {
        'seekAvgUsRun': last(rows, 'seek_avg_us'),
        'seekP99UsRun': last(rows, 'seek_p99_us'),
        'seekMaxUsRun': last(rows, 'seek_max_us'),
        'seekAvgUsWindowP50': percentile(windows, 0.5),
        'seekAvgUsWindowP95': percentile(windows, 0.95),
        'seekAvgUsWindowMax': max(windows) if windows else None,
        'seekAvgUsWindowLast': windows[-1] if windows else None,
        'seeks': delta(rows, 'seeks'),
        'iterSkips': delta(rows, 'iter_skips'),
        'iterSkipsPerOp': _per(delta(rows, 'iter_skips'), total_ops),
        'iterSkipsPerSeek': _per(delta(rows, 'iter_skips'), delta(rows, 'seeks')),
        'getAvgUsRun': last(rows, 'get_avg_us'),
        'compactReadMB': _mb(delta(rows, 'compact_read_bytes')),
        'compactWriteMB': _mb(delta(rows, 'compact_write_bytes')),
        'flushWriteMB': _mb(delta(rows, 'flush_write_bytes')),
        'writeStallMs': stall / 1000 if stall is not None else None,
        'omCpuCores': _per(delta(rows, 'om_cpu_seconds'), delta(rows, 'elapsed_s')),
        'omRssMBMax': _mb(max(_values(rows, 'om_rss_bytes'), default=None)),
        'sstMBEnd': _mb(last(rows, 'live_sst_bytes')),
        'sstMBMax': _mb(max(_values(rows, 'live_sst_bytes'), default=None)),
        'keyTableKeysEnd': last(rows, 'keytable_keys'),
        'openKeyTableKeysEnd': last(rows, 'openkeytable_keys'),
        'deletedTableKeysEnd': last(rows, 'deletedtable_keys'),
        'rangeCompactions': delta(rows, 'range_compactions'),
        'rangeMemtableFlushes': delta(rows, 'range_memtable_flushes'),
        'rangeHeadProbes': delta(rows, 'range_head_probes'),
        'rangeIdleLooks': delta(rows, 'range_idle_looks'),
        'rangeIdleCompactions': delta(rows, 'range_idle_compactions'),
        'rangeTombstonesRemoved': delta(rows, 'range_tombstones_removed'),
        'rangeSkippedWritePressure': delta(rows, 'range_skipped_write_pressure'),
        'rangeSkippedOverlap': delta(rows, 'range_skipped_overlap'),
        'rangeSkippedUnchangedSinceFlush': delta(rows, 'range_skipped_unchanged_since_flush'),
        'rangeSkippedForegroundLatency': delta(rows, 'range_skipped_foreground_latency'),
    }


def arm_summary(freon, rows):
    client = _client(freon) if freon else None
    total_ops = client['totalOps'] if client else (last(rows, 'ops_done') if rows else None)
    return {'client': client, 'om': om_summary(rows, total_ops) if rows else None, 'samples': len(rows)}


def group_runs(runs):
    """{scenario: {arm: [runs]}} of the runs that produced numbers, in the order they ran."""
    grouped = {}
    for run in runs:
        if run.get('client') or run.get('om'):
            grouped.setdefault(run['scenario'], {}).setdefault(run['arm'], []).append(run)
    return grouped


def lookup(run, path):
    """A value of one arm's summary by dotted path (e.g. 'client.operations.LIST.p99'); None if absent."""
    value = run
    for part in path.split('.'):
        if not isinstance(value, dict) or value.get(part) is None:
            return None
        value = value[part]
    return value


def aggregate(runs, path):
    """(median, min, max) of a value over repeated runs of one arm; None when no run has it."""
    values = [v for v in (lookup(r, path) for r in runs) if v is not None]
    if not values:
        return None
    return statistics.median(values), min(values), max(values)

