"""--ha-transfer on a real cluster of three OMs, the retention load with the service off, at the smallest size (about
2.5 minutes): each OM's heads, read from a copy of its DB, and the new leader's after a leadership transfer."""

import json
import subprocess
from pathlib import Path

import pytest

from abbench import hatransfer

REPO = Path(__file__).resolve().parents[3]
# 46 ports from here; outside the other tests' blocks (15000-19999, 21000, 35000).
BASE_PORT = 21100
OMS = {'om1', 'om2', 'om3'}
THREADS = 4

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def result(tmp_path_factory):
    out = tmp_path_factory.mktemp('ha-transfer') / 'results'
    cmd = [str(REPO / 'scripts' / 'ab-bench'), '--ha-transfer', '--scenario', 'retention', '--arms', 'off', '--ops',
           '2000', '--threads', str(THREADS), '--quiet-seconds', '5', '--base-port', str(BASE_PORT), '--out', str(out)]
    run = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout + run.stderr
    return out, json.loads((out / hatransfer.JSON_FILE).read_text())


def test_the_page_records_the_run(result):
    out, data = result
    assert data['status'] == 'complete' and data['commandLine'][:2] == ['scripts/ab-bench', '--ha-transfer']
    for key in ('cores', 'memoryGiB', 'gitCommit'):
        assert data['machine'][key], key
    assert data['startedAt'] and data['finishedAt'] and data['wallSeconds'] > 0
    page = (out / hatransfer.PAGE_FILE).read_text()
    assert page == hatransfer.render(data)
    assert '| keyTable, listing start | `off` |' in page


def test_leadership_moved_to_another_om(result):
    run = result[1]['runs'][0]
    assert run['status'] == 'ok'
    assert run['oldLeader'] in OMS and run['newLeader'] in OMS and run['newLeader'] != run['oldLeader']
    assert set(run['oms']) == OMS
    assert [om for om, r in run['oms'].items() if r['role'] == 'LEADER'] == [run['oldLeader']]


def test_every_om_reads_its_own_db_and_finds_the_same_live_keys(result):
    run = result[1]['runs'][0]
    deleted = run['client']['deleted']
    readings = list(run['oms'].values()) + [run['newLeaderAfter']]
    for reading in readings:
        # retention deletes the oldest keys: a listing from the bucket's start crosses each of their tombstones
        assert reading['headSkips'][hatransfer.LISTING_LABEL] >= deleted, reading
        assert reading['tombstones']['keyTable'] >= deleted, reading
        assert reading['headSkips']['openKeyTable'] >= run['client']['created'] // 2, reading
        # ... and lands on the oldest live key: about sequence number `deleted` (omkeybench's names are zero-padded).
        # Each of the load's THREADS deletes the oldest key it knows of, and deletes in flight together can end out
        # of order, so a key up to THREADS below `deleted` may still be live.
        first = int(reading['firstKeys'][hatransfer.LISTING_LABEL][0].rsplit('/', 1)[1])
        assert deleted - THREADS <= first <= deleted, (first, deleted)
    assert len({tuple(r['firstKeys'][hatransfer.LISTING_LABEL]) for r in readings}) == 1


def test_targets_are_computed_for_every_head(result):
    run = result[1]['runs'][0]
    rows = hatransfer.targets([run])
    assert [measure for measure, *_ in rows] == run['measures']
    for measure, arm, old, new, vs_old, met_old, off_new, vs_off, met_off in rows:
        assert old == run['oms'][run['oldLeader']]['headSkips'][measure]
        assert new == run['newLeaderAfter']['headSkips'][measure]
        assert met_old is not None and off_new is None  # `off` has no `off` to be set against
