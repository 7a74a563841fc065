"""A single run's own noise: the run cut into SEGMENTS consecutive parts of equal time, each key metric measured in
each part.

One run of an arm gives one number per metric, with nothing to say how much it would move if the run were repeated.
Repeats say that (`--repeat`), at the cost of running everything again. Within one run, the metric measured over each
fifth of it varies with what varies in the run itself: the machine's other load, OM's compactions and flushes, the
tombstones piling up as the run goes. The verdict (verdict.py) counts two arms as different only where one is more
than 10% above the other in every segment, the k-th fifth of one run against the k-th of the other: the same phase
of the same load, so a trend that both runs share (off's seek average growing with its tombstones) cancels, where
comparing the ranges of the segments would not (the first --production run with segments put range's seek average
at a thirtieth of off's "within the spread", off's first fifth being still clean). It is not a confidence interval:
five parts of one run are not five independent runs.

Per segment: OM's seek average (the seeks of the segment, from the cumulative histogram), iterator skips per
operation, and the client's exact p99 per operation (omkeybench --latency-log). Not compaction bytes or write stall:
they are totals of bursty work, and a fifth of a run may hold none of a pass that the run as a whole holds (the first
--production run with segments put full's compaction writes "within the spread" of off's, which wrote almost none), so the
verdict compares them on their values.
"""

from .clientlatency import nearest_rank
from .summary import lookup

SEGMENTS = 5
OPERATIONS = ('CREATE', 'DELETE', 'LIST')
# The metrics a run's segments give a spread to (a run recorded before this list may hold others).
SPREAD_PATHS = ('om.seekAvgUsRun', 'om.iterSkipsPerOp') + tuple(f'client.operations.{op}.p99' for op in OPERATIONS)


def bounds(start, end, count=SEGMENTS):
    """[(start, end)] of `count` consecutive parts of equal time."""
    step = (end - start) / count
    return [(start + k * step, start + (k + 1) * step) for k in range(count)]


def _at(rows, t):
    """The last sample taken at or before `t` (the first one if none)."""
    best = rows[0]
    for row in rows:
        if row['unix_time'] <= t:
            best = row
    return best


def _grew(first, last, column):
    a, b = first.get(column), last.get(column)
    return b - a if a is not None and b is not None else None


def _om(first, last):
    seeks = _grew(first, last, 'seeks')
    seek_avg = None
    if seeks and first.get('seek_avg_us') is not None and last.get('seek_avg_us') is not None:
        seek_avg = max(0.0, (last['seek_avg_us'] * last['seeks'] - first['seek_avg_us'] * first['seeks']) / seeks)
    ops = _grew(first, last, 'ops_done')
    skips = _grew(first, last, 'iter_skips')
    return {'om.seekAvgUsRun': seek_avg, 'om.iterSkipsPerOp': skips / ops if skips is not None and ops else None}


def of_run(rows, latencies, count=SEGMENTS):
    """{metric path: [value per segment]} of one run: `rows` its /prom series (summary.read_series), `latencies`
    its operations [(start unix s, operation, ms)] (clientlatency.read_latency_log; may be empty). None when the
    series is too short to cut."""
    if len(rows) < 2 * count:
        return None
    parts = bounds(rows[0]['unix_time'], rows[-1]['unix_time'], count)
    result = {}
    for start, end in parts:
        for path, value in _om(_at(rows, start), _at(rows, end)).items():
            result.setdefault(path, []).append(value)
        for op in OPERATIONS:
            values = sorted(ms for t, name, ms in latencies if name == op and start <= t < end)
            result.setdefault(f'client.operations.{op}.p99', []).append(nearest_rank(values, 0.99) if values
                                                                        else None)
    return {path: values for path, values in result.items() if all(v is not None for v in values)}


def spread(run, path):
    """(the run's own value, the lowest segment, the highest segment, [each segment]) of one metric of a run that was
    cut, None when it was not or the metric has no segments; the range takes in the run's value if it falls outside
    (a whole run's p99 can sit above every segment's). verdict.py compares two runs segment by segment."""
    values = (run.get('segments') or {}).get(path) if path in SPREAD_PATHS else None
    whole = lookup(run, path)
    if not values or whole is None:
        return None
    return whole, min(min(values), whole), max(max(values), whole), values

