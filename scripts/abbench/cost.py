"""The cost command: what the service costs clients under paced loads, on the main job's OM (10^7 keys).

Per scenario (default retention and busy), each part an interleaved run of its own (interleave.py) on a fresh
cluster from the preloaded image:
1. capacity: a closed loop of --threads with the service off in both blocks of a pair (an A/A of one pair after the
   warm-up pair): the machine's capacity is the steps a second its measured blocks completed;
2. per --utilizations (default 25, 50, 75 percent): an open loop offered at that share of the capacity (omkeybench
   --rate, at most OPEN_LOOP_THREADS in flight), the service switched on and off in --pairs pairs. Per operation:
   the interleaved ratios on/off (p50, p99, pairedstats), and during/outside as matchedwindows.py measures it: the
   service's work in each on-block against the same moments of its pair's off-block, the moment set by the
   benchmark's switch, not chosen by the service;
3. at --aa-at (default 50): the same with the service off in both halves (A/A): the half-width the method reaches
   at this many pairs, and the matched comparison on it with the A/B run's windows (a placebo; 1.0 is the truth).
Saturation is the main job's (its closed loop: CPU competition on 2 cores), not repeated here. A part whose blocks
fall short of the offered rate or whose on-blocks did not work gives no verdict (interleave.analyse says why).
"""

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from harness import envelope, freon, lifecycle
from harness.cluster import ClusterError
from harness.progress import ended
from harness import wallprofiler
from . import interleave, matchedwindows, scenarios, threadwaits, wallwaits
from .clientlatency import read_latency_log
from .compactionevents import read as read_events
from .interleave import Interleave, InterleaveSettings
from .pairedstats import TARGET_HALF_WIDTH_PCT, TARGET_RATIO
from .production import PRELOAD_KEYS, WRITE_BUFFER

SCENARIOS = ('retention', 'busy')
UTILIZATIONS = (25, 50, 75)
AA_UTILIZATION = 50
PAIRS = 12
BLOCK_S = 20
CAPACITY_BLOCK_S = 30
# An open loop's bound on operations in flight: above what OM holds at 75% of capacity here (latency x rate is a
# few operations), so that the bound shapes nothing but a stall of seconds.
OPEN_LOOP_THREADS = 32
# The issue's target for the median during/outside at half of capacity (p99's is pairedstats.TARGET_RATIO).
P50_TARGET = 1.05
JSON_FILE = 'summary.json'
PAGE_FILE = 'report.md'


@dataclass
class CostSettings:
    scenarios: list
    utilizations: list
    aa_utilization: int
    pairs: int
    block_s: float
    threads: int
    seed: int
    base_port: int
    out: Path
    preload_keys: int = PRELOAD_KEYS
    write_buffer: str = WRITE_BUFFER
    sample_threads: bool = False
    profile_wall: bool = False
    om_conf: dict = field(default_factory=dict)  # --om-conf by arm: '*' (every part) and 'range' apply


def _percentages(text):
    values = [int(v) for v in text.split(',') if v.strip()]
    if not values or any(not 0 < v < 100 for v in values):
        raise ValueError(text)
    return values


def add_arguments(p):
    p.add_argument('--utilizations', metavar='P,P', help='percentages of the measured capacity to offer (default '
                   + ','.join(map(str, UTILIZATIONS)) + ')')
    p.add_argument('--aa-at', type=int, metavar='P', help=f'the percentage the A/A control runs at (default '
                   f'{AA_UTILIZATION}; 0: no A/A)')
    p.add_argument('--pairs', type=int, metavar='N', help=f'measured pairs per part (default {PAIRS})')
    p.add_argument('--block-seconds', type=float, metavar='S', help=f'seconds per block (default {BLOCK_S})')
    p.add_argument('--sample-threads', action='store_true',
                   help="sample OM's threads and the disks every 0.1 s in the paced parts: what they did in the "
                        "service's work against the same moments off (the sampler's CPU in on- and off-blocks alike)")
    p.add_argument('--profile-wall', action='store_true',
                   help="in the paced parts, async-profiler's wall-clock samples of OM's threads every "
                        f"{wallprofiler.INTERVAL}: where the request path stood in the service's work against the same "
                        "moments off, with a differential flame graph")


