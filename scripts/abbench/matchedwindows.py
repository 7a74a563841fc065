"""During/outside without the service choosing "during": in an interleaved A/B run (interleave.py), the times the
service worked in each pair's on-block against the same moments of the pair's off-block.

Why: clientcost.py compares operations that started during the service's work with the others of the same run,
and the service starts where and when tombstones are densest, so its "during" holds the operations with the most to
cross (a bias, design/range-compaction.md). Here the moment is the benchmark's: the switch that turns the service
on at a time the pair's random order sets starts its catch-up of the off-block before, and the pair's off-block, at
the same offsets from its own start, is the same moment of the load without the work. Within an on-block the
service chooses when it works, but the matched windows follow its choice into a block where it did not work, whose
tables are no cleaner: a cost to reads of tombstones would show against the service, not for it.

Per operation and percentile: the ratio of the percentile of the operations that started in the on-block's work to
that of those that started in the matched windows of the off-block, pooled over pairs; its 95% interval a
percentile bootstrap over pairs (pairs are the independent units; operations within one are correlated), with the
pooled percentiles read from log-spaced histograms (clientcost.BIN_RATIO). An interval of work that crosses its
block's end is cut there; the matched window is cut at its own block's end.
"""

import numpy as np

from .clientcost import CONFIDENCE, MIN_DURING, RESAMPLES, bin_index, bin_value, pooled_percentiles
from .clientlatency import nearest_rank
from .compactionevents import busy_intervals, overlaps
from .pairedstats import judge

OPERATIONS = ('CREATE', 'DELETE', 'LIST')
ON, OFF = 'on', 'off'


def complete_pairs(blocks):
    """[(on block, off block)] of the measured pairs (the warm-up pair left out) that have both."""
    pairs = {}
    for b in blocks:
        if not b['warmup']:
            pairs.setdefault(b['pair'], {})[b['label']] = b
    return [(p[ON], p[OFF]) for _, p in sorted(pairs.items()) if ON in p and OFF in p]


def pair_windows(pairs, intervals):
    """Per pair, (on windows, off windows): the intervals of work (busy_intervals) within the on-block, cut at its
    edges, and the same offsets from the off-block's start, cut at its end."""
    result = []
    for on, off in pairs:
        inside = [(max(a, on['start']), min(b, on['end'])) for a, b in intervals if b > on['start'] and a < on['end']]
        matched = [(off['start'] + a - on['start'], min(off['end'], off['start'] + b - on['start'])) for a, b in inside]
        result.append((inside, [(a, b) for a, b in matched if b > a]))
    return result


def collect(latencies, windows):
    """Per pair, {operation: ([on ms], [off ms])}: the latencies of the operations that started in the pair's on and
    off windows (by their start, as clientcost.classify and for its reason)."""
    result = []
    for on_windows, off_windows in windows:
        groups = {op: ([], []) for op in OPERATIONS}
        for t, op, ms in latencies:
            if op in groups:
                if overlaps(on_windows, t, t):
                    groups[op][0].append(ms)
                elif overlaps(off_windows, t, t):
                    groups[op][1].append(ms)
        result.append(groups)
    return result


def _histograms(per_pair, op, side):
    """A pairs x bins matrix of counts of `op`'s latencies on one side (0 on, 1 off), over bins shared by both."""
    bins = sorted({bin_index(ms) for groups in per_pair for values in groups[op] for ms in values})
    column = {b: k for k, b in enumerate(bins)}
    counts = np.zeros((len(per_pair), len(bins)))
    for row, groups in enumerate(per_pair):
        for ms in groups[op][side]:
            counts[row, column[bin_index(ms)]] += 1
    return counts, np.array([bin_value(b) for b in bins])


