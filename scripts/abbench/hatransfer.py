"""The ha-transfer command: what a new OM leader meets at the heads of its tables, with the range compaction service off
and on.

Each OM of a Ratis group applies the same transactions to its own RocksDB and compacts it on its own; the readers
(clients, the key deleting and open-key cleanup services) go to the leader. So a follower's tables may carry
tombstones that its leader's service cleaned, and a leadership transfer hands them to the readers.

For each scenario (its omkeybench command line, as the A/B benchmark runs it) and each arm, on a fresh local cluster
of three OMs (scripts/cluster start --om-ha): the load runs to its end, then --quiet-seconds pass with no client.
Then each OM's DB is copied as it is (scripts/cluster checkpoint --om NAME; OM's own checkpoint servlet serves only
the leader) and read with `ozone debug range-stats --heads`: the internal entries (tombstones and the puts they
hide) a reader steps over to read the first two rows of deletedTable, openKeyTable and keyTable, and for a scenario
whose listings start at the bucket's first key, from the bucket's start in keyTable. Leadership then moves to the
next OM (scripts/cluster transfer) and the new leader's DB is read again. Writes OUT/ha-transfer.json and
OUT/ha-transfer.md.
"""

import json
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from harness import envelope, freon, journal, lifecycle, omdb, prom, scrape
from harness.cluster import ClusterError, LocalCluster, client_env
from harness.progress import Progress
from . import scenarios, summary

OM_SERVICE_ID = 'omservice'
HEAD_TABLES = ('deletedTable', 'openKeyTable', 'keyTable')
LISTING = f'keyTable=/{freon.VOLUME}/{freon.BUCKET}/'
LISTING_LABEL = 'keyTable, listing start'
DEFAULT_SCENARIOS = ['seed', 'retention']
DEFAULT_ARMS = ['off', 'range']
# The targets: the new leader's head skips at most TARGET_OLD times the old leader's just before the transfer, and
# at most TARGET_OFF times the new leader's in the `off` arm.
TARGET_OLD = 2.0
TARGET_OFF = 0.1
JSON_FILE = 'ha-transfer.json'
PAGE_FILE = 'ha-transfer.md'


@dataclass
class HaSettings:
    scenarios: list
    arms: list
    ops: int
    threads: int
    seed: int
    quiet_s: int
    base_port: int
    out: Path
    om_conf: dict = field(default_factory=dict)  # arm ('*' for all) -> [key=value]
    weights: str = None
    write_buffer: str = None


def lists_from_start(scenario):
    """Whether the scenario's listings start at the bucket's first key (omkeybench --list-start first)."""
    args = list(scenario.freon_args)
    return '--list-start' in args and args[args.index('--list-start') + 1] == 'first'


def measures(scenario):
    """The heads read on each OM: the tables', and the listing's start where the scenario lists from it."""
    return list(HEAD_TABLES) + ([LISTING_LABEL] if lists_from_start(scenario) else [])


