"""The order of the runs and the OM configuration of each arm, without a cluster."""

from pathlib import Path

import pytest

from abbench import bulkexpire, cli, scenarios
from harness import freon
from abbench.runner import Benchmark, Settings


def _arms_args(*argv):
    """The options of the arms command, parsed."""
    return cli.parser().parse_args(['arms', *argv])


def _benchmark(**overrides):
    values = dict(scenarios=['seed', 'retention'], arms=['off', 'range', 'full'], ops=1000, threads=2, seed=1,
                  repeat=2, scrape_interval_s=1, base_port=19400, out=Path('/nonexistent'))
    values.update(overrides)
    return Benchmark(Settings(**values), Path('.'), ['scripts/ab-bench'])


def test_repeats_interleave_the_arms():
    plan = _benchmark().plan()
    assert plan[:4] == [('seed', 'off', 1), ('seed', 'range', 1), ('seed', 'full', 1), ('retention', 'off', 1)]
    assert plan[6] == ('seed', 'off', 2)
    assert len(plan) == 12


def test_every_arm_gets_statistics_scenario_and_extra_conf():
    b = _benchmark(om_conf={'*': ['a.b=1'], 'range': ['c.d=2']})
    data_keys = scenarios.SCENARIOS['data-keys']
    for arm in ('off', 'range', 'full'):
        conf = b._om_conf(data_keys, arm, 30)
        assert conf[0] == 'ozone.metastore.rocksdb.statistics=ALL'
        assert 'ozone.block.deleting.service.interval=10s' in conf
        assert 'a.b=1' in conf
        assert ('c.d=2' in conf) == (arm == 'range')
    assert 'ozone.om.compaction.service.run.interval=30s' in b._om_conf(data_keys, 'full', 30)
    assert 'ozone.om.range.compaction.service.interval=30s' in b._om_conf(data_keys, 'prototype', 30)


def test_a_variant_is_its_base_arm_with_the_base_settings_and_then_its_own(tmp_path):
    args = _arms_args('--arms', 'range,range@no-repeat', '--om-conf', 'range:a.b=1', '--om-conf',
                      'range@no-repeat:a.b=2', '--out', str(tmp_path / 'a'))
    b = _benchmark(arms=args.arms, om_conf=cli.settings(args, tmp_path).om_conf)
    seed = scenarios.SCENARIOS['seed']
    assert [cell[1] for cell in b.plan()[:2]] == ['range', 'range@no-repeat']
    variant = b._om_conf(seed, 'range@no-repeat', 30)
    assert variant[:len(b._om_conf(seed, 'range', 30))] == b._om_conf(seed, 'range', 30)
    # The variant's own value comes last, so it wins.
    assert variant[-2:] == ['a.b=1', 'a.b=2']
    assert 'a.b=2' not in b._om_conf(seed, 'range', 30)


def _dist(folder):
    (folder / 'bin').mkdir(parents=True)
    (folder / 'bin' / 'ozone').write_text('')
    return folder


def test_an_arm_runs_from_its_own_distribution_or_its_base_arms_or_all_arms(tmp_path):
    master, series = _dist(tmp_path / 'master'), _dist(tmp_path / 'series')
    args = _arms_args('--arms', 'off@master,off,range,range@x', '--dist', str(series), '--dist',
                      f'off@master:{master}', '--dist', f'range:{series}', '--out', str(tmp_path / 'a'))
    b = _benchmark(arms=args.arms, dists=cli.settings(args, tmp_path).dists)
    assert [b._dist(arm) for arm in args.arms] == [master, series, series, series]
    assert _benchmark()._dist('off') is None  # this repository's build


@pytest.mark.parametrize('option,bad', [('--arms', 'range,rnge@x'), ('--arms', 'range@'), ('--arms', 'range@X'),
                                        ('--om-conf', 'rnge@x:a=b'), ('--dist', '/nonexistent'),
                                        ('--dist', 'off:/nonexistent')])
def test_an_unknown_arm_or_variant_is_one_line_and_exit_2(option, bad, capsys):
    with pytest.raises(SystemExit) as exit_info:
        _arms_args(option, bad)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.count('\n') == 1