def compare(per_pair, op, resamples=RESAMPLES, seed=1):
    """Per percentile (p50, p99) of `op`: the pooled on and off groups, their ratio, its interval over pairs and the
    target's verdict."""
    on = sorted(ms for groups in per_pair for ms in groups[op][0])
    off = sorted(ms for groups in per_pair for ms in groups[op][1])
    result = {'on': {'count': len(on)}, 'off': {'count': len(off)}}
    if len(on) < MIN_DURING or not off or len(per_pair) < 2:
        reason = (f'not measured: {len(on)} {op} operations started in the work of {len(per_pair)} pairs (at least '
                  f'{MIN_DURING} in at least 2 pairs)')
        return dict(result, **{key: {'ratio': None, 'low': None, 'high': None, 'halfWidthPct': None,
                                     'targetHolds': None, 'verdict': reason} for key in ('p50', 'p99')})
    on_counts, values = _histograms(per_pair, op, 0)
    off_counts, _ = _histograms(per_pair, op, 1)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(per_pair), size=(resamples, len(per_pair)))
    weights = np.zeros((resamples, len(per_pair)))
    np.add.at(weights, (np.arange(resamples)[:, None], picks), 1)
    for key, q in (('p50', 0.5), ('p99', 0.99)):
        result['on'][key], result['off'][key] = nearest_rank(on, q), nearest_rank(off, q)
        ratio = result['on'][key] / result['off'][key]
        ratios = pooled_percentiles(weights, on_counts, values, q) / pooled_percentiles(weights, off_counts, values, q)
        kept = ratios[np.isfinite(ratios)]
        tail = (1 - CONFIDENCE) / 2
        low, high = (float(v) for v in np.exp(np.quantile(np.log(kept), [tail, 1 - tail])))
        target, verdict = judge(ratio, low, high)
        result[key] = {'ratio': ratio, 'low': low, 'high': high, 'halfWidthPct': 100 * (high - low) / 2 / ratio,
                       'targetHolds': target, 'resamplesLeftOut': resamples - len(kept), 'verdict': verdict}
    return result


def windows(blocks, events):
    """(pairs, their windows) of an interleaved A/B run's `blocks` (interleave's records) and its OM's `events`
    (compactionevents.read): complete_pairs and pair_windows."""
    pairs = complete_pairs(blocks)
    return pairs, pair_windows(pairs, busy_intervals(events))


def measure(blocks, latencies, events, resamples=RESAMPLES, seed=1):
    """(the matched comparison, the windows pooled) of one interleaved A/B run: its `blocks`, its client's
    `latencies` [(start s, operation, ms)] and its OM's `events`."""
    pairs, matched = windows(blocks, events)
    per_pair = collect(latencies, matched)
    return _result(pairs, matched, per_pair, resamples, seed), pooled(matched, per_pair)


def pooled(matched, per_pair):
    """(on windows, off windows, operations started in them on, off) over all pairs: what the thread and wall-clock
    samples are cut by (threadwaits, wallwaits)."""
    return (sorted(w for on, _ in matched for w in on), sorted(w for _, off in matched for w in off),
            sum(len(g[op][0]) for g in per_pair for op in g), sum(len(g[op][1]) for g in per_pair for op in g))


def placebo(ab_blocks, ab_events, aa_blocks, aa_latencies, resamples=RESAMPLES, seed=1):
    """The same comparison on an A/A run (the service off in both halves), its pairs given the windows of the A/B
    run's pairs in turn: no work happened in either half, so 1.0 is the truth and an interval that excludes it shows
    what the method itself makes of the load's structure."""
    ab_pairs = complete_pairs(ab_blocks)
    ab = pair_windows(ab_pairs, busy_intervals(ab_events))
    aa_pairs = complete_pairs(aa_blocks)
    if not ab or not aa_pairs:
        return {'status': 'not measured: no complete pairs'}
    laid = []
    for k, (on, off) in enumerate(aa_pairs):
        template, (ab_on, _) = ab_pairs[k % len(ab)][0], ab[k % len(ab)]
        offsets = [(a - template['start'], b - template['start']) for a, b in ab_on]
        laid.append(([(on['start'] + a, min(on['end'], on['start'] + b)) for a, b in offsets],
                     [(off['start'] + a, min(off['end'], off['start'] + b)) for a, b in offsets]))
    return _result(aa_pairs, laid, collect(aa_latencies, laid), resamples, seed)


def _result(pairs, matched, per_pair, resamples, seed):
    on_seconds = sum(b - a for on_windows, _ in matched for a, b in on_windows)
    worked = sum(1 for on_windows, _ in matched if on_windows)
    result = {'pairs': len(pairs), 'pairsWithWork': worked, 'windowSeconds': on_seconds,
              'resamples': resamples, 'interval': 'percentile bootstrap over pairs'}
    if not worked:
        return dict(result, status='not measured: no work in any on-block')
    result['operations'] = {op: compare([g for g, (w, _) in zip(per_pair, matched) if w], op, resamples, seed)
                            for op in OPERATIONS}
    return dict(result, status='measured')