def settings_from_args(args, out):
    names = args.scenario or list(SCENARIOS)
    if any(scenarios.SCENARIOS[n].phased for n in names):
        raise SystemExit('ab-bench: cost measures omkeybench scenarios (seed, retention, busy, data-keys, fso)')
    try:
        utilizations = _percentages(args.utilizations) if args.utilizations else list(UTILIZATIONS)
    except ValueError:
        raise SystemExit(f'ab-bench: --utilizations takes percentages from 1 to 99, comma-separated, not '
                         f'{args.utilizations!r}') from None
    aa_at = AA_UTILIZATION if args.aa_at is None else args.aa_at
    if aa_at and aa_at not in utilizations:
        raise SystemExit(f'ab-bench: --aa-at {aa_at} is none of --utilizations {",".join(map(str, utilizations))} '
                         '(the A/A lends the A/B run at its rate its windows); 0 runs none')
    pairs = PAIRS if args.pairs is None else args.pairs
    block_s = args.block_seconds or BLOCK_S
    if pairs < 2 or not 4 <= block_s <= 3600:
        raise SystemExit('ab-bench: cost needs --pairs of at least 2 and --block-seconds from 4 to 3600')
    preload_keys = args.preload_keys if args.preload_keys is not None else PRELOAD_KEYS
    scenarios.check_preload(names, preload_keys)
    om_conf = {}
    for arm, kv in args.om_conf:
        if arm not in ('*', 'range'):
            raise SystemExit(f'ab-bench: cost switches the range arm on and off; --om-conf takes KEY=VALUE or '
                             f'range:KEY=VALUE, not {arm}:{kv}')
        om_conf.setdefault(arm, []).append(kv)
    return CostSettings(scenarios=names, utilizations=utilizations, aa_utilization=aa_at, pairs=pairs,
                        block_s=block_s, threads=args.threads, seed=args.seed, base_port=args.base_port,
                        out=out.resolve(), preload_keys=preload_keys,
                        write_buffer=args.write_buffer or WRITE_BUFFER, sample_threads=args.sample_threads,
                        profile_wall=args.profile_wall, om_conf=om_conf)


def capacity(part):
    """Steps a second the measured blocks of a closed-loop A/A part completed, their mean."""
    measured = [b['client']['completedStepsPerSecond'] for b in part['blocks'] if not b['warmup']]
    return sum(measured) / len(measured) if measured else None


def _latencies(folder):
    return read_latency_log(folder / interleave.LATENCY_LOG)


def _events(folder):
    return read_events(folder / 'logs' / 'om.log')


def summarise(part, folder, matched=True):
    """What the page shows of an interleaved part: its status, rate and work checks, per operation the interleaved
    ratios (p50, p99), and for A/B the matched during/outside and, with sampled threads, what they did in the
    matched windows (threadwaits.py)."""
    analysis = part.get('analysis') or {}
    result = {'folder': folder.name, 'status': part['status'], 'reason': part.get('reason'),
              'rate': analysis.get('rate'), 'work': analysis.get('work'), 'pairs': analysis.get('pairs'),
              'interleaved': {op: {key: analysis['operations'][op][key] for key in ('p50', 'p99')}
                              for op in interleave.OPS} if analysis else None}
    if matched and analysis:
        result['matched'], windows = matchedwindows.measure(part['blocks'], _latencies(folder), _events(folder))
        samples = folder / interleave.THREAD_SAMPLES
        if samples.exists():
            names, rows = threadwaits.read(samples)
            result['threads'] = threadwaits.compare(names, rows, *windows)
        samples = folder / interleave.CLIENT_THREAD_SAMPLES
        if samples.exists():
            result['clientThreads'] = threadwaits.client(*threadwaits.read(samples), *windows)
        profile = folder / interleave.WALL_PROFILE
        if profile.exists():
            stacks, rows = wallprofiler.samples(profile)
            on_windows, off_windows, on_ops, off_ops = windows
            on, off = wallwaits.tallies(rows, on_windows, off_windows, wallprofiler.INTERVAL_S)
            result['wall'] = dict(wallwaits.compare(stacks, on, off, on_ops, off_ops, wallprofiler.INTERVAL_S),
                                  flameGraph=wallwaits.FLAME_FILE)
            (folder / wallwaits.FLAME_FILE).write_text(wallwaits.flame(stacks, on, off, on_ops, off_ops))
    return result


