"""The paired statistics of --interleave on known data."""

import math

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
    assert result['verdict'].startswith('service on worse: +29.')
    assert not result['targetHolds'] and 'target NOT met' in result['verdict']


def test_interval_contains_one_when_pairs_scatter_around_it():
    # ratios 0.95 and 1.05 alternating: geometric mean just below 1, the interval across it
    on = [0.95, 1.05] * 6
    result = pairedstats.compare(on, [1.0] * len(on))
    assert result['low'] < 1.0 < result['high'] and result['containsOne']
    assert result['verdict'].startswith('no difference detected within ±')
    assert result['halfWidthPct'] < 10 and result['high'] <= 1.10 and result['targetHolds']


def test_wide_interval_containing_one_misses_the_target_by_its_width():
    on = [0.6, 1.6, 0.7, 1.5, 0.8, 1.4]
    result = pairedstats.compare(on, [1.0] * len(on))
    assert result['containsOne'] and result['halfWidthPct'] > 10 and not result['targetHolds']


def test_bootstrap_is_seeded_and_resamples_pairs():
    ratios = [1.1, 0.9, 1.3, 1.0, 0.8, 1.2, 1.05]
    assert pairedstats.bootstrap_interval(ratios, seed=7) == pairedstats.bootstrap_interval(ratios, seed=7)
    low, high = pairedstats.bootstrap_interval(ratios, seed=7)
    # a resample of pairs has a geometric mean between the smallest and the largest ratio
    assert min(ratios) <= low < high <= max(ratios)
    # identical pairs: every resample is that ratio
    assert pairedstats.bootstrap_interval([1.2] * 5) == pytest.approx((1.2, 1.2))


def test_higher_is_better_reads_the_target_the_other_way():
    on = [0.80, 0.82, 0.79, 0.81, 0.80, 0.83]
    result = pairedstats.compare(on, [1.0] * len(on), higher_is_better=True)
    assert result['verdict'].startswith('service on worse') and not result['targetHolds']
    faster = pairedstats.compare([1.0] * 6, on, higher_is_better=True)
    assert faster['verdict'].startswith('service on better') and faster['targetHolds']
    assert faster['low'] >= 1 / 1.10


def test_pairs_without_a_value_are_left_out():
    result = pairedstats.compare([1.0, None, 2.0, 0.0], [1.0, 1.0, 2.0, 1.0])
    assert result['pairs'] == 2 and result['pairsLeftOut'] == 2
    assert pairedstats.compare([1.0], [1.0])['ratio'] is None
