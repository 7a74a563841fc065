"""The matched during/outside of an interleaved run (matchedwindows.py) on written-down blocks, events and
latencies."""

import random

from abbench import matchedwindows
from abbench.compactionevents import Event


def _block(pair, label, start, end, warmup=False):
    return {'pair': pair, 'label': label, 'start': start, 'end': end, 'warmup': warmup}


# A warm-up pair, then pair 1 (on first) and pair 2 (off first), blocks of 10 s.
BLOCKS = [_block(0, 'on', 0, 10, True), _block(0, 'off', 10, 20, True),
          _block(1, 'on', 20, 30), _block(1, 'off', 30, 40),
          _block(2, 'off', 40, 50), _block(2, 'on', 50, 60)]


def _compact(start, end):
    return Event('compact', 'reader', 'keyTable', start, end, 0, 0)


def test_pairs_leave_out_the_warm_up_and_match_on_with_off_whatever_the_order():
    pairs = matchedwindows.complete_pairs(BLOCKS)
    assert [(on['start'], off['start']) for on, off in pairs] == [(20, 30), (50, 40)]


def test_work_is_cut_at_its_block_and_laid_at_the_same_offsets_of_the_off_block():
    pairs = matchedwindows.complete_pairs(BLOCKS)
    # Pair 1: work at 21-22 and one interval crossing the on-block's end (29-31); pair 2: work before its on-block
    # (45-46, in the off-block: not the on-block's) and at 50.5-51.
    intervals = [(21, 22), (29, 31), (45, 46), (50.5, 51)]
    windows = matchedwindows.pair_windows(pairs, intervals)
    assert windows == [([(21, 22), (29, 30)], [(31, 32), (39, 40)]),
                       ([(50.5, 51)], [(40.5, 41)])]


def test_a_matched_window_is_cut_at_its_own_block_end():
    on, off = _block(1, 'on', 0, 10), _block(1, 'off', 10, 18)  # the off-block measured 8 s only
    assert matchedwindows.pair_windows([(on, off)], [(7, 9.5)]) == [([(7, 9.5)], [(17, 18)])]
    assert matchedwindows.pair_windows([(on, off)], [(9, 9.5)]) == [([(9, 9.5)], [])]


def test_operations_are_grouped_by_their_start():
    windows = [([(21, 22)], [(31, 32)])]
    latencies = [(20.9, 'CREATE', 100.0),  # started before the work, still running in it: neither
                 (21.0, 'CREATE', 5.0),    # at the work's start: on
                 (21.5, 'LIST', 7.0),
                 (22.0, 'CREATE', 9.0),    # as the work ended: neither
                 (31.2, 'DELETE', 3.0),    # in the matched window: off
                 (35.0, 'DELETE', 4.0)]
    [groups] = matchedwindows.collect(latencies, windows)
    assert groups == {'CREATE': ([5.0], []), 'DELETE': ([], [3.0]), 'LIST': ([7.0], [])}


def _run(slowdown, pairs=12, seed=3):
    """Blocks of `pairs` pairs, work 2-4 s into every on-block, and CREATE latencies around 2 ms, `slowdown` times
    that when they start in the work."""
    rng = random.Random(seed)
    blocks, events, latencies = [], [], []
    for k in range(1, pairs + 1):
        on_first = rng.random() < 0.5
        t0 = k * 20
        on_start, off_start = (t0, t0 + 10) if on_first else (t0 + 10, t0)
        blocks += [_block(k, 'on', on_start, on_start + 10), _block(k, 'off', off_start, off_start + 10)]
        events.append(_compact(on_start + 2, on_start + 4))
        for i in range(2000):
            t = t0 + i * 0.01
            ms = rng.lognormvariate(0.7, 0.3)
            latencies.append((t, 'CREATE', ms * slowdown if on_start + 2 <= t < on_start + 4 else ms))
    return blocks, events, latencies


def test_a_slowdown_in_the_work_shows_with_an_interval_that_excludes_one():
    blocks, events, latencies = _run(2.0)
    result, (on_windows, off_windows, on_ops, off_ops) = matchedwindows.measure(blocks, latencies, events,
                                                                                resamples=400)
    assert result['status'] == 'measured' and result['pairsWithWork'] == 12
    assert len(on_windows) == len(off_windows) == 12 and on_ops == off_ops == 12 * 200
    create = result['operations']['CREATE']
    assert create['on']['count'] == create['off']['count'] == 12 * 200
    assert 1.9 < create['p50']['ratio'] < 2.1 and create['p50']['low'] > 1.5
    assert create['p99']['low'] > 1.0
    assert result['operations']['LIST']['p50']['ratio'] is None  # no LIST operations: not measured
    assert 'not measured' in result['operations']['LIST']['p50']['verdict']


def test_without_a_slowdown_the_interval_contains_one_and_the_placebo_too():
    blocks, events, latencies = _run(1.0)
    result, _ = matchedwindows.measure(blocks, latencies, events, resamples=400)
    p50 = result['operations']['CREATE']['p50']
    assert p50['low'] <= 1.0 <= p50['high']
    aa_blocks, _, aa_latencies = _run(1.0, pairs=5, seed=4)
    placebo = matchedwindows.placebo(blocks, events, aa_blocks, aa_latencies, resamples=400)
    assert placebo['status'] == 'measured' and placebo['pairs'] == 5
    assert placebo['operations']['CREATE']['on']['count'] == 5 * 200


def test_a_run_without_work_in_its_on_blocks_is_not_measured():
    blocks, _, latencies = _run(1.0, pairs=3)
    result, _ = matchedwindows.measure(blocks, latencies, [_compact(1, 2)])  # in the warm-up only
    assert result['status'] == 'not measured: no work in any on-block'
