"""The harness end to end on a tiny run: one scenario and every arm, each on a real local cluster with OM profiled
(about 3 minutes). Every arm runs so that a broken one fails the test command, not a user's run."""

import csv
import json
import subprocess
from pathlib import Path

import pytest

from abbench import charts, scenarios
from harness import catalog, envelope

REPO = Path(__file__).resolve().parents[3]
# A block of ports no other test takes (test_ports checks them all); not the harness's default (19100).
SMOKE_BASE_PORT = 19400
ARMS = ['off', 'prototype', 'range', 'full']
PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'


@pytest.fixture(scope='module')
def results(tmp_path_factory):
    out = tmp_path_factory.mktemp('ab-bench') / 'results'
    cmd = [str(REPO / 'scripts' / 'ab-bench'), 'arms', '--scenario', 'seed', '--arms', ','.join(ARMS), '--ops', '1000',
           '--threads', '4', '--scrape-interval', '1', '--base-port', str(SMOKE_BASE_PORT), '--profile',
           '--write-buffer', '1MB', '--out', str(out)]
    run = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout + run.stderr
    return out, run.stdout + run.stderr


pytestmark = pytest.mark.cluster


def test_summary_has_every_field(results):
    out, _ = results
    result = json.loads((out / 'summary.json').read_text())
    assert result['status'] == 'complete'
    assert result['settings']['arms'] == ARMS
    for key in ('cores', 'memoryGiB', 'java', 'ozoneVersion'):
        assert result['machine'][key], key
    assert envelope.problems(result) == [] and result['gitCommit'] and result['tool'] == 'scripts/ab-bench arms'
    assert [r['arm'] for r in result['runs']] == ARMS
    for run in result['runs']:
        assert run['status'] == 'ok'
        client = run['client']
        assert client['totalOps'] == 1000 and client['failures'] == 0
        for op in ('CREATE', 'DELETE', 'LIST'):
            assert set(client['operations'][op]) == {'count', 'opsPerSecond', 'mean', 'p50', 'p95', 'p99', 'max'}
            # the client's latency per interval (--latency-csv); only the full arm compacts whole tables
            intervals = client['intervals'][op]
            assert intervals['intervals'] >= 1 and 0 < intervals['p99Median'] <= intervals['p99Max']
            if run['arm'] != 'full':
                assert intervals['p99MaxDuringFullCompaction'] is None
        assert (out / run['clientLatencyCsv']).read_text().startswith('unix_time,operation,count,p50_ms,p99_ms,max_ms')
        om = run['om']
        for key in ('seekAvgUsRun', 'seekP99UsRun', 'iterSkipsPerOp', 'compactReadMB', 'compactWriteMB',
                    'writeStallMs', 'sstMBEnd'):
            assert om[key] is not None, key
        assert run['samples'] >= 2
        assert 'ozone.metastore.rocksdb.statistics=ALL' in run['omConf']
        assert 'ozone.metastore.rocksdb.cf.write.buffer.size=1MB' in run['omConf']
    by_arm = {r['arm']: r for r in result['runs']}
    for arm in ('prototype', 'range'):
        assert by_arm[arm]['om']['rangeCompactions'] is not None, arm  # the service's metrics are scraped
    for arm in ('off', 'full'):
        assert by_arm[arm]['om']['rangeCompactions'] is None, arm  # and absent where it is off
    for setting in scenarios.prototype_settings():
        assert setting in by_arm['prototype']['omConf'], setting
    assert 'ozone.om.compaction.service.enabled=true' in by_arm['full']['omConf']
    # upstream's service compacts every table when it starts, then once an interval; OM's log says so
    assert by_arm['full']['fullCompaction']['tablesCompacted'] >= 1
    for arm in ('off', 'prototype', 'range'):
        assert by_arm[arm]['fullCompaction'] is None, arm


