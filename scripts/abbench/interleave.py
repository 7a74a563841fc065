"""The interleave command: the service's cost to clients, measured on one cluster under one continuous load, the service
switched off and on in blocks (randomized multiple interleaved trials, Abedi and Brecht, ICPE 2017).

One local cluster (with --preload-keys, started from the preloaded image), one omkeybench run of a scenario for the
whole measure. Time is cut into pairs of blocks of --block-seconds; in each pair one block has the service on and
one off, in an order drawn from --seed. Before every block the harness reconfigures OM at runtime, the same way every
time: it sets the block's value in OM's ozone-site.xml, runs `ozone admin reconfig --service=OM ... start`, and waits
until OM's /prom shows the value in force (OM's settings gauges show a value once applied). The block's clock starts
then; its first --discard-seconds are not measured (see DISCARD_S). The first pair is a warm-up and is not measured.

--aa runs the same with the service off in both blocks of every pair, still reconfiguring at every switch (it
toggles ozone.om.range.compaction.service.timeout between two values): A/A and A/B then differ only by the service,
and A/A's intervals show what the method itself resolves.

Per block: per operation (CREATE, DELETE, LIST) the client's p50 and p99, exact (nearest rank) over the operations
that started in the block's measured window (omkeybench --latency-log), its ops/s, and OM's server-side mean per
request of the operation's requests (OmClientProtocol counters on /prom at the window's ends). Per metric, the
ratio on/off of each pair, their geometric mean and a 95% interval (Student t on the log ratios, pairedstats.py)
with its coverage at this pair count. Per block the service's work from OM's event log (compactionevents.py): an A/B
run whose on-blocks did not work gives no verdict ("cost not measured", work_check).
"""

import json
import random
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from harness import envelope, freon, lifecycle, preload, prom, reconfig
from harness.cluster import METRICS2_PERIOD_S, ClusterError, LocalCluster, client_env, set_metrics_period
from harness.progress import ended
from harness.threadsampler import ThreadSampler
from harness.wallprofiler import ProfilerError, WallProfiler, agent
from . import compactionevents, scenarios
from .scenarios import SMOKE_WRITE_BUFFER
from .charts import plt
from .clientlatency import nearest_rank, read_latency_log
from .matchedwindows import complete_pairs
from .pairedstats import TARGET_HALF_WIDTH_PCT, TARGET_RATIO, compare

DEFAULT_BLOCK_S = 20
DEFAULT_PAIRS = 12
# What the switch itself needs before a block is measured, and nothing more: (1) OM's metrics reach /prom once per
# metrics2 period (1 s here, METRICS2_PERIOD_S), so the server-side counters read at the window's start may be a
# second old; (2) the closed-loop client's operations in flight at the switch straddle it (an operation counts in
# the block it started in; they take milliseconds). The service's catch-up after a switch on (the tombstones the off
# block before left) is its work and is measured: a discard of 3 s, used before, hid it, and the "on" blocks of
# the runs of 2026-11-25 compacted nothing in the seconds left (issue 43).
DISCARD_S = 1
SERVICE = 'ozone.om.range.compaction.service.'
ENABLED_KEY = SERVICE + 'enabled'
TIMEOUT_KEY = SERVICE + 'timeout'
# --aa toggles the timeout between these (the service is off, so neither applies); A/B keeps the first.
AA_TIMEOUTS = ('600s', '599s')
OPS = ('CREATE', 'DELETE', 'LIST')
# OM's client protocol request types of each omkeybench operation (zero-size keys: CREATE is CreateKey + CommitKey).
REQUEST_TYPES = {'CREATE': ('CreateKey', 'CommitKey'), 'DELETE': ('DeleteKey',), 'LIST': ('ListKeysLight', 'ListKeys')}
ON, OFF = 'on', 'off'
COLOURS = {ON: 'tab:red', OFF: 'tab:blue'}
JSON_FILE = 'summary.json'
PAGE_FILE = 'report.md'
LATENCY_LOG = 'freon/latency.log'
THREAD_SAMPLES = 'logs/threads.jsonl'
CLIENT_THREAD_SAMPLES = 'logs/client-threads.jsonl'
WALL_PROFILE = 'logs/om-wall.jfr'
RECONFIG_TIMEOUT_S = 60


@dataclass
class InterleaveSettings:
    scenario: str
    aa: bool
    block_s: float
    pairs: int  # measured pairs at most; one warm-up pair more runs first
    discard_s: float
    threads: int
    seed: int
    base_port: int
    out: Path
    om_conf: dict = field(default_factory=dict)  # '*' and 'range' apply
    weights: str = None
    write_buffer: str = None
    preload_keys: int = 0
    preload_churn: int = 0
    load_s: float = None  # --load-seconds: the pairs run while the next one ends within it
    # The service's busy fraction in a continuous run of the same scenario (the main job's range arm; else none):
    # on-blocks that work less did not measure the cost of its work.
    continuous_busy: float = None
    # --rate: an open loop of this many operations a second (omkeybench --rate); None: a closed loop of `threads`.
    rate: float = None
    # Sample OM's threads and the disks (harness/threadsampler.py) into THREAD_SAMPLES for the whole load, and the
    # client's (omkeybench's JVM, on the same cores here) into CLIENT_THREAD_SAMPLES.
    sample_threads: bool = False
    profile_wall: bool = False


