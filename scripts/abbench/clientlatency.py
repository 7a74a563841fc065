"""The client's latency: per interval (omkeybench --latency-csv), and how it looked while a full compaction ran;
and per operation (omkeybench --latency-log), for percentiles over any window.

Each line of the CSV holds one operation's count and exact p50, p99 and max over one interval that ended at its
unix_time; freon's own summary has the whole run's percentiles only. The log has a line per operation: its start
and its latency.
"""

import csv
import math
import statistics

OPERATIONS = ('CREATE', 'DELETE', 'LIST')


def read(csv_path):
    """{operation: [(end unix time, count, p50 ms, p99 ms, max ms)]}, in time order."""
    intervals = {}
    with open(csv_path, newline='') as f:
        for row in csv.DictReader(f):
            intervals.setdefault(row['operation'], []).append(
                (float(row['unix_time']), int(row['count']), float(row['p50_ms']), float(row['p99_ms']),
                 float(row['max_ms'])))
    return intervals


def _overlaps(end, interval_s, spans):
    return any(start < end and stop > end - interval_s for start, stop in spans)


def summarise(intervals, interval_s, spans):
    """Per operation: the median and the worst of the intervals' p99, and the worst p99 of the intervals that overlap
    a full compaction pass (`spans`: [(start, end)] unix times), None without passes."""
    result = {}
    for op in OPERATIONS:
        rows = intervals.get(op)
        if not rows:
            continue
        p99s = [p99 for _, _, _, p99, _ in rows]
        during = [p99 for end, _, _, p99, _ in rows if _overlaps(end, interval_s, spans)]
        result[op] = {'intervals': len(rows), 'p99Median': statistics.median(p99s), 'p99Max': max(p99s),
                      'p99MaxDuringFullCompaction': max(during) if during else None}
    return result


def p99_series(intervals, op, t0):
    """(seconds since t0, p99 ms) of each interval of `op`, for a chart."""
    rows = intervals.get(op, [])
    return [end - t0 for end, *_ in rows], [p99 for _, _, _, p99, _ in rows]


def nearest_rank(sorted_values, fraction):
    """The smallest value with at least `fraction` of the values at or below it (as omkeybench's percentiles)."""
    rank = math.ceil(fraction * len(sorted_values))
    return sorted_values[min(max(rank, 1), len(sorted_values)) - 1]


def read_latency_log(path):
    """[(start unix s, operation, latency ms)] of omkeybench --latency-log."""
    rows = []
    with open(path) as f:
        next(f, None)
        for line in f:
            parts = line.rstrip('\n').split(',')
            if len(parts) == 3:
                try:
                    rows.append((int(parts[0]) / 1000.0, parts[1], float(parts[2])))
                except ValueError:
                    pass  # a line cut by the client's end
    return rows
