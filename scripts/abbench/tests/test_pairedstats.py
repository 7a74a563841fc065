"""The paired statistics of --interleave on known data."""

import math
import random

import pytest

from abbench import pairedstats


def test_point_estimate_is_the_geometric_mean_of_the_pair_ratios():
    result = pairedstats.compare([2.0, 8.0], [1.0, 2.0])
    assert result['ratio'] == pytest.approx(math.sqrt(2 * 4))
    assert result['pairRatios'] == [2.0, 4.0]


def test_interval_excludes_one_when_every_pair_is_slower():
    on = [1.30, 1.25, 1.35, 1.28, 1.32, 1.27, 1.31, 1.29, 1.33, 1.26]
    result = pairedstats.compare(on, [1.0] * len(on))
    assert result['low'] > 1.0 and not result['containsOne']
    assert 1.25 <= result['low'] <= result['ratio'] <= result['high'] <= 1.35
    assert 'excludes 1.0: +29.' in result['verdict']
    assert not result['targetHolds'] and 'target NOT met' in result['verdict']
    # The verdict states the interval and names no winner.
    assert 'better' not in result['verdict'] and 'worse' not in result['verdict']


def test_interval_contains_one_when_pairs_scatter_around_it():
    # ratios 0.95 and 1.05 alternating: geometric mean just below 1, the interval across it
    on = [0.95, 1.05] * 6
    result = pairedstats.compare(on, [1.0] * len(on))
    assert result['low'] < 1.0 < result['high'] and result['containsOne']
    assert result['verdict'].startswith('95% CI [') and 'contains 1.0' in result['verdict']
    assert result['halfWidthPct'] < 10 and result['high'] <= 1.10 and result['targetHolds']
    assert 0.85 <= result['coverage'] <= 1.0 and result['pairsForTargetHalfWidth'] <= 12


def test_wide_interval_containing_one_misses_the_target_by_its_width():
    on = [0.6, 1.6, 0.7, 1.5, 0.8, 1.4]
    result = pairedstats.compare(on, [1.0] * len(on))
    # Student t on the log ratios, written out: mean +- t(0.975, 5 degrees of freedom) * sd / sqrt(6)
    logs = [math.log(r) for r in on]
    mean = sum(logs) / 6
    sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / 5)
    half = 2.5706 * sd / math.sqrt(6)
    assert result['low'] == pytest.approx(math.exp(mean - half), rel=1e-3)
    assert result['high'] == pytest.approx(math.exp(mean + half), rel=1e-3)
    assert result['containsOne'] and result['halfWidthPct'] > 10 and not result['targetHolds']
    assert result['pairsForTargetHalfWidth'] > 6


def test_higher_is_better_reads_the_target_the_other_way():
    on = [0.80, 0.82, 0.79, 0.81, 0.80, 0.83]
    result = pairedstats.compare(on, [1.0] * len(on), higher_is_better=True)
    assert 'excludes 1.0: -19.' in result['verdict'] and not result['targetHolds']
    faster = pairedstats.compare([1.0] * 6, on, higher_is_better=True)
    assert faster['targetHolds'] and 'lower end' in faster['verdict']
    assert faster['low'] >= 1 / 1.10


def test_pairs_without_a_value_are_left_out():
    result = pairedstats.compare([1.0, None, 2.0, 0.0], [1.0, 1.0, 2.0, 1.0])
    assert result['pairs'] == 2 and result['pairsLeftOut'] == 2
    assert pairedstats.compare([1.0], [1.0])['ratio'] is None


def test_t_interval_covers_about_95_percent_at_small_pair_counts():
    # Log-normal pair ratios around 1.0: the t interval's coverage is exact for them; the percentile bootstrap's
    # (the method before) is far below at 4 pairs.
    rng = random.Random(11)
    for pairs in (4, 8, 15):
        hits = 0
        for _ in range(2000):
            ratios = [math.exp(rng.gauss(0, 0.1)) for _ in range(pairs)]
            low, high = pairedstats.t_interval(ratios)
            hits += low <= 1.0 <= high
        assert 0.93 <= hits / 2000 <= 0.97, (pairs, hits / 2000)


def test_relabel_coverage_measures_the_method_on_a_runs_own_pairs():
    # The A/A pair ratios of seed's committed interleaved control (CREATE p99, 2026-11-25-ab-bench-interleave-seed-aa):
    # relabelling them at random keeps their spread, and the t interval keeps at least about its nominal coverage
    # (more with these heavy tails: two pairs far out widen it).
    ratios = [1.862, 0.4912, 1.1961, 1.0823, 1.0422, 0.9893, 1.0593, 1.1703, 0.988, 1.0059]
    assert 0.92 <= pairedstats.relabel_coverage(ratios, trials=2000) <= 0.99
    # The same pairs' percentile bootstrap, at 4 pairs: the under-coverage that made the method change.
    assert pairedstats.relabel_coverage(ratios, pairs=4, trials=1000, interval=_bootstrap) < 0.86


def _bootstrap(ratios, resamples=500):
    rng = random.Random(2)
    logs = [math.log(r) for r in ratios]
    means = sorted(sum(rng.choice(logs) for _ in logs) / len(logs) for _ in range(resamples))
    return math.exp(means[int(0.025 * resamples)]), math.exp(means[int(0.975 * resamples) - 1])


def test_pairs_needed_for_a_ten_percent_half_width():
    spread = [1.1, 0.9] * 3  # log sd about 0.11
    n = pairedstats.pairs_for_half_width(spread)
    low, high = pairedstats.t_interval([1.1, 0.9] * (n // 2 + 1))
    assert 5 <= n <= 8 and pairedstats.half_width_pct(1.0, low, high) <= 10.5
