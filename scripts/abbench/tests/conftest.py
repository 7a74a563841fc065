"""What the tests that drive real clusters share."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope='session')
def ab_bench():
    """Runs scripts/ab-bench as a user would, with `args` and --out `out`, within `timeout` seconds; asserts that it
    exited 0 and completed, and returns its summary.json."""
    def run(out, *args, timeout=900):
        cmd = [str(REPO / 'scripts' / 'ab-bench'), *map(str, args), '--out', str(out)]
        done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stdout + done.stderr
        summary = json.loads((out / 'summary.json').read_text())
        assert summary['status'] == 'complete'
        return summary
    return run


@pytest.fixture(scope='session')
def stopped_and_removed():
    """Asserts that each of `runs` left no cluster directory and no process running from it."""
    def check(runs):
        for run in runs:
            assert not Path(run['clusterDir']).exists()
            for pid in filter(str.isdigit, os.listdir('/proc')):
                try:
                    cmdline = Path(f'/proc/{pid}/cmdline').read_bytes().decode('utf-8', 'replace')
                except OSError:
                    continue
                assert run['clusterDir'] not in cmdline, f'process {pid} of {run["id"]} is still running'
    return check
