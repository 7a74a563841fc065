"""The bulk-expire scenario end to end on real local clusters, arms off and range, at the smallest size (about 6
minutes): the tombstones the bulk delete left, the first listings' skips and latency, and the report's targets."""

import os
from pathlib import Path

import pytest

from abbench import bulkexpire

# Outside the ports of the other tests (15000-19999, 35000) and of the HA test (21100).
BASE_PORT = 21000
OPS = 3000
ARMS = ['off', 'range']
# Long enough for the range arm's idle cleanup: OM counts as idle after IDLE_AFTER of quiet, then the service flushes
# and compacts keyTable and openKeyTable, one compaction per look (a second apart).
QUIET_S = 15
# The range arm's service at this size: OM's 128 MB memtables scale min.tombstones to 10,000, more than the bulk
# deletes (counts below); 500 lets keyTable's 750 and openKeyTable's 900 deletes qualify, not the tree's few rows.
RANGE_CONF = ['range:ozone.om.range.compaction.service.min.tombstones=500',
              'range:ozone.om.range.compaction.service.idle.after=2s']

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def result(tmp_path_factory, ab_bench):
    out = tmp_path_factory.mktemp('bulk-expire') / 'results'
    return out, ab_bench(out, '--scenario', 'bulk-expire', '--arms', ','.join(ARMS), '--ops', OPS, '--threads', 4,
                         '--quiet-seconds', QUIET_S, '--scrape-interval', 1, '--base-port', BASE_PORT,
                         *[arg for conf in RANGE_CONF for arg in ('--om-conf', conf)])


def _runs(result):
    return {r['arm']: r for r in result[1]['runs']}


def test_every_arm_ran_the_bulk_delete_and_the_quiet_period(result):
    _, summary = result
    assert summary['status'] == 'complete' and summary['settings']['quietSeconds'] == QUIET_S
    counts = bulkexpire.OBS_FSO.counts(OPS)
    for arm, run in _runs(result).items():
        bulk = run['bulkExpire']
        assert run['status'] == 'ok' and bulk['counts'] == counts, arm
        assert [p['name'] for p in bulk['phases']] == ['setup-volume', 'setup-bucket', 'create-obs', 'create-fso',
                                                       'delete-obs', 'delete-fso']
        assert bulk['quietEnd'] - bulk['quietStart'] >= QUIET_S
        assert bulk['readersEnd'] > bulk['quietEnd']


def test_the_tombstones_left_count_memtables_too(result):
    counts = bulkexpire.OBS_FSO.counts(OPS)
    runs = _runs(result)
    off = runs['off']['bulkExpire']
    # 128 MB memtables: OM's /prom, which counts SSTs only, sees none of them; the copy of OM's DB sees each
    assert off['sstTombstonesAtQuietEndServiceTables'] == 0
    assert off['tombstones']['keyTable'] >= counts['deleted']
    assert off['tombstones']['openKeyTable'] >= counts['keys']  # every create ends its open key
    for run in runs.values():
        bulk = run['bulkExpire']
        assert bulk['tombstones']['directoryTable'] >= 1, run['arm']  # the deleted tree's own row, under 500
        assert bulk['tombstonesServiceTables'] == sum(bulk['tombstones'][t] for t in bulkexpire.SERVICE_TABLES)


def test_the_range_arm_cleaned_the_bulk_in_the_quiet_period(result):
    bulk = _runs(result)['range']['bulkExpire']
    # OM went idle, and the service flushed and compacted both tables before the quiet ended; nothing of the bulk
    # is left in memtables or SSTs
    assert bulk['serviceWorkEndS'] is not None and bulk['serviceWorkEndS'] <= QUIET_S
    assert bulk['tombstones']['keyTable'] == 0 and bulk['tombstones']['openKeyTable'] == 0
    assert bulk['readers']['list-obs']['iterSkips'] < bulkexpire.OBS_FSO.counts(OPS)['deleted']


def test_each_listing_is_measured_alone_at_om(result):
    counts = bulkexpire.OBS_FSO.counts(OPS)
    for arm, run in _runs(result).items():
        readers = run['bulkExpire']['readers']
        obs, fso = readers['list-obs'], readers['list-fso']
        for reader in (obs, fso):
            # the window between two /prom refreshes held this listing's one request and no other listing
            assert reader['windowBoundedByRefreshes'] and reader['listRequests'] == 1, (arm, reader)
            assert reader['latencyMs'] is not None and reader['clientLatencyMs'] > 0
        # the live keys fit in one page, so the listing goes on to the bucket's end, across every tombstone left
        # (in off, all of them; the range arm's are below)
        assert obs['listed'] == counts['keys'] - counts['deleted'], arm
        assert fso['listed'] == 0, arm
        if arm == 'off':
            assert obs['iterSkips'] >= counts['deleted'] and fso['iterSkips'] >= 1


def test_the_range_arm_reports_its_service(result):
    runs = _runs(result)
    assert runs['off']['om']['rangeCompactions'] is None and runs['off']['bulkExpire']['serviceWorkEndS'] is None
    assert runs['range']['om']['rangeCompactions'] is not None
    assert 'ozone.om.range.compaction.service.enabled=true' in runs['range']['omConf']
    for run in runs.values():
        assert run['bulkExpire']['compactWriteMB'] is not None


def test_report_shows_the_load_the_verdict_and_the_targets(result):
    out, _ = result
    text = (out / 'report.md').read_text()
    assert '## Scenario `bulk-expire`' in text
    assert 'ozone fs -rm -r -skipTrash ofs://' in text and 'ozone freon ockr -n 750' in text
    assert '- first listing of the bucket, iterator skips:' in text
    assert '| `range` | tombstones left, keyTable <= 0.1x off |' in text
    assert '| `range` | first listing of the bucket, latency <= 0.2x off |' in text
    assert '| tombstones left, keyTable |' in text
    assert '](charts/bulk-expire/iter_skips_per_second.png)' in text


def test_clusters_are_stopped_and_removed(result):
    _, summary = result
    for run in summary['runs']:
        assert not Path(run['clusterDir']).exists()
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                cmdline = Path(f'/proc/{pid}/cmdline').read_bytes().decode('utf-8', 'replace')
            except OSError:
                continue
            assert run['clusterDir'] not in cmdline, f'process {pid} of {run["id"]} is still running'
