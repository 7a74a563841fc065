"""The cost command's settings, its capacity and its page, on written-down results (no cluster)."""

import subprocess
from pathlib import Path

import pytest

from abbench import cost

REPO = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize('args, message', [
    (['--utilizations', '0,50'], '--utilizations takes percentages from 1 to 99'),
    (['--utilizations', '50', '--aa-at', '30'], '--aa-at 30 is none of --utilizations 50'),
    (['--pairs', '1'], 'cost needs --pairs of at least 2'),
    (['--scenario', 'bulk-expire'], 'cost measures omkeybench scenarios'),
    (['--scenario', 'retention', '--om-conf', 'full:a=b'], '--om-conf takes KEY=VALUE or range:KEY=VALUE'),
])
def test_bad_input_is_one_line_and_a_non_zero_exit(args, message):
    run = subprocess.run([str(REPO / 'scripts' / 'ab-bench'), 'cost', *args], capture_output=True, text=True,
                         timeout=60, stdin=subprocess.DEVNULL)
    assert run.returncode != 0
    assert message in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr


def _block(pair, label, completed, warmup=False):
    return {'pair': pair, 'label': label, 'warmup': warmup, 'client': {'completedStepsPerSecond': completed}}


def test_capacity_is_the_mean_of_the_measured_blocks():
    part = {'blocks': [_block(0, 'on', 100.0, True), _block(0, 'off', 900.0, True),
                       _block(1, 'on', 800.0), _block(1, 'off', 840.0)]}
    assert cost.capacity(part) == 820.0


def _ratio(ratio, low, high, holds):
    return {'ratio': ratio, 'low': low, 'high': high, 'targetHolds': holds}


def _paced(share, p50_high):
    ops = {op: {'p50': _ratio(1.2, 1.1, 1.3, False), 'p99': _ratio(1.0, 0.9, 1.12, False)}
           for op in ('CREATE', 'DELETE', 'LIST')}
    matched = {'status': 'measured', 'operations': {op: {'p50': _ratio(1.02, 0.99, p50_high, True),
                                                         'p99': _ratio(1.05, 0.97, 1.09, True)}
                                                    for op in ('CREATE', 'DELETE', 'LIST')}}
    return {'utilization': share, 'offeredOpsPerSecond': 4.0 * share, 'folder': f'paced-{share}',
            'status': 'complete', 'rate': {'lowestCompletedPerSecond': 3.99 * share, 'reason': None},
            'work': {'onBusyFraction': 0.1, 'reason': None}, 'interleaved': ops, 'matched': matched,
            }


def test_targets_judge_the_matched_median_on_its_upper_end():
    rows = {label: holds for label, _, holds in cost.targets(_paced(50, 1.04))}
    assert rows['CREATE p50 during/outside (matched), upper end <= 1.05'] is True
    assert rows['CREATE p99 on/off (interleaved)'] is False
    assert rows['CREATE p99 during/outside (matched)'] is True
    rows = {label: holds for label, _, holds in cost.targets(_paced(50, 1.06))}
    assert rows['DELETE p50 during/outside (matched), upper end <= 1.05'] is False


def test_the_page_shows_each_share_the_targets_at_half_and_what_was_not_measured():
    result = {'tool': 'scripts/ab-bench cost', 'status': 'complete', 'commandLine': ['scripts/ab-bench', 'cost'],
              'startedAt': '2026-12-06T23:00:00Z', 'wallSeconds': 3600.0, 'gitCommit': 'abc1234', 'gitDirty': False,
              'machine': {'cores': 2, 'memoryGiB': 24},
              'settings': {'preloadKeys': 10_000_000, 'writeBuffer': '2MB', 'threads': 10, 'capacityBlockSeconds': 30,
                           'openLoopThreads': 32, 'pairs': 12, 'blockSeconds': 20, 'targetRatio': 1.1,
                           'targetHalfWidthPct': 10, 'p50Target': 1.05},
              'scenarios': {'retention': {
                  'capacity': {'opsPerSecond': 800.0, 'threads': 10, 'folder': 'capacity'},
                  'paced': [_paced(25, 1.04), _paced(50, 1.04)],
                  'aa': {'utilization': 50, 'folder': 'aa-50',
                         'interleaved': {op: {'p99': _ratio(1.0, 0.8, 1.2, False)} for op in ('CREATE', 'DELETE',
                                                                                              'LIST')},
                         'pairsForTargetHalfWidth': {'CREATE': 40, 'DELETE': 50, 'LIST': 70},
                         'placebo': {'operations': {}}}}}}
    page = cost.render(result)
    assert '[25%](retention/paced-25/report.md)' in page and '[50%](retention/paced-50/report.md)' in page
    assert '### Targets at 50% (retention)' in page
    assert 'CREATE p99 ±10%' not in page and 'pairs for ±10%: 40' in page
    assert '| CREATE | 1.20 [1.10, 1.30] | 1.00 [0.90, 1.12] | 1.02 [0.99, 1.04] |' in page
    assert 'Capacity: 800 steps a second' in page
