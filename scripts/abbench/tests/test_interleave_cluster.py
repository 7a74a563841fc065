"""--interleave end to end at the smallest size: one real local cluster, 2 measured pairs of 5 s blocks after a
warm-up pair (about 2 minutes). Its blocks' counts hold only on a machine with nothing else loading it (OM's
/prom snapshots and the client's window drift apart under contention), so the test command runs it alone."""

import json
import subprocess
from pathlib import Path

import pytest

from harness import envelope

REPO = Path(__file__).resolve().parents[3]
# A block of ports no other test takes (test_ports checks them all); not the harness's default (19100).
BASE_PORT = 23400
PAIRS = 2
PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def result(tmp_path_factory):
    out = tmp_path_factory.mktemp('interleave') / 'results'
    cmd = [str(REPO / 'scripts' / 'ab-bench'), 'interleave', '--scenario', 'seed', '--pairs', str(PAIRS),
           '--block-seconds', '5', '--discard-seconds', '1', '--threads', '4', '--seed', '7',
           '--base-port', str(BASE_PORT), '--out', str(out)]
    run = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout + run.stderr
    return out, json.loads((out / 'summary.json').read_text())


def test_every_block_ran_in_the_planned_order(result):
    _, r = result
    assert r['status'] == 'complete'
    blocks = r['blocks']
    assert len(blocks) == 2 * (PAIRS + 1)
    assert [b['label'] for b in blocks] == [label for _, order in r['schedule'] for label in order]
    assert [b['pair'] for b in blocks] == [k // 2 for k in range(2 * (PAIRS + 1))]
    for pair in range(PAIRS + 1):
        assert sorted(b['label'] for b in blocks if b['pair'] == pair) == ['off', 'on']
    for key in ('cores', 'memoryGiB'):
        assert r['machine'][key]
    assert envelope.problems(r) == [] and r['gitCommit']
    assert r['wallSeconds'] > 0 and r['commandLine'][1] == 'interleave'


def test_the_settings_gauge_alternated_with_the_blocks(result):
    _, r = result
    for b in r['blocks']:
        expected = 1.0 if b['label'] == 'on' else 0.0
        assert b['enabledGauge'] == [expected, expected], b
        assert b['timeoutGaugeMs'] == [600000.0, 600000.0]
        assert 4 - 0.5 < b['seconds'] < 4 + 1.5, b  # 5 s block, 1 s discarded


def test_each_block_has_operations_of_each_kind_and_server_counters(result):
    _, r = result
    for b in r['blocks']:
        for op in ('CREATE', 'DELETE', 'LIST'):
            c = b['client'][op]
            assert c['count'] > 0, (b['number'], op)
            assert 0 < c['p50'] <= c['p99'] <= c['max']
            assert b['server'][op]['requests'] > 0 and b['server'][op]['meanMs'] is not None
        # CREATE is two requests (CreateKey, CommitKey): OM served about two per client CREATE of the window. The
        # server's counters are read from /prom snapshots up to a second old, so a short block's edges blur the
        # ratio (1.45 seen on a loaded machine); a broken mapping would give 0, 1 or several times more.
        assert 1.2 <= b['server']['CREATE']['requests'] / b['client']['CREATE']['count'] <= 2.8


def test_analysis_covers_the_measured_pairs_only(result):
    out, r = result
    a = r['analysis']
    assert a['pairs'] == PAIRS
    for op in ('CREATE', 'DELETE', 'LIST'):
        for key in ('p50', 'p99', 'opsPerSecond', 'serverMeanMs'):
            m = a['operations'][op][key]
            assert m['pairs'] == PAIRS and m['low'] <= m['ratio'] <= m['high']
    report = (out / 'report.md').read_text()
    assert '### CREATE' in report and '95% CI' in report and 'half-width' in report
    for chart in ('p99_per_block.png', 'intervals.png'):
        assert (out / 'charts' / chart).read_bytes().startswith(PNG_SIGNATURE)
    log = (out / 'freon' / 'latency.log').read_text().splitlines()
    assert log[0] == 'start_unix_ms,operation,latency_ms' and len(log) > 1000
