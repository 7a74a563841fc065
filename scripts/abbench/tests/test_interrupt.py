"""Ctrl-C in the middle of an arm: the cluster is stopped, what was measured is kept and marked partial."""

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
# A block of ports no other test takes (test_ports checks them all); not the harness's default (19100).
INTERRUPT_BASE_PORT = 19500

pytestmark = pytest.mark.cluster


def _wait_for(condition, timeout_s, what):
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, f'timed out after {timeout_s} s waiting for {what}'
        time.sleep(0.5)


def _processes_mentioning(text):
    found = []
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            if text in Path(f'/proc/{pid}/cmdline').read_bytes().decode('utf-8', 'replace'):
                found.append(pid)
        except OSError:
            continue
    return found


def test_ctrl_c_during_an_arm_stops_its_cluster_and_keeps_partial_results(tmp_path):
    out = tmp_path / 'results'
    freon_log = out / 'logs' / 'seed-off-r1.freon.log'
    cmd = [str(REPO / 'scripts' / 'ab-bench'), 'arms', '--scenario', 'seed', '--arms', 'off,range', '--ops', '1000000',
           '--threads', '4', '--scrape-interval', '1', '--base-port', str(INTERRUPT_BASE_PORT), '--out', str(out)]
    # scripts/ab-bench execs Python, so this PID is the harness that a terminal's Ctrl-C would reach. A terminal's
    # foreground process has SIGINT at its default; a build started in the background (`mvn verify &`) passes it
    # on ignored, and Python keeps an ignored SIGINT ignored: restore the default, as the terminal would have it.
    harness = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               stdin=subprocess.DEVNULL,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for(lambda: freon_log.exists() and 'Progress:' in freon_log.read_text(errors='replace'), 300,
                  'omkeybench to make progress in the first arm')
        harness.send_signal(signal.SIGINT)
        output, _ = harness.communicate(timeout=180)
    finally:
        if harness.poll() is None:
            harness.kill()
            harness.wait()

    assert harness.returncode == 1, output
    assert 'PARTIAL' in output and 'stopping the cluster' in output, output
    result = json.loads((out / 'summary.json').read_text())
    assert result['status'] == 'partial' and 'seed-off-r1 aborted' in result['reason']
    assert [(r['id'], r['status']) for r in result['runs']] == [('seed-off-r1', 'aborted')]  # range never started
    run = result['runs'][0]
    assert run['error'] == 'interrupted (Ctrl-C or SIGTERM)'
    assert (out / run['csv']).read_text().count('\n') >= 2, 'the samples taken before the interrupt are kept'
    assert (out / 'logs' / 'seed-off-r1.om.log').exists()
    assert 'PARTIAL RESULTS' in (out / 'report.md').read_text()

    cluster_dir = Path(run['clusterDir'])
    assert cluster_dir.is_dir(), 'the work directory of an aborted arm is kept for inspection'
    assert not _processes_mentioning(str(cluster_dir)), 'a process of the interrupted cluster is still running'
    assert not _processes_mentioning(str(out / 'freon')), 'omkeybench is still running'
    subprocess.run([str(REPO / 'scripts' / 'cluster'), '--dir', str(cluster_dir), 'clean'], check=True,
                   stdout=subprocess.DEVNULL)
    cluster_dir.parent.rmdir()