class Cost(lifecycle.Driver):

    def run(self):
        self.begin(())
        status, reason, parts = 'complete', None, {}
        with lifecycle.sigterm_as_interrupt():
            try:
                for name in self.s.scenarios:
                    parts[name] = self._scenario(name)
            except (KeyboardInterrupt, ClusterError, freon.FreonError, PartEnded) as e:
                status = 'partial'
                reason = 'interrupted (Ctrl-C or SIGTERM)' if isinstance(e, KeyboardInterrupt) else str(e)
                print(f'ab-bench cost: {reason}; stopping', flush=True)
        settings = {'scenarios': self.s.scenarios, 'utilizations': self.s.utilizations,
                    'aaUtilization': self.s.aa_utilization, 'pairs': self.s.pairs, 'blockSeconds': self.s.block_s,
                    'capacityBlockSeconds': CAPACITY_BLOCK_S, 'threads': self.s.threads,
                    'openLoopThreads': OPEN_LOOP_THREADS, 'seed': self.s.seed, 'basePort': self.s.base_port,
                    'preloadKeys': self.s.preload_keys, 'writeBuffer': self.s.write_buffer,
                    'sampleThreads': self.s.sample_threads, 'profileWall': self.s.profile_wall,
                    'extraOmConf': self.s.om_conf, 'targetRatio': TARGET_RATIO,
                    'targetHalfWidthPct': TARGET_HALF_WIDTH_PCT, 'p50Target': P50_TARGET}
        result = dict(self.envelope('scripts/ab-bench cost', status, reason, settings), scenarios=parts)
        (self.out / JSON_FILE).write_text(json.dumps(result, indent=2) + '\n')
        (self.out / PAGE_FILE).write_text(render(result))
        return result

    def _part(self, scenario, folder, aa, rate, threads, pairs, block_s):
        settings = InterleaveSettings(
            scenario=scenario, aa=aa, block_s=block_s, pairs=pairs, discard_s=interleave.DISCARD_S, threads=threads,
            seed=self.s.seed, base_port=self.s.base_port, out=(self.out / scenario / folder).resolve(),
            write_buffer=self.s.write_buffer, preload_keys=self.s.preload_keys, rate=rate,
            om_conf=self.s.om_conf,
            sample_threads=self.s.sample_threads and rate is not None,
            profile_wall=self.s.profile_wall and rate is not None)
        began = time.monotonic()
        part = Interleave(settings, self.repo, self.command_line).run()
        print(f'ab-bench cost: {scenario} {folder} took {time.monotonic() - began:.0f} s', flush=True)
        if part['status'] != 'complete':
            raise PartEnded(f"{scenario} {folder}: {part.get('reason')}")
        return part

    def _scenario(self, name):
        print(f'ab-bench cost: {name}: the capacity, closed loop of {self.s.threads} threads, service off', flush=True)
        measured = self._part(name, 'capacity', True, None, self.s.threads, 1, CAPACITY_BLOCK_S)
        ops = capacity(measured)
        result = {'capacity': {'opsPerSecond': ops, 'threads': self.s.threads, 'folder': 'capacity'}, 'paced': []}
        ab_parts = {}
        for share in self.s.utilizations:
            rate = round(ops * share / 100, 1)
            print(f'ab-bench cost: {name}: {share}% of {ops:.0f} ops/s = {rate:g} ops/s, service on/off', flush=True)
            folder = f'paced-{share}'
            ab_parts[share] = self._part(name, folder, False, rate, OPEN_LOOP_THREADS, self.s.pairs, self.s.block_s)
            result['paced'].append(dict(summarise(ab_parts[share], self.out / name / folder), utilization=share,
                                        offeredOpsPerSecond=rate))
        if self.s.aa_utilization:
            share = self.s.aa_utilization
            rate = round(ops * share / 100, 1)
            folder = f'aa-{share}'
            print(f'ab-bench cost: {name}: A/A at {share}% ({rate:g} ops/s)', flush=True)
            aa = self._part(name, folder, True, rate, OPEN_LOOP_THREADS, self.s.pairs, self.s.block_s)
            placebo = matchedwindows.placebo(ab_parts[share]['blocks'], _events(self.out / name / f'paced-{share}'),
                                             aa['blocks'], _latencies(self.out / name / folder))
            result['aa'] = dict(summarise(aa, self.out / name / folder, matched=False), utilization=share,
                                offeredOpsPerSecond=rate, placebo=placebo,
                                pairsForTargetHalfWidth={op: aa['analysis']['operations'][op]['p99'].get(
                                    'pairsForTargetHalfWidth') for op in interleave.OPS})
        return result