def test_values_a_broken_run_would_get_wrong(results):
    """Not the shape but the numbers: what the client did adds up, OM saw it, and the range arm's service ran."""
    out, _ = results
    result = json.loads((out / 'summary.json').read_text())
    for run in result['runs']:
        client = run['client']
        ops = client['operations']
        counts = {op: ops[op]['count'] for op in ('CREATE', 'DELETE', 'LIST')}
        # omkeybench draws 1,000 operations; a delete drawn while no key is live yet is skipped
        assert client['totalOps'] == 1000 and 990 <= sum(counts.values()) <= 1000
        # seed's mix create:20,delete:8,list:1, drawn at random: each share within 8 points of its weight's
        for op, weight in (('CREATE', 20), ('DELETE', 8), ('LIST', 1)):
            assert abs(counts[op] / 1000 - weight / 29) < 0.08, (run['arm'], op, counts)
        assert client['created'] == counts['CREATE'] and client['deleted'] == counts['DELETE']
        for op in counts:
            assert 0 < ops[op]['p50'] <= ops[op]['p99'] <= ops[op]['max'], (run['arm'], op)
        # OM saw the load (RocksDB's counters since OM started): every create writes openKeyTable and keyTable,
        # every listing seeks
        series = _series(out, run)
        last = series[-1]
        assert last['keys_written'] >= 2 * counts['CREATE'] and last['seeks'] >= counts['LIST']
        # skips per operation are RocksDB's iterator skips over the run per client operation
        skips = [row['iter_skips'] for row in series if 'iter_skips' in row]
        assert run['om']['iterSkipsPerOp'] == pytest.approx((skips[-1] - skips[0]) / client['totalOps'])
        if run['arm'] == 'off':
            # nothing removes the deletes' tombstones from the 1 MB memtables, and every listing crosses some
            assert run['om']['iterSkipsPerOp'] > 0
    runs = {r['arm']: r for r in result['runs']}
    for arm in ('prototype', 'range'):
        assert _series(out, runs[arm])[-1]['range_runs'] > 0, arm  # the service looked
    for arm in ('off', 'full'):
        assert 'range_runs' not in _series(out, runs[arm])[-1], arm


def _series(out, run):
    with open(out / run['csv'], newline='') as f:
        return [{k: float(v) for k, v in row.items() if v != ''} for row in csv.DictReader(f)]


def test_csv_per_arm_has_the_catalog_columns(results):
    out, _ = results
    for arm in ARMS:
        with open(out / 'series' / f'seed-{arm}-r1.csv', newline='') as f:
            rows = list(csv.reader(f))
        assert rows[0] == catalog.CSV_COLUMNS
        assert len(rows) >= 3
        last = dict(zip(rows[0], rows[-1]))
        assert float(last['ops_done']) > 0
        assert float(last['seeks']) > 0 and last['seek_avg_us'] != ''


def test_charts_are_non_empty_png_images(results):
    out, _ = results
    pngs = sorted((out / 'charts' / 'seed').glob('*.png'))
    # plus the windowed seek average, the client's p99 per operation and the client's p99 per interval
    assert len(pngs) == len(charts.CHARTS) + 3
    for png in pngs:
        data = png.read_bytes()
        assert data.startswith(PNG_SIGNATURE) and len(data) > 5000, png.name


def test_report_names_every_arm_and_embeds_the_charts(results):
    out, _ = results
    text = (out / 'report.md').read_text()
    assert '| metric | off | prototype | range | full |' in text
    assert '### Verdict' in text and '`range` against `off`' in text
    for arm in ARMS:
        assert f'`{arm}`' in text
    assert '](charts/seed/seek_average.png)' in text


def test_each_arm_has_an_om_flamegraph_linked_in_the_report(results):
    out, _ = results
    result = json.loads((out / 'summary.json').read_text())
    text = (out / 'report.md').read_text()
    for run in result['runs']:
        flamegraph = out / run['omFlamegraph']
        assert flamegraph.read_text().lstrip().startswith('<!DOCTYPE html>') and flamegraph.stat().st_size > 10000
        assert f"]({run['omFlamegraph']})" in text


def test_clusters_are_stopped_and_removed(results, stopped_and_removed):
    out, _ = results
    stopped_and_removed(json.loads((out / 'summary.json').read_text())['runs'])
