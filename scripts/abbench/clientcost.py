"""The service's cost to clients where it happens: every client operation (omkeybench --latency-log: its start and
latency) either started during a flush or compaction of the range service (compactionevents.py) or did not; per
operation type, the p50 and p99 of the two groups and their ratio during/outside, with a 95% interval from a block
bootstrap over time windows. One run, no switch: the comparison is between moments of the same run.

Why windows: operations close in time share the machine's moment (a flush of RocksDB's, a GC pause, the other
JVMs of this 2-core machine) and are correlated; resampling single operations would give intervals far too narrow.
The run is cut into windows of WINDOW_S; a bootstrap resample draws as many windows with replacement and pools the
operations of the drawn windows, during and outside alike, and takes the ratio of their percentiles (Künsch's block
bootstrap with non-overlapping blocks). `placebo_coverage` measures how often this interval contains 1.0 when the
service's intervals are laid over a run without the service (the off arm's operations, the events moved in time by
a random shift): its coverage at this run's length and spread, printed beside every interval.

Percentiles in the resamples are read from per-window histograms of log-spaced bins (BIN_RATIO wide: 0.7% of a
latency); the point estimates are exact (nearest rank).

A ratio says how much slower an operation is while the service works; it does not say the service caused it alone:
the service acts after RocksDB's flushes, whose moments are busier anyway. The busy fraction says how much of the
load's time the service worked at all.
"""

import math

import numpy as np

from .clientlatency import nearest_rank
from .compactionevents import busy_intervals, merge, overlaps, totals
from .pairedstats import judge

OPERATIONS = ('CREATE', 'DELETE', 'LIST')
# Latencies on this machine stay correlated for seconds (RocksDB's own flushes and compactions, GC, the other JVMs):
# on the first retention and busy runs of 2026-11-26 (not committed) the placebo coverage of the p99 interval rose
# with the window's length (2, 10 and 20 s tried) and was highest, still below 95%, at 20 s. Longer windows leave
# too few to resample in a run of a few minutes.
WINDOW_S = 20.0
RESAMPLES = 2000
CONFIDENCE = 0.95
# Below this many operations overlapping the service's work, a group's p99 is its worst few operations: no ratio.
MIN_DURING = 200
BIN_RATIO = 1.007
_LOW_MS = 1e-3
PLACEBO_SHIFTS = 40
PLACEBO_RESAMPLES = 400


def classify(latencies, intervals):
    """[(start s, operation, ms, during)] of omkeybench's operations [(start s, operation, ms)]: during is whether
    the operation started in one of `intervals` (compactionevents.busy_intervals).

    By its start, not by any overlap: an operation overlaps an interval of d seconds with a probability that grows
    with its own latency L (as d + L), so "overlapped" picks the slow operations by construction: with the
    service's compactions of a tenth of a second and OM's operations of milliseconds, that alone put "during" above
    "outside" at the median under the placebo of the first runs (not committed). A start is one point of an operation,
    in an interval with a probability independent of L. What it leaves out: an operation that started just before
    the service's work and waited for it counts outside, so a cost shows diluted, never inflated."""
    return [(t, op, ms, overlaps(intervals, t, t)) for t, op, ms in latencies]


def bin_index(ms):
    """The log-spaced bin (BIN_RATIO wide) of a latency in ms."""
    return int(math.log(max(ms, _LOW_MS) / _LOW_MS) / math.log(BIN_RATIO))


def bin_value(index):
    """The latency (ms) a bin stands for: its middle."""
    return _LOW_MS * BIN_RATIO ** (index + 0.5)