class PartEnded(Exception):
    """A part of the command ended before its last block: the command stops with what it has."""


def main(args, repo, argv, out):
    s = settings_from_args(args, out)
    print(f"ab-bench cost: scenarios {','.join(s.scenarios)}; capacity, then "
          f"{','.join(map(str, s.utilizations))}% of it in {s.pairs} pairs of {s.block_s:g} s blocks"
          + (f', an A/A at {s.aa_utilization}%' if s.aa_utilization else '') + f'; results in {s.out}', flush=True)
    try:
        result = Cost(s, repo, ['scripts/ab-bench'] + argv).run()
    except ClusterError as e:
        raise SystemExit(f'ab-bench: {e}') from None
    return ended(result, 'Report', s.out / PAGE_FILE)


# --- the page -----------------------------------------------------------------------------------------------------

def _f(value, digits=2):
    return '–' if value is None else f'{value:.{digits}f}'


def _ci(metric):
    if not metric or metric.get('ratio') is None:
        return '–'
    interval = '' if metric.get('low') is None else f" [{_f(metric['low'])}, {_f(metric['high'])}]"
    return f"{_f(metric['ratio'])}{interval}"


def targets(part):
    """The issue's targets at one paced part: per operation, the p99 on/off (interleaved) and during/outside
    (matched) upper ends <= TARGET_RATIO with half-width <= TARGET_HALF_WIDTH_PCT, and the matched p50's upper end
    <= P50_TARGET; None where the part gave no verdict."""
    rows = []
    matched = (part.get('matched') or {}).get('operations') or {}
    for op in interleave.OPS:
        p99 = (part.get('interleaved') or {}).get(op, {}).get('p99') or {}
        rows.append((f'{op} p99 on/off (interleaved)', _ci(p99), p99.get('targetHolds')))
        m = matched.get(op) or {}
        rows.append((f'{op} p99 during/outside (matched)', _ci(m.get('p99')), (m.get('p99') or {}).get('targetHolds')))
        p50 = m.get('p50') or {}
        rows.append((f'{op} p50 during/outside (matched), upper end <= {P50_TARGET}', _ci(p50),
                     None if p50.get('high') is None else p50['high'] <= P50_TARGET))
    return rows