def add_arguments(p):
    """The options of the interleave subcommand of its own (cli.py names the ones it shares)."""
    p.add_argument('--aa', action='store_true',
                   help='the service off in both blocks of every pair (an A/A control), OM still reconfigured at '
                        'every switch')
    p.add_argument('--block-seconds', type=float, metavar='S', help=f'seconds per block (default {DEFAULT_BLOCK_S})')
    p.add_argument('--pairs', type=int, metavar='N',
                   help=f'measured pairs of blocks, after one warm-up pair (default {DEFAULT_PAIRS})')
    p.add_argument('--load-seconds', type=float, metavar='S',
                   help='instead of --pairs: the load time, warm-up pair and switches included; pairs run while the '
                        'next one, at the mean duration of those before, ends within S')
    p.add_argument('--discard-seconds', type=float, metavar='S',
                   help=f'seconds after each switch not measured (default {DISCARD_S})')
    p.add_argument('--rate', type=float, metavar='R',
                   help='an open loop: omkeybench starts R operations a second whatever OM answers, each latency '
                        'counted from when the operation was due (--threads bounds those in flight); a block that '
                        f'completes less than {1 - freon.RATE_TOLERANCE:.0%} of R gives no verdict')
    p.add_argument('--continuous-busy', type=float, metavar='F',
                   help="the service's busy fraction in a continuous run of the scenario (a range arm's "
                        "clientCost.busyFraction); on-blocks that work less give no verdict")