class HaTransfer(lifecycle.Driver):

    def __init__(self, settings, repo, command_line):
        super().__init__(settings, repo, command_line)
        self.runs = []

    def plan(self):
        return [(scenario, arm) for scenario in self.s.scenarios for arm in self.s.arms]

    def run(self):
        self.begin(('freon', 'logs'))
        self.work_root = Path(tempfile.mkdtemp(prefix='abbench-ha-'))
        plan = self.plan()
        progress = Progress(len(plan))
        status, reason = lifecycle.run_cells(plan, lambda index, cell: self._run(
            index, plan, progress, scenarios.SCENARIOS[cell[0]], cell[1]), between='runs')
        if not any(self.work_root.iterdir()):
            self.work_root.rmdir()
        settings = {'scenarios': self.s.scenarios, 'arms': self.s.arms, 'ops': self.s.ops, 'threads': self.s.threads,
                    'seed': self.s.seed, 'quietSeconds': self.s.quiet_s, 'basePort': self.s.base_port,
                    'weights': self.s.weights, 'writeBuffer': self.s.write_buffer, 'extraOmConf': self.s.om_conf}
        result = dict(self.envelope('scripts/ab-bench ha-transfer', status, reason, settings), runs=self.runs)
        (self.out / JSON_FILE).write_text(json.dumps(result, indent=2) + '\n')
        (self.out / PAGE_FILE).write_text(render(result))
        return result

    def _om_conf(self, scenario, arm, interval_s):
        write_buffer = [f'{scenarios.WRITE_BUFFER_KEY}={self.s.write_buffer}'] if self.s.write_buffer else []
        return (scenarios.STATISTICS_CONF + write_buffer + list(scenario.om_conf)
                + scenarios.arm_conf(arm, interval_s, self.s.write_buffer)
                + self.s.om_conf.get('*', []) + self.s.om_conf.get(arm, []))

    def _run(self, index, plan, progress, scenario, arm):
        run_id = f'{scenario.name}-{arm}'
        tag = f'[{index + 1}/{len(plan)} {run_id}]'
        interval_s = scenarios.service_interval_s(self.s.ops / scenario.assumed_ops_per_s)
        om_conf = self._om_conf(scenario, arm, interval_s)
        freon_json = self.out / 'freon' / f'{run_id}.json'
        freon_journal = self.out / 'freon' / f'{run_id}.journal'
        cmd = freon.command(self.ozone, scenario, self.s.ops, self.s.threads, self.s.seed, freon_json,
                            self.out / 'freon' / f'{run_id}.latency.csv', 5, self.s.weights, OM_SERVICE_ID,
                            journal=freon_journal)
        record = {'id': run_id, 'scenario': scenario.name, 'arm': arm, 'status': 'running',
                  'startedAt': lifecycle.now(),
                  'omConf': om_conf, 'freonCommand': freon.shown(cmd),
                  'quietSeconds': self.s.quiet_s, 'measures': measures(scenario),
                  'clusterDir': str(self.work_root / run_id)}
        self.runs.append(record)
        log = self.out / 'logs' / f'{run_id}.cluster.log'
        cluster = LocalCluster(self.repo, self.work_root / run_id, self.s.base_port, om_conf, log, om_ha=True)
        client = None
        began = time.monotonic()
        keep_work = False
        try:
            progress.say(f'{tag} starting a fresh cluster of three OMs in {cluster.work_dir} ...')
            cluster.start()
            env = client_env(cluster)
            client = freon.FreonRun(cmd, env, self.out / 'logs' / f'{run_id}.freon.log')
            client.start()
            client_began = time.monotonic()
            while client.poll() is None:
                progress.update(index, run_id, client.ops_done, self.s.ops, time.monotonic() - client_began,
                                (len(plan) - index - 1) * self.s.ops)
                time.sleep(0.5)
            client.wait()
            record['client'] = dict(summary.arm_summary(json.loads(freon_json.read_text()), [])['client'],
                                    oldestLiveKey=oldest_live_key(freon_journal))
            progress.say(f'{tag} load done; {self.s.quiet_s} s with no client')
            time.sleep(self.s.quiet_s)
            seeks = [LISTING] if lists_from_start(scenario) else []
            old = cluster.leader()
            record['oldLeader'] = old
            record['oms'] = {}
            for om in cluster.oms:
                progress.say(f'{tag} reading the heads of {om} ({"leader" if om == old else "follower"})')
                record['oms'][om] = dict(self._measure(cluster, env, om, seeks, run_id, 'before'),
                                         role='LEADER' if om == old else 'FOLLOWER')
            transfer_began = time.monotonic()
            new = cluster.transfer()
            record['transferSeconds'] = round(time.monotonic() - transfer_began, 1)
            record['newLeader'] = new
            progress.say(f'{tag} leadership moved from {old} to {new}; reading the heads of {new}')
            record['newLeaderAfter'] = self._measure(cluster, env, new, seeks, run_id, 'after')
            record['status'] = 'ok'
        except (KeyboardInterrupt, ClusterError, freon.FreonError) as e:
            interrupted = isinstance(e, KeyboardInterrupt)
            record['status'] = 'aborted' if interrupted else 'failed'
            record['error'] = 'interrupted (Ctrl-C or SIGTERM)' if interrupted else str(e)
            progress.say(f'{tag} {record["status"]}: {record["error"]}; stopping the cluster...')
            if client:
                client.terminate()
            keep_work = True
            raise lifecycle.Aborted(f'{run_id} {record["status"]}: {record["error"]}') from None
        finally:
            record['wallSeconds'] = round(time.monotonic() - began, 1)
            cluster.stop_keeping({Path(where['log']): self.out / 'logs' / f'{run_id}.{om}.log'
                                  for om, where in cluster.oms.items()}, keep_work)
        progress.say(f'{tag} done in {record["wallSeconds"]:.0f} s')

    def _measure(self, cluster, env, om, seeks, run_id, when):
        """One OM's heads (from a checkpoint of its DB) and its range service's counters."""
        samples = scrape.fetch(cluster.oms[om]['prom'])
        heads = omdb.checkpoint_heads(cluster, self.ozone, env, cluster.work_dir / f'checkpoint-{om}-{when}',
                                      self.out / 'logs' / f'{run_id}.heads.log', om=om, seeks=seeks)
        skips = omdb.head_skips(heads)
        reading = {'headSkips': {t: skips.get(t) for t in HEAD_TABLES},
                   'tombstones': {t: omdb.tombstones(heads).get(t) for t in HEAD_TABLES},
                   'firstKeys': {t['table']: t['head']['keys'] for t in heads['tables'] if t['table'] in HEAD_TABLES},
                   'rangesCompacted': prom.lookup(samples, 'om_range_compaction_ranges_compacted'),
                   'memtableFlushes': prom.lookup(samples, 'om_range_compaction_memtable_flushes')}
        if seeks:
            reading['headSkips'][LISTING_LABEL] = omdb.seek_skips(heads).get(LISTING)
            reading['firstKeys'][LISTING_LABEL] = heads['seeks'][0]['keys']
        return reading


