"""ha-transfer without a cluster: its options, and its targets and page from a fixed result."""

import json
from pathlib import Path

import pytest

from abbench import cli, hatransfer, scenarios


def _settings(tmp_path, *args):
    return cli.ha_settings(cli.parser().parse_args(['ha-transfer', '--out', str(tmp_path / 'out'), *args]),
                           tmp_path)


def test_defaults_are_seed_and_retention_off_and_range_at_the_smoke_size(tmp_path):
    s = _settings(tmp_path)
    assert (s.scenarios, s.arms, s.ops, s.write_buffer, s.quiet_s) == (['seed', 'retention'], ['off', 'range'],
                                                                        cli.SMOKE_OPS, cli.SMOKE_WRITE_BUFFER, 60)
    told = _settings(tmp_path, '--scenario', 'retention', '--arms', 'off', '--ops', '2000', '--quiet-seconds', '5',
                     '--om-conf', 'range:a.b=1')
    assert (told.scenarios, told.arms, told.ops, told.quiet_s, told.om_conf) == (['retention'], ['off'], 2000, 5,
                                                                                 {'range': ['a.b=1']})


@pytest.mark.parametrize('args, message', [
    (['--smoke'], 'ha-transfer does not take --smoke'),
    (['--repeat', '2'], 'ha-transfer does not take --repeat'),
    (['--preload-keys', '10'], 'ha-transfer does not take --preload-keys'),
])
def test_what_its_command_does_not_take_is_one_line_and_exit_2(tmp_path, args, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(['ha-transfer', '--out', str(tmp_path / 'out'), *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count('\n') == 1


def test_a_phased_scenario_is_refused_in_one_line(tmp_path):
    with pytest.raises(SystemExit, match='ha-transfer measures the omkeybench scenarios, not bulk-expire'):
        _settings(tmp_path, '--scenario', 'seed,bulk-expire')


def test_the_listing_start_is_read_where_the_scenario_lists_from_the_start():
    assert hatransfer.measures(scenarios.SCENARIOS['seed']) == ['deletedTable', 'openKeyTable', 'keyTable']
    assert hatransfer.measures(scenarios.SCENARIOS['retention'])[-1] == hatransfer.LISTING_LABEL


def _reading(key_table, listing, flushes=None):
    return {'headSkips': {'deletedTable': 0, 'openKeyTable': 10, 'keyTable': key_table,
                          hatransfer.LISTING_LABEL: listing},
            'tombstones': {'keyTable': listing}, 'rangesCompacted': flushes, 'memtableFlushes': flushes}


def _run(arm, old, new):
    return {'id': f'retention-{arm}', 'scenario': 'retention', 'arm': arm, 'status': 'ok',
            'freonCommand': 'ozone freon omkeybench -n 2000', 'measures': hatransfer.measures(
                scenarios.SCENARIOS['retention']),
            'client': {'totalOps': 2000, 'created': 1400, 'deleted': 520}, 'oldLeader': 'om1', 'newLeader': 'om2',
            'transferSeconds': 3.5,
            'oms': {'om1': dict(_reading(*old), role='LEADER'), 'om2': dict(_reading(*new), role='FOLLOWER'),
                    'om3': dict(_reading(*new), role='FOLLOWER')},
            'newLeaderAfter': _reading(*new)}


RESULT = {'status': 'complete', 'startedAt': '2026-11-25T19:00:00+00:00', 'finishedAt': '2026-11-25T19:10:00+00:00',
          'wallSeconds': 600.0, 'commandLine': ['scripts/ab-bench', '--ha-transfer'],
          'gitCommit': 'a' * 40, 'gitDirty': False, 'machine': {'cores': 2, 'memoryGiB': 23.5},
          'settings': {'ops': 2000, 'threads': 10, 'seed': 42, 'quietSeconds': 60, 'writeBuffer': '2MB'},
          'runs': [_run('off', (1040, 1040), (1040, 1040)), _run('range', (0, 4), (100, 2000))]}


def test_targets_set_the_new_leader_against_the_old_one_and_against_off():
    rows = {(measure, arm): tuple(rest) for measure, arm, *rest in hatransfer.targets(RESULT['runs'])}

    # (old leader, new leader, new/old, met, off's new leader, new/off, met)
    assert rows[('keyTable', 'off')] == (1040, 1040, 1.0, True, None, None, None)
    assert rows[('keyTable', 'range')] == (0, 100, float('inf'), False, 1040, 100 / 1040, True)
    assert rows[(hatransfer.LISTING_LABEL, 'range')] == (4, 2000, 500.0, False, 1040, 2000 / 1040, False)
    assert rows[('deletedTable', 'range')][2:] == (1.0, True, 0, 1.0, True)  # nothing against nothing meets both


def test_page_is_generated_from_the_result(tmp_path):
    page = hatransfer.render(RESULT)

    assert page.startswith('# OM HA: what a new leader meets at the heads of its tables')
    assert '2 cores, 23.5 GiB' in page and f"git commit {'a' * 40}." in page and 'wall time 600 s' in page
    assert '| keyTable | `range` | 0 | 100 | inf | **no** | 1,040 | 0.10x | yes |' in page
    assert '| om2 | after, leader | 0 | 10 | 100 | 2,000 | 2,000 | – | – |' in page
    assert 'leadership moved from om1 to om2 in 3.5 s' in page


def test_report_command_writes_the_page_again(tmp_path):
    (tmp_path / hatransfer.JSON_FILE).write_text(json.dumps(RESULT))

    assert cli.main(['report', str(tmp_path)]) == 0
    assert (tmp_path / hatransfer.PAGE_FILE).read_text() == hatransfer.render(RESULT)
    assert not Path(tmp_path / 'report.md').exists()
