"""--production's pure parts: what it refuses, and its targets from the arms' and the interleaved measures' results."""

import pytest

from abbench import cli, production


def test_production_refuses_the_options_its_fixed_shape_sets(tmp_path):
    args = cli.parser().parse_args(['--production', '--arms', 'off,range'])
    with pytest.raises(SystemExit, match='--production does not take --arms'):
        cli._production_out(args, tmp_path)
    args = cli.parser().parse_args(['--production', '--base-port', '20000', '--seed', '7', '--out',
                                    str(tmp_path / 'out')])
    assert cli._production_out(args, tmp_path) == tmp_path / 'out'


def test_quick_is_refused_in_one_line_naming_its_new_name(capsys):
    with pytest.raises(SystemExit, match='--quick is now --smoke'):
        cli.main(['--quick'])


def _run(scenario, arm, seek, skips, written):
    return {'scenario': scenario, 'arm': arm, 'status': 'ok',
            'om': {'seekAvgUsRun': seek, 'iterSkipsPerOp': skips, 'compactWriteMB': written}}


def _p99(high):
    return {'p99': {'ratio': 1.0, 'low': 0.9, 'high': high}}


def test_targets_are_computed_from_both_results():
    arms = {'runs': [_run('seed', 'off', 100.0, 10.0, 0.0), _run('seed', 'range', 80.0, 2.0, 5.0),
                     _run('seed', 'full', 90.0, 3.0, 100.0),
                     _run('retention', 'off', 100.0, 10.0, 0.0), _run('retention', 'range', 20.0, 1.0, 5.0),
                     _run('retention', 'full', 10.0, 0.5, 20.0)]}
    measures = {'seed': {'analysis': {'operations': {'CREATE': _p99(1.05), 'DELETE': _p99(1.2), 'LIST': _p99(1.0)}}}}
    rows = {t['target']: t for t in production.targets(arms, measures, 1500)}
    assert rows['seed: range seek average / off']['holds'] and rows['seed: range seek average / off']['value'] == 0.8
    assert not rows['retention: range seek average / off']['holds']  # 0.2 > 0.1
    assert not rows['retention: range seek average / full']['holds']  # 20 > 10
    assert not rows['retention: range skips per operation / full']['holds']
    assert rows['seed: full compaction bytes written / range']['holds']  # 20x
    assert not rows['retention: full compaction bytes written / range']['holds']  # 4x
    assert rows['seed: client CREATE p99 on/off, upper end of the 95% interval']['holds']
    assert not rows['seed: client DELETE p99 on/off, upper end of the 95% interval']['holds']
    # retention's interleaved measure is missing: no verdict either way
    assert rows['retention: client LIST p99 on/off, upper end of the 95% interval']['holds'] is None
