"""A fresh local cluster per arm, driven through scripts/cluster (which stops only the processes it started)."""

import json
import os
import re
import subprocess
from functools import cached_property
from pathlib import Path


class ClusterError(RuntimeError):
    """scripts/cluster failed; the message names its log."""


def repo_root():
    return Path(__file__).resolve().parents[2]


def dist_dir(repo):
    """The distribution this build produces: hadoop-ozone/dist/target/ozone-<project version>."""
    pom = (repo / 'pom.xml').read_text()
    version = re.search(r'^  <version>(.*)</version>', pom, re.MULTILINE).group(1)
    return repo / 'hadoop-ozone' / 'dist' / 'target' / f'ozone-{version}'


def profiler_jar(repo):
    """async-profiler, which the distribution's build copies next to it for scripts/cluster start --profile."""
    return repo / 'hadoop-ozone' / 'dist' / 'target' / 'async-profiler' / 'async-profiler.jar'


# What the distribution is built from. A benchmark on a distribution older than these measures other code than the
# commit its report names, so the harness rebuilds it.
BUILD_INPUTS = ('pom.xml', 'patches', 'hadoop-hdds', 'hadoop-ozone')
# Touched after the harness builds the distribution: a build that changed no jar (a test source edited) leaves the
# jars' times as they were, and would otherwise be repeated at every run.
BUILT_MARKER = '.built-by-ab-bench'


def sources_newer_than(repo, dist):
    """The build inputs git tracks that changed since the distribution was last built.

    Maven rewrites a jar only when its classes change, and the distribution keeps the jars' times, so the newest of
    this project's jars there (or the harness's marker, if newer) is when the distribution was last built. A source
    edited before a later build of another module alone goes unseen, and so do files git does not track yet (a
    test run's files in a module's folder would otherwise rebuild it). Without git (a source tarball) nothing is
    known to be newer.
    """
    version = dist.name[len('ozone-'):]
    times = [jar.stat().st_mtime for jar in (dist / 'share' / 'ozone' / 'lib').glob(f'*-{version}.jar')]
    marker = dist / BUILT_MARKER
    if marker.exists():
        times.append(marker.stat().st_mtime)
    if not times:
        return []
    built = max(times)
    try:
        listed = subprocess.run(['git', 'ls-files', '-z', '--', *BUILD_INPUTS], cwd=repo, capture_output=True,
                                check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    newer = []
    for name in filter(None, listed.decode().split('\0')):
        path = repo / name
        if path.is_file() and path.stat().st_mtime > built:
            newer.append(name)
    return newer


def build_dist_if_needed(repo, log, profiler=False):
    """The distribution (and async-profiler when `profiler`), built by Maven when missing or older than its sources."""
    dist = dist_dir(repo)
    if not (dist / 'bin' / 'ozone').exists() or (profiler and not profiler_jar(repo).exists()):
        why = 'is missing'
    else:
        newer = sources_newer_than(repo, dist)
        if not newer:
            return dist
        why = f'is older than {len(newer)} of its source files (for example {newer[0]})'
    print(f'Distribution {dist} {why}; building it (mvn -q -B install -DskipTests), a few minutes...', flush=True)
    with open(log, 'ab') as out:
        if subprocess.run(['mvn', '-q', '-B', 'install', '-DskipTests'], cwd=repo, stdout=out,
                          stderr=subprocess.STDOUT).returncode != 0:
            raise ClusterError(f'the build failed; see {log}')
    (dist / BUILT_MARKER).touch()
    return dist


class LocalCluster:
    """One cluster in its own work directory and port block; start() and stop() log to `log`."""

    def __init__(self, repo, work_dir, base_port, om_conf, log, profile_om=False):
        self.script = repo / 'scripts' / 'cluster'
        self.work_dir = Path(work_dir)
        self.base_port = base_port
        self.om_conf = list(om_conf)
        self.log = Path(log)
        self.profile_om = profile_om
        self.started = False

    @cached_property
    def _urls(self):
        """Where scripts/cluster puts this cluster's endpoints and client configuration (`urls`, no cluster needed)."""
        result = subprocess.run(self._command('urls'), capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if result.returncode != 0:
            raise ClusterError(f'scripts/cluster urls failed: {result.stderr.strip()}')
        return json.loads(result.stdout)

    @property
    def prom_url(self):
        return self._urls['om_prom']

    @property
    def client_conf_dir(self):
        return Path(self._urls['client_conf_dir'])

    def _command(self, *args):
        return [str(self.script), '--dir', str(self.work_dir), '--base-port', str(self.base_port), *args]

    def _run(self, *args):
        with open(self.log, 'ab') as out:
            # A session of its own: a Ctrl-C in the terminal reaches the harness only, which then stops the
            # cluster by its script, instead of killing SCM, OM and datanodes half-way through a start.
            return subprocess.run(self._command(*args), stdout=out, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, start_new_session=True).returncode

    def start(self):
        args = ['start']
        for kv in self.om_conf:
            args += ['--om-conf', kv]
        if self.profile_om:
            args += ['--profile', 'om']
        self.started = True  # even a failed start may have launched processes that stop() must end
        if self._run(*args) != 0:
            raise ClusterError(f'scripts/cluster start failed; see {self.log} and {self.work_dir}/*/*.log')

    def stop(self):
        if self.started and self._run('stop') != 0:
            raise ClusterError(f'scripts/cluster stop failed; see {self.log}')
        self.started = False

    def om_pid_file(self):
        """Where scripts/cluster keeps OM's PID while it runs."""
        return self.work_dir / 'om' / 'pid'

    def om_log(self):
        return Path(self._urls['om_log'])

    def om_flamegraph(self):
        """Written by async-profiler when a profiled OM exits, that is once the cluster is stopped."""
        return Path(self._urls['om_flamegraph'])

    def delete(self):
        """Deletes the work directory (the cluster must be stopped)."""
        if self._run('clean') != 0:
            raise ClusterError(f'scripts/cluster clean failed; see {self.log}')


def client_env(cluster):
    env = dict(os.environ)
    env['OZONE_CONF_DIR'] = str(cluster.client_conf_dir)
    return env
