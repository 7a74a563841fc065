"""The order of the runs and the OM configuration of each arm, without a cluster."""

from pathlib import Path

from abbench import scenarios
from abbench.runner import Benchmark, Settings


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
    assert 'ozone.om.range.compaction.service.interval=30s' in b._om_conf(data_keys, 'range', 30)


def test_service_interval_follows_the_run_length():
    assert scenarios.service_interval_s(15 * 3600) == 3600  # seed 000: 1 h in 15 h
    assert scenarios.service_interval_s(300) == 20
    assert scenarios.service_interval_s(60) == scenarios.MIN_INTERVAL_S
