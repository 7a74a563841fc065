"""Samples OM's /prom every few seconds into a CSV time series (one row per sample)."""

import csv
import os
import threading
import time
import urllib.request

from . import catalog, prom


# Hadoop metrics2 hands OM's metrics to /prom once per period (cluster.METRICS2_PERIOD_S in the harness's clusters,
# 10 s by Hadoop's default); in between, /prom repeats the last values.
REFRESH_TIMEOUT_S = 35
# Lines of metrics2's JvmMetrics source: OM's heap use alone differs at every refresh. (Ratis' metrics, on /prom too,
# are read at every request, so the whole text changes between any two requests.)
REFRESH_MARKER = 'jvm_metrics_'


def fetch_text(url, timeout_s=10):
    with urllib.request.urlopen(url, timeout=timeout_s) as response:
        return response.read().decode('utf-8', 'replace')


def fetch(url, timeout_s=10):
    return prom.parse(fetch_text(url, timeout_s))


def _refreshed_part(text):
    return [line for line in text.splitlines() if line.startswith(REFRESH_MARKER)]


def after_refresh(url, poll_s=0.5, timeout_s=REFRESH_TIMEOUT_S):
    """OM's /prom samples as of metrics2's next refresh of them: the first answer whose JvmMetrics lines differ from
    those at the call. So a counter read before an action and again after the action ended covers the action whole.
    Returns (samples, refreshed); refreshed is False if nothing changed within timeout_s (then the samples are the
    last answer)."""
    first = _refreshed_part(fetch_text(url))
    deadline = time.monotonic() + timeout_s
    text = None
    while time.monotonic() < deadline:
        time.sleep(poll_s)
        text = fetch_text(url)
        if _refreshed_part(text) != first:
            return prom.parse(text), True
    return prom.parse(text or fetch_text(url)), False


def process_usage(pid_file):
    """{om_cpu_seconds, om_rss_bytes} of the process whose PID is in pid_file; empty cells if it is gone."""
    try:
        pid = pid_file.read_text().strip()
        with open(f'/proc/{pid}/stat') as f:
            # Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
            fields = f.read().rsplit(')', 1)[1].split()
        with open(f'/proc/{pid}/statm') as f:
            resident_pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return {'om_cpu_seconds': '', 'om_rss_bytes': ''}
    ticks = os.sysconf('SC_CLK_TCK')
    return {'om_cpu_seconds': f'{(int(fields[11]) + int(fields[12])) / ticks:.2f}',
            'om_rss_bytes': resident_pages * os.sysconf('SC_PAGE_SIZE')}


class Scraper:
    """Background sampler; every row is flushed at once, so an aborted run keeps what it measured."""

    def __init__(self, url, csv_path, interval_s, ops_done, om_pid_file=None):
        self.url = url
        self.om_pid_file = om_pid_file
        self.csv_path = csv_path
        self.interval_s = interval_s
        self.ops_done = ops_done  # callable: the client's completed operations, for the ops_done column
        self.failures = 0
        self._stop = threading.Event()
        self._thread = None
        self._t0 = None

    def start(self):
        self._t0 = time.monotonic()
        self._file = open(self.csv_path, 'w', newline='')
        self._writer = csv.DictWriter(self._file, fieldnames=catalog.CSV_COLUMNS)
        self._writer.writeheader()
        self._thread = threading.Thread(target=self._loop, name='prom-scraper', daemon=True)
        self._thread.start()

    def sample(self):
        """Takes one sample now; a failed fetch is counted, not fatal (OM may be busy for a moment)."""
        try:
            samples = fetch(self.url)
        except (OSError, prom.PromParseError):
            self.failures += 1
            return
        row = {'unix_time': f'{time.time():.3f}', 'elapsed_s': f'{time.monotonic() - self._t0:.3f}',
               'ops_done': self.ops_done()}
        if self.om_pid_file:
            row.update(process_usage(self.om_pid_file))
        row.update({k: ('' if v is None else repr(v)) for k, v in catalog.select(samples).items()})
        self._writer.writerow(row)
        self._file.flush()

    def _loop(self):
        while True:
            self.sample()
            if self._stop.wait(self.interval_s):
                return

    def stop(self):
        """Stops the loop and takes a last sample, so the series ends when the client run ended."""
        self._stop.set()
        self._thread.join()
        self.sample()
        self._file.close()
