"""bulk-expire without a cluster: what --ops makes, the service's last work and the targets from fixed numbers, and
how a refresh of OM's /prom is told apart from the metrics Ratis computes at every request (a local HTTP server)."""

from abbench import bulkexpire, report
from harness import preload, scrape

# Outside the clusters' port blocks of the tests (19400, 19500, 21000, 21100).
PROM_PORT = 21399


def test_counts_scale_with_ops():
    assert bulkexpire.OBS_FSO.counts(200000) == {'keys': 60000, 'deleted': 50000, 'files': 10000, 'filesPerDir': 100,
                                         'directories': 100}
    assert bulkexpire.OBS_FSO.counts(3000) == {'keys': 900, 'deleted': 750, 'files': 150, 'filesPerDir': 100,
                                       'directories': 2}
    assert bulkexpire.OBS_FSO.client_ops(bulkexpire.OBS_FSO.counts(200000)) == 120000
    assert bulkexpire.expected_seconds(bulkexpire.OBS_FSO, 200000, 250, 60) == 120000 / 250 + 60


def test_a_preloaded_om_keeps_its_volume_and_the_load_makes_only_its_buckets(tmp_path):
    def phases(volume_exists):
        load = bulkexpire.Load(bulkexpire.OBS_FSO, 'ozone', cluster=type('C', (), {'om_rpc': 'localhost:1'}), env={},
                               ops=3000, threads=2, seed=1, quiet_s=0, out=tmp_path, run_id='r', say=print,
                               volume_exists=volume_exists)
        return [phase.name for phase in bulkexpire.OBS_FSO.phases(load)]
    assert phases(False)[:2] == ['setup-volume', 'setup-bucket']
    # the preloaded image holds the bulk delete's volume: creating it again failed the arm
    assert preload.VOLUME == bulkexpire.VOLUME and phases(True)[0] == 'setup-bucket'


def _row(t, compactions, flushes, compact_bytes):
    return {'unix_time': 1000.0 + t, 'range_compactions': compactions, 'range_memtable_flushes': flushes,
            'compact_write_bytes': compact_bytes}


def test_when_the_service_last_worked_and_what_the_quiet_period_wrote():
    rows = [_row(0, 0, 0, 0), _row(10, 1, 0, 1e6), _row(20, 1, 0, 1e6), _row(30, 1, 2, 3e6), _row(40, 1, 2, 3e6)]
    record = {'quietStart': 1015.0, 'quietEnd': 1045.0}

    result = bulkexpire.summarise(record, rows)

    assert result['serviceWorkEndS'] == 15.0  # the flushes seen at t=30, 15 s after the quiet period began
    assert result['compactWriteMB'] == 3.0
    assert result['compactWriteMBQuiet'] == 2.0  # the samples at t=20..40
    service_off = [dict(r, range_compactions=None, range_memtable_flushes=None) for r in rows]
    assert bulkexpire.summarise(record, service_off)['serviceWorkEndS'] is None
    idle = [dict(r, range_compactions=3, range_memtable_flushes=1) for r in rows]
    assert bulkexpire.summarise(record, idle)['serviceWorkEndS'] is None


def _run(arm, key_tombstones, skips, latency_ms, compact_mb):
    return {'arm': arm, 'bulkExpire': {
        'tombstones': {t: key_tombstones if t == 'keyTable' else 0 for t in bulkexpire.SERVICE_TABLES},
        'readers': {'list-obs': {'iterSkips': skips, 'latencyMs': latency_ms}}, 'compactWriteMB': compact_mb}}


def test_targets_are_set_against_off_and_compaction_bytes_against_full():
    by_arm = {'off': [_run('off', 50000, 100000, 80.0, 1.0)], 'range': [_run('range', 4000, 20000, 10.0, 5.0)],
              'full': [_run('full', 0, 2, 1.0, 4.0)]}

    rows = {label: (value, bound, met) for label, value, bound, met in bulkexpire.targets(bulkexpire.OBS_FSO, by_arm, 'range')}

    assert rows['tombstones left, keyTable <= 0.1x off'] == (4000, 5000.0, True)
    assert rows['tombstones left, fileTable <= 0.1x off'] == (0, 0.0, True)
    assert rows['first listing of the bucket, iterator skips <= 0.1x off'] == (20000, 10000.0, False)
    assert rows['first listing of the bucket, latency <= 0.2x off'] == (10.0, 16.0, True)
    assert rows['compaction write (MB) <= full'] == (5.0, 4.0, False)
    assert not any(label.startswith('listing of the parent directory') for label in rows)  # not measured
    assert not any(label.startswith('compaction') for label, *_ in bulkexpire.targets(bulkexpire.OBS_FSO, by_arm, 'full'))
    assert bulkexpire.targets(bulkexpire.OBS_FSO, {'range': by_arm['range']}, 'range') == []


def test_the_page_sets_each_arm_against_off():
    by_arm = {'off': [_run('off', 50000, 100000, 80.0, 1.0)], 'range': [_run('range', 4000, 20000, 10.0, 5.0)]}

    lines = report._bulk_expire_targets(bulkexpire.OBS_FSO, by_arm)

    assert '| `range` | tombstones left, keyTable <= 0.1x off | 4,000.0 | 5,000.0 | yes |' in lines
    assert ('| `range` | first listing of the bucket, iterator skips <= 0.1x off | 20,000.0 | 10,000.0 | **no** |'
            in lines)
    assert report._bulk_expire_targets(bulkexpire.OBS_FSO, {'off': by_arm['off']})[2] == (
        'Not measured: the targets need `off` and another arm.')


class _Prom:
    """OM's /prom in miniature: Ratis' line changes at every request, metrics2's (JVM and RocksDB) only from request
    `refresh_at` on."""

    def __init__(self, refresh_at=4):
        self.requests = 0
        self.refresh_at = refresh_at

    def body(self):
        self.requests += 1
        refreshed = self.requests >= self.refresh_at
        return (f'ratis_leader_election_elapsed_time {self.requests}\n'
                f'jvm_metrics_mem_heap_used_m{{processname="OzoneManager"}} {250.5 if refreshed else 212.5}\n'
                f'rocksdb_om_db_number_iter_skip {5000 if refreshed else 10}\n')


def test_a_refresh_is_metrics2s_not_ratis_per_request_change(serve_prom):
    prom = _Prom()
    samples, refreshed = scrape.after_refresh(serve_prom(PROM_PORT, prom.body), poll_s=0.01)

    assert refreshed and prom.requests == prom.refresh_at
    assert samples[('rocksdb_om_db_number_iter_skip', ())] == 5000


def test_no_refresh_within_the_timeout_is_said(serve_prom):
    url = serve_prom(PROM_PORT, _Prom(refresh_at=10 ** 9).body)
    samples, refreshed = scrape.after_refresh(url, poll_s=0.01, timeout_s=0.3)
    assert not refreshed
    assert samples[('rocksdb_om_db_number_iter_skip', ())] == 10