def render(result):
    s, m = result['settings'], result['machine']
    lines = ["# The service's cost to clients under paced loads", '',
             f'Generated by `{result["tool"]}` from `{JSON_FILE}`; do not edit.', '']
    if result['status'] != 'complete':
        lines += [f"**PARTIAL RESULTS**: {result.get('reason')}.", '']
    lines += ['## Setup', '',
              f"- Machine: {m.get('cores')} cores, {m.get('memoryGiB')} GiB; this project at git commit "
              f"{envelope.commit_text(result)}; command `{' '.join(result['commandLine'])}`, started "
              f"{result['startedAt']}, wall time {result['wallSeconds']:,.0f} s.",
              f"- OM from an image of {s['preloadKeys']:,} keys, memtables {s['writeBuffer']}; each part on a fresh "
              'cluster (its own page in the folders linked below).',
              f"- Capacity: a closed loop of {s['threads']} threads, the service off, {s['capacityBlockSeconds']:g} s "
              'blocks; the steps a second its measured blocks completed.',
              f"- Paced parts: an open loop at the share of capacity given (at most {s['openLoopThreads']} in flight, "
              f"each latency from when the operation was due), {s['pairs']} measured pairs of {s['blockSeconds']:g} s "
              'blocks (service on, service off, in a random order) after a warm-up pair.',
              '- During/outside (matched): operations that started while the service worked in an on-block against '
              "those that started at the same moments of the pair's off-block (the switch's moment the "
              "benchmark's, not the service's); 95% interval a bootstrap over pairs. Interleaved: the pair ratios "
              'of whole blocks (Student t on log ratios).',
              f"- Targets (issue 68, at half of capacity): p99 ratios' upper end <= {s['targetRatio']:.2f} with "
              f"half-width <= {s['targetHalfWidthPct']:g}%, matched p50's upper end <= {s['p50Target']}; every block "
              'at its offered rate. At other shares the numbers stand as measured. Saturation (closed loop, CPU '
              "competition on 2 cores) is the main job's.", '']
    for name, part in result['scenarios'].items():
        lines += [f'## {name}', '', f"Capacity: {_f(part['capacity']['opsPerSecond'], 0)} steps a second "
                  f"([page]({name}/capacity/report.md)).", '',
                  '| share | offered ops/s | lowest block ops/s | busy on-blocks | op | interleaved p50 | '
                  'interleaved p99 | matched p50 | matched p99 | ops in the work |',
                  '|---|---|---|---|---|---|---|---|---|---|']
        for p in part['paced']:
            rate, work = p.get('rate') or {}, p.get('work') or {}
            matched = (p.get('matched') or {}).get('operations') or {}
            for k, op in enumerate(interleave.OPS):
                head = (f"| [{p['utilization']}%]({name}/{p['folder']}/report.md) | {p['offeredOpsPerSecond']:g} | "
                        f"{_f(rate.get('lowestCompletedPerSecond'), 1)} | {_f(work.get('onBusyFraction'), 3)} |"
                        if k == 0 else '| | | | |')
                inter = (p.get('interleaved') or {}).get(op) or {}
                lines.append(f"{head} {op} | {_ci(inter.get('p50'))} | {_ci(inter.get('p99'))} | "
                             f"{_ci((matched.get(op) or {}).get('p50'))} | {_ci((matched.get(op) or {}).get('p99'))} "
                             f"| {((matched.get(op) or {}).get('on') or {}).get('count', '–')} |")
        lines.append('')
        for p in part['paced']:
            for check in (p.get('rate'), p.get('work')):
                if check and check.get('reason'):
                    lines.append(f"- {p['utilization']}%: **{check['reason']}**.")
            if (p.get('matched') or {}).get('status', 'measured') != 'measured':
                lines.append(f"- {p['utilization']}% matched: {p['matched']['status']}.")
        for p in part['paced']:
            if p.get('threads'):
                lines += ['', f"### What OM's threads and the disks did at {p['utilization']}% ({name})", '']
                lines += threadwaits.render(p['threads'])
            if p.get('clientThreads'):
                lines += threadwaits.render_client(p['clientThreads'])
            if p.get('wall'):
                lines += ['', f"### Where OM's request path stood at {p['utilization']}% ({name})", '']
                lines += wallwaits.render(p['wall'])
                lines += [f"Differential flame graph: [{p['wall']['flameGraph']}]({name}/{p['folder']}/"
                          f"{p['wall']['flameGraph']}).", '']
        aa = part.get('aa')
        if aa:
            placebo = (aa.get('placebo') or {}).get('operations') or {}
            lines += ['', f"A/A at {aa['utilization']}% ([page]({name}/{aa['folder']}/report.md)), the service off "
                      'in both halves: '
                      + '; '.join(f"{op} p99 {_ci(((aa.get('interleaved') or {}).get(op) or {}).get('p99'))}, "
                                  f"pairs for ±{s['targetHalfWidthPct']:g}%: "
                                  f"{aa['pairsForTargetHalfWidth'].get(op) or '–'}" for op in interleave.OPS)
                      + '. Matched windows of the A/B run laid on it (placebo, 1.0 is the truth): '
                      + '; '.join(f"{op} p50 {_ci((placebo.get(op) or {}).get('p50'))}, p99 "
                                  f"{_ci((placebo.get(op) or {}).get('p99'))}" for op in interleave.OPS) + '.']
        at_target = [p for p in part['paced'] if p['utilization'] == 50]
        if at_target:
            lines += ['', f'### Targets at 50% ({name})', '', '| measure | ratio [95% CI] | target |', '|---|---|---|']
            lines += [f"| {label} | {value} | {'–' if holds is None else ('holds' if holds else '**no**')} |"
                      for label, value, holds in targets(at_target[0])]
        lines.append('')
    return '\n'.join(lines)
