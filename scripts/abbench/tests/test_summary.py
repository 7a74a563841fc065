"""The summary, verdict and report computed from fixed input."""

import json

import pytest

from abbench import cli, report, summary, verdict


def _row(t, ops, seek_avg, seeks, skips, compact_write, stall, sst, ranges=None):
    return {'unix_time': 1e9 + t, 'elapsed_s': t, 'ops_done': ops, 'seek_avg_us': seek_avg, 'seeks': seeks,
            'seek_p99_us': 2 * seek_avg, 'seek_max_us': 10 * seek_avg, 'iter_skips': skips,
            'compact_write_bytes': compact_write, 'stall_micros': stall, 'live_sst_bytes': sst,
            'range_compactions': ranges}


# Cumulative histogram averages: 10 us over the first 100 seeks, 30 us over the next 100, 15 us over 200 more.
ROWS = [
    _row(0, 0, 0.0, 0, 0, 0, 0, 0),
    _row(3, 1000, 10.0, 100, 5000, 1_000_000, 0, 2_000_000, 0),
    _row(6, 2000, 20.0, 200, 15000, 3_000_000, 1500, 3_000_000, 1),
    _row(9, 2000, 20.0, 200, 15000, 3_000_000, 1500, 2_500_000, 1),  # no seek in this interval
    _row(12, 4000, 17.5, 400, 40000, 5_000_000, 2500, 1_000_000, 2),
]

FREON = {'totalOps': 4000, 'durationSeconds': 12.5, 'opsPerSecond': 320.0, 'failures': 0, 'created': 2800,
         'deleted': 1100, 'listed': 50000,
         'operations': {'CREATE': {'count': 2800, 'opsPerSecond': 224.0,
                                   'latencyMs': {'mean': 5.0, 'p50': 4.0, 'p95': 9.0, 'p99': 20.0, 'max': 40.0}},
                        'LIST': {'count': 100, 'opsPerSecond': 8.0,
                                 'latencyMs': {'mean': 15.0, 'p50': 12.0, 'p95': 30.0, 'p99': 55.0, 'max': 70.0}}}}


def test_windowed_seek_average_undoes_the_cumulative_histogram():
    assert summary.windowed_seek_avg_us(ROWS) == pytest.approx([10.0, 30.0, 15.0])


def test_counters_and_gauges_over_the_series():
    assert summary.delta(ROWS, 'iter_skips') == 40000
    assert summary.last(ROWS, 'live_sst_bytes') == 1_000_000
    assert summary.delta(ROWS, 'range_compactions') == 2  # first value exported, not the empty first cell
    assert summary.delta([{'x': None}], 'x') is None


def test_percentile_interpolates():
    assert summary.percentile([1, 2, 3, 4], 0.5) == 2.5
    assert summary.percentile([7], 0.99) == 7
    assert summary.percentile([], 0.5) is None


def test_arm_summary_from_fixed_input():
    s = summary.arm_summary(FREON, ROWS)
    assert s['samples'] == 5
    client, om = s['client'], s['om']
    assert client['totalOps'] == 4000 and client['opsPerSecond'] == 320.0
    assert client['operations']['CREATE'] == {'count': 2800, 'opsPerSecond': 224.0, 'mean': 5.0, 'p50': 4.0,
                                              'p95': 9.0, 'p99': 20.0, 'max': 40.0}
    assert 'DELETE' not in client['operations']
    assert om['seekAvgUsRun'] == 17.5
    assert om['seekP99UsRun'] == 35.0
    assert om['seekAvgUsWindowP50'] == pytest.approx(15.0)
    assert om['seekAvgUsWindowMax'] == pytest.approx(30.0)
    assert om['seekAvgUsWindowLast'] == pytest.approx(15.0)
    assert om['iterSkipsPerOp'] == pytest.approx(10.0)
    assert om['iterSkipsPerSeek'] == pytest.approx(100.0)
    assert om['compactWriteMB'] == pytest.approx(5.0)
    assert om['writeStallMs'] == pytest.approx(2.5)
    assert om['sstMBEnd'] == pytest.approx(1.0)
    assert om['sstMBMax'] == pytest.approx(3.0)
    assert om['rangeCompactions'] == 2
    assert om['rangeMemtableFlushes'] is None  # the column is absent in this arm


def test_arm_summary_of_an_aborted_arm_without_freon_summary():
    s = summary.arm_summary(None, ROWS[:3])
    assert s['client'] is None
    assert s['om']['iterSkipsPerOp'] == pytest.approx(15000 / 2000)


def test_lookup_and_aggregate_over_repeats():
    runs = [{'client': {'operations': {'LIST': {'p99': v}}}} for v in (50.0, 70.0, 40.0)]
    assert summary.lookup(runs[0], 'client.operations.LIST.p99') == 50.0
    assert summary.lookup(runs[0], 'client.operations.DELETE.p99') is None
    assert summary.aggregate(runs, 'client.operations.LIST.p99') == (50.0, 40.0, 70.0)
    assert summary.aggregate(runs, 'om.seekAvgUsRun') is None


def test_winner_needs_a_clear_margin():
    assert verdict.lowest({'off': (100, 100, 100), 'range': (20, 20, 20), 'full': (50, 50, 50)})[0] == 'range'
    assert verdict.lowest({'off': (100, 100, 100), 'range': (95, 95, 95)})[0] is None  # within NOISE
    assert verdict.lowest({'off': (100, 80, 130), 'range': (70, 60, 90)})[0] is None  # repeats overlap
    assert verdict.lowest({'off': None, 'range': (1, 1, 1)})[0] == 'range'


