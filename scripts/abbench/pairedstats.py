"""Paired statistics of the interleaved A/B mode (interleave.py): the ratio on/off of each pair of blocks, their
geometric mean, and a 95% confidence interval by a paired bootstrap over pairs.

A pair is one block with the service on and one with it off, next to each other in time, in a random order. The
blocks of a pair share the machine's state at that moment (other load on the machine, OM's heap, the size of its
tables), so their ratio cancels what drifts slowly; the pairs are the independent units. The bootstrap resamples
pairs, never single operations: the operations of a block share its moment and are correlated, and resampling them
would give intervals far too narrow. Randomized multiple interleaved trials: A. Abedi and T. Brecht, "Conducting
Repeatable Experiments in Highly Variable Cloud Computing Environments", ICPE 2017.
"""

import math

import numpy as np

RESAMPLES = 10000
CONFIDENCE = 0.95
# The target: the service costs clients at most 10%, known to within 10%.
TARGET_RATIO = 1.10
TARGET_HALF_WIDTH_PCT = 10.0


def pair_ratios(on, off):
    """Ratios on/off of the pairs whose both values are positive numbers (a block without an operation of a kind
    has no latency for it); returns (ratios, pairs left out)."""
    ratios = [a / b for a, b in zip(on, off) if a is not None and b is not None and a > 0 and b > 0]
    return ratios, len(on) - len(ratios)


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def bootstrap_interval(ratios, resamples=RESAMPLES, seed=1, confidence=CONFIDENCE):
    """Percentile interval of the geometric mean of `ratios`, resampling the pairs with replacement."""
    logs = np.log(np.asarray(ratios, dtype=float))
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(logs), size=(resamples, len(logs)))
    means = logs[picks].mean(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    return math.exp(low), math.exp(high)


def compare(on, off, higher_is_better=False, resamples=RESAMPLES, seed=1):
    """One metric: its values per pair with the service on and off (same order). Returns the point estimate (the
    geometric mean of the pair ratios), the 95% interval, its half-width in % of the estimate, whether it contains
    1.0, whether the target holds, and a verdict sentence. For a metric where higher is better (ops/s), the target
    reads the other way: the lower end at least 1/1.10."""
    ratios, left_out = pair_ratios(on, off)
    result = {'pairs': len(ratios), 'pairsLeftOut': left_out, 'pairRatios': [round(r, 4) for r in ratios],
              'higherIsBetter': higher_is_better}
    if len(ratios) < 2:
        return dict(result, ratio=None, low=None, high=None, halfWidthPct=None, containsOne=None, targetHolds=None,
                    verdict=f'not enough pairs ({len(ratios)}) for an interval')
    ratio = geometric_mean(ratios)
    low, high = bootstrap_interval(ratios, resamples, seed)
    half_width = 100 * (high - low) / 2 / ratio
    contains_one = low <= 1.0 <= high
    cost_end_ok = low >= 1 / TARGET_RATIO if higher_is_better else high <= TARGET_RATIO
    target = cost_end_ok and half_width <= TARGET_HALF_WIDTH_PCT
    if contains_one:
        verdict = f'no difference detected within ±{half_width:.1f}%'
    else:
        change = 100 * (ratio - 1)
        worse = (ratio < 1) if higher_is_better else (ratio > 1)
        verdict = (f"service on {'worse' if worse else 'better'}: {change:+.1f}% "
                   f"(95% CI {100 * (low - 1):+.1f}% to {100 * (high - 1):+.1f}%)")
    bound = (f'lower end {low:.3f} >= {1 / TARGET_RATIO:.3f}' if higher_is_better
             else f'upper end {high:.3f} <= {TARGET_RATIO:.2f}')
    verdict += (f"; target {'holds' if target else 'NOT met'} ({bound}: {'yes' if cost_end_ok else 'no'}, "
                f"half-width {half_width:.1f}% <= {TARGET_HALF_WIDTH_PCT:g}%: "
                f"{'yes' if half_width <= TARGET_HALF_WIDTH_PCT else 'no'})")
    return dict(result, ratio=ratio, low=low, high=high, halfWidthPct=half_width, containsOne=contains_one,
                targetHolds=target, verdict=verdict)
