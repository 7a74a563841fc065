"""The production command's pure parts: what it refuses, the recorded commands it still runs, and its targets from the
arms' and the interleaved measures' results."""

import pytest

from abbench import cli, production


def test_production_takes_only_what_its_fixed_shape_leaves_open(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(['production', '--arms', 'off,range'])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == ('ab-bench: production does not take --arms (see scripts/ab-bench --help)\n')
    args = cli.parser().parse_args(['production', '--base-port', '20000', '--seed', '7', '--out', str(tmp_path)])
    assert (args.base_port, args.seed, args.out) == (20000, 7, tmp_path)


@pytest.mark.parametrize('command', ['arms', 'production', 'interleave', 'ha-transfer'])
def test_every_run_refuses_a_results_folder_that_is_not_empty(command, tmp_path):
    (tmp_path / 'earlier').write_text('')
    with pytest.raises(SystemExit, match='is not empty; choose another --out'):
        cli.main([command, '--out', str(tmp_path)])


@pytest.mark.parametrize('recorded, command', [
    (['--production'], ['production']),
    (['--scenario', 'retention', '--interleave', '--pairs', '3'], ['interleave', '--scenario', 'retention', '--pairs',
                                                                   '3']),
    (['--ha-transfer', '--arms', 'off'], ['ha-transfer', '--arms', 'off']),
    (['--compare', 'a', 'b'], ['compare', 'a', 'b']),
    (['--report', 'a'], ['report', 'a']),
    (['--smoke', '--arms', 'off'], ['arms', '--smoke', '--arms', 'off']),
    (['production', '--seed', '3'], ['production', '--seed', '3']),
    ([], []),
])
def test_a_command_recorded_before_the_modes_were_commands_runs_as_written(recorded, command):
    assert cli.with_command(recorded) == command
    if command:
        assert cli.parser().parse_args(command).command == command[0]


def _run(scenario, arm, seek, skips, written, cost=None):
    return {'scenario': scenario, 'arm': arm, 'status': 'ok',
            'om': {'seekAvgUsRun': seek, 'iterSkipsPerOp': skips, 'compactWriteMB': written},
            'clientCost': cost}


def _p99(high, low=0.9, holds=None):
    half_width = 100 * (high - low) / 2
    return {'p99': {'ratio': 1.0, 'low': low, 'high': high, 'halfWidthPct': half_width,
                    'targetHolds': high <= 1.1 and half_width <= 10 if holds is None else holds}}


def test_targets_are_computed_from_both_results():
    seed_cost = {'busyFraction': 0.1, 'operations': {'CREATE': _p99(1.05, 0.95), 'DELETE': _p99(1.2, 1.1),
                                                     'LIST': {'p99': {'verdict': 'not measured: 3 LIST operations'}}}}
    arms = {'runs': [_run('seed', 'off', 100.0, 10.0, 0.0), _run('seed', 'range', 80.0, 2.0, 5.0, seed_cost),
                     _run('seed', 'full', 90.0, 3.0, 100.0),
                     _run('retention', 'off', 100.0, 10.0, 0.0), _run('retention', 'range', 20.0, 1.0, 5.0),
                     _run('retention', 'full', 10.0, 0.5, 20.0)]}
    work = {'measured': True, 'lowestOnBusyFraction': 0.2, 'continuousBusyFraction': 0.1,
            'everyOnBlockAtLeastContinuous': True}
    measures = {'retention': {'analysis': {'operations': {'CREATE': _p99(1.05, 0.96), 'DELETE': _p99(1.2),
                                                     'LIST': _p99(1.09, 0.7)},
                                      'allOpsPerSecond': {'low': 0.97}, 'work': work}}}
    rows = {t['target']: t for t in production.targets(arms, measures, 1500)}
    assert rows['seed: range seek average / off']['holds'] and rows['seed: range seek average / off']['value'] == 0.8
    assert not rows['retention: range seek average / off']['holds']  # 0.2 > 0.1
    assert not rows['retention: range seek average / full']['holds']  # 20 > 10
    assert not rows['retention: range skips per operation / full']['holds']
    assert rows['seed: full compaction bytes written / range']['holds']  # 20x
    assert not rows['retention: full compaction bytes written / range']['holds']  # 4x
    during = "seed: client {} p99 during the service's work / outside (range arm), 95% interval"
    assert rows[during.format('CREATE')]['holds'] and rows[during.format('CREATE')]['value'] == '1.000 [0.950, 1.050]'
    assert rows[during.format('DELETE')]['holds'] is False
    assert rows[during.format('LIST')]['holds'] is None
    assert rows[during.format('LIST')]['value'].startswith('not measured')
    interleaved = 'retention: client {} p99 on/off (interleaved), 95% interval'
    assert rows[interleaved.format('CREATE')]['holds']
    assert not rows[interleaved.format('DELETE')]['holds']
    # An upper end within the bound but an interval too wide: not met, and said so.
    assert not rows[interleaved.format('LIST')]['holds']
    assert 'not resolved in this run' in rows[interleaved.format('LIST')]['value']
    assert rows['retention: client ops/s on/off (interleaved), lower end of the 95% interval']['holds']
    assert rows["retention: every interleaved on-block's busy fraction / the range arm's"]['value'] == 2.0
    # seed is not measured interleaved (production.INTERLEAVE_SCENARIOS): no row claims it
    assert not [name for name in rows if name.startswith('seed') and 'interleaved' in name]
    assert rows["wall time (s) from the command's start"]['holds']
    assert not {t['target']: t for t in production.targets(arms, measures, 1900)}[
        "wall time (s) from the command's start"]['holds']
