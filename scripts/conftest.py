"""What the tests that drive real clusters share."""

import http.server
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope='session')
def ab_bench():
    """Runs scripts/ab-bench arms as a user would, with `args` and --out `out`, within `timeout` seconds; asserts
    that it exited 0 and completed, and returns its summary.json."""
    def run(out, *args, timeout=900):
        cmd = [str(REPO / 'scripts' / 'ab-bench'), 'arms', *map(str, args), '--out', str(out)]
        done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stdout + done.stderr
        summary = json.loads((out / 'summary.json').read_text())
        assert summary['status'] == 'complete'
        return summary
    return run


@pytest.fixture(scope='session')
def script_module():
    """Loads scripts/`name` (an executable without .py) as a module, to test its functions."""
    def load(name):
        loader = importlib.machinery.SourceFileLoader(name.replace('-', '_'), str(REPO / 'scripts' / name))
        spec = importlib.util.spec_from_loader(loader.name, loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        return module
    return load


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


@pytest.fixture
def serve_prom():
    """OM's /prom in miniature: `serve_prom(port, body)` answers every GET on 127.0.0.1:port (below the ephemeral
    range; each test file its own, as xdist runs files side by side) with `body()` and returns the URL; the server
    stops after the test."""
    servers = []

    def start(port, body):
        class Prom(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                text = body().encode()
                self.send_response(200)
                self.send_header('Content-Type', 'text/plain')
                self.send_header('Content-Length', str(len(text)))
                self.end_headers()
                self.wfile.write(text)

            def log_message(self, *args):
                pass

        server = http.server.HTTPServer(('127.0.0.1', port), Prom)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f'http://127.0.0.1:{port}/prom'

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()