def test_verdict_lines_name_winner_and_each_arm_against_off():
    values = {m.label: {'off': (100.0, 100.0, 100.0), 'range': (10.0, 10.0, 10.0), 'full': (200.0, 200.0, 200.0)}
              for m in verdict.KEY_METRICS}
    values['CREATE p99'] = {'off': (20.0, 20.0, 20.0), 'range': (21.0, 21.0, 21.0), 'full': (20.5, 20.5, 20.5)}
    lines = verdict.scenario_verdict(values)
    assert lines[0] == ('OM seek average: lowest in range, apart from the next beyond the noise (range 10.0 us, '
                        'off 100 us, full 200 us).')
    assert lines[3].startswith('CREATE p99: the lowest two not told apart')
    assert any(line.startswith('`range` against `off`: better on OM seek average 0.10x') and
               'no clear difference on CREATE p99 1.05x' in line for line in lines)
    assert any(line.startswith('`full` against `off`: worse on OM seek average 2.00x') for line in lines)


def test_verdict_when_off_measured_zero():
    values = {'compaction write bytes': {'off': (0.0, 0.0, 0.0), 'range': (3.0, 3.0, 3.0)}}
    lines = verdict.scenario_verdict(values)
    assert lines[-1] == '`range` against `off`: worse on compaction write bytes 3.0 MB vs none.'


def test_report_table_shows_ratios_against_off():
    off = {'arm': 'off', 'client': {'opsPerSecond': 400.0}, 'om': {'seekAvgUsRun': 50.0}}
    rng = {'arm': 'range', 'client': {'opsPerSecond': 440.0}, 'om': {'seekAvgUsRun': 5.0}}
    lines = report.table({'off': [off], 'range': [rng]}, repeats=1)
    assert lines[0] == '| metric | off | range |'
    assert '| client ops/s | 400 | 440 (1.10x) |' in lines
    assert '| OM seek average, whole run (us) | 50.0 | 5.0 (0.10x) |' in lines
    assert not any(line.startswith('| LIST') for line in lines)  # rows without any value are left out


def test_comparison_puts_two_results_side_by_side():
    def result(seek, commit):
        return {'gitCommit': commit, 'gitDirty': False, 'machine': {'cores': 2}, 'settings': {'ops': 1000},
                'runs': [{'scenario': 'seed', 'arm': 'range', 'om': {'seekAvgUsRun': seek}},
                         {'scenario': 'fso', 'arm': 'off', 'om': {'seekAvgUsRun': 1.0}}]}
    first, second = result(20.0, 'a' * 40), result(5.0, 'b' * 40)
    second['runs'].pop()
    text = report.render_comparison(first, second, 'A', 'B')
    assert f"- A: `A` (commit {'a' * 40}, 1,000 ops, 2 cores)" in text
    assert '| OM seek average, whole run (us) | 20.0 | 5.0 | 0.25x |' in text
    assert 'Scenarios in only one folder: fso.' in text


def _list_run(arm, repeat, p99):
    return {'id': f'seed-{arm}-r{repeat}', 'scenario': 'seed', 'arm': arm, 'repeat': repeat, 'status': 'ok',
            'freonCommand': 'ozone freon omkeybench', 'client': {'operations': {'LIST': {'p99': p99}}}}


# range against off per repeat: 1.2x, 0.95x and 1.4x; the spread of their logarithms (sd 0.194) would need 26
# pairs to hold the median within 10%.
PAIRED_RUNS = [_list_run('off', 1, 100.0), _list_run('range', 1, 120.0), _list_run('off', 2, 80.0),
               _list_run('range', 2, 76.0), _list_run('off', 3, 50.0), _list_run('range', 3, 70.0)]


def test_repeats_as_pairs_set_each_run_against_the_off_run_of_its_repeat():
    rows = report.paired(summary.group_runs(PAIRED_RUNS)['seed'])
    assert len(rows) == 1
    label, arm, ratios, median, needed = rows[0]
    assert (label, arm, needed) == ('LIST p99', 'range', 26)
    assert ratios == pytest.approx([1.2, 0.95, 1.4])
    assert median == pytest.approx(1.2)
    assert report.repeats_needed([0.1, -0.1]) is None  # two pairs say too little of their spread
    assert report.paired(summary.group_runs(PAIRED_RUNS[:2])['seed']) == []  # one repeat: no pairs to show


def test_report_is_written_again_from_summary_json(tmp_path):
    result = {'status': 'complete', 'commandLine': ['scripts/ab-bench', '--repeat', '3'], 'gitCommit': None,
              'gitDirty': None, 'machine': {},
              'settings': {'arms': ['off', 'range'], 'ops': 1000, 'threads': 10, 'seed': 42, 'repeat': 3,
                           'scrapeIntervalS': 3.0},
              'runs': PAIRED_RUNS}
    (tmp_path / 'summary.json').write_text(json.dumps(result))
    charts_dir = tmp_path / 'charts' / 'seed'
    charts_dir.mkdir(parents=True)
    for name in ('client_p99_per_interval', 'seek_average_per_interval', 'unrelated'):
        (charts_dir / f'{name}.png').write_bytes(b'png')

    assert cli.main(['report', str(tmp_path)]) == 0

    text = (tmp_path / 'report.md').read_text()
    assert '| LIST p99 (ms) | 80.0 [50.0–100.0] | 76.0 [70.0–120.0] (0.95x) |' in text
    assert '### Repeats as pairs' in text
    assert '| LIST p99 | range | 1.20x, 0.95x, 1.40x | 1.20x | 26 |' in text
    # The charts in the order the harness draws them; a file it does not draw is not linked.
    assert text.index('charts/seed/seek_average_per_interval.png') < text.index('charts/seed/client_p99_per_interval')
    assert 'unrelated' not in text
