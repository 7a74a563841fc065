"""A local cluster driven through scripts/cluster (which stops only the processes it started): the one cluster class of
every script that drives one (ab-bench, fault-test). scripts/cluster is the one place that knows ports, PID files
and the distribution's layout; this class asks it (`urls`) instead of knowing them."""

import json
import os
import re
import shutil
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


def build_dist_if_needed(repo, profiler=False):
    """The distribution, which `scripts/cluster build` first builds if it is missing or older than its sources (and,
    with `profiler`, if async-profiler is missing); what it prints (why it builds, Maven's errors) goes to the
    console."""
    command = [str(repo / 'scripts' / 'cluster'), 'build'] + (['--profiler'] if profiler else [])
    if subprocess.run(command, stdin=subprocess.DEVNULL).returncode != 0:
        raise ClusterError('scripts/cluster build failed; its output is above')
    return dist_dir(repo)


# What made a distribution other than this repository's build (scripts/upstream-on-master --dists), in its folder.
DIST_INFO = 'dist.json'


def describe_dist(path):
    """A distribution an arm runs from, as a result records it: None for this repository's build, else its folder and
    what DIST_INFO says made it (the checkout's commit, the series), when it is there."""
    if path is None:
        return None
    info = Path(path) / DIST_INFO
    return {'path': str(path), **(json.loads(info.read_text()) if info.is_file() else {})}