def _histograms(rows, op, start, windows, window_s):
    """Per group (during, outside): a windows x bins matrix of counts, and the bins' values."""
    picked = [(min(int((t - start) // window_s), windows - 1), bin_index(ms), during) for t, name, ms, during in rows
              if name == op]
    bins = sorted({b for _, b, _ in picked})
    column = {b: k for k, b in enumerate(bins)}
    counts = {True: np.zeros((windows, len(bins))), False: np.zeros((windows, len(bins)))}
    for w, b, during in picked:
        counts[during][w, column[b]] += 1
    return counts[True], counts[False], np.array([bin_value(b) for b in bins])


def pooled_percentiles(weights, counts, values, q):
    """The q-quantile (nearest rank) of each resample's pooled histogram; NaN where a resample has none."""
    pooled = weights @ counts
    totals_ = pooled.sum(axis=1)
    cumulative = pooled.cumsum(axis=1)
    rank = np.maximum(np.ceil(q * totals_), 1)
    index = (cumulative >= rank[:, None]).argmax(axis=1)
    return np.where(totals_ > 0, values[index], np.nan)


def block_bootstrap(rows, op, start, end, q, window_s=WINDOW_S, resamples=RESAMPLES, seed=1):
    """(low, high) of the 95% interval of the ratio during/outside of the q-quantile of `op`, from `resamples`
    resamples of the windows; and how many resamples had no operation during the service's work (left out)."""
    windows = max(1, math.ceil((end - start) / window_s))
    during, outside, values = _histograms(rows, op, start, windows, window_s)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, windows, size=(resamples, windows))
    weights = np.zeros((resamples, windows))
    np.add.at(weights, (np.arange(resamples)[:, None], picks), 1)
    ratios = pooled_percentiles(weights, during, values, q) / pooled_percentiles(weights, outside, values, q)
    kept = ratios[np.isfinite(ratios)]
    if len(kept) < resamples / 2:
        return None, None, resamples - len(kept)
    tail = (1 - CONFIDENCE) / 2
    low, high = np.exp(np.quantile(np.log(kept), [tail, 1 - tail]))
    return float(low), float(high), resamples - len(kept)


def _group(values):
    values = sorted(values)
    return {'count': len(values), 'p50': nearest_rank(values, 0.5) if values else None,
            'p99': nearest_rank(values, 0.99) if values else None}


def compare(rows, op, start, end, window_s=WINDOW_S, resamples=RESAMPLES, seed=1):
    """Per percentile (p50, p99) of `op`: during and outside, their ratio, its interval and the target's verdict."""
    during = _group([ms for t, name, ms, d in rows if name == op and d])
    outside = _group([ms for t, name, ms, d in rows if name == op and not d])
    result = {'during': during, 'outside': outside}
    for key, q in (('p50', 0.5), ('p99', 0.99)):
        if during['count'] < MIN_DURING or not outside['count']:
            result[key] = {'ratio': None, 'low': None, 'high': None, 'halfWidthPct': None, 'targetHolds': None,
                           'verdict': f"not measured: {during['count']} {op} operations started during the work "
                                      f'joined (fewer than {MIN_DURING})'}
            continue
        ratio = during[key] / outside[key]
        low, high, left_out = block_bootstrap(rows, op, start, end, q, window_s, resamples, seed)
        if low is None:
            result[key] = {'ratio': ratio, 'low': None, 'high': None, 'halfWidthPct': None, 'targetHolds': None,
                           'verdict': f'not measured: {left_out} of {resamples} resamples held no operation during '
                                      'the work joined'}
            continue
        target, verdict = judge(ratio, low, high)
        result[key] = {'ratio': ratio, 'low': low, 'high': high, 'halfWidthPct': 100 * (high - low) / 2 / ratio,
                       'targetHolds': target, 'resamplesLeftOut': left_out, 'verdict': verdict}
    return result


def measure(latencies, events, start=None, end=None, window_s=WINDOW_S, resamples=RESAMPLES, seed=1):
    """The cost measure of one run: `latencies` [(start s, operation, ms)] of its client, `events` its OM's
    (compactionevents.read), over the load [start, end) (default: the first to the last operation's start)."""
    if not latencies:
        return {'status': 'not measured: no client operations'}
    start = latencies[0][0] if start is None else start
    end = max(t for t, _, _ in latencies) if end is None else end
    intervals = busy_intervals(events)
    work = totals(events, start, end)
    result = {'loadSeconds': end - start, 'windowSeconds': window_s, 'windows': math.ceil((end - start) / window_s),
              'resamples': resamples, 'busyFraction': work['busySeconds'] / (end - start) if end > start else None,
              'work': work}
    if not work['busySeconds']:
        return dict(result, status="not measured: no flush or compaction during the load")
    rows = classify([r for r in latencies if start <= r[0] < end], intervals)
    result['operations'] = {op: compare(rows, op, start, end, window_s, resamples, seed) for op in OPERATIONS}
    return dict(result, status='measured')


def placebo_coverage(latencies, events, shifts=PLACEBO_SHIFTS, resamples=PLACEBO_RESAMPLES, seed=1,
                     window_s=WINDOW_S):
    """Per operation, how often the p99 interval contains 1.0 when `events` (a run with the service) are laid, moved
    by a random circular shift, over `latencies` of a run without it: the service's intervals carry no cost there,
    so 1.0 is the truth (up to the run's own structure) and the fraction is the method's coverage at this length
    and spread. {op: (coverage, trials)}; None without events or operations."""
    if not latencies or not events:
        return None
    start, end = latencies[0][0], max(t for t, _, _ in latencies)
    length = end - start
    first = min(e.start for e in events)
    spans = [(e.start - first, e.end - first) for e in events]
    rng = np.random.default_rng(seed)
    hits = {op: [0, 0] for op in OPERATIONS}
    for k in range(shifts):
        offset = rng.uniform(0, length)
        moved = []
        for a, b in spans:
            a, b = (a + offset) % length, (a + offset) % length + (b - a)
            moved.append((start + a, start + b))
        intervals = merge(moved)
        rows = classify(latencies, intervals)
        for op in OPERATIONS:
            if sum(1 for _, name, _, d in rows if name == op and d) < MIN_DURING:
                continue
            low, high, _ = block_bootstrap(rows, op, start, end, 0.99, window_s, resamples, seed + k)
            if low is not None:
                hits[op][0] += low <= 1.0 <= high
                hits[op][1] += 1
    return {op: (h / n if n else None, n) for op, (h, n) in hits.items()}



def _f(value, digits=3):
    return '–' if value is None else f'{value:.{digits}f}'


def render(cost, title, worker='The service', work_of='a flush or compaction of the service'):
    """Markdown lines of one run's measure (measure(), with placeboCoverage when computed); `worker` did the work
    the measure joins, each piece of it `work_of`."""
    lines = [f'{title}', '']
    work = cost.get('work') or {}
    if cost.get('busyFraction') is not None:
        lines.append(f"{worker} worked {work.get('busySeconds', 0):.1f} s of {cost['loadSeconds']:.0f} s of load "
                     f"(busy fraction {cost['busyFraction']:.3f}): {work.get('compactions', 0)} compactions, "
                     f"{work.get('flushes', 0)} flushes ("
                     + ', '.join(f'{k} {v}' for k, v in work.get('byActionAndReason', {}).items())
                     + f"), {work.get('inputBytes', 0) / 2 ** 20:.1f} MB read, "
                     f"{work.get('writtenBytes', 0) / 2 ** 20:.1f} MB written.")
    if cost['status'] != 'measured':
        return lines + ['', f"**{cost['status']}.**", '']
    placebo = cost.get('placeboCoverage') or {}
    lines += ['', f"Operations that started during {work_of} (during) against the others "
              f"(outside); 95% interval by a block bootstrap over {cost['windows']} windows of "
              f"{cost['windowSeconds']:g} s ({cost['resamples']:,} resamples)."
              + (" Coverage: how often the same interval contained 1.0 with the service's intervals moved at random "
                 "over the off arm's operations (placebo; trials in brackets)." if placebo else ''), '',
              '| operation | ops during / outside | p50 during/outside | 95% CI | p99 during/outside | 95% CI | '
              'p99 coverage | p99 target |', '|---|---|---|---|---|---|---|---|']
    for op, m in cost['operations'].items():
        p50, p99 = m['p50'], m['p99']
        coverage, trials = placebo.get(op) or (None, 0)
        target = '–' if p99['targetHolds'] is None else ('holds' if p99['targetHolds'] else '**no**')
        lines.append(f"| {op} | {m['during']['count']:,} / {m['outside']['count']:,} | {_f(p50['ratio'])} | "
                     f"[{_f(p50['low'])}, {_f(p50['high'])}] | {_f(p99['ratio'])} | [{_f(p99['low'])}, "
                     f"{_f(p99['high'])}] | {_f(coverage, 2)} ({trials}) | {target} |")
    lines.append('')
    lines += [f"- {op} p99 during/outside: {m['p99']['verdict']}." for op, m in cost['operations'].items()]
    return lines + ['']
