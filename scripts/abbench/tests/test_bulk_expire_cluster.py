"""The bulk-expire scenario end to end on a real local cluster, the off arm at the smallest size (about 90 s): the
tombstones the bulk delete left, in memtables where OM's /prom sees none, and the first listings, each measured alone
at OM, crossing them. The range arm's side, the idle service cleaning such a bulk in the quiet period, is
test_s3_expiry_cluster's; the targets the report sets from both arms are test_bulkexpire's."""

import pytest

from abbench import bulkexpire

# A block of ports no other test takes (test_ports checks them all); not the harness's default (19100).
BASE_PORT = 21000
OPS = 3000
QUIET_S = 5

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def result(tmp_path_factory, ab_bench):
    out = tmp_path_factory.mktemp('bulk-expire') / 'results'
    return out, ab_bench(out, '--scenario', 'bulk-expire', '--arms', 'off', '--ops', OPS, '--threads', 4,
                         '--quiet-seconds', QUIET_S, '--scrape-interval', 1, '--base-port', BASE_PORT)


def _off(result):
    runs = result[1]['runs']
    assert [r['arm'] for r in runs] == ['off']
    return runs[0]


def test_the_arm_ran_the_bulk_delete_and_the_quiet_period(result):
    _, summary = result
    assert summary['status'] == 'complete' and summary['settings']['quietSeconds'] == QUIET_S
    run = _off(result)
    bulk = run['bulkExpire']
    assert run['status'] == 'ok' and bulk['counts'] == bulkexpire.OBS_FSO.counts(OPS)
    assert [p['name'] for p in bulk['phases']] == ['setup-volume', 'setup-bucket', 'create-obs', 'create-fso',
                                                   'delete-obs', 'delete-fso']
    assert bulk['quietEnd'] - bulk['quietStart'] >= QUIET_S
    assert bulk['readersEnd'] > bulk['quietEnd']


def test_the_tombstones_left_count_memtables_too(result):
    counts = bulkexpire.OBS_FSO.counts(OPS)
    bulk = _off(result)['bulkExpire']
    # 128 MB memtables: OM's /prom, which counts SSTs only, sees none of them; the copy of OM's DB sees each
    assert bulk['sstTombstonesAtQuietEndServiceTables'] == 0
    assert bulk['tombstones']['keyTable'] >= counts['deleted']
    assert bulk['tombstones']['openKeyTable'] >= counts['keys']  # every create ends its open key
    assert bulk['tombstones']['directoryTable'] >= 1  # the deleted tree's own row
    assert bulk['tombstonesServiceTables'] == sum(bulk['tombstones'][t] for t in bulkexpire.SERVICE_TABLES)


def test_each_listing_is_measured_alone_at_om_and_crosses_the_bulk(result):
    counts = bulkexpire.OBS_FSO.counts(OPS)
    run = _off(result)
    readers = run['bulkExpire']['readers']
    obs, fso = readers['list-obs'], readers['list-fso']
    for reader in (obs, fso):
        # the window between two /prom refreshes held this listing's one request and no other listing
        assert reader['windowBoundedByRefreshes'] and reader['listRequests'] == 1, reader
        assert reader['latencyMs'] is not None and reader['clientLatencyMs'] > 0
    # the live keys fit in one page, so the listing goes on to the bucket's end, across every tombstone left
    assert obs['listed'] == counts['keys'] - counts['deleted']
    assert fso['listed'] == 0
    assert obs['iterSkips'] >= counts['deleted'] and fso['iterSkips'] >= 1
    assert run['om']['rangeCompactions'] is None and run['bulkExpire']['serviceWorkEndS'] is None
    assert run['bulkExpire']['compactWriteMB'] is not None


def test_report_shows_the_load_and_the_verdict(result):
    out, _ = result
    text = (out / 'report.md').read_text()
    assert '## Scenario `bulk-expire`' in text
    assert 'ozone fs -rm -r -skipTrash ofs://' in text and 'ozone freon ockr -n 750' in text
    assert '- first listing of the bucket, iterator skips:' in text
    assert 'Not measured: the targets need `off` and another arm.' in text
    assert '| tombstones left, keyTable |' in text
    assert '](charts/bulk-expire/iter_skips_per_second.png)' in text


def test_clusters_are_stopped_and_removed(result, stopped_and_removed):
    stopped_and_removed(result[1]['runs'])
