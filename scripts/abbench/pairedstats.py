"""Paired statistics of the interleaved A/B mode (interleave.py): the ratio on/off of each pair of blocks, their
geometric mean, and a 95% confidence interval: Student's t on the logs of the pair ratios.

A pair is one block with the service on and one with it off, next to each other in time, in a random order. The
blocks of a pair share the machine's state at that moment (other load on the machine, OM's heap, the size of its
tables), so their ratio cancels what drifts slowly; the pairs are the independent units, never single operations
(the operations of a block share its moment and are correlated). Randomized multiple interleaved trials: A. Abedi
and T. Brecht, "Conducting Repeatable Experiments in Highly Variable Cloud Computing Environments", ICPE 2017.

Why t and not a bootstrap: the percentile bootstrap over pairs, used before, covers far less than 95% at the pair
counts a run affords (tests/test_pairedstats.py: below 86% at 4 pairs; a bootstrap resample of n pairs
underestimates their spread by (n-1)/n and has no small-sample widening). Student's t on the log ratios is exact for
log-normal ratios and close for others; `relabel_coverage` measures it on a run's own pairs, and every page prints
that number.
"""

import math
import random

CONFIDENCE = 0.95
# The target: the service costs clients at most 10%, known to within 10%.
TARGET_RATIO = 1.10
TARGET_HALF_WIDTH_PCT = 10.0
# Student's t, 97.5% quantile, by degrees of freedom (the textbook table); beyond it the Cornish-Fisher expansion.
_T975 = [None, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
         2.042]
_Z975 = 1.959964
COVERAGE_TRIALS = 4000


def t975(df):
    """Student's t 97.5% quantile with `df` degrees of freedom."""
    if df < len(_T975):
        return _T975[df]
    z = _Z975
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def pair_ratios(on, off):
    """Ratios on/off of the pairs whose both values are positive numbers (a block without an operation of a kind
    has no latency for it); returns (ratios, pairs left out)."""
    ratios = [a / b for a, b in zip(on, off) if a is not None and b is not None and a > 0 and b > 0]
    return ratios, len(on) - len(ratios)


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def _log_mean_sd(ratios):
    logs = [math.log(r) for r in ratios]
    mean = sum(logs) / len(logs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / (len(logs) - 1))
    return mean, sd


def t_interval(ratios):
    """95% interval of the geometric mean of `ratios` (at least two): Student's t on their logs."""
    mean, sd = _log_mean_sd(ratios)
    h = t975(len(ratios) - 1) * sd / math.sqrt(len(ratios))
    return math.exp(mean - h), math.exp(mean + h)


def half_width_pct(ratio, low, high):
    return 100 * (high - low) / 2 / ratio


def pairs_for_half_width(ratios, pct=TARGET_HALF_WIDTH_PCT):
    """How many pairs at the spread of `ratios` would give a half-width of `pct` % (None for fewer than 2)."""
    if len(ratios) < 2:
        return None
    _, sd = _log_mean_sd(ratios)
    # The half-width in % of an interval exp(mean +- h) is 100 sinh(h).
    bound = math.asinh(pct / 100)
    n = 2
    while t975(n - 1) * sd / math.sqrt(n) > bound and n < 100000:
        n += 1
    return n


def relabel_coverage(ratios, pairs=None, trials=COVERAGE_TRIALS, seed=1, interval=t_interval):
    """How often the interval of `pairs` pairs (default: as many as `ratios`) contains 1.0 when on and off are
    relabelled at random: each trial draws pairs from `ratios` with replacement and flips each one's orientation
    with probability 1/2, which keeps the pairs' spread and makes 1.0 the true ratio (an A/A of this run's own
    pairs). The method's coverage at this pair count and spread; None for fewer than 2 ratios."""
    if len(ratios) < 2:
        return None
    n = pairs or len(ratios)
    rng = random.Random(seed)
    hits = 0
    for _ in range(trials):
        drawn = [r if rng.random() < 0.5 else 1 / r for r in (rng.choice(ratios) for _ in range(n))]
        low, high = interval(drawn)
        hits += low <= 1.0 <= high
    return hits / trials


def judge(ratio, low, high, higher_is_better=False):
    """(whether the target holds, the verdict sentence) of a ratio with its 95% interval. The sentence states the
    interval and what it excludes, and names no winner. For a metric where higher is better (ops/s) the target
    reads the other way: the lower end at least 1/1.10."""
    half_width = half_width_pct(ratio, low, high)
    cost_end_ok = low >= 1 / TARGET_RATIO if higher_is_better else high <= TARGET_RATIO
    target = cost_end_ok and half_width <= TARGET_HALF_WIDTH_PCT
    if low <= 1.0 <= high:
        verdict = f'95% CI [{low:.3f}, {high:.3f}] contains 1.0 (±{half_width:.1f}%)'
    else:
        verdict = (f'95% CI [{low:.3f}, {high:.3f}] excludes 1.0: {100 * (ratio - 1):+.1f}% '
                   f'({100 * (low - 1):+.1f}% to {100 * (high - 1):+.1f}%)')
    bound = (f'lower end {low:.3f} >= {1 / TARGET_RATIO:.3f}' if higher_is_better
             else f'upper end {high:.3f} <= {TARGET_RATIO:.2f}')
    verdict += (f"; target {'holds' if target else 'NOT met'} ({bound}: {'yes' if cost_end_ok else 'no'}, "
                f"half-width {half_width:.1f}% <= {TARGET_HALF_WIDTH_PCT:g}%: "
                f"{'yes' if half_width <= TARGET_HALF_WIDTH_PCT else 'no'})")
    return target, verdict


def compare(on, off, higher_is_better=False):
    """One metric: its values per pair with the service on and off (same order). Returns the point estimate (the
    geometric mean of the pair ratios), the 95% interval, its half-width in % of the estimate, whether it contains
    1.0, whether the target holds, the interval's coverage at this pair count (relabel_coverage), the pairs a ±10%
    half-width would need at this spread, and a verdict sentence."""
    ratios, left_out = pair_ratios(on, off)
    result = {'pairs': len(ratios), 'pairsLeftOut': left_out, 'pairRatios': [round(r, 4) for r in ratios],
              'higherIsBetter': higher_is_better, 'method': 'Student t on log pair ratios'}
    if len(ratios) < 2:
        return dict(result, ratio=None, low=None, high=None, halfWidthPct=None, containsOne=None, targetHolds=None,
                    coverage=None, pairsForTargetHalfWidth=None,
                    verdict=f'not enough pairs ({len(ratios)}) for an interval')
    ratio = geometric_mean(ratios)
    low, high = t_interval(ratios)
    target, verdict = judge(ratio, low, high, higher_is_better)
    return dict(result, ratio=ratio, low=low, high=high, halfWidthPct=half_width_pct(ratio, low, high),
                containsOne=low <= 1.0 <= high, targetHolds=target, coverage=relabel_coverage(ratios),
                pairsForTargetHalfWidth=pairs_for_half_width(ratios), verdict=verdict)
