"""Runs the arms (interleaved across repeats), each on a fresh cluster, and writes the results folder."""

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from harness import freon, lifecycle, preload
from harness.cluster import METRICS2_PERIOD_S, ClusterError, LocalCluster, client_env, describe_dist, set_metrics_period
from harness.progress import Progress
from harness.scrape import Scraper
from . import (bulkexpire, charts, clientcost, clientlatency, compactionevents, fullcompaction, report, scenarios,
               segments, summary)


@dataclass
class Settings:
    scenarios: list
    arms: list
    ops: int
    threads: int
    seed: int
    repeat: int
    scrape_interval_s: float
    base_port: int
    out: Path
    om_conf: dict = field(default_factory=dict)  # arm ('*' for all) -> [key=value]
    dists: dict = field(default_factory=dict)  # arm ('*' for all) -> the distribution its cluster runs from
    weights: str = None  # replaces the scenario's omkeybench --weights
    write_buffer: str = None  # OM's memtable size per table in every arm; None keeps OM's default
    profile: bool = False  # OM under async-profiler, a flamegraph per arm
    preload_keys: int = 0  # keys of the cold bucket OM holds before each arm (preload.py); 0 for none
    preload_churn: int = 0  # operations of churn whose tombstone history the preloaded OM holds (preload.py)
    interval_fraction: float = scenarios.FULL_INTERVAL_FRACTION  # full compaction's interval, of the run length
    quiet_s: int = 60  # bulk-expire: seconds with no client between the bulk delete and the readers
    after_s: float = 0  # seconds of work the caller runs after the arms (production), for the time left shown


# The arms where the range service runs: their client cost is measured where it works (clientcost.py).
COST_ARMS = ('range', 'prototype')


def _load():
    """1, 5 and 15 minute load averages: other work on the machine skews an arm, so each run records them."""
    return [round(x, 2) for x in os.getloadavg()]


