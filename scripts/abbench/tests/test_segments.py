"""A single run cut into segments: each key metric per segment, on a written-down series and latency log."""

import pytest

from abbench import report, segments, verdict


def _rows():
    """20 samples, 1 s apart; the seeks of the first half took 10 us on average, those of the second 30 us."""
    rows, seeks, total_us = [], 0, 0.0
    for t in range(20):
        rows.append({'unix_time': 1000.0 + t, 'seeks': seeks, 'seek_avg_us': total_us / seeks if seeks else 0.0,
                     'ops_done': 100 * t, 'iter_skips': 50 * t if t < 10 else 500 + 500 * (t - 10),
                     'compact_write_bytes': 0 if t < 15 else 5e6, 'stall_micros': 0})
        seeks += 10
        total_us += 10 * (10 if t < 9 else 30)
    return rows


def test_each_segment_measures_its_own_part_of_the_run():
    latencies = [(1000.0 + i / 10, 'LIST', float(i % 100)) for i in range(190)]
    cut = segments.of_run(_rows(), latencies, count=2)
    # the first half's seeks took 10 us, the second half's 30 (the cumulative average never shows that)
    assert cut['om.seekAvgUsRun'] == pytest.approx([10.0, 30.0])
    # skips per operation: 450 over 900 operations, then 4,550 over 1,000
    assert cut['om.iterSkipsPerOp'] == pytest.approx([0.5, 4.55])
    # totals of bursty work have no segments
    assert 'om.compactWriteMB' not in cut and 'om.writeStallMs' not in cut
    # exact p99 (nearest rank) of the 95 listings that started in each half
    assert cut['client.operations.LIST.p99'] == [94.0, 99.0]
    assert 'client.operations.CREATE.p99' not in cut  # no CREATE in the log: no segments for it


def test_a_series_too_short_is_not_cut():
    assert segments.of_run(_rows()[:9], [], count=5) is None


def test_the_verdict_takes_a_single_runs_spread_from_its_segments():
    run = {'arm': 'range', 'om': {'seekAvgUsRun': 20.0}, 'segments': {'om.seekAvgUsRun': [10.0, 30.0]}}
    values = report.key_values({'range': [run]})
    assert values['OM seek average']['range'] == (20.0, 10.0, 30.0, [10.0, 30.0])
    assert report.noise_source({'range': [run]}) == 'segments'
    assert report.noise_source({'range': [run, run]}) == 'repeats'


def test_runs_are_compared_segment_by_segment_so_a_shared_trend_cancels():
    # off's seek average grows with its tombstones; range stays low: their ranges overlap (off's first fifth is
    # still clean) but range is lower in every fifth
    off = (4600.0, 300.0, 9000.0, [300.0, 2000.0, 4000.0, 6000.0, 9000.0])
    rng = (120.0, 100.0, 140.0, [100.0, 110.0, 120.0, 130.0, 140.0])
    assert verdict.compare(rng, off) == 'better'
    # lower in four fifths and higher in one: not beyond the run's own wobble
    wobbly = (100.0, 50.0, 200.0, [50.0, 60.0, 70.0, 80.0, 200.0])
    flat = (120.0, 100.0, 130.0, [100.0, 110.0, 120.0, 125.0, 130.0])
    assert verdict.compare(wobbly, flat) == 'similar'
    # repeats still compare by their ranges
    assert verdict.compare((1.0, 0.9, 1.1), (2.0, 1.5, 2.5)) == 'better'
