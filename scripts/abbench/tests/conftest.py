"""What the tests that drive real clusters share."""

import json
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