class Benchmark(lifecycle.Driver):

    def __init__(self, settings, repo, command_line):
        super().__init__(settings, repo, command_line)
        self.runs = []
        self.measured_rate = {}  # scenario -> client ops/s of its last finished arm, to size the next arm
        self.image = None  # the preloaded cluster every arm starts from, with --preload-keys
        self.image_info = None

    def plan(self):
        """(scenario, arm, repeat) in the order they run: per repeat, every scenario's arms in turn."""
        return [(scenario, arm, k) for k in range(1, self.s.repeat + 1) for scenario in self.s.scenarios
                for arm in self.s.arms]

    def run(self):
        """Runs the plan; returns the result (status 'partial' after an abort). A failed build raises ClusterError."""
        self.begin(('series', 'freon', 'logs', 'charts') + (('profiles',) if self.s.profile else ()), self.s.profile)
        if self.s.preload_keys:
            self.image, self.image_info = preload.ensure_image(self.repo, self.s.preload_keys, self.s.base_port,
                                                               self.s.preload_churn, self.out / 'logs' / 'preload.log')
        self.work_root = Path(tempfile.mkdtemp(prefix='abbench-'))
        plan = self.plan()
        progress = Progress(len(plan), after_s=self.s.after_s)
        status, reason = lifecycle.run_cells(plan, lambda index, cell: self._run_arm(
            index, plan, progress, scenarios.SCENARIOS[cell[0]], cell[1], cell[2]), between='arms')
        if not any(self.work_root.iterdir()):
            self.work_root.rmdir()
        return self.write_results(status, reason)

    def _om_conf(self, scenario, arm, interval_s):
        write_buffer = [f'{scenarios.WRITE_BUFFER_KEY}={self.s.write_buffer}'] if self.s.write_buffer else []
        base = scenarios.base_arm(arm)
        return (scenarios.STATISTICS_CONF + write_buffer + list(scenario.om_conf)
                + scenarios.arm_conf(arm, interval_s, self.s.write_buffer)
                + self.s.om_conf.get('*', []) + self.s.om_conf.get(base, [])
                + (self.s.om_conf.get(arm, []) if arm != base else []))

    def _dist(self, arm):
        """The distribution the arm's cluster runs from: its own, its base arm's, all arms', or (None) this build's."""
        for name in (arm, scenarios.base_arm(arm), '*'):
            if name in self.s.dists:
                return self.s.dists[name]
        return None

    def _run_arm(self, index, plan, progress, scenario, arm, repeat):
        run_id = f'{scenario.name}-{arm}-r{repeat}'
        rate = self.measured_rate.get(scenario.name, scenario.assumed_ops_per_s)
        run_s = (bulkexpire.expected_seconds(scenario.plan, self.s.ops, rate, self.s.quiet_s) if scenario.phased
                 else self.s.ops / rate)
        interval_s = scenarios.service_interval_s(run_s, self.s.interval_fraction)
        om_conf = self._om_conf(scenario, arm, interval_s)
        freon_json = self.out / 'freon' / f'{run_id}.json'
        latency_csv = f'freon/{run_id}.latency.csv'
        latency_log = f'freon/{run_id}.latency.log'
        record = {'id': run_id, 'scenario': scenario.name, 'arm': arm, 'repeat': repeat, 'status': 'running',
                  'startedAt': lifecycle.now(), 'loadAverageAtStart': _load(), 'serviceIntervalS': interval_s,
                  'omConf': om_conf, 'dist': describe_dist(self._dist(arm)),
                  'csv': f'series/{run_id}.csv', 'clusterDir': str(self.work_root / run_id)}
        if not scenario.phased:
            cmd = freon.command(self.ozone, scenario, self.s.ops, self.s.threads, self.s.seed, freon_json,
                                self.out / latency_csv, self.latency_interval_s(), self.s.weights,
                                latency_log=self.out / latency_log, preload_keys=self.s.preload_keys)
            record.update({'freonCommand': freon.shown(cmd), 'freonSummary': f'freon/{run_id}.json',
                           'clientLatencyCsv': latency_csv, 'clientLatencyLog': latency_log})
        self.runs.append(record)
        work = self.work_root / run_id
        cluster = LocalCluster(self.repo, work, self.s.base_port, om_conf, self.out / 'logs' / f'{run_id}.cluster.log',
                               profile_om=self.s.profile, s3g=scenario.s3g, dist=self._dist(arm))
        client = scraper = None
        began = time.monotonic()
        try:
            progress.say(f'[{index + 1}/{len(plan)} {run_id}] starting a fresh cluster in {work} ...')
            if self.image:
                preload.copy_cluster(self.image.path, work)
            set_metrics_period(work)
            cluster.start()
            scraper = Scraper(cluster.prom_url, self.out / record['csv'], self.s.scrape_interval_s,
                              lambda: client.ops_done if client else 0, cluster.pid_file())
            scraper.start()
            client_began = time.monotonic()
            if scenario.phased:
                client = bulkexpire.Load(scenario.plan, self.ozone, cluster, client_env(cluster), self.s.ops,
                                         self.s.threads, self.s.seed, self.s.quiet_s, self.out, run_id,
                                         lambda text: progress.say(f'[{index + 1}/{len(plan)} {run_id}] {text}'),
                                         volume_exists=self.image is not None and preload.VOLUME == bulkexpire.VOLUME)
                record['bulkExpire'] = client.run()
            else:
                client = freon.FreonRun(cmd, client_env(cluster), self.out / 'logs' / f'{run_id}.freon.log')
                client.start()
                ops_after = (len(plan) - index - 1) * self.s.ops
                while client.poll() is None:
                    progress.update(index, run_id, client.ops_done, self.s.ops, time.monotonic() - client_began,
                                    ops_after)
                    time.sleep(0.5)
                client.wait()
            client_s = time.monotonic() - client_began
            scraper.stop()
            record['scrapeFailures'] = scraper.failures
            scraper = None
            self._stop_cluster(cluster, record, keep_work=False)
            progress.record_overhead(time.monotonic() - began - client_s)
            record['status'] = 'ok'
        except (KeyboardInterrupt, ClusterError, freon.FreonError) as e:
            interrupted = isinstance(e, KeyboardInterrupt)
            record['status'] = 'aborted' if interrupted else 'failed'
            record['error'] = 'interrupted (Ctrl-C or SIGTERM)' if interrupted else str(e)
            progress.say(f'[{index + 1}/{len(plan)} {run_id}] {record["status"]}: {record["error"]}; '
                         'stopping the cluster...')
            if client:
                client.terminate()
            if scraper:
                scraper.stop()
            self._stop_cluster(cluster, record, keep_work=True)
            raise lifecycle.Aborted(f'{run_id} {record["status"]}: {record["error"]}') from None
        finally:
            record['wallSeconds'] = round(time.monotonic() - began, 1)
            record['loadAverageAtEnd'] = _load()
            self._summarise(record, freon_json)
        if record['client'] and record['client'].get('opsPerSecond'):
            self.measured_rate[scenario.name] = record['client']['opsPerSecond']
        progress.say(f'[{index + 1}/{len(plan)} {run_id}] done in {record["wallSeconds"]:.0f} s')

    def latency_interval_s(self):
        """The client's latency intervals: OM's sampling interval, whole seconds (omkeybench's unit)."""
        return max(1, round(self.s.scrape_interval_s))

    def _stop_cluster(self, cluster, record, keep_work):
        """Stops the cluster; keeps OM's log, RocksDB's info logs and a profiled OM's flamegraph in the results;
        deletes the work directory unless asked to keep it."""
        run_id = record['id']
        logs = self.out / 'logs'
        flamegraph = f'profiles/{run_id}.om.flamegraph.html'
        files = {cluster.om_log(): logs / f'{run_id}.om.log', cluster.om_flamegraph(): self.out / flamegraph}
        files.update({log: logs / f'{run_id}.rocksdb' / log.name for log in cluster.om_db_logs()})
        if self.out / flamegraph in cluster.stop_keeping(files, keep_work):
            record['omFlamegraph'] = flamegraph

    def _summarise(self, record, freon_json):
        csv_path = self.out / record['csv']
        rows = summary.read_series(csv_path) if csv_path.exists() else []
        freon_summary = json.loads(freon_json.read_text()) if freon_json.exists() else None
        record.update(summary.arm_summary(freon_summary, rows))
        if record.get('bulkExpire') and rows:
            record['bulkExpire'].update(bulkexpire.summarise(record['bulkExpire'], rows))
        om_log = self.out / 'logs' / f"{record['id']}.om.log"
        events = fullcompaction.events(om_log) if om_log.exists() else []
        if rows and om_log.exists():
            record['fullCompaction'] = fullcompaction.summarise(events, rows[0]['unix_time'], rows[-1]['unix_time'])
        latency_csv = self.out / record.get('clientLatencyCsv', 'none')
        if record.get('client') and 'clientLatencyCsv' in record and latency_csv.exists():
            record['client']['intervals'] = clientlatency.summarise(
                clientlatency.read(latency_csv), self.latency_interval_s(), fullcompaction.spans(events, 0))
        latency_log = self.out / record.get('clientLatencyLog', 'none')
        # Read once: the cost measures and the segments take the same operations.
        latencies = clientlatency.read_latency_log(latency_log) if latency_log.exists() else []
        if scenarios.base_arm(record['arm']) in COST_ARMS and latency_log.exists() and om_log.exists() and not record.get('bulkExpire'):
            record['clientCost'] = self._client_cost(record, latencies, compactionevents.read(om_log))
        rocksdb_logs = sorted((self.out / 'logs' / f"{record['id']}.rocksdb").glob('LOG*'))
        if latency_log.exists() and rocksdb_logs and not record.get('bulkExpire'):
            # Every compaction of OM's DB, RocksDB's own and the manual ones alike, in every arm: what the service's
            # flushes set off counts here, and the off arm has the same measure.
            compactions = [e for log in rocksdb_logs for e in compactionevents.read_rocksdb(log)]
            record['compactionCost'] = clientcost.measure(latencies, compactions)
        if rows and not record.get('bulkExpire'):
            record['segments'] = segments.of_run(rows, latencies)

    def _client_cost(self, record, latencies, events):
        """The cost measure of an arm where the service runs (clientcost.py), with its placebo coverage over the
        operations of the same scenario's off arm when that ran before."""
        cost = clientcost.measure(latencies, events)
        off = [r for r in self.runs if r['scenario'] == record['scenario'] and r['arm'] == 'off'
               and r['repeat'] == record['repeat'] and r.get('clientLatencyLog')]
        off_log = self.out / off[0]['clientLatencyLog'] if off else None
        if cost['status'] == 'measured' and off_log and off_log.exists():
            cost['placeboCoverage'] = clientcost.placebo_coverage(clientlatency.read_latency_log(off_log), events)
        return cost

    def _full_compaction_spans(self, run):
        om_log = self.out / 'logs' / f"{run['id']}.om.log"
        rows = summary.read_series(self.out / run['csv']) if (self.out / run['csv']).exists() else []
        return fullcompaction.spans(fullcompaction.events(om_log), rows[0]['unix_time']) if rows and \
            om_log.exists() else []

    def write_results(self, status, reason):
        settings = {'scenarios': self.s.scenarios, 'arms': self.s.arms, 'ops': self.s.ops, 'threads': self.s.threads,
                    'seed': self.s.seed, 'repeat': self.s.repeat, 'scrapeIntervalS': self.s.scrape_interval_s,
                    'basePort': self.s.base_port, 'weights': self.s.weights, 'writeBuffer': self.s.write_buffer,
                    'profile': self.s.profile, 'extraOmConf': self.s.om_conf,
                    'dists': {arm: describe_dist(path) for arm, path in self.s.dists.items()},
                    'preloadKeys': self.s.preload_keys,
                    'preloadChurn': self.s.preload_churn, 'intervalFraction': self.s.interval_fraction,
                    'quietSeconds': self.s.quiet_s, 'metrics2PeriodS': METRICS2_PERIOD_S}
        result = dict(self.envelope('scripts/ab-bench arms', status, reason, settings),
                      preload=self.image_info, runs=self.runs)
        (self.out / 'summary.json').write_text(json.dumps(result, indent=2) + '\n')
        chart_files = {}
        for scenario, by_arm in summary.group_runs(self.runs).items():
            runs = [r for arm_runs in by_arm.values() for r in arm_runs]
            series = {r['id']: summary.read_series(self.out / r['csv']) for r in runs if (self.out / r['csv']).exists()}
            marks = {r['id']: self._full_compaction_spans(r) for r in runs}
            latencies = {r['id']: clientlatency.read(self.out / r['clientLatencyCsv']) for r in runs
                         if r.get('clientLatencyCsv') and (self.out / r['clientLatencyCsv']).exists()}
            chart_files[scenario] = charts.draw_scenario(runs, series, self.out / 'charts' / scenario, self.s.repeat,
                                                         marks, latencies)
        (self.out / 'report.md').write_text(report.render(result, chart_files))
        return result
