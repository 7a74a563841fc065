"""Runs `ozone freon omkeybench` against a cluster and follows its progress."""

import re
import subprocess
import threading

from . import preload

# Freon logs this line every second when it has no console (our case: its output goes to a file).
_PROGRESS = re.compile(r'Progress: [\d.]+ % \((\d+) out of (\d+)\)')
# An open loop (omkeybench --rate) that carried less than this fraction below its offered rate measured its own
# queue, not the offered load: omkeybench's StepSchedule.RATE_TOLERANCE, which says so in its own report.
RATE_TOLERANCE = 0.01
# The bucket of the omkeybench scenarios.
VOLUME = 'vol1'
BUCKET = 'bucket1'


class FreonError(RuntimeError):
    """omkeybench (or another client command of a load) exited with a non-zero code."""


def workload_args(scenario, weights=None, preload_keys=0):
    """omkeybench's bucket and workload options of a scenario; `weights` replaces its --weights. A scenario in the
    preloaded bucket runs on the `preload_keys` keys of the cold bucket, tracked oldest first."""
    args = list(scenario.freon_args)
    if weights:
        args[args.index('--weights') + 1] = weights
    if not scenario.in_preloaded_bucket:
        return ['--volume', VOLUME, '--bucket', BUCKET, *args]
    return ['--volume', preload.VOLUME, '--bucket', preload.BUCKET, '--prefix', preload.KEY_PREFIX.rstrip('/'),
            '--existing-keys', str(preload_keys), *args]


def command(ozone, scenario, ops, threads, seed, summary_json, latency_csv, latency_interval_s, weights=None,
            om_service_id=None, latency_log=None, preload_keys=0, journal=None):
    """The omkeybench command line of a scenario (the same in every arm): its workload_args, `om_service_id`
    naming the OM service of three OMs. The output files come last: --latency-log (a line per operation) if asked,
    --journal (each key OM acknowledged creating or deleting) if asked, --latency-csv (the client's latency per
    interval of `latency_interval_s`), then --summary-json."""
    service = ['--om-service-id', om_service_id] if om_service_id else []
    log = ['--latency-log', str(latency_log)] if latency_log else []
    acknowledged = ['--journal', str(journal)] if journal else []
    return [str(ozone), 'freon', 'omkeybench', '-n', str(ops), '-t', str(threads), '--seed', str(seed),
            *workload_args(scenario, weights, preload_keys), *service, '--latency-interval', str(latency_interval_s),
            *log, *acknowledged, '--latency-csv', str(latency_csv), '--summary-json', str(summary_json)]


# Options that only name where omkeybench writes: not part of the load a page shows.
OUTPUT_OPTIONS = ('--latency-log', '--journal', '--latency-csv', '--summary-json')


def shown(cmd):
    """The load's command line as a page shows it: `ozone ...`, without the output files."""
    args, skip = [], False
    for arg in map(str, cmd[1:]):
        if skip:
            skip = False
        elif arg in OUTPUT_OPTIONS:
            skip = True
        else:
            args.append(arg)
    return ' '.join(['ozone'] + args)


class FreonRun:
    """One omkeybench process (or another freon generator's, or a client command's: `what` names it in errors);
    `ops_done` follows its progress while it runs."""

    def __init__(self, cmd, env, log, what='omkeybench'):
        self.cmd = cmd
        self.env = env
        self.log = log
        self.what = what
        self.ops_done = 0
        self.process = None
        self._reader = None

    def start(self):
        # Its own session, so a Ctrl-C reaches the harness only; the harness then ends this process by its PID.
        self.process = subprocess.Popen(self.cmd, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        self._reader = threading.Thread(target=self._follow, name='freon-output', daemon=True)
        self._reader.start()

    def _follow(self):
        with open(self.log, 'wb') as out:
            for line in self.process.stdout:
                out.write(line)
                match = _PROGRESS.search(line.decode('utf-8', 'replace'))
                if match:
                    self.ops_done = int(match.group(1))

    def poll(self):
        """None while running, else the exit code."""
        return self.process.poll()

    def wait(self):
        code = self.process.wait()
        self._reader.join()
        if code != 0:
            raise FreonError(f'{self.what} exited with code {code}; see {self.log}')

    def terminate(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
