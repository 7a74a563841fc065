"""s3-expiry without a cluster: what --ops makes, the commands its arms run, the targets from fixed numbers, and
s3client.py's refusal of bad input."""

import subprocess
import sys
from types import SimpleNamespace

import pytest

from abbench import bulkexpire, s3client, s3expiry, scenarios

PLAN = s3expiry.S3_EXPIRY
# OM's /prom in miniature (conftest.serve_prom): a port of this file's, below the ephemeral range.
PROM_PORT = 21398


def test_counts_scale_with_ops():
    assert PLAN.counts(200000) == {'objects': 100000, 'deleted': 90000}
    assert PLAN.counts(3) == {'objects': 10, 'deleted': 9}
    assert bulkexpire.expected_seconds(PLAN, 200000, 150, 60) == 190000 / 150 + 60


def test_the_scenario_runs_an_s3_gateway_and_boto3(tmp_path):
    scenario = scenarios.SCENARIOS['s3-expiry']
    assert scenario.phased and scenario.plan.s3g
    load = SimpleNamespace(counts=PLAN.counts(1000), threads=4, cluster=SimpleNamespace(s3_endpoint='http://s3:1'),
                           freon_json=lambda name: tmp_path / f'run.{name}.json')

    phases, readers = PLAN.phases(load), PLAN.readers(load)

    assert [p.shown() for p in phases] == [
        's3client.py create --endpoint http://s3:1 --bucket expiry --prefix log --count 500 --threads 4',
        's3client.py expire --endpoint http://s3:1 --bucket expiry --prefix log --count 450 --threads 4']
    assert [p.ops for p in phases] == [500, 450]
    assert phases[0].cmd[:2] == [sys.executable, str(s3expiry.S3CLIENT)]
    assert [r.shown() for r in readers] == [
        's3client.py list --endpoint http://s3:1 --bucket expiry --summary-json run.list-s3.json']


def test_s3_lifecycle_creates_the_expired_prefix_first_and_has_the_service_delete_it(tmp_path):
    plan = s3expiry.S3_LIFECYCLE
    load = SimpleNamespace(counts=plan.counts(1000), threads=4, freon_json=lambda name: tmp_path / f'run.{name}.json',
                           cluster=SimpleNamespace(s3_endpoint='http://s3:1', prom_url='http://om:2/prom'))

    assert [p.shown() for p in plan.phases(load)] == [
        's3client.py create --endpoint http://s3:1 --bucket expiry --prefix expire --count 450 --threads 4',
        's3client.py create --endpoint http://s3:1 --bucket expiry --prefix keep --count 50 --threads 4',
        's3client.py lifecycle --endpoint http://s3:1 --bucket expiry --prefix expire/ --count 450 '
        '--om-prom http://om:2/prom']
    assert s3expiry.EXPIRED_PREFIX < s3expiry.KEPT_PREFIX  # the first page starts where the expired keys lay


def test_s3_lifecycle_needs_a_newer_ozone_on_every_arm():
    scenarios.check_dists(['s3-lifecycle'], ['off', 'range@x'], {'*': '/master'})
    scenarios.check_dists(['s3-lifecycle'], ['off', 'range@x'], {'off': '/master', 'range': '/series'})
    scenarios.check_dists(['s3-expiry'], ['off'], {})
    with pytest.raises(SystemExit, match='scenario s3-lifecycle needs the lifecycle service .*; arm range has none'):
        scenarios.check_dists(['s3-lifecycle'], ['off', 'range'], {'off': '/master'})


def test_lifecycle_waits_on_oms_count_of_deleted_keys(serve_prom):
    prom = ['om_other 1\n']
    url = serve_prom(PROM_PORT, lambda: prom[0])
    assert s3client.lifecycle_deleted(url) is None  # the service has not started
    prom[0] = ('# TYPE key_lifecycle_service_metrics_num_key_deleted gauge\n'
               'key_lifecycle_service_metrics_num_key_deleted{context="ozone",hostname="h"} 90000\n')
    assert s3client.lifecycle_deleted(url) == 90000
    assert s3client.next_midnight_utc().endswith('T00:00:00Z')


def _run(arm, key_tombstones, client_ms):
    return {'arm': arm, 'bulkExpire': {'tombstones': {'keyTable': key_tombstones},
                                       'readers': {'list-s3': {'clientLatencyMs': client_ms}}}}


def test_targets_are_the_keytable_tombstones_and_the_clients_first_page():
    by_arm = {'off': [_run('off', 90000, 400.0)], 'range': [_run('range', 2000, 250.0)]}

    rows = {label: (value, bound, met) for label, value, bound, met in bulkexpire.targets(PLAN, by_arm, 'range')}

    assert rows == {'tombstones left, keyTable <= 0.1x off': (2000, 9000.0, True),
                    'first ListObjectsV2 page, latency at the client <= 0.5x off': (250.0, 200.0, False)}


def test_bad_input_is_one_line_and_a_non_zero_exit():
    run = subprocess.run([sys.executable, str(s3expiry.S3CLIENT), 'create', '--endpoint', 'http://127.0.0.1:1',
                          '--bucket', 'b', '--prefix', 'p', '--count', '0'], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.strip().splitlines()[-1].endswith("must be at least 1, not 0")
    run = subprocess.run([sys.executable, str(s3expiry.S3CLIENT), 'list', '--endpoint', 'http://127.0.0.1:1',
                          '--bucket', 'b', '--summary-json', '/dev/null'], capture_output=True, text=True)
    assert run.returncode == 1 and len(run.stderr.strip().splitlines()) == 1
    assert run.stderr.startswith('s3client.py list: ')