def settings_from_args(args, out):
    names = args.scenario or ['seed']
    if len(names) != 1 or scenarios.SCENARIOS[names[0]].phased:
        raise SystemExit('ab-bench: interleave measures one omkeybench scenario (seed, retention, data-keys, fso)')
    block_s = args.block_seconds or DEFAULT_BLOCK_S
    discard_s = DISCARD_S if args.discard_seconds is None else args.discard_seconds
    if not 2 <= block_s <= 3600 or not 0 <= discard_s < block_s - 1:
        raise SystemExit('ab-bench: --block-seconds from 2 to 3600, --discard-seconds from 0 to a second less '
                         'than a block')
    if args.pairs and args.load_seconds:
        raise SystemExit('ab-bench: give --pairs or --load-seconds, not both')
    # With --load-seconds, `pairs` is the most that fit without switches; the run ends earlier (Interleave.run).
    pairs = args.pairs or (int(args.load_seconds // (2 * block_s)) - 1 if args.load_seconds else DEFAULT_PAIRS)
    if pairs < 2:
        raise SystemExit('ab-bench: interleave needs at least 2 measured pairs (an interval needs two): a longer '
                         '--load-seconds or a shorter --block-seconds')
    if args.rate is not None and not args.rate > 0:
        raise SystemExit('ab-bench: --rate needs a positive number of operations per second')
    if args.preload_churn and not args.preload_keys:
        raise SystemExit('ab-bench: --preload-churn needs --preload-keys N')
    scenarios.check_preload(names, args.preload_keys)
    om_conf = {}
    for arm, kv in args.om_conf:
        om_conf.setdefault(arm, []).append(kv)
    return InterleaveSettings(scenario=names[0], aa=args.aa, block_s=block_s, pairs=pairs, discard_s=discard_s,
                              threads=args.threads, seed=args.seed, base_port=args.base_port, out=out.resolve(),
                              om_conf=om_conf, weights=args.weights,
                              write_buffer=args.write_buffer or SMOKE_WRITE_BUFFER,
                              preload_keys=args.preload_keys or 0, preload_churn=args.preload_churn or 0,
                              load_s=args.load_seconds, continuous_busy=args.continuous_busy, rate=args.rate)


def plan(pairs, seed):
    """[(pair, (first, second))]: pair 0 is the warm-up; each pair's order drawn from `seed`."""
    rng = random.Random(seed)
    return [(k, (ON, OFF) if rng.random() < 0.5 else (OFF, ON)) for k in range(pairs + 1)]


def block_client(rows, start, end):
    """Per operation, the client's count, ops/s, p50, p99, mean and max (ms) of the operations that started in
    [start, end); plus all operations' ops/s, and the steps (CREATE, DELETE, LIST) per second that completed in it:
    in an open loop, where a start is when an operation was due, the rate the client carried."""
    seconds = end - start
    by_op = {op: [] for op in OPS}
    total = completed = 0
    for t, op, ms in rows:
        if start <= t < end:
            total += 1
            if op in by_op:
                by_op[op].append(ms)
        if op in by_op and start <= t + ms / 1000 < end:
            completed += 1
    result = {'allOpsPerSecond': total / seconds, 'completedStepsPerSecond': completed / seconds}
    for op, values in by_op.items():
        values.sort()
        result[op] = ({'count': len(values), 'opsPerSecond': len(values) / seconds,
                       'p50': nearest_rank(values, 0.5), 'p99': nearest_rank(values, 0.99),
                       'mean': sum(values) / len(values), 'max': values[-1]} if values
                      else {'count': 0, 'opsPerSecond': 0.0, 'p50': None, 'p99': None, 'mean': None, 'max': None})
    return result


def protocol_totals(samples):
    """{type: (requests, ms)} of OM's OmClientProtocol counters (cumulative since OM started)."""
    totals = {}
    for (name, labels), value in samples.items():
        if name in ('om_client_protocol_counter', 'om_client_protocol_time'):
            kind = dict(labels).get('type')
            count, ms = totals.get(kind, (0, 0))
            totals[kind] = (count + value, ms) if name.endswith('counter') else (count, ms + value)
    return totals


def block_server(before, after):
    """Per operation, OM's requests and mean server-side ms per request between two readings; and over all types."""
    result = {}
    groups = dict(REQUEST_TYPES, ALL=tuple(after))
    for op, kinds in groups.items():
        requests = sum(after.get(k, (0, 0))[0] - before.get(k, (0, 0))[0] for k in kinds)
        ms = sum(after.get(k, (0, 0))[1] - before.get(k, (0, 0))[1] for k in kinds)
        result[op] = {'requests': requests, 'meanMs': ms / requests if requests > 0 else None}
    return result


# (key in the summary, label, where in a block, higher is better)
METRICS = [('p50', 'client p50 (ms)', lambda b, op: b['client'][op]['p50'], False),
           ('p99', 'client p99 (ms)', lambda b, op: b['client'][op]['p99'], False),
           ('opsPerSecond', 'client ops/s', lambda b, op: b['client'][op]['opsPerSecond'], True),
           ('serverMeanMs', 'OM server mean (ms per request)', lambda b, op: b['server'][op]['meanMs'], False)]


def work_check(blocks, continuous_busy=None):
    """Whether the on-blocks carried the service's work: how many were idle, their busy fraction (seconds of flush
    or compaction / measured seconds), the lowest block's, and the verdict's refusal when they worked less than the
    continuous arm (`continuous_busy`, when known) or not at all."""
    on = [b for b in blocks if not b['warmup'] and b['label'] == ON and b.get('work')]
    if not on:
        return {'onBlocks': 0, 'measured': False, 'reason': 'cost not measured: no on-block with its record of work'}
    busy = sum(b['work']['busySeconds'] for b in on) / sum(b['seconds'] for b in on)
    idle = sum(1 for b in on if not b['work']['busySeconds'])
    lowest = min(b['work']['busyFraction'] for b in on)
    result = {'onBlocks': len(on), 'idleOnBlocks': idle, 'onBusyFraction': busy, 'lowestOnBusyFraction': lowest,
              'continuousBusyFraction': continuous_busy,
              'everyOnBlockAtLeastContinuous': None if continuous_busy is None else lowest >= continuous_busy}
    if idle:
        reason = f'cost not measured: the service was idle in {idle} of {len(on)} on-blocks'
    elif continuous_busy is not None and busy < continuous_busy:
        reason = (f"cost not measured: the on-blocks' busy fraction {busy:.3f} is below the continuous arm's "
                  f'{continuous_busy:.3f}')
    else:
        reason = None
    return dict(result, measured=reason is None, reason=reason)


def rate_check(blocks, rate):
    """Whether every measured block of an open loop at `rate` completed its steps at that rate, within
    freon.RATE_TOLERANCE: a client that fell behind measured its own queue, not the offered load."""
    measured = [b for b in blocks if not b['warmup']]
    short = [b for b in measured if b['client']['completedStepsPerSecond'] < rate * (1 - freon.RATE_TOLERANCE)]
    lowest = min((b['client']['completedStepsPerSecond'] for b in measured), default=None)
    reason = (f'rate not met: {len(short)} of {len(measured)} blocks completed less than '
              f'{1 - freon.RATE_TOLERANCE:.0%} of the offered {rate:g} operations a second (the lowest {lowest:.1f})'
              if short else None)
    return {'offeredOpsPerSecond': rate, 'lowestCompletedPerSecond': lowest, 'shortBlocks': len(short),
            'met': not short, 'reason': reason}


def _refuse_verdicts(result, reason):
    for metric in [m for ops in result['operations'].values() for m in ops.values()] + [
            result['allOpsPerSecond'], result['serverMeanMsAll']]:
        metric['targetHolds'] = None
        metric['verdict'] = reason


def analyse(blocks, aa=False, continuous_busy=None, rate=None):
    """Per operation and metric, the paired comparison of the measured pairs (warm-up pair 0 left out); for A/B,
    whether the on-blocks carried the service's work (work_check), and for an open loop whether every block carried
    the offered rate (rate_check): else the comparisons give no verdict."""
    complete = complete_pairs(blocks)
    result = {'pairs': len(complete), 'operations': {}}
    for op in OPS:
        result['operations'][op] = {
            key: dict(compare([get(on, op) for on, _ in complete], [get(off, op) for _, off in complete], better),
                      label=label)
            for key, label, get, better in METRICS}
    throughput = [(on['client']['allOpsPerSecond'], off['client']['allOpsPerSecond']) for on, off in complete]
    result['allOpsPerSecond'] = compare([a for a, _ in throughput], [b for _, b in throughput], True)
    server_all = [(on['server']['ALL']['meanMs'], off['server']['ALL']['meanMs']) for on, off in complete]
    result['serverMeanMsAll'] = compare([a for a, _ in server_all], [b for _, b in server_all], False)
    if not aa:
        result['work'] = work_check(blocks, continuous_busy)
        if not result['work']['measured']:
            _refuse_verdicts(result, result['work']['reason'])
    if rate:
        result['rate'] = rate_check(blocks, rate)
        if not result['rate']['met']:
            _refuse_verdicts(result, result['rate']['reason'])
    return result


class Interleave(lifecycle.Driver):

    def __init__(self, settings, repo, command_line):
        super().__init__(settings, repo, command_line)
        self.blocks = []
        self.switches = []

    def _om_conf(self):
        """The range arm's configuration with the service off at start; --om-conf for all arms and for range."""
        scenario = scenarios.SCENARIOS[self.s.scenario]
        write_buffer = [f'{scenarios.WRITE_BUFFER_KEY}={self.s.write_buffer}'] if self.s.write_buffer else []
        conf = (scenarios.STATISTICS_CONF + write_buffer + list(scenario.om_conf)
                + scenarios.arm_conf('range', scenarios.MIN_INTERVAL_S, self.s.write_buffer)
                + self.s.om_conf.get('*', []) + self.s.om_conf.get('range', []))
        conf = [kv for kv in conf if not kv.startswith(ENABLED_KEY + '=') and not kv.startswith(TIMEOUT_KEY + '=')]
        return conf + [f'{ENABLED_KEY}=false', f'{TIMEOUT_KEY}={AA_TIMEOUTS[0]}']

    def _values(self, label):
        """(enabled, timeout) a block of `label` runs with."""
        if self.s.aa:
            return 'false', AA_TIMEOUTS[0] if label == ON else AA_TIMEOUTS[1]
        return ('true' if label == ON else 'false'), AA_TIMEOUTS[0]

    def run(self):
        self.begin(('freon', 'logs', 'charts'))
        image, image_info = None, None
        if self.s.preload_keys:
            image, image_info = preload.ensure_image(self.repo, self.s.preload_keys, self.s.base_port,
                                                     self.s.preload_churn, self.out / 'logs' / 'preload.log')
        work_root = Path(tempfile.mkdtemp(prefix='abbench-interleave-'))
        work = work_root / 'cluster'
        if self.s.preload_keys:
            preload.copy_cluster(image.path, work)
        set_metrics_period(work)
        self.om_conf = self._om_conf()
        cluster = LocalCluster(self.repo, work, self.s.base_port, self.om_conf, self.out / 'logs' / 'cluster.log')
        self.cluster = cluster
        client = sampler = client_sampler = profiler = None
        keep_work = False
        status, reason = 'complete', None
        self.schedule = plan(self.s.pairs, self.s.seed)
        with lifecycle.sigterm_as_interrupt():
            try:
                print(f'ab-bench interleave: starting a cluster in {work} ...', flush=True)
                cluster.start()
                if self.s.sample_threads:
                    sampler = ThreadSampler(cluster.pid(), self.out / THREAD_SAMPLES).start()
                if self.s.profile_wall:
                    profiler = WallProfiler(cluster.pid(), agent(self.repo, work_root), self.out / WALL_PROFILE).start()
                self.env = client_env(cluster)
                self.site, self.rpc = cluster.oms['om']['site'], cluster.oms['om']['rpc']
                cmd = self._client_command()
                self.freon_command = freon.shown(cmd)
                client = freon.FreonRun(cmd, self.env, self.out / 'logs' / 'freon.log')
                client.start()
                if self.s.sample_threads:
                    client_sampler = ThreadSampler(client.process.pid, self.out / CLIENT_THREAD_SAMPLES).start()
                self._wait_for_first_operations(client)
                total = len(self.schedule) * 2
                load_began = self.load_began = time.monotonic()
                for pair, order in self.schedule:
                    elapsed = time.monotonic() - load_began
                    if self.s.load_s and pair > 2 and elapsed + elapsed / pair > self.s.load_s:
                        print(f'ab-bench interleave: {pair - 1} measured pairs in {elapsed:.0f} s of load; the '
                              f'next would end after --load-seconds {self.s.load_s:g}', flush=True)
                        break
                    for label in order:
                        self._block(pair, label, len(self.blocks) + 1, total, client)
            except (KeyboardInterrupt, ClusterError, freon.FreonError, ProfilerError) as e:
                status = 'partial'
                reason = 'interrupted (Ctrl-C or SIGTERM)' if isinstance(e, KeyboardInterrupt) else str(e)
                keep_work = not isinstance(e, KeyboardInterrupt)
                print(f'ab-bench interleave: {reason}; stopping', flush=True)
            finally:
                if client:
                    client.terminate()
                for running in (sampler, client_sampler):
                    if running:
                        running.stop()
                if profiler:
                    try:
                        profiler.stop()
                    except ProfilerError as e:
                        print(f'ab-bench interleave: {e}', flush=True)
                cluster.stop_keeping({cluster.om_log(): self.out / 'logs' / 'om.log'}, keep_work)
                if not keep_work:
                    shutil.rmtree(work_root, ignore_errors=True)
        self._fill_client()
        self._fill_work()
        settings = {'mode': 'A/A' if self.s.aa else 'A/B', 'scenario': self.s.scenario, 'blockSeconds': self.s.block_s,
                    'loadSeconds': self.s.load_s, 'pairs': max(0, len({b['pair'] for b in self.blocks}) - 1),
                    'warmupPairs': 1, 'discardSeconds': self.s.discard_s, 'threads': self.s.threads,
                    'seed': self.s.seed, 'basePort': self.s.base_port, 'weights': self.s.weights,
                    'writeBuffer': self.s.write_buffer, 'extraOmConf': self.s.om_conf,
                    'preloadKeys': self.s.preload_keys, 'preloadChurn': self.s.preload_churn,
                    'metrics2PeriodS': METRICS2_PERIOD_S, 'aaTimeouts': list(AA_TIMEOUTS),
                    'interval': 'Student t on log pair ratios', 'continuousBusy': self.s.continuous_busy,
                    'targetRatio': TARGET_RATIO, 'targetHalfWidthPct': TARGET_HALF_WIDTH_PCT, 'rate': self.s.rate,
                    'sampleThreads': self.s.sample_threads, 'profileWall': self.s.profile_wall}
        result = dict(self.envelope('scripts/ab-bench interleave' + (' --aa' if self.s.aa else ''), status, reason,
                                    settings),
                      omConf=self.om_conf, freonCommand=getattr(self, 'freon_command', None), latencyLog=LATENCY_LOG,
                      preload=image_info, schedule=[[pair, list(order)] for pair, order in self.schedule],
                      switches=self.switches, blocks=self.blocks,
                      analysis=analyse(self.blocks, self.s.aa, self.s.continuous_busy, self.s.rate) if self.blocks
                      else None)
        chart_files = draw(result, self.out / 'charts')
        (self.out / JSON_FILE).write_text(json.dumps(result, indent=2) + '\n')
        (self.out / PAGE_FILE).write_text(render(result, chart_files))
        return result

    def _client_command(self):
        """omkeybench of the scenario for longer than the measure can take (the harness ends it after the last
        block), with the per-operation latency log."""
        scenario = scenarios.SCENARIOS[self.s.scenario]
        cap_s = int(len(self.schedule) * 2 * (self.s.block_s + 30) + 300)
        rate = ['--rate', f'{self.s.rate:g}'] if self.s.rate else []
        return [str(self.ozone), 'freon', 'omkeybench', '--duration', f'{cap_s}s', '-t', str(self.s.threads),
                '--seed', str(self.s.seed), *rate, *freon.workload_args(scenario, self.s.weights, self.s.preload_keys),
                '--latency-log', str(self.out / LATENCY_LOG)]

    def _wait_for_first_operations(self, client, timeout_s=180):
        log = self.out / LATENCY_LOG
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if client.poll() is not None:
                client.wait()
                raise freon.FreonError(f'omkeybench ended before the first block; see {client.log}')
            if log.exists() and log.stat().st_size > 200:
                return
            time.sleep(0.5)
        raise freon.FreonError(f'omkeybench completed no operation in {timeout_s} s; see {client.log}')

    def _ozone_admin(self, action):
        return reconfig.admin(self.ozone, self.env, self.rpc, action, self.out / 'logs' / 'reconfig.log',
                              RECONFIG_TIMEOUT_S)

    def _switch(self, label):
        """Sets the block's values in OM's ozone-site.xml, reconfigures OM, and waits until /prom shows them.
        Returns the record of the switch.

        One CLI JVM per switch (`reconfig start`): OM applies the properties in a thread of its own and its settings
        gauges show them once applied, so /prom is the confirmation; `reconfig status`, another JVM of 5-8 s on a
        busy 2-core machine, runs only to explain a switch that /prom never showed."""
        enabled, timeout = self._values(label)
        began = time.time()
        reconfig.set_properties(self.site, {ENABLED_KEY: enabled, TIMEOUT_KEY: timeout})
        self._ozone_admin('start')
        timeout_ms = scenarios_duration_ms(timeout)
        deadline = time.monotonic() + RECONFIG_TIMEOUT_S
        while True:
            samples = self._prom()
            gauge = _gauge(samples, 'om_range_compaction_settings_enabled')
            gauge_timeout = _gauge(samples, 'om_range_compaction_settings_timeout')
            if gauge == (1.0 if enabled == 'true' else 0.0) and gauge_timeout == timeout_ms:
                break
            if time.monotonic() > deadline:
                status = self._ozone_admin('status').strip()
                raise ClusterError(f'/prom does not show {ENABLED_KEY}={enabled}, timeout {timeout} after '
                                   f'{RECONFIG_TIMEOUT_S} s (enabled {gauge}, timeout {gauge_timeout}); OM says: '
                                   f'{status}')
            time.sleep(0.2)
        return {'label': label, 'enabled': enabled, 'timeout': timeout, 'began': round(began, 3),
                'inForce': round(time.time(), 3), 'seconds': round(time.time() - began, 2)}

    def _prom(self):
        return prom.parse(_fetch(self.cluster.prom_url))

    def _block(self, pair, label, number, total, client):
        switch = self._switch(label)
        self.switches.append(switch)
        in_force = switch['inForce']
        _sleep_until(in_force + self.s.discard_s, client)
        before = self._prom()
        start = time.time()
        _sleep_until(in_force + self.s.block_s, client)
        after = self._prom()
        end = time.time()
        block = {'number': number, 'pair': pair, 'label': label, 'warmup': pair == 0, 'start': round(start, 3),
                 'end': round(end, 3), 'seconds': round(end - start, 3), 'switchSeconds': switch['seconds'],
                 'enabledGauge': [_gauge(before, 'om_range_compaction_settings_enabled'),
                                  _gauge(after, 'om_range_compaction_settings_enabled')],
                 'timeoutGaugeMs': [_gauge(before, 'om_range_compaction_settings_timeout'),
                                    _gauge(after, 'om_range_compaction_settings_timeout')],
                 'rangesCompacted': _delta(before, after, 'om_range_compaction_ranges_compacted'),
                 'server': block_server(protocol_totals(before), protocol_totals(after))}
        self.blocks.append(block)
        elapsed = time.monotonic() - self.load_began
        left = (max(0.0, self.s.load_s - elapsed) if self.s.load_s
                else elapsed / number * (total - number))
        print(f'ab-bench interleave: block {number}/{total} pair {pair}{" (warm-up)" if pair == 0 else ""} '
              f'service {label}: {block["seconds"]:.1f} s measured, switch took {switch["seconds"]:.1f} s; '
              f'{elapsed / 60:.1f} min of load so far, about {left / 60:.1f} min left', flush=True)

    def _fill_client(self):
        """The client's numbers per block, from the latency log (read once, after the client ended)."""
        log = self.out / LATENCY_LOG
        rows = read_latency_log(log) if log.exists() else []
        for block in self.blocks:
            block['client'] = block_client(rows, block['start'], block['end'])

    def _fill_work(self):
        """The service's work per block (flush and compaction seconds, bytes), from OM's log (read once, after OM
        stopped)."""
        log = self.out / 'logs' / 'om.log'
        events = compactionevents.read(log) if log.exists() else []
        for block in self.blocks:
            work = compactionevents.totals(events, block['start'], block['end'])
            block['work'] = dict(work, busyFraction=work['busySeconds'] / block['seconds'])


def scenarios_duration_ms(text):
    units = {'ms': 1, 's': 1000, 'm': 60000, 'h': 3600000}
    match = re.fullmatch(r'([0-9]+)(ms|s|m|h)', text)
    return float(int(match.group(1)) * units[match.group(2)])


def _fetch(url):
    from harness.scrape import fetch_text
    return fetch_text(url)


def _gauge(samples, name):
    for (n, _), value in samples.items():
        if n == name:
            return value
    return None


def _delta(before, after, name):
    a, b = _gauge(before, name), _gauge(after, name)
    return None if a is None or b is None else b - a


def _sleep_until(when, client):
    while True:
        left = when - time.time()
        if left <= 0:
            return
        if client.poll() is not None:
            client.wait()
            raise freon.FreonError(f'omkeybench ended during the measure; see {client.log}')
        time.sleep(min(left, 0.5))


def main(args, repo, argv, out):
    s = settings_from_args(args, out)
    pairs = (f'pairs within {s.load_s:g} s of load (at most {s.pairs} +1 warm-up)' if s.load_s
             else f'{s.pairs} pairs (+1 warm-up)')
    print(f"ab-bench interleave{' --aa' if s.aa else ''}: scenario {s.scenario}; {pairs} of "
          f'{s.block_s:g} s blocks, {s.discard_s:g} s discarded after each switch; results in {s.out}', flush=True)
    try:
        result = Interleave(s, repo, ['scripts/ab-bench'] + argv).run()
    except ClusterError as e:
        raise SystemExit(f'ab-bench: {e}') from None
    return ended(result, 'Report', s.out / PAGE_FILE)


# --- charts and report --------------------------------------------------------------------------------------------

def draw(result, folder):
    """p99 per block over time (on and off in two colours) and the intervals per operation; returns the files."""
    blocks = [b for b in result['blocks'] if b.get('client')]
    files = []
    if not blocks:
        return files
    folder.mkdir(parents=True, exist_ok=True)
    t0 = blocks[0]['start']
    names = ('service on', 'service off') if result['settings']['mode'] == 'A/B' else ("'on' half (A/A)",
                                                                                       "'off' half (A/A)")
    fig, axes = plt.subplots(len(OPS), 1, figsize=(10, 2.6 * len(OPS)), sharex=True)
    for ax, op in zip(axes, OPS):
        for label, name in zip((ON, OFF), names):
            xs = [((b['start'] + b['end']) / 2 - t0) for b in blocks if b['label'] == label
                  and b['client'][op]['p99'] is not None]
            ys = [b['client'][op]['p99'] for b in blocks if b['label'] == label and b['client'][op]['p99'] is not None]
            hollow = [b['warmup'] for b in blocks if b['label'] == label and b['client'][op]['p99'] is not None]
            ax.scatter([x for x, h in zip(xs, hollow) if not h], [y for y, h in zip(ys, hollow) if not h],
                       color=COLOURS[label], label=name, zorder=3)
            ax.scatter([x for x, h in zip(xs, hollow) if h], [y for y, h in zip(ys, hollow) if h],
                       facecolors='none', edgecolors=COLOURS[label], zorder=3)
        for b in blocks:
            ax.axvspan(b['start'] - t0, b['end'] - t0, color=COLOURS[b['label']], alpha=0.08, lw=0)
        ax.set_ylabel(f'{op} p99 (ms)')
        ax.grid(alpha=0.3)
    axes[0].legend(loc='upper right')
    axes[0].set_title('Client p99 per block (measured windows shaded; hollow: warm-up pair)')
    axes[-1].set_xlabel('seconds since the first block')
    fig.tight_layout()
    fig.savefig(folder / 'p99_per_block.png', dpi=100)
    plt.close(fig)
    files.append('charts/p99_per_block.png')
    analysis = result.get('analysis')
    if analysis:
        fig, axes = plt.subplots(1, len(OPS), figsize=(12, 3.6), sharey=True)
        for ax, op in zip(axes, OPS):
            rows = [(m['label'].split(' (')[0], m) for m in analysis['operations'][op].values()
                    if m['ratio'] is not None]
            for i, (name, m) in enumerate(rows):
                colour = 'tab:green' if m['targetHolds'] else 'tab:red'
                ax.errorbar([m['ratio']], [i], xerr=[[m['ratio'] - m['low']], [m['high'] - m['ratio']]], fmt='o',
                            color=colour, capsize=4)
            ax.set_yticks(range(len(rows)))
            ax.set_yticklabels([name for name, _ in rows])
            ax.axvline(1.0, color='black', lw=1)
            ax.axvline(TARGET_RATIO, color='grey', ls='--', lw=1)
            ax.axvline(1 / TARGET_RATIO, color='grey', ls=':', lw=1)
            ax.set_title(op)
            ax.set_xlabel('ratio on/off, 95% CI')
            ax.grid(alpha=0.3)
        fig.suptitle(f"{result['settings']['mode']}: geometric mean of {analysis['pairs']} pair ratios "
                     '(green: target holds)')
        fig.tight_layout()
        fig.savefig(folder / 'intervals.png', dpi=100)
        plt.close(fig)
        files.append('charts/intervals.png')
    return files


def _f(value, digits=3):
    return '–' if value is None else f'{value:.{digits}f}'


def render(result, chart_files):
    s, m = result['settings'], result['machine']
    lines = [f"# Interleaved {s['mode']} benchmark of the range compaction service", '']
    if result['status'] != 'complete':
        lines += [f"**PARTIAL RESULTS**: {result.get('reason')}.", '']
    measured = [b for b in result['blocks'] if not b['warmup']]
    lines += [f'Generated by `{result["tool"]}` from `{JSON_FILE}`; do not edit.', '', '## Setup', '',
              f"- Machine: {m.get('cores')} cores, {m.get('memoryGiB')} GiB, load average at start "
              f"{m.get('loadAverageAtStart')}; Java: {m.get('java')}; Ozone: {m.get('ozoneVersion')}; this project "
              f"at git commit {envelope.commit_text(result)}.",
              f"- Command: `{' '.join(result['commandLine'])}`; started {result['startedAt']}, finished "
              f"{result['finishedAt']}, wall time {result['wallSeconds']:,.0f} s.",
              f"- One local cluster, one continuous load: `{result.get('freonCommand')}` ("
              + (f"open loop: operations start at {s['rate']:g} a second whatever OM answers, each latency counted "
                 f"from when it was due, at most {s['threads']} in flight)." if s.get('rate') else
                 f"closed loop: each of the {s['threads']} threads sends its next operation when the previous one "
                 "returns)."),
              f"- {s['pairs']} measured pairs of {s['blockSeconds']:g} s blocks after one warm-up pair; in each pair "
              f"one block with the service " + ('on and one off' if s['mode'] == 'A/B' else
                                                "'on' and one 'off', both with the service OFF (A/A: only "
                                                f"{TIMEOUT_KEY} toggles, {' / '.join(s['aaTimeouts'])})")
              + f", in an order drawn from seed {s['seed']}. Before each block OM is reconfigured at runtime "
              "(ozone-site.xml, `ozone admin reconfig ... start`, /prom showing the value); "
              f"the first {s['discardSeconds']:g} s after that are not measured.",
              f"- OM: memtables {s['writeBuffer'] or '128MB'}, metrics2 period {s['metrics2PeriodS']} s, "
              f"configuration at start in `{JSON_FILE}` (`omConf`)"
              + (f"; {s['preloadKeys']:,} preloaded keys" if s['preloadKeys'] else '') + '.',
              f"- Statistics: per metric the ratio on/off of each pair; the estimate is their geometric mean, the 95% "
              f"interval {s.get('interval', 'a paired percentile bootstrap over pairs')}; its coverage is measured "
              "on this run's own pairs relabelled at random (column 'coverage'), and 'pairs for ±10%' is how many "
              "pairs a 10% half-width needs at their spread. Target: upper end <= "
              f"{TARGET_RATIO:.2f} (ops/s: lower end >= {1 / TARGET_RATIO:.3f}) and half-width <= "
              f"{TARGET_HALF_WIDTH_PCT:g}%.", '']
    a = result.get('analysis')
    work = (a or {}).get('work')
    if work:
        continuous = ('no continuous run given' if work.get('continuousBusyFraction') is None else
                      f"the continuous arm's {work['continuousBusyFraction']:.3f}; every on-block at least that: "
                      f"{'yes' if work['everyOnBlockAtLeastContinuous'] else '**no**'}")
        lines += ["## The service's work in the on-blocks", '',
                  (f"**{work['reason']}.** " if not work['measured'] else '')
                  + f"{work['onBlocks']} measured on-blocks, {work.get('idleOnBlocks', 0)} without a flush or "
                  f"compaction; busy fraction of the on-blocks {_f(work.get('onBusyFraction'))}, the lowest block's "
                  f"{_f(work.get('lowestOnBusyFraction'))} ({continuous}).", '']
    if a:
        lines += ['## Results', '',
                  f"{a['pairs']} pairs; {len(measured)} measured blocks; total throughput on/off "
                  f"{_f(a['allOpsPerSecond']['ratio'])} [{_f(a['allOpsPerSecond']['low'])}, "
                  f"{_f(a['allOpsPerSecond']['high'])}]: {a['allOpsPerSecond']['verdict']}. OM server mean over all "
                  f"requests: {_f(a['serverMeanMsAll']['ratio'])} [{_f(a['serverMeanMsAll']['low'])}, "
                  f"{_f(a['serverMeanMsAll']['high'])}]: {a['serverMeanMsAll']['verdict']}.", '']
        for op in OPS:
            lines += [f'### {op}', '', '| metric | ratio on/off | 95% CI | half-width | pairs | coverage | '
                      'pairs for ±10% | target |', '|---|---|---|---|---|---|---|---|']
            for key, metric in a['operations'][op].items():
                target = '–' if metric['targetHolds'] is None else ('holds' if metric['targetHolds'] else '**no**')
                lines.append(f"| {metric['label']} | {_f(metric['ratio'])} | [{_f(metric['low'])}, "
                             f"{_f(metric['high'])}] | ±{_f(metric['halfWidthPct'], 1)}% | {metric['pairs']} | "
                             f"{_f(metric.get('coverage'), 2)} | {metric.get('pairsForTargetHalfWidth') or '–'} | "
                             f'{target} |')
            lines.append('')
            for key, metric in a['operations'][op].items():
                lines.append(f"- {metric['label']}: {metric['verdict']}.")
            lines.append('')
    lines += ['## Blocks', '', '| # | pair | service | measured s | switch s | enabled gauge | CREATE p99 | DELETE p99 '
              '| LIST p99 | ops/s | server ms (all) | ranges compacted | busy s | MB read |',
              '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|']
    for b in result['blocks']:
        c = b.get('client') or {}
        w = b.get('work') or {}
        lines.append(f"| {b['number']} | {b['pair']}{' (warm-up)' if b['warmup'] else ''} | {b['label']} | "
                     f"{b['seconds']:.1f} | {b['switchSeconds']:.1f} | {b['enabledGauge'][0]:g}→"
                     f"{b['enabledGauge'][1]:g} | " + ' | '.join(_f((c.get(op) or {}).get('p99'), 1) for op in OPS)
                     + f" | {_f(c.get('allOpsPerSecond'), 0)} | {_f(b['server']['ALL']['meanMs'], 2)} | "
                     f"{_f(b['rangesCompacted'], 0)} | {_f(w.get('busySeconds'), 2)} | "
                     f"{_f(w['inputBytes'] / 2 ** 20 if w else None, 1)} |")
    lines += ['', '## What this measures', '',
              "- The service's cost to clients under this load, with the machine's slow drift cancelled by pairing, "
              "where the on-blocks carried its work (the section above; 'busy s' per block, from OM's event log). "
              'An on-block inherits the tombstones the off block before it left, and its catch-up is measured (only '
              f"{s['discardSeconds']:g} s after a switch are not, for the switch itself).",
              '- Not the read benefit: off blocks inherit tables the on blocks cleaned. That stays with the '
              'separate arms (`scripts/ab-bench arms`).',
              '- The load is closed-loop: a stall of OM lowers the throughput instead of showing in the latencies '
              '(coordinated omission does not inflate them as in a paced load, and does not hide a stall either '
              'when ops/s is read too), so the ops/s ratio is part of the cost.', '']
    for chart in chart_files:
        lines += [f'![{chart}]({chart})', '']
    return '\n'.join(lines)