class LocalCluster:
    """One cluster in its own work directory and port block; start() and stop() log to `log`. With `om_ha`, three
    OMs in one Ratis group (scripts/cluster start --om-ha); with `s3g`, an S3 gateway too (--s3g). It starts the
    distribution as it is (--no-build): the script that drives it builds it once at its own start
    (build_dist_if_needed), so that a source edited during a benchmark cannot make its later arms run another build.
    With `dist`, every process runs from that distribution instead (scripts/cluster --dist), for example upstream's
    jars alone; restart() can move one process to another."""

    def __init__(self, repo, work_dir, base_port, om_conf, log, profile_om=False, om_ha=False, s3g=False,
                 dist=None):
        self.script = repo / 'scripts' / 'cluster'
        self.dist = dist
        self.work_dir = Path(work_dir)
        self.base_port = base_port
        self.om_conf = list(om_conf)
        self.log = Path(log)
        self.profile_om = profile_om
        self.om_ha = om_ha
        self.s3g = s3g
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

    @property
    def om_rpc(self):
        """host:port of OM's RPC server (of om1 with --om-ha)."""
        return self._urls['om_rpc']

    @property
    def s3_endpoint(self):
        """The S3 gateway's URL (None unless started with `s3g`)."""
        return self._urls['s3g']

    @property
    def oms(self):
        """{OM name: {'prom': its /prom URL, 'rpc': its RPC host:port, 'log': its log, 'db': its DB directory,
        'site': its ozone-site.xml, 'pid_file': its PID file}}: om, or om1..om3."""
        return self._urls['oms']

    def _command(self, *args, dist=None):
        dist = dist or self.dist
        return [str(self.script), '--dir', str(self.work_dir), '--base-port', str(self.base_port),
                *(['--dist', str(dist)] if dist else []), *args]

    def _run(self, *args):
        with open(self.log, 'ab') as out:
            # A session of its own: a Ctrl-C in the terminal reaches the harness only, which then stops the
            # cluster by its script, instead of killing SCM, OM and datanodes half-way through a start.
            return subprocess.run(self._command(*args), stdout=out, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, start_new_session=True).returncode

    def _output(self, *args, dist=None):
        """What a command of scripts/cluster printed; its errors go to the log, and a failure raises ClusterError."""
        with open(self.log, 'ab') as err:
            result = subprocess.run(self._command(*args, dist=dist), stdout=subprocess.PIPE, stderr=err,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        if result.returncode != 0:
            raise ClusterError(f'scripts/cluster {" ".join(args)} failed; see {self.log}')
        return result.stdout.decode('utf-8', 'replace').strip()

    def start(self):
        """Starts the cluster; returns what scripts/cluster start printed (its processes, endpoints and, with --om-ha,
        the OM service and its leader), which also went to the log."""
        began = self.log.stat().st_size if self.log.exists() else 0
        args = ['start', '--no-build'] + (['--om-ha'] if self.om_ha else []) + (['--s3g'] if self.s3g else [])
        for kv in self.om_conf:
            args += ['--om-conf', kv]
        if self.profile_om:
            args += ['--profile', 'om']
        self.started = True  # even a failed start may have launched processes that stop() must end
        code = self._run(*args)
        self.__dict__.pop('_urls', None)  # the layout (one OM or three) is the work directory's from its first start
        if code != 0:
            raise ClusterError(f'scripts/cluster start failed; see {self.log} and {self.work_dir}/*/*.log')
        with open(self.log, 'rb') as log:
            log.seek(began)
            return log.read().decode('utf-8', 'replace').rstrip()

    def stop(self):
        if self.started and self._run('stop') != 0:
            raise ClusterError(f'scripts/cluster stop failed; see {self.log}')
        self.started = False

    def stop_keeping(self, files, keep_work):
        """Stops the cluster, copies `files` ({source: destination}: OM's log, RocksDB's info logs, a profile, files of
        its work directory that exist once it stopped) and deletes the work directory, unless `keep_work` or the stop
        failed: then it says where the directory is. Returns the destinations it copied."""
        try:
            self.stop()
        except ClusterError as e:
            keep_work = True
            print(f'ab-bench: {e}')
        copied = set()
        for source, destination in files.items():
            if Path(source).exists():
                Path(destination).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, destination)
                copied.add(Path(destination))
        if keep_work:
            print(f'ab-bench: the cluster work directory {self.work_dir} is kept for inspection')
        else:
            self.delete()
        return copied

    def status(self):
        """What scripts/cluster status prints (each process and, with --om-ha, each OM's role); ClusterError if a
        process is down."""
        return self._output('status')

    def leader(self):
        """The OM leader's name (om1..om3; with one OM: om)."""
        return self._output('leader')

    def transfer(self, om=None):
        """Makes `om` (default: the OM after the leader) the leader; returns its name once the OMs agree on it."""
        return self._output('transfer', *([om] if om else []))

    def checkpoint(self, dest, om=None):
        """A checkpoint of OM's DB (of the leader's, or of OM `om`) in the new directory `dest`; OM flushes its
        memtables first."""
        self._output('checkpoint', *(['--om', om] if om else []), str(dest))
        return Path(dest)

    def restart(self, name, dist=None):
        """Starts one process of the cluster again after it died or was stopped (an OM: om, or om1..om3), with the
        configuration it started with; from distribution `dist` if given (else the cluster's)."""
        self._output('restart', name, dist=dist)

    def stop_process(self, name):
        """Stops one process (SIGTERM) and waits until it has exited."""
        self._output('stop', name)

    def pid_file(self, name='om'):
        """Where scripts/cluster keeps the PID of OM `name` (om, or om1..om3) while it runs."""
        return Path(self.oms[name]['pid_file'])

    def pid(self, name='om'):
        return int(self.pid_file(name).read_text().strip())

    def om_log(self):
        return Path(self._urls['om_log'])

    def om_db_logs(self, name='om'):
        """RocksDB's info logs of OM `name`'s DB (LOG, and LOG.old.* of earlier opens or rolls), oldest first."""
        db = self.work_dir / name / 'meta' / 'om.db'
        return sorted(db.glob('LOG.old.*')) + ([db / 'LOG'] if (db / 'LOG').exists() else [])

    def om_flamegraph(self):
        """Written by async-profiler when a profiled OM exits, that is once the cluster is stopped."""
        return Path(self._urls['om_flamegraph'])

    def delete(self):
        """Deletes the work directory (the cluster must be stopped)."""
        if self._run('clean') != 0:
            raise ClusterError(f'scripts/cluster clean failed; see {self.log}')


# OM's metrics2 period in the harness's clusters: /prom (and /jmx) show values of at most this age. Hadoop's default,
# 10 s, left a 50 s arm five distinct samples: too few to cut the run into segments (segments.py), and it blurred the
# interleaved blocks' server-side counters and the settings gauge.
METRICS2_PERIOD_S = 1


def set_metrics_period(work_dir, oms=('om',)):
    """Writes each OM's etc/hadoop-metrics2.properties in a cluster's work directory before it starts (`oms`: om, or
    om1..om3 of --om-ha)."""
    for om in oms:
        etc = work_dir / om / 'etc'
        etc.mkdir(parents=True, exist_ok=True)
        (etc / 'hadoop-metrics2.properties').write_text(f'*.period={METRICS2_PERIOD_S}\n')


def client_env(cluster):
    env = dict(os.environ)
    env['OZONE_CONF_DIR'] = str(cluster.client_conf_dir)
    return env
