"""A smoke arm on each of master's distributions (scripts/upstream-on-master --dists): master without the series
with its service off, and master with the series with the service on, each a real local cluster run from that
distribution while this repository's omkeybench drives it. Skipped, with the reason, where no such distributions
were built (as in CI, which has no master checkout); the developer's run is a committed result page."""

import json
import subprocess
from pathlib import Path

import pytest

from abbench import summary

REPO = Path(__file__).resolve().parents[3]
DISTS = REPO / 'bench-cache' / 'master-dists'
# A block of ports no other test takes (test_ports checks them all).
MASTER_BASE_PORT = 24100
OPS = 3000

pytestmark = pytest.mark.cluster


def latest(with_series):
    """The newest distribution in DISTS with the series or without it, or None."""
    built = [d for d in DISTS.glob('ozone-master-*') if (d / 'dist.json').is_file()
             and ('-series-' in d.name) == with_series]
    return max(built, key=lambda d: (d / 'dist.json').stat().st_mtime, default=None)


@pytest.fixture(scope='module')
def results(tmp_path_factory):
    without, with_series = latest(False), latest(True)
    if not (without and with_series):
        pytest.skip(f'no master distributions in {DISTS}: build them with scripts/upstream-on-master --checkout '
                    'DIR --base-ref ozone-2.2 --dists (see docs/contributing-upstream.md)')
    out = tmp_path_factory.mktemp('master-dists') / 'results'
    cmd = [str(REPO / 'scripts' / 'ab-bench'), 'arms', '--scenario', 'seed', '--arms', 'off@master,range', '--ops',
           str(OPS), '--threads', '4', '--scrape-interval', '1', '--base-port', str(MASTER_BASE_PORT), '--write-buffer',
           '1MB', '--dist', str(with_series), '--dist', f'off@master:{without}', '--out', str(out)]
    run = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout + run.stderr
    return out, json.loads((out / 'summary.json').read_text()), without, with_series


def test_each_arm_ran_from_its_distribution_and_served_the_whole_load(results):
    out, result, without, with_series = results
    runs = {run['arm']: run for run in result['runs']}
    assert runs['off@master']['dist']['path'] == str(without) and runs['off@master']['dist']['series'] is None
    assert runs['range']['dist']['path'] == str(with_series) and runs['range']['dist']['series']['patches'] > 0
    for arm, dist in (('off@master', without), ('range', with_series)):
        assert runs[arm]['status'] == 'ok', arm
        assert runs[arm]['client']['totalOps'] == OPS and runs[arm]['client']['failures'] == 0, arm
        # OM's own log: the process ran from that distribution's jars
        om_log = (out / 'logs' / f"{runs[arm]['id']}.om.log").read_text(errors='replace')
        assert f'{dist}/share/ozone/lib/ozone-manager-' in om_log, arm
    page = (out / 'report.md').read_text()
    assert 'without the series' in page and 'with the series' in page


def test_only_the_distribution_with_the_series_has_the_service(results):
    out, result, _, _ = results
    looks = {}
    for run in result['runs']:
        rows = summary.read_series(out / run['csv'])
        looks[run['arm']] = [row['range_runs'] for row in rows if row.get('range_runs') is not None]
    # master alone exports no range compaction metric; with the series, the service runs a look every second
    assert looks['off@master'] == []
    assert looks['range'] and looks['range'][-1] > looks['range'][0]