def test_range_arms_scale_their_thresholds_with_the_memtables():
    conf = scenarios.arm_conf('range', 30, '2MB')
    assert 'ozone.om.range.compaction.service.enabled=true' in conf
    assert not any('.interval=' in c for c in conf)  # ours looks every second, its default
    assert 'ozone.om.range.compaction.service.min.tombstones=156' in conf  # 10,000 x 2 MB / 128 MB
    assert not any('max.range.entries' in c for c in conf)
    assert 'ozone.om.range.compaction.service.min.tombstones=100' in scenarios.arm_conf('range', 30, '64KB')
    for unscaled in (None, '128MB', '1GB'):
        assert not any('min.tombstones' in c for c in scenarios.arm_conf('range', 30, unscaled)), unscaled
    assert not any('min.tombstones' in c for c in scenarios.arm_conf('full', 30, '2MB'))


def test_prototype_arm_is_our_service_with_the_shared_settings_on_the_periodic_schedule():
    conf = scenarios.arm_conf('prototype', 30, '2MB')
    assert 'ozone.om.range.compaction.service.enabled=true' in conf
    assert 'ozone.om.range.compaction.service.interval=30s' in conf
    assert 'ozone.om.range.compaction.service.tombstone.ratio=0.3' in conf
    assert 'ozone.om.range.compaction.service.bottommost.forced=false' in conf
    assert 'ozone.om.range.compaction.service.memtable.flush=false' in conf
    # The scaled count comes last, so that it wins over the shared file's 10,000.
    assert conf[-1] == 'ozone.om.range.compaction.service.min.tombstones=156'


def test_service_interval_follows_the_run_length():
    assert scenarios.service_interval_s(15 * 3600) == 3600  # the reference run: 1 h in 15 h
    assert scenarios.service_interval_s(300) == 20
    assert scenarios.service_interval_s(60) == scenarios.MIN_INTERVAL_S


def test_write_buffer_is_set_in_every_arm_before_the_extra_conf():
    b = _benchmark(write_buffer='2MB', om_conf={'*': [f'{scenarios.WRITE_BUFFER_KEY}=4MB']})
    for arm in ('off', 'range', 'full'):
        conf = b._om_conf(scenarios.SCENARIOS['seed'], arm, 30)
        # scripts/cluster writes the values in this order and the last of a key wins: --om-conf overrides
        assert conf.index(f'{scenarios.WRITE_BUFFER_KEY}=2MB') < conf.index(f'{scenarios.WRITE_BUFFER_KEY}=4MB')
    assert not any(c.startswith(scenarios.WRITE_BUFFER_KEY) for c in _benchmark()._om_conf(
        scenarios.SCENARIOS['seed'], 'off', 30))


def test_smoke_scales_the_memtables_unless_told_otherwise(tmp_path):
    smoke = cli.settings(_arms_args('--smoke', '--out', str(tmp_path / 'a')), tmp_path)
    assert (smoke.ops, smoke.write_buffer, smoke.scenarios) == (cli.SMOKE_OPS, cli.SMOKE_WRITE_BUFFER,
                                                                cli.SMOKE_SCENARIOS)
    told = cli.settings(_arms_args('--smoke', '--write-buffer', '128MB', '--out', str(tmp_path / 'b')),
                                   tmp_path)
    assert told.write_buffer == '128MB'
    assert cli.settings(_arms_args('--out', str(tmp_path / 'c')), tmp_path).write_buffer is None


@pytest.mark.parametrize('bad', ['2', '0MB', '2TB', 'MB', '1.5MB'])
def test_a_bad_write_buffer_is_one_line_and_exit_2(bad, capsys):
    with pytest.raises(SystemExit) as exit_info:
        _arms_args('--write-buffer', bad)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and f'expected a size like 2MB (KB, MB or GB), got {bad!r}' in err


def test_large_runs_three_arms_three_times_on_preloaded_keys(tmp_path):
    large = cli.settings(_arms_args('--large', '--out', str(tmp_path / 'a')), tmp_path)
    assert (large.scenarios, large.arms, large.repeat, large.ops) == (cli.LARGE_SCENARIOS, cli.LARGE_ARMS, 3,
                                                                      cli.LARGE_OPS)
    assert (large.preload_keys, large.write_buffer) == (10 ** 7, cli.SMOKE_WRITE_BUFFER)
    assert scenarios.service_interval_s(120, large.interval_fraction) == 30
    told = cli.settings(_arms_args('--large', '--repeat', '1', '--preload-keys', '1000', '--out',
                                   str(tmp_path / 'b')), tmp_path)
    assert (told.repeat, told.preload_keys) == (1, 1000)
    plain = cli.settings(_arms_args('--out', str(tmp_path / 'c')), tmp_path)
    assert (plain.preload_keys, plain.repeat, plain.interval_fraction) == (0, 1, scenarios.FULL_INTERVAL_FRACTION)