def oldest_live_key(journal_file):
    """The first key in the bucket's order that the client acknowledged creating and did not delete, by its journal
    (None if none is left): where a listing from the bucket's start must land on every OM."""
    live, _ = journal.expected_keys([journal_file])
    return min(live, default=None)


def _oldest_live(client):
    key = client.get('oldestLiveKey')
    return f"; the oldest key it did not delete, by its journal: `{key}`" if key else ''


def _within(value, factor, baseline):
    """value <= factor x baseline (so nothing against nothing is within), None without both."""
    return None if value is None or baseline is None else value <= factor * baseline


def _ratio(value, baseline):
    if value is None or baseline is None:
        return None
    if baseline == 0:
        return 1.0 if value == 0 else float('inf')
    return value / baseline


def _fmt_ratio(r):
    return '–' if r is None else ('inf' if r == float('inf') else f'{r:.2f}x')


def _fmt(value):
    return '–' if value is None else f'{value:,.0f}'


def targets(runs_of_scenario):
    """Rows (measure, arm, old leader before, new leader after, new/old, met, off's new leader, new/off, met) of one
    scenario's runs: the new leader's head against the old leader's just before the transfer (at most TARGET_OLD
    times) and against the new leader's of `off` (at most TARGET_OFF times; None for off itself). A head of no skips
    against none meets both."""
    by_arm = {r['arm']: r for r in runs_of_scenario if r.get('status') == 'ok'}
    off = by_arm.get('off')
    rows = []
    for arm, run in by_arm.items():
        for measure in run['measures']:
            old = run['oms'][run['oldLeader']]['headSkips'].get(measure)
            new = run['newLeaderAfter']['headSkips'].get(measure)
            vs_old = _ratio(new, old)
            off_new = off['newLeaderAfter']['headSkips'].get(measure) if off and arm != 'off' else None
            vs_off = _ratio(new, off_new)
            rows.append((measure, arm, old, new, vs_old, _within(new, TARGET_OLD, old), off_new, vs_off,
                         _within(new, TARGET_OFF, off_new)))
    return rows


def _yes(met):
    return '–' if met is None else ('yes' if met else '**no**')


