"""The busy scenario end to end at a small size: a base image of 200,000 preloaded keys, then one real local cluster
with the range service expiring its oldest keys (about 3 minutes). OM records every flush and compaction of the
service, with its reason, and the harness joins them with the client's operations: a non-zero busy fraction, and
operations during and outside the service's work."""

import json

import pytest

# A block of ports no other test takes (test_ports checks them all); not the harness's default (19100).
BASE_PORT = 23700
PRELOAD_KEYS = 200_000

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def run(tmp_path_factory, ab_bench):
    out = tmp_path_factory.mktemp('busy') / 'results'
    result = ab_bench(out, '--scenario', 'busy', '--arms', 'range', '--ops', 6000, '--threads', 4, '--write-buffer',
                      '1MB', '--preload-keys', PRELOAD_KEYS, '--base-port', BASE_PORT, timeout=900)
    return out, result['runs'][0]


def test_om_records_the_service_work_with_its_reasons(run):
    out, r = run
    events = [line for line in (out / 'logs' / f"{r['id']}.om.log").read_text().splitlines()
              if 'RangeCompactionEvents' in line]
    assert any('action=compact reason=reader table=' in line for line in events), events[:5]
    work = r['clientCost']['work']
    assert work['compactions'] > 0 and work['inputBytes'] > 0
    assert set(work['byActionAndReason']) <= {f'{a}/{b}' for a in ('flush', 'compact')
                                              for b in ('reader', 'idle', 'follower')}


def test_client_operations_are_joined_with_the_service_work(run):
    out, r = run
    cost = r['clientCost']
    assert cost['status'] == 'measured' and 0 < cost['busyFraction'] < 1
    delete = cost['operations']['DELETE']
    assert delete['during']['count'] > 0 and delete['outside']['count'] > 0
    assert delete['during']['count'] + delete['outside']['count'] <= 6000
    assert "Cost to clients while the service works" in (out / 'report.md').read_text()


def test_the_load_deletes_the_preloaded_keys(run):
    out, r = run
    assert '--bucket cold --prefix cold --existing-keys 200000' in r['freonCommand'], r['freonCommand']
    summary = json.loads((out / r['freonSummary']).read_text())
    assert summary['deleted'] > 0 and summary['failures'] == 0


def test_every_compaction_of_oms_rocksdb_is_joined_with_the_operations_too(run):
    _, r = run
    cost = r['compactionCost']
    assert cost['status'] == 'measured' and 0 < cost['busyFraction'] < 1
    # The service's compactRange calls are RocksDB's manual compactions; one call can run several compaction jobs, and
    # the log need not show one for a call that found nothing to rewrite (a timed run beside another cluster logged
    # 15 for the service's 16), so the two counts are not compared.
    assert cost['work']['byActionAndReason'].get('compact/ManualCompaction', 0) > 0
    assert r['clientCost']['work']['compactions'] > 0