def test_smoke_and_large_together_is_one_line_and_an_error(tmp_path):
    with pytest.raises(SystemExit, match='choose one of --smoke and --large'):
        cli.settings(_arms_args('--smoke', '--large', '--out', str(tmp_path / 'a')), tmp_path)


def test_churn_goes_with_a_preloaded_om(tmp_path):
    with pytest.raises(SystemExit, match='--preload-churn needs a preloaded OM: add --preload-keys N'):
        cli.settings(_arms_args('--preload-churn', '1000', '--out', str(tmp_path / 'a')), tmp_path)
    told = cli.settings(_arms_args('--preload-keys', '100', '--preload-churn', '1000', '--out',
                                   str(tmp_path / 'b')), tmp_path)
    assert (told.preload_keys, told.preload_churn) == (100, 1000)
    assert cli.settings(_arms_args('--large', '--out', str(tmp_path / 'c')), tmp_path).preload_churn == 0


def test_busy_expires_the_preloaded_bucket_and_needs_it(tmp_path):
    with pytest.raises(SystemExit, match='scenario busy expires the keys of the preloaded bucket: add --preload-keys'):
        cli.settings(_arms_args('--scenario', 'busy', '--out', str(tmp_path / 'a')), tmp_path)
    told = cli.settings(_arms_args('--scenario', 'busy', '--preload-keys', '500', '--out',
                                   str(tmp_path / 'b')), tmp_path)
    cmd = freon.command('ozone', scenarios.SCENARIOS['busy'], 10, 1, 42, 's.json', 'l.csv', 5,
                        preload_keys=told.preload_keys)
    assert cmd[cmd.index('--bucket') + 1] == 'cold' and cmd[cmd.index('--prefix') + 1] == 'cold'
    assert cmd[cmd.index('--existing-keys') + 1] == '500'
    seed = freon.command('ozone', scenarios.SCENARIOS['seed'], 10, 1, 42, 's.json', 'l.csv', 5, preload_keys=500)
    assert seed[seed.index('--bucket') + 1] == freon.BUCKET and '--existing-keys' not in seed


def test_quiet_seconds_go_with_bulk_expire(tmp_path):
    told = cli.settings(_arms_args('--scenario', 'bulk-expire', '--quiet-seconds', '7', '--out',
                                   str(tmp_path / 'a')), tmp_path)
    assert told.quiet_s == 7
    default = cli.settings(_arms_args('--scenario', 'seed,bulk-expire', '--out', str(tmp_path / 'b')),
                                      tmp_path)
    assert default.quiet_s == cli.DEFAULT_QUIET_S
    with pytest.raises(SystemExit, match='--quiet-seconds applies to the bulk-expire, s3-expiry and s3-lifecycle scenarios'):
        cli.settings(_arms_args('--scenario', 'seed', '--quiet-seconds', '5', '--out',
                                str(tmp_path / 'c')), tmp_path)
    with pytest.raises(SystemExit, match='--weights replaces an omkeybench mix; bulk-expire has none'):
        cli.settings(_arms_args('--scenario', 'bulk-expire', '--weights', 'create:1', '--out',
                                str(tmp_path / 'd')), tmp_path)


@pytest.mark.parametrize('bad', ['-1', '1.5', 'soon', '86401'])
def test_a_bad_quiet_period_is_one_line_and_exit_2(bad, capsys):
    with pytest.raises(SystemExit) as exit_info:
        _arms_args('--quiet-seconds', bad)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and f'expected whole seconds from 0 to 86400, got {bad!r}' in err


def test_bulk_expire_sizes_the_services_interval_from_its_load_and_quiet_period():
    b = _benchmark(scenarios=['bulk-expire'], arms=['off', 'full'], ops=200000, quiet_s=60)
    conf = b._om_conf(scenarios.SCENARIOS['bulk-expire'], 'full', 36)
    assert 'ozone.directory.deleting.service.interval=10s' in conf
    assert 'ozone.block.deleting.service.interval=10s' in conf
    # 120,000 client operations at the assumed 250 per second, and a minute of quiet: 540 s, of which 1/15
    assert scenarios.service_interval_s(bulkexpire.expected_seconds(bulkexpire.OBS_FSO, 200000, 250, 60)) == 36
