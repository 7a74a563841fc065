"""The production command: the README's main job. The A/B benchmark on a production-shaped OM, in one command and under
half an hour on 2 cores, build included.

What it runs, in order:
1. the distribution, built if older than the sources, and the base image of an OM holding PRELOAD_KEYS keys
   (preload.py; built once, cached under bench-cache/);
2. the arms: seed and retention x off, range, prototype, full, once each, OPS operations per arm, every arm on its
   own copy of the image (runner.py). Each arm's spread is that of its run cut into segments (segments.py): the
   verdict names no winner;
3. the interleaved measure of the service's cost to clients (interleave.py), retention, INTERLEAVE_LOAD_S of load on
   a copy of the image: the on/off ratio of each operation's p99 with its 95% interval, given only where the
   on-blocks worked at least as much as the range arm did (its busy fraction). Not seed: there the service barely
   works under this load (its range arm's busy fraction on the committed page), and its on-blocks idled: a switched
   measure of seed measures the switch, and its four minutes keep the job within half an hour on a fresh machine.
The cost to clients is measured twice: in the range arm, where the service works (operations during its flushes and
compactions against the others, clientcost.py), and interleaved. Each target is judged as its page judges it: the
upper end of the 95% interval and its half-width; a measure whose service did not work says "not measured".
Then one page, report.md, with the targets of the main job computed from the two, and links to the arms' and the
interleaved measures' own pages (arms/, interleave-<scenario>/).

The sizes are what fits 30 minutes here (docs/benchmarks.md, "The main job", says how the time splits): every
number is a constant below, and the page states each.
"""

import datetime
import json
import os
import time

from harness import envelope, lifecycle
from harness.cluster import ClusterError
from harness.progress import ended
from . import clientcost, interleave, report
from .interleave import Interleave, InterleaveSettings
from .runner import Benchmark, Settings
from .summary import group_runs, lookup

SCENARIOS = ['seed', 'retention']
ARMS = ['off', 'range', 'prototype', 'full']
PRELOAD_KEYS = 10_000_000
OPS = 40_000
WRITE_BUFFER = '2MB'  # as --smoke and --large: 40,000 operations flush every main table several times
# Upstream's full compaction and the prototype: every quarter of the run, as in --large (see cli.py).
INTERVAL_FRACTION = 1 / 4
INTERLEAVE_SCENARIOS = ['retention']
INTERLEAVE_LOAD_S = 240
INTERLEAVE_BLOCK_S = 15
# The bound for the whole job on a fresh clone of a 2-core machine, and with the distribution built.
TARGET_WALL_S = 30 * 60
# Targets of the main job (lower is better): range's OM seek average against off's, per scenario.
SEEK_TARGET = {'seed': 0.9, 'retention': 0.1}
FULL_WRITES_TARGET = 10.0
# Client throughput with the service on against off, interleaved: the lower end of the 95% interval.
OPS_TARGET = 0.95
# Where the measures of the cost to clients longer than this job's are listed.
LONGER_MEASURES = 'docs/benchmarks.md, "Cost to clients"'
COST_ARM = 'range'
JSON_FILE = 'production.json'
PAGE_FILE = 'report.md'