def render(result):
    """The page of an --ha-transfer result, all from its JSON."""
    s, m = result['settings'], result['machine']
    lines = ['# OM HA: what a new leader meets at the heads of its tables', '']
    if result['status'] != 'complete':
        lines += [f"**PARTIAL RESULTS**: {result.get('reason')}.", '']
    lines += ['Generated by `scripts/ab-bench ha-transfer` from `ha-transfer.json`; do not edit.', '',
              '## Setup', '',
              f"- Machine: {m.get('cores')} cores, {m.get('memoryGiB')} GiB, load average at start "
              f"{m.get('loadAverageAtStart')}, {m.get('os')}; Java: {m.get('java')}; Ozone: {m.get('ozoneVersion')}; "
              f"this project at git commit {envelope.commit_text(result)}.",
              f"- Command: `{' '.join(result['commandLine'])}`; started {result['startedAt']}, finished "
              f"{result['finishedAt']}, wall time {result['wallSeconds']:,.0f} s.",
              f"- Per scenario and arm: a fresh local cluster of three OMs in one Ratis group (`scripts/cluster start "
              f"--om-ha`), the scenario's load ({s['ops']:,} operations, {s['threads']} threads, seed {s['seed']}) "
              f"to its end, then {s['quietSeconds']} s with no client. Then each OM's DB is copied as it is "
              "(`scripts/cluster checkpoint --om NAME`: the OM paused for the copy, its memtables in the copied "
              "WAL) and read with `ozone debug range-stats --heads`: the internal entries (tombstones and the "
              "puts they hide) RocksDB steps over to seek a table's first key and step to the next "
              "(`NUMBER_ITER_SKIP`), and for a scenario listing from the bucket's start, from "
              f"`{LISTING.split('=', 1)[1]}` in keyTable. Then leadership moves to the next OM (`scripts/cluster "
              "transfer`) and the new leader's DB is read again.",
              f"- OM's memtables: {s.get('writeBuffer') or '128MB (OM default)'} per table; RocksDB statistics "
              f"`{', '.join(scenarios.STATISTICS_CONF)}`; each run's OM configuration is in `{JSON_FILE}` "
              '(`omConf`).',
              f'- Targets: the new leader\'s head skips at most {TARGET_OLD:g}x the old leader\'s just before the '
              f'transfer, and at most {TARGET_OFF:g}x those of the new leader with the service `off`.', '']
    by_scenario = {}
    for run in result['runs']:
        by_scenario.setdefault(run['scenario'], []).append(run)
    for scenario, runs in by_scenario.items():
        lines += [f'## Scenario `{scenario}`', '', f"`{runs[0]['freonCommand']}`", '', '### Targets', '',
                  '| head | arm | old leader, before | new leader, after | new/old | <= '
                  f'{TARGET_OLD:g}x | off\'s new leader | new/off | <= {TARGET_OFF:g}x |',
                  '|---|---|---|---|---|---|---|---|---|']
        for measure, arm, old, new, vs_old, met_old, off_new, vs_off, met_off in targets(runs):
            lines.append(f'| {measure} | `{arm}` | {_fmt(old)} | {_fmt(new)} | {_fmt_ratio(vs_old)} | '
                         f'{_yes(met_old)} | {_fmt(off_new)} | {_fmt_ratio(vs_off)} | {_yes(met_off)} |')
        lines += ['', '### Per OM', '',
                  'Head skips of each OM just before the transfer, and of the new leader after it; the range '
                  "service's ranges compacted and memtables flushed since that OM started (– where it is off).", '']
        for run in runs:
            if run.get('status') != 'ok':
                lines += [f"- `{run['arm']}`: {run['status']}: {run.get('error')}", '']
                continue
            heads = run['measures']
            lines += [f"`{run['arm']}`: leadership moved from {run['oldLeader']} to {run['newLeader']} in "
                      f"{run['transferSeconds']} s; {run['client']['totalOps']:,} operations, "
                      f"{run['client']['created']:,} keys created, {run['client']['deleted']:,} deleted"
                      + _oldest_live(run['client']) + '.', '',
                      '| OM | when | ' + ' | '.join(heads) + ' | keyTable tombstones | ranges compacted | '
                      'memtables flushed |', '|---|---|' + '---|' * (len(heads) + 3)]
            readings = [(om, f"before, {r['role'].lower()}", r) for om, r in run['oms'].items()]
            readings.append((run['newLeader'], 'after, leader', run['newLeaderAfter']))
            for om, when, r in readings:
                lines.append(f'| {om} | {when} | ' + ' | '.join(_fmt(r['headSkips'].get(h)) for h in heads)
                             + f" | {_fmt(r['tombstones'].get('keyTable'))} | {_fmt(r['rangesCompacted'])} | "
                             f"{_fmt(r['memtableFlushes'])} |")
            lines.append('')
    return '\n'.join(lines)