class Production:
    def __init__(self, args, repo, argv, out):
        self.args = args
        self.repo = repo
        self.command_line = ['scripts/ab-bench'] + argv
        self.out = out

    def run(self):
        self.out.mkdir(parents=True, exist_ok=True)
        # The wrapper's start (scripts/ab-bench: before it made the Python environment), else this process's.
        started_wall = float(os.environ.get('ABBENCH_STARTED_AT', time.time()))
        started_at = datetime.datetime.fromtimestamp(started_wall).astimezone().isoformat(timespec='seconds')
        began = time.monotonic() - (time.time() - started_wall)
        phases = {}
        interleave_s = len(INTERLEAVE_SCENARIOS) * (INTERLEAVE_LOAD_S + 120)
        arms_settings = Settings(scenarios=SCENARIOS, arms=ARMS, ops=OPS, threads=self.args.threads,
                                 seed=self.args.seed, repeat=1, scrape_interval_s=self.args.scrape_interval,
                                 base_port=self.args.base_port, out=(self.out / 'arms').resolve(),
                                 write_buffer=WRITE_BUFFER, preload_keys=PRELOAD_KEYS,
                                 interval_fraction=INTERVAL_FRACTION, after_s=interleave_s)
        arms = Benchmark(arms_settings, self.repo, self.command_line).run()
        phases['arms'] = round(time.monotonic() - began, 1)
        measures = {}
        status, reason = arms['status'], arms.get('reason')
        for name in INTERLEAVE_SCENARIOS if status == 'complete' else []:
            cost = _run(arms, name, COST_ARM).get('clientCost') or {}
            phase_began = time.monotonic()
            print(f'ab-bench production: the interleaved measure of {name} ({INTERLEAVE_LOAD_S} s of load); '
                  f'{_clock(time.monotonic() - began)} elapsed', flush=True)
            settings = InterleaveSettings(
                scenario=name, aa=False, block_s=INTERLEAVE_BLOCK_S,
                pairs=int(INTERLEAVE_LOAD_S // (2 * INTERLEAVE_BLOCK_S)) - 1, discard_s=interleave.DISCARD_S,
                threads=self.args.threads, seed=self.args.seed, base_port=self.args.base_port,
                out=(self.out / f'interleave-{name}').resolve(), write_buffer=WRITE_BUFFER, preload_keys=PRELOAD_KEYS,
                load_s=INTERLEAVE_LOAD_S, continuous_busy=cost.get('busyFraction'))
            measures[name] = Interleave(settings, self.repo, self.command_line).run()
            phases[f'interleave-{name}'] = round(time.monotonic() - phase_began, 1)
            if measures[name]['status'] != 'complete':
                status, reason = 'partial', f"interleaved measure of {name}: {measures[name].get('reason')}"
                break
        settings = {'scenarios': SCENARIOS, 'arms': ARMS, 'preloadKeys': PRELOAD_KEYS, 'ops': OPS,
                    'writeBuffer': WRITE_BUFFER, 'intervalFraction': INTERVAL_FRACTION,
                    'interleaveScenarios': INTERLEAVE_SCENARIOS, 'interleaveLoadSeconds': INTERLEAVE_LOAD_S,
                    'interleaveBlockSeconds': INTERLEAVE_BLOCK_S, 'threads': self.args.threads, 'seed': self.args.seed}
        result = dict(lifecycle.envelope('scripts/ab-bench production', status, reason, started_at, began,
                                         self.command_line, arms['machine'], settings,
                                         (arms['gitCommit'], arms['gitDirty'])),
                      phaseSeconds=phases, preload=arms.get('preload'),
                      targets=targets(arms, measures, time.monotonic() - began))
        (self.out / JSON_FILE).write_text(json.dumps(result, indent=2) + '\n')
        (self.out / PAGE_FILE).write_text(render(result, arms, measures))
        return result


def _clock(seconds):
    seconds = int(seconds)
    return f'{seconds // 60}:{seconds % 60:02d}'


def _run(arms, scenario, arm):
    runs = [r for r in arms['runs'] if r['scenario'] == scenario and r['arm'] == arm and r['status'] == 'ok']
    return runs[0] if runs else {}


def _value(arms, scenario, arm, path):
    run = _run(arms, scenario, arm)
    return lookup(run, path) if run else None


def _ratio(a, b):
    return a / b if a is not None and b else None


def targets(arms, measures, wall_s):
    """[{name, value, bound, holds}] of the main job's targets (issue 32), from the two results."""
    rows = []

    def add(name, value, bound, holds):
        rows.append({'target': name, 'value': value, 'bound': bound, 'holds': holds})

    for name in SCENARIOS:
        seek = {arm: _value(arms, name, arm, 'om.seekAvgUsRun') for arm in ('off', 'range', 'full')}
        skips = {arm: _value(arms, name, arm, 'om.iterSkipsPerOp') for arm in ('off', 'range', 'full')}
        writes = {arm: _value(arms, name, arm, 'om.compactWriteMB') for arm in ('range', 'full')}
        r = _ratio(seek['range'], seek['off'])
        add(f'{name}: range seek average / off', r, f'<= {SEEK_TARGET[name]}',
            None if r is None else r <= SEEK_TARGET[name])
        add(f'{name}: range seek average / full', _ratio(seek['range'], seek['full']), '<= 1',
            None if None in (seek['range'], seek['full']) else seek['range'] <= seek['full'])
        add(f'{name}: range skips per operation / full', _ratio(skips['range'], skips['full']), '<= 1',
            None if None in (skips['range'], skips['full']) else skips['range'] <= skips['full'])
        w = _ratio(writes['full'], writes['range'])
        add(f'{name}: full compaction bytes written / range', w, f'>= {FULL_WRITES_TARGET:g}',
            None if w is None else w >= FULL_WRITES_TARGET)
        cost = _run(arms, name, COST_ARM).get('clientCost') or {}
        for op in interleave.OPS:
            p99 = ((cost.get('operations') or {}).get(op) or {}).get('p99') or {}
            add(f'{name}: client {op} p99 during the service\'s work / outside (range arm), 95% interval',
                _interval(p99), BOUND, p99.get('targetHolds'))
        if name not in INTERLEAVE_SCENARIOS:
            continue
        analysis = (measures.get(name) or {}).get('analysis') or {}
        for op in interleave.OPS:
            p99 = ((analysis.get('operations') or {}).get(op) or {}).get('p99') or {}
            add(f'{name}: client {op} p99 on/off (interleaved), 95% interval', _interval(p99), BOUND,
                p99.get('targetHolds'))
        ops = analysis.get('allOpsPerSecond') or {}
        work = analysis.get('work') or {}
        add(f'{name}: client ops/s on/off (interleaved), lower end of the 95% interval', ops.get('low'),
            f'>= {OPS_TARGET}', None if ops.get('low') is None or not work.get('measured') else
            ops['low'] >= OPS_TARGET)
        add(f"{name}: every interleaved on-block's busy fraction / the range arm's", _ratio(
            work.get('lowestOnBusyFraction'), work.get('continuousBusyFraction')), '>= 1',
            work.get('everyOnBlockAtLeastContinuous'))
    add('wall time (s) from the command\'s start', round(wall_s), f'<= {TARGET_WALL_S}', wall_s <= TARGET_WALL_S)
    return rows


BOUND = (f'upper end <= {interleave.TARGET_RATIO:.2f}, half-width <= {interleave.TARGET_HALF_WIDTH_PCT:g}%')


def _interval(ratio):
    """'ratio [low, high]' of a compared ratio; its verdict when it has no interval (not measured)."""
    if ratio.get('low') is None:
        return ratio.get('verdict') or 'not measured'
    text = f"{ratio['ratio']:.3f} [{ratio['low']:.3f}, {ratio['high']:.3f}]"
    if ratio['halfWidthPct'] > interleave.TARGET_HALF_WIDTH_PCT:
        text += f" (±{ratio['halfWidthPct']:.0f}%: not resolved in this run; the longer measures: {LONGER_MEASURES})"
    return text


def _fmt(value):
    if value is None:
        return '–'
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return f'{value:.4g}' if abs(value) < 100 else f'{value:,.0f}'
    return f'{value:,}'


def render(result, arms, measures):
    m = result['machine']
    lines = ['# The main job: range compaction on an OM holding '
             f"{result['settings']['preloadKeys']:,} keys", '']
    if result['status'] != 'complete':
        lines += [f"**PARTIAL RESULTS**: {result.get('reason')}.", '']
    phases = ', '.join(f'{name} {seconds:,.0f} s' for name, seconds in result['phaseSeconds'].items())
    lines += [f'Generated by `{result["tool"]}` from `{JSON_FILE}`; do not edit.', '',
              f"- Command: `{' '.join(result['commandLine'])}`; started {result['startedAt']}, finished "
              f"{result['finishedAt']}, **wall time {result['wallSeconds']:,.0f} s** from the command's start "
              f'({phases}; the Python environment, the build and the base image, when made, are in the first).',
              f"- Machine: {m.get('cores')} cores, {m.get('memoryGiB')} GiB; Java {m.get('java')}; this project at "
              f"git commit {envelope.commit_text(result)}.",
              f"- Arms: {', '.join(ARMS)}, once each per scenario, {OPS:,} operations, each on a fresh copy of the "
              f"preloaded OM ([their page](arms/report.md)). {report.NOISE_TEXT['segments']}",
              "- Cost to clients: in each range arm, the operations during the service's flushes and compactions "
              'against the others (a block bootstrap over 20 s windows; docs/benchmarks.md, "Cost to clients"); and '
              f'the interleaved measure, {INTERLEAVE_LOAD_S} s of load in {INTERLEAVE_BLOCK_S} s blocks ('
              + ', '.join(f'[{name}](interleave-{name}/report.md)' for name in measures) + '), whose verdict needs '
              "on-blocks that worked at least as much as the range arm. Each interval is its measure's noise; one "
              "wider than ±10% is \"not resolved in this run\".", '',
              '## Targets', '', '| target | value | bound | holds |', '|---|---|---|---|']
    for t in result['targets']:
        holds = '–' if t['holds'] is None else ('yes' if t['holds'] else '**no**')
        lines.append(f"| {t['target']} | {_fmt(t['value'])} | {t['bound']} | {holds} |")
    lines.append('')
    for name in SCENARIOS:
        by_arm = group_runs(arms['runs']).get(name)
        if not by_arm:
            continue
        metrics = report.metrics_of(name)
        lines += [f'## `{name}`', '', '### Arms', '']
        lines += [f'- {line}' for line in report.verdict.scenario_verdict(report.key_values(by_arm, metrics),
                                                                          metrics=metrics)]
        lines.append('')
        cost = _run(arms, name, COST_ARM).get('clientCost')
        if cost:
            lines += clientcost.render(cost, "### Cost to clients while the service works (range arm)")
        analysis = (measures.get(name) or {}).get('analysis')
        if analysis:
            lines += ['### Cost to clients (interleaved, range on/off)', '',
                      '| operation | p99 ratio | 95% CI | verdict |', '|---|---|---|---|']
            for op in interleave.OPS:
                p = analysis['operations'][op]['p99']
                lines.append(f"| {op} | {_fmt(p['ratio'])} | [{_fmt(p['low'])}, {_fmt(p['high'])}] | "
                             f"{p['verdict']} |")
            lines.append('')
    return '\n'.join(lines)


def rewrite(folder):
    """report.md of a production folder written again from its JSON and its parts' (scripts/ab-bench report)."""
    def load(path):
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise SystemExit(f'ab-bench: cannot read {path}: {e.__class__.__name__}: {e}') from None
    result = load(folder / JSON_FILE)
    measures = {name: load(folder / f'interleave-{name}' / interleave.JSON_FILE) for name in INTERLEAVE_SCENARIOS
                if (folder / f'interleave-{name}' / interleave.JSON_FILE).exists()}
    (folder / PAGE_FILE).write_text(render(result, load(folder / 'arms' / 'summary.json'), measures))
    print(f'Report: {folder / PAGE_FILE}')
    return 0


def main(args, repo, argv, out):
    try:
        result = Production(args, repo, argv, out).run()
    except ClusterError as e:
        raise SystemExit(f'ab-bench: {e}') from None
    return ended(result, 'Report', out / PAGE_FILE)
