"""Numbers in README.md and docs/ that come from committed result JSON, never typed: each is written between
`<!--fact NAME-->` and `<!--/fact-->`, and FACTS says how NAME is computed, from which page. `scripts/docs-from-results`
writes them; with `--check` (in the test command) it fails when a text and its JSON disagree, or a marker names no
fact; and, in both modes, on a number in prose that nothing accounts for (docnumbers.py). Standard library only.

A fact is (page JSON under docs/results/, a function of the JSON to a value, a format). The functions below read
the harnesses' JSON as they write it (runner.py, interleave.py, production.py, db-bench's JsonReport).
"""

import json
import os
import re
import statistics
import sys

from . import bulkexpire, docnumbers, generated, hatransfer, optionsarms, rangestatsscale, scenarios, staleness
from .summary import group_runs, lookup
from .threadwaits import REQUEST_PATH

RESULTS = generated.RESULTS
MARKER = re.compile(r'<!--fact ([a-z0-9.:_-]+)-->(.*?)<!--/fact-->', re.S)
# A fact's links to result pages start with this; fill() makes it the path from the document to docs/results.
RESULTS_LINK = 'RESULTS/'
# Documents that state what the fork does now: each of their facts comes from a page that measures the current code
# (staleness.py), or the check fails. The test command's own records are the exception (test_command_records).
CURRENT_ONLY = ('README.md',)
LINK = re.compile(r'\]\(([^)#\s]+)(#[^)]*)?\)')
# The fork's docs, and what goes upstream: the documents for upstream's site and the proposal's texts (UpstreamDocs
# in dev-support/build-tools exports them with each fact's value in place of its marker).
DOCS = ('README.md', 'CHANGELOG.md', 'docs/*.md', 'docs/design/*.md', 'hadoop-hdds/docs/content/**/*.md',
        'dev-support/upstream/proposal/*.md')


def arm(path, scenario, name, metric):
    """The median over repeats of an ab-bench arm's metric (summary.json)."""
    def get(result):
        values = [lookup(r, metric) for r in result['runs']
                  if r['scenario'] == scenario and r['arm'] == name and r.get('status') == 'ok']
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None
    return path, get


def ratio(first, second):
    """first / second, each (path, get) of the same page."""
    path, a = first
    _, b = second
    return path, lambda result: a(result) / b(result)


def at(path, dotted):
    return path, lambda result: lookup(result, dotted)


def _db_arm(result, scenario, name):
    """One arm's results in one scenario of a db-bench.json."""
    return {a['arm']: a for a in result['scenarios'][scenario]}[name]


def _db_reads(arm_result, when):
    """An arm's reads by name: 'inRun', 'atEnd', or 'quiet' (the first after a bulk scenario's quiet period)."""
    return arm_result['quiet']['firstReads'] if when == 'quiet' else arm_result[when]


def db_read(path, scenario, name, read, stat='meanMs', when='inRun'):
    """A db-bench arm's read statistic (db-bench.json)."""
    return path, lambda result: _db_reads(_db_arm(result, scenario, name), when)[read][stat]


def db_first(path, scenario, name, read, stat='meanMs'):
    """A db-bench arm's first read after a bulk scenario's quiet period (db-bench.json)."""
    return db_read(path, scenario, name, read, stat, 'quiet')


def db_repeats(paths, scenario, get):
    """[get(off's arm, range's arm)] over db-bench.json files of the same run repeated."""
    def values(_):
        out = []
        for path in paths:
            result = json.loads((RESULTS / path).read_text())
            out.append(get(_db_arm(result, scenario, 'off'), _db_arm(result, scenario, 'range')))
        return out
    return paths[0], values


def db_compaction_mb(path, scenario, name):
    """A db-bench arm's compaction MB read and written over the run."""
    return path, lambda result: optionsarms.compaction_bytes(_db_arm(result, scenario, name)) / 1e6


def db_best_other(path, scenario, read, than='range', when='inRun'):
    """'ARM, N.NNx': the tuning arm with the fastest mean `read` (in-run, or 'quiet': the first after a bulk
    scenario's quiet period), and its time over `than`'s."""
    def mean(arm_result):
        return _db_reads(arm_result, when)[read]['meanMs']

    def get(result):
        arms = {a['arm']: a for a in result['scenarios'][scenario]}
        candidates = [n for n in arms if not optionsarms.om_arm(n)]
        best = min(candidates, key=lambda n: mean(arms[n]))
        return f"{best}, {mean(arms[best]) / mean(arms[than]):.2f}x"
    return path, get


def db_range_look_us(path, scenario):
    """The range arm's wall time per look, compactions included: its run time over the looks its note counts."""
    def get(result):
        arm_result = _db_arm(result, scenario, 'range')
        looks = int(re.match(r'(\d+) runs', arm_result['note']).group(1))
        return arm_result['manualCompactionSeconds'] * 1e6 / looks
    return path, get


def options_targets(folder, key, value, run=None):
    """'N of M' comparisons of the options arms' page (or of its `run` alone) whose `key` ('reads', 'bytes',
    'verdict') is `value`."""
    def get(_):
        rows = [r for r in optionsarms.targets(optionsarms.load_runs(RESULTS / folder)) if run in (None, r['run'])]
        return f"{sum(1 for r in rows if r[key] == value)} of {len(rows)}"
    return f'{folder}/{optionsarms.SPEC}', get


def db_arm(path, scenario, name, field):
    return path, lambda result: _db_arm(result, scenario, name)[field]


def interleaved(path, op, metric, end):
    """An interleaved measure's ratio ('ratio'), interval ends ('low', 'high') or half-width ('halfWidthPct')."""
    return path, lambda result: result['analysis']['operations'][op][metric][end]


def arms_table(path, scenarios, arms, metrics):
    """A Markdown table of the medians over repeats against off's: a row per scenario and arm, a column per metric
    (label, dotted path; a label ending in 'MB' shows the value itself)."""
    def get(result):
        lines = ['| scenario | arm | ' + ' | '.join(label for label, _ in metrics) + ' |',
                 '|---|---|' + '---|' * len(metrics)]
        for scenario in scenarios:
            for name in arms:
                cells = []
                for label, metric in metrics:
                    mine = arm(path, scenario, name, metric)[1](result)
                    off = arm(path, scenario, 'off', metric)[1](result)
                    cells.append('–' if mine is None else f'{mine:,.1f}' if label.endswith('MB')
                                 else '–' if not off else f'{mine / off:.2f}x')
                lines.append(f'| {scenario} | {name} | ' + ' | '.join(cells) + ' |')
        # on lines of their own, so that Markdown sees the markers as HTML blocks and the table between them
        return '\n' + '\n'.join(lines) + '\n'
    return path, get


def targets_table(path):
    """The production page's targets as a Markdown table."""
    def get(result):
        lines = ['| target | value | bound | holds |', '|---|---|---|---|']
        for t in result['targets']:
            value = t['value']
            # a string: an interval with its verdict, or why it was not measured (production.py)
            shown = '–' if value is None else value if isinstance(value, str) else (
                f'{value:.4g}' if isinstance(value, float) and abs(value) < 100 else f'{value:,.0f}')
            holds = '–' if t['holds'] is None else ('yes' if t['holds'] else '**no**')
            lines.append(f"| {t['target']} | {shown} | {t['bound']} | {holds} |")
        return '\n' + '\n'.join(lines) + '\n'
    return path, get


def interleaved_table(pages):
    """The interleaved measures' p99 ratios, one row per page (A/B or A/A, scenario) and operation."""
    def get(_):
        lines = ['| measure | pairs | operation | p99 on/off | 95% interval | half-width | coverage | '
                 'pairs for ±10% | verdict |', '|---|---|---|---|---|---|---|---|---|']
        for page in pages:
            result = json.loads((RESULTS / page).read_text())
            a, s = result['analysis'], result['settings']
            for op, metrics in a['operations'].items():
                m = metrics['p99']
                lines.append(f"| [{s['mode']} {s['scenario']}]({RESULTS_LINK}{page.rsplit('/', 1)[0]}/report.md) | "
                             f"{a['pairs']} | {op} | {m['ratio']:.3f} | [{m['low']:.3f}, {m['high']:.3f}] | "
                             f"±{m['halfWidthPct']:.1f}% | {m['coverage']:.2f} | {m['pairsForTargetHalfWidth']} | "
                             f"{m['verdict'].split(';')[0]} |")
        return '\n' + '\n'.join(lines) + '\n'
    return pages[0], get


# The parts of db-bench's serviceSeconds (RangeArm#serviceSeconds), in its order.
SERVICE_PARTS = ('looks', 'head probes', 'compactions', 'memtable flushes')


def service_time_table(rows):
    """db-bench's range arm, one row per run: replay ops/s against off's, where the service's time went."""
    lines = ['| run | operations | off ops/s | range ops/s | range / off | service s | looks s | head probes s | '
             'compactions s | memtable flushes s | write stall s (range) |',
             '|---|---|---|---|---|---|---|---|---|---|---|']
    for k, (ops, off, rng, seconds, parts, stall) in enumerate(rows, 1):
        lines.append(f'| {k} | {ops:,} | {off:,.0f} | {rng:,.0f} | {rng / off:.2f}x | {seconds:.1f} | '
                     + ' | '.join(f'{parts[p]:.1f}' for p in SERVICE_PARTS)
                     + f' | {stall / 1e6:.1f} |')
    return '\n' + '\n'.join(lines) + '\n'


def cost_table(pages):
    """The cost to clients where the service works (clientcost.py), one row per range arm of the pages and operation:
    busy fraction, operations during, p50 and p99 during/outside with their intervals, p99's placebo coverage."""
    def fmt(m):
        return '–' if m.get('ratio') is None else f"{m['ratio']:.2f}" if m.get('low') is None else interval(m)

    def get(_):
        lines = ['| run | busy fraction | operation | during / outside | p50 during/outside | p99 during/outside | '
                 'p99 placebo coverage |', '|---|---|---|---|---|---|---|']
        for page in pages:
            result = json.loads((RESULTS / page).read_text())
            runs = result['runs'] if 'runs' in result else json.loads(
                (RESULTS / page).with_name('arms').joinpath('summary.json').read_text())['runs']
            for run in runs:
                cost = run.get('clientCost')
                if not cost or run['arm'] != 'range':
                    continue
                link = f"[{run['id']}]({RESULTS_LINK}{page.rsplit('/', 1)[0]}/report.md)"
                for op, m in (cost.get('operations') or {}).items():
                    if m['during']['count'] + m['outside']['count'] == 0:
                        continue
                    coverage = (cost.get('placeboCoverage') or {}).get(op) or (None, 0)
                    lines.append(f"| {link} | {cost['busyFraction']:.3f} | {op} | {m['during']['count']:,} / "
                                 f"{m['outside']['count']:,} | {fmt(m['p50'])} | {fmt(m['p99'])} | "
                                 f"{'–' if coverage[0] is None else f'{coverage[0]:.2f}'} |")
        return '\n' + '\n'.join(lines) + '\n'
    return pages[0], get


def paced_table(page):
    """A cost page's paced parts (cost.py): per scenario and share of capacity the offered rate, whether every block
    carried it, the service's busy fraction in the on-blocks, and per operation the p50 and p99 of the operations
    that started in its work against the same moments off (matched) and the p99 on/off of whole blocks, with their
    95% intervals."""
    def get(result):
        lines = ['| scenario | share | offered ops/s | every block at its rate | busy on-blocks | operation | '
                 'p50 during/outside | p99 during/outside | p99 on/off (blocks) |',
                 '|---|---|---|---|---|---|---|---|---|']
        for name, part in result['scenarios'].items():
            for p in part['paced']:
                matched = (p.get('matched') or {}).get('operations') or {}
                for k, op in enumerate(('CREATE', 'DELETE', 'LIST')):
                    head = (f"| {name} | {p['utilization']}% | {p['offeredOpsPerSecond']:,.0f} | "
                            f"{'yes' if p['rate']['met'] else '**no**'} | {p['work']['onBusyFraction']:.3f} |"
                            if k == 0 else '| | | | | |')
                    m = matched.get(op) or {}
                    p99 = (p.get('interleaved') or {}).get(op, {}).get('p99') or {}
                    lines.append(f"{head} {op} | {interval(m.get('p50') or {})} | {interval(m.get('p99') or {})} | "
                                 f"{interval(p99)} |")
        return '\n' + '\n'.join(lines) + '\n'
    return page, get


def paced_part(page, scenario, share, get):
    """get(part) of one paced part (the share of capacity it offered) of a cost page's scenario."""
    return page, lambda result: get(next(p for p in result['scenarios'][scenario]['paced']
                                         if p['utilization'] == share))


def matched(key, ops=('CREATE', 'DELETE', 'LIST')):
    """'OP ratio [low, high]' of a paced part's matched `key` (p50, p99) during/outside, per operation measured."""
    return lambda part: ', '.join(f"{op} {interval(part['matched']['operations'][op][key])}" for op in ops
                                  if part['matched']['operations'][op][key].get('low') is not None)


def paced_idle(page, scenario):
    """'N, M and K of P on-blocks at A, B and C%': how many on-blocks of each paced part the service idled in."""
    def get(result):
        parts = result['scenarios'][scenario]['paced']
        idle = [str(p['work']['idleOnBlocks']) for p in parts]
        shares = [str(p['utilization']) for p in parts]
        return (f"{', '.join(idle[:-1])} and {idle[-1]} of {parts[0]['work']['onBlocks']} on-blocks at "
                f"{', '.join(shares[:-1])} and {shares[-1]}%")
    return page, get


def aa_of(page, scenario, get):
    """get(the A/A part) of a cost page's scenario."""
    return page, lambda result: get(result['scenarios'][scenario]['aa'])


def part_checks(part):
    """What a paced part's checks said: why its whole blocks give no verdict, or that they held."""
    reasons = [c['reason'] for c in (part.get('work'), part.get('rate')) if c and c.get('reason')]
    return '; '.join(reasons) if reasons else "every on-block carried the service's work and every block its rate"


def _busiest_disk(part):
    """The disk with I/O in flight for the largest share of a paced part's matched windows (on)."""
    return max(part['threads']['disks'].values(), key=lambda d: d['busyFraction'][0])


def disk_busy(part):
    """'on against off' of the busiest disk's share of the matched windows with I/O in flight."""
    disk = _busiest_disk(part)
    return f"{disk['busyFraction'][0]:.2f} of the time against {disk['busyFraction'][1]:.2f}"


def offered(part):
    """Operations a second a paced part offered."""
    return part['offeredOpsPerSecond']


def pairs_with_work(part):
    """'N of M pairs': the pairs whose on-block had the service's work, which the matched intervals rest on."""
    return f"{part['matched']['pairsWithWork']} of {part['matched']['pairs']} pairs"


def disk_writes(part):
    """'on MB/s against off' written to the busiest disk in the matched windows."""
    disk = _busiest_disk(part)
    return f"{disk['writtenMBps'][0]:.1f} MB/s against {disk['writtenMBps'][1]:.1f}"


def run_queue_wait(part):
    """'on ms against off ms' of the request path's run-queue wait per operation in the matched windows."""
    on, off = part['threads']['requestPathRunQueueMsPerOp']
    return f'{on:.2f} ms against {off:.2f} ms'


def wall_site(site):
    """'on ms against off ms' per operation of the request path's wall-clock site ending in `site`."""
    def get(part):
        row = next(r for r in part['wall']['sites'] if r['site'].endswith(site))
        return f"{row['msPerOp'][0]:.2f} ms against {row['msPerOp'][1]:.2f} ms"
    return get


def matched_ms(op):
    """'on ms against off ms': the median of `op` in a paced part's matched windows."""
    def get(part):
        ops = part['matched']['operations'][op]
        return f"{ops['on']['p50']:.2f} ms against {ops['off']['p50']:.2f} ms"
    return get


def client_run_queue(part):
    """'on ms against off ms' of the client process's run-queue wait per operation in the matched windows."""
    on, off = part['clientThreads']['runQueueMsPerOp']
    return f'{on:.2f} ms against {off:.2f} ms'


def client_cpu(part):
    """Cores the client's process was on a CPU in the matched windows, on and off."""
    on, off = part['clientThreads']['cpuCores']
    return f'{on:.3f} cores against {off:.3f}'


def group_cpu(group):
    """Cores a thread group was on a CPU in the matched windows, on and off."""
    def get(part):
        on, off = part['threads']['groups'][group]['cpuCores']
        return f'{on:.3f} cores against {off:.3f}'
    return get


def interleaved(key, ops=('CREATE', 'DELETE')):
    """'OP ratio [low, high]' of a paced part's whole on-blocks against their off-blocks (`key`: p50, p99)."""
    return lambda part: ', '.join(f"{op} {interval(part['interleaved'][op][key])}" for op in ops)


def request_cpu(part):
    """'on ms against off ms' of the request path's CPU per operation started in the matched windows."""
    threads = part['threads']
    per_op = [sum(threads['groups'][g]['cpuCores'][i] for g in REQUEST_PATH) * threads['windowSeconds'][i]
              * 1e3 / threads['operations'][i] for i in (0, 1)]
    return f'{per_op[0]:.2f} ms against {per_op[1]:.2f} ms'


def machine(page, get):
    """get(the whole machine in a paced part's matched windows), from machine-windows.json beside the page's
    summary.json."""
    return page.rsplit('/', 1)[0] + '/machine-windows.json', get


def machine_cores(*fields):
    """'on cores against off' of /proc/stat fields summed, in the matched windows."""
    return lambda result: '{:.2f} cores against {:.2f}'.format(
        *(sum(result['statCores'][f][i] for f in fields) for i in (0, 1)))


def machine_others(result):
    """'on cores against off' of every process but OM (the client, SCM, the datanodes, the harness, the kernel's)."""
    others = [v for k, v in result['processCores'].items() if k != 'om']
    return '{:.2f} cores against {:.2f}'.format(*(sum(v[i] for v in others) for i in (0, 1)))


def machine_pressure(kind):
    """'on against off' share of the matched windows with some task stalled on `kind` (PSI: cpu, io)."""
    return lambda result: '{:.2f} of the time against {:.2f}'.format(*result['pressureSomeFraction'][kind])


def cost_of(page, run_id, get, measure='clientCost'):
    """get(measure) of one run of an ab-bench page (summary.json): clientCost (the service's work joined to the
    client's operations) or compactionCost (every compaction of OM's RocksDB)."""
    return page, lambda result: get(next(r for r in result['runs'] if r['id'] == run_id)[measure])


def busy_fraction(cost):
    return cost['busyFraction']


def p99(op):
    """The p99 ratio of `op` during/outside of a cost measure."""
    return lambda cost: cost['operations'][op]['p99']


def reasons(cost):
    """'reason count, ...' of the compactions a cost measure joined."""
    return ', '.join(f"{k.split('/')[1]} {v:,}" for k, v in cost['work']['byActionAndReason'].items())


def windows(cost):
    """What a cost measure's intervals rest on: its block bootstrap's windows."""
    return f"{cost['windows']} windows of {cost['windowSeconds']:g} s"


def interval(m):
    """A ratio with its 95% interval, as the pages print it."""
    return '–' if m.get('low') is None else f"{m['ratio']:.2f} [{m['low']:.2f}, {m['high']:.2f}]"


def cost_p50s(page, run_id, ops):
    """'OP ratio [low, high]' of the p50 during/outside of each of `ops` in one run's cost measure."""
    return cost_of(page, run_id, lambda cost: ', '.join(
        f"{op} {interval(cost['operations'][op]['p50'])}" for op in ops))


def cost_p50_span(page, run_ids):
    """'low-high' of the p50 ratios during/outside over the operations of `run_ids`."""
    def get(result):
        values = [m['p50']['ratio'] for r in result['runs'] if r['id'] in run_ids
                  for m in r['clientCost']['operations'].values() if m['p50']['ratio'] is not None]
        return f'{min(values):.2f}-{max(values):.2f}'
    return page, get


def arms_wall(path):
    """The arms' wall time, summed."""
    return path, lambda result: sum(r['wallSeconds'] for r in result['runs'])


def full_table_seconds(path):
    """The range over the full arms of their longest compaction of one table (summary.json's fullCompaction)."""
    def get(result):
        values = [r['fullCompaction']['tableSecondsMax'] for r in result['runs']
                  if r['arm'] == 'full' and (r.get('fullCompaction') or {}).get('tableSecondsMax') is not None]
        return f'{min(values):.0f}-{max(values):.0f} s'
    return path, get


def text(value):
    return value


def db_ratio(path, scenario, read, when, first='none', second='range'):
    """first's mean of a read over second's (db-bench.json)."""
    return ratio(db_read(path, scenario, first, read, when=when), db_read(path, scenario, second, read, when=when))


def x0(value):
    return f'{value:.0f}x'


def x2(value):
    return f'{value:.2f}x'


def f3(value):
    return f'{value:.3f}'


def n0(value):
    return f'{value:,.0f}'


def f2(value):
    return f'{value:.2f}'


def ms(value):
    return f'{value:.0f} ms' if value >= 10 else f'{value:.1f} ms'


def megabytes(value):
    return f'{value / 1e6:,.0f}'


def mb1(value):
    return f'{value:.1f} MB'


def minutes(seconds):
    return f'{seconds / 60:.0f} minutes'


LARGE = '2026-11-24-ab-bench-large/summary.json'
# db-bench's seed, off and range, where the service's time goes: three runs at 10^6 operations and one at 10^7.
DB_SERVICE = '2026-11-26-db-bench-seed-service-time'
DB_SERVICE_RUNS = [f'{DB_SERVICE}/1e6-r{k}/db-bench.json' for k in (1, 2, 3)] + [f'{DB_SERVICE}/1e7/db-bench.json']
# scripts/db-bench --repeats 4 at 10^7 operations (seed; off and range): the spread of the replay rates' ratio.
DB_REPEATS_1E7 = [f'2026-11-27-db-bench-seed-1e7-repeats/repeat-{k}/db-bench.json' for k in (1, 2, 3, 4)]
SMOKE = '2026-11-23-ab-bench-quick-reader-paced-lead-3-repeats/summary.json'
DB_1E6 = '2026-11-23-db-bench-1e6-reader-paced-lead/db-bench.json'
DB_1E7 = '2026-11-23-db-bench-seed-1e7-reader-paced-lead/db-bench.json'


def per_repeat_wall(path):
    """The arms' wall time of one repeat: their sum over the run divided by its repeats."""
    return path, lambda result: sum(r['wallSeconds'] for r in result['runs']) / result['settings']['repeat']


def p99_repeat_spreads(path):
    """How far one arm's client p99 moves between repeats of the same run: per scenario, arm and operation, the
    highest repeat's p99 over the lowest's, minus one."""
    def get(result):
        p99s = {}
        for r in result['runs']:
            if r.get('status') == 'ok':
                for op, stats in r['client']['operations'].items():
                    p99s.setdefault((r['scenario'], r['arm'], op), []).append(stats['p99'])
        return sorted(max(v) / min(v) - 1 for v in p99s.values() if len(v) > 1)
    return path, get


# The Scale section's target for the listener's cost (docs/design/range-statistics.md): flush throughput with range
# statistics at least this fraction of that without them.
FLUSH_TARGET = 0.98


def held(path, met_of):
    """How many of a page's targets hold: `met_of(result)` lists each target's met (True, False, or None where the
    page has no value for it, which is left out)."""
    return path, lambda result: [met for met in met_of(result) if met is not None]


def held_text(mets):
    """A Status line's state, from its page's targets, so that no line says more than they do."""
    if all(mets):
        return f'all {len(mets)} targets of its page hold'
    return f'{sum(mets)} of {len(mets)} targets of its page hold'


def bulk_range_targets(result, scenario='bulk-expire'):
    """Whether each of the range arm's targets of a bulk delete and quiet holds, as its page judges them (report.py:
    the same grouping of the runs, the same targets)."""
    by_arm = group_runs(result['runs'])[scenario]
    return [met for *_, met in bulkexpire.targets(scenarios.SCENARIOS[scenario].plan, by_arm, 'range')]


def ha_range_targets(result):
    """Whether each of the range arm's targets of an ha-transfer page holds, in every scenario."""
    rows = []
    for scenario in dict.fromkeys(r['scenario'] for r in result['runs']):
        rows += hatransfer.targets([r for r in result['runs'] if r['scenario'] == scenario])
    return [met for row in rows if row[1] == 'range' for met in (row[5], row[8])]


# NAME: ((page, get), format)
LARGE_METRICS = [('OM seek average', 'om.seekAvgUsRun'), ('skips per operation', 'om.iterSkipsPerOp'),
                 ('LIST p99', 'client.operations.LIST.p99'), ('CREATE p99', 'client.operations.CREATE.p99'),
                 ('DELETE p99', 'client.operations.DELETE.p99'), ('ops/s', 'client.opsPerSecond'),
                 ('compaction write MB', 'om.compactWriteMB')]

# The test command's time: the newest TEST_COMMAND_RUNS fresh-clone records (scripts/time-test-command), failed ones
# included. A run cannot hold its own record, so README names their commits rather than asking for HEAD's.
TEST_COMMAND_RUNS = 5
MIN_TEST_COMMAND_RUNS = 3


def test_command_records(results=RESULTS):
    """{path: result} of the newest TEST_COMMAND_RUNS fresh-clone records, oldest first."""
    found = {}
    for path in results.glob('*/test-command.json'):
        result = json.loads(path.read_text())
        if result.get('freshClone'):
            found[path.relative_to(results).as_posix()] = result
    newest = sorted(found, key=lambda p: found[p]['startedAt'])[-TEST_COMMAND_RUNS:]
    return {path: found[path] for path in newest}


def test_command_runs():
    """The newest records as one fact's (page, get): the page is the newest's, so that README links it."""
    records = test_command_records()
    return (list(records)[-1] if records else 'none'), lambda _: list(test_command_records().values())


def test_command_text(runs):
    """'the N newest runs in fresh clones (commits C1, C2; a warm Maven repository): K passed' of the records."""
    passed = [r for r in runs if r['exitCode'] == 0]
    commits = ', '.join(dict.fromkeys(r['gitCommit'][:7] for r in runs))
    return (f"the {len(runs)} newest runs in fresh clones (commits {commits}; a warm Maven repository): "
            + ('every test passed in each' if len(passed) == len(runs) else
               f'{len(passed)} passed, {len(runs) - len(passed)} failed'))


def minutes_spread(seconds):
    """'median M minutes (A to B)' of wall times in seconds."""
    return (f'{statistics.median(seconds) / 60:.1f} minutes (median; {min(seconds) / 60:.1f} to '
            f'{max(seconds) / 60:.1f})')

FAULT_TEST = '2026-11-26-fault-test-queue-tables/fault-test.json'
ROLLING_UPGRADE = '2026-11-27-rolling-upgrade/rolling-upgrade.json'
REPEAT_SINGLE = '2026-11-27-repeat-tests-single-om-cluster/repeat-tests.json'
REPEAT_SINGLE_RESTART = '2026-11-29-repeat-tests-single-om-cluster-20-runs/repeat-tests.json'
REPEAT_HA = '2026-11-27-repeat-tests-ha/repeat-tests.json'
REPEAT_LISTENERS = '2026-11-27-repeat-tests-listeners/repeat-tests.json'
REPEAT_RANGE_STATS = '2026-11-27-repeat-tests-range-stats/repeat-tests.json'
REPEAT_OMKEYBENCH = '2026-11-29-repeat-tests-omkeybench-keys-with-data/repeat-tests.json'
# The series' master-only test (dev-support/upstream/master/0029-..., 0022 when it ran), run on master with the
# series (--tree).
REPEAT_FOLLOWER_READ = '2026-11-28-repeat-tests-follower-read-master/repeat-tests.json'


def repeated(path):
    """A repeat-tests page's one class: "N of M runs passed, S s a run (median)"."""
    def get(result):
        c, = result['classes']
        return (f"{c['passed']} of {c['runs']} runs passed, "
                f"{statistics.median(r['seconds'] for r in c['perRun']):.0f} s a run (median)")
    return path, get


def kills_passed(path):
    """'N of M' kills that passed every check, each during a range compaction (fault-test.json)."""
    return path, lambda result: (f"{sum(1 for r in result['rows'] if r['passed'] and r['compaction_in_progress'])} "
                                 f"of {len(result['rows'])}")
# The main job's committed run, made in a fresh clone with an empty Maven local repository (after b5d2cf1).
PRODUCTION = '2026-11-27-ab-bench-production-after-flush-fix/production.json'
# README's main job: a fresh clone's run with an empty Maven repository (its wall time is README's).
MAIN_JOB = '2026-12-07-ab-bench-production-fresh-clone-3/production.json'
MAIN_JOB_ARMS = MAIN_JOB.replace('production.json', 'arms/summary.json')
PRODUCTION_ARMS = '2026-11-27-ab-bench-production-after-flush-fix/arms/summary.json'
# The same command on this tree after the spans fix and the look refactor (not a fresh clone).
PRODUCTION_RERUN = '2026-11-26-ab-bench-production-one-look/production.json'
# The main job after the service's compactions moved to RocksDB's BOTTOM pool (BottomPool); not a fresh clone's run.
BOTTOM_POOL_ARMS = '2026-12-06-ab-bench-production-bottom-pool/arms/summary.json'
# The service switched on and off under omkeybench's open loop on the 10^7-key OM (interleave --rate).
# Issue 68's paced measure (cost.py): retention at 25, 50 and 75% of the measured capacity, and an A/A at 50%.
COST_RETENTION = '2026-12-06-ab-bench-cost-retention/summary.json'
# The same for busy at 50%, with OM's threads and the disks sampled (--sample-threads), at the code README states.
COST_BUSY = '2026-12-07-ab-bench-cost-busy-wall-2/summary.json'
# The same command with the BOTTOM pool's thread under SCHED_IDLE, set from outside OM (an experiment).
COST_SCHED_IDLE = '2026-12-07-ab-bench-cost-busy-sched-idle/summary.json'
# The busy part at nice 19 that the SCHED_IDLE experiment was read against (the same day's code).
COST_BUSY_NICE19 = '2026-12-07-ab-bench-cost-busy-threads/summary.json'
COST_WALL = '2026-12-07-ab-bench-cost-retention-wall-2/summary.json'
COST_WALL_SCHED_IDLE = '2026-12-07-ab-bench-cost-retention-sched-idle/summary.json'
# Issue 68's whole-machine experiment: retention at half and a quarter of capacity with every process sampled
# (machine_sampler.py beside the command), the quarter also with the BOTTOM pool's thread under SCHED_IDLE.
MACHINE_50 = '2026-12-07-ab-bench-cost-retention-machine/summary.json'
MACHINE_25 = '2026-12-07-ab-bench-cost-retention-25-machine/summary.json'
MACHINE_25_IDLE = '2026-12-07-ab-bench-cost-retention-25-sched-idle/summary.json'
# The quarter again with the BOTTOM thread under SCHED_IDLE and the compaction's companions at nice 19, sampled as
# above, and the same with OM's wall-clock profile.
LOWERED = '2026-12-07-ab-bench-cost-retention-25-lowered/summary.json'
LOWERED_WALL = '2026-12-07-ab-bench-cost-retention-25-lowered-wall/summary.json'
RATIS_SHM = '2026-12-07-ab-bench-cost-retention-25-ratis-shm/summary.json'
RATIS_SHM_LOWERED = '2026-12-07-ab-bench-cost-retention-25-ratis-shm-lowered/summary.json'
RATIS_SHM_CLIENT = '2026-12-07-ab-bench-cost-retention-25-ratis-shm-lowered-client/summary.json'
CLIENT_THREADS = '2026-12-07-ab-bench-cost-retention-25-ratis-shm-lowered-client/client-threads.json'
# The longer measure of the cost to clients where the service works: retention and busy, 150,000 operations per arm.
COST = '2026-11-26-ab-bench-cost-retention-busy/summary.json'
# The worst case: busy, the preloaded bucket's oldest keys expired, the service without its bounds (off and range).
BUSY = '2026-11-27-ab-bench-busy-all-compactions/summary.json'
# busy's range arm with the overlap bound at its default.
BUSY_BOUND = '2026-11-27-ab-bench-busy-all-compactions-overlap-bound/summary.json'
# busy's range arm with RocksDB's compaction threads at nice 19 (an experiment).
BUSY_NICE = '2026-11-27-ab-bench-busy-cold-expiry-low-cpu-priority/summary.json'
# BUSY's command after the fix of a look that flushed and then found nothing to do (b5d2cf1).
BUSY_FIX = '2026-11-27-ab-bench-busy-after-flush-fix/summary.json'
# BUSY_BOUND's command after the same fix.
BUSY_BOUND_FIX = '2026-11-27-ab-bench-busy-overlap-bound-after-flush-fix/summary.json'
# busy and retention with the overlap bound at its default: the service's memtable flushes repeated at every look
# (range, the default) against not repeated while the table is as the latest flush left it (range@no-repeat).
FLUSH_REPEAT = '2026-11-28-ab-bench-flush-repeat/summary.json'
INTERLEAVED = ['2026-11-27-ab-bench-production-after-flush-fix/interleave-retention/summary.json',
               '2026-11-26-ab-bench-interleave-retention-aa/summary.json']

SWEEP_1E7 = '2026-11-24-db-bench-sweep-seed/ops-10000000/db-bench.json'
BULK_CLUSTER = '2026-11-25-ab-bench-bulk-expire/summary.json'
S3_EXPIRY = '2026-11-26-ab-bench-s3-expiry/summary.json'
HA_TRANSFER = '2026-11-25-ab-bench-ha-transfer/ha-transfer.json'


def ha_new_leader_skips(scenario_arm, table='openKeyTable'):
    """The new leader's head skips after the transfer, in run `scenario_arm` (seed-off, retention-range, ...)."""
    def get(result):
        return {r['id']: r for r in result['runs']}[scenario_arm]['newLeaderAfter']['headSkips'][table]
    return HA_TRANSFER, get


RATIO_025 = '2026-11-24-db-bench-1e6-memtable-ratio-025/db-bench.json'
RATIO_025_CLUSTER = '2026-11-24-ab-bench-quick-seed-memtable-ratio-025/summary.json'
QUICK_BEFORE_PACING = '2026-11-23-ab-bench-quick-off-range-3-repeats/summary.json'
QUICK_NO_OPEN_KEYS = '2026-11-23-ab-bench-quick-seed-no-openkeytable/summary.json'
LEAD_ONLY_1E7 = '2026-11-23-db-bench-seed-1e7-reader-paced-lead-only/db-bench.json'


def flush_repeat_ratio(scenario, metric):
    """range@no-repeat's metric over range's (memtable.flush.repeat at its default), in one scenario of FLUSH_REPEAT."""
    return ratio(arm(FLUSH_REPEAT, scenario, 'range@no-repeat', metric), arm(FLUSH_REPEAT, scenario, 'range', metric))


def range_vs_off(path, scenario, metric):
    """The range arm's metric over the off arm's, in one scenario of one page."""
    return ratio(arm(path, scenario, 'range', metric), arm(path, scenario, 'off', metric))


# Seed, retention and bulk-expire on master (78d5650c) holding 10^7 keys: off and full from master's own
# distribution, range from master with the series (ab-bench arms --dist).
MASTER = '2026-11-28-ab-bench-master-1e7/summary.json'
# Master's two distributions (scripts/upstream-on-master --dists), the series of 22 patches.
MASTER_DISTS = '2026-11-28-upstream-on-master-dists/upstream-on-master.json'
MASTER_METRICS = LARGE_METRICS
BULK_METRICS = [('first OBS listing skips', 'bulkExpire.readers.list-obs.iterSkips'),
                ('first OBS listing ms', 'bulkExpire.readers.list-obs.latencyMs'),
                ('first FSO listing skips', 'bulkExpire.readers.list-fso.iterSkips'),
                ('first FSO listing ms', 'bulkExpire.readers.list-fso.latencyMs'),
                ('compaction write MB', 'om.compactWriteMB')]


def repeat_ratios(path, scenario, first, second, metric):
    """Arm `first`'s metric over arm `second`'s, repeat by repeat (the arms of one repeat ran side by side), in
    repeat order."""
    def get(result):
        by = {(r['arm'], r['repeat']): lookup(r, metric) for r in result['runs']
              if r['scenario'] == scenario and r.get('status') == 'ok'}
        return [by[(first, k)] / by[(second, k)] for k in sorted({k for _, k in by})
                if by.get((first, k)) is not None and by.get((second, k))]
    return path, get


def repeat_values(path, scenario, name, metric):
    """An arm's metric repeat by repeat, in repeat order."""
    def get(result):
        runs = sorted((r['repeat'], lookup(r, metric)) for r in result['runs']
                      if r['scenario'] == scenario and r['arm'] == name and r.get('status') == 'ok')
        return [value for _, value in runs]
    return path, get


def each_n0(values):
    return ' and '.join(f'{v:,.0f}' for v in values)


def spread(ratios):
    """A ratio's median with its repeats' extremes: the noise a verdict states beside it."""
    return f'{statistics.median(ratios):.2f}x ({min(ratios):.2f}x to {max(ratios):.2f}x over {len(ratios)} repeats)'


# s3-lifecycle on master (78d5650c): the objects expired by master's KeyLifecycleService; off and full from master's
# own distribution, range from master with the series.
LIFECYCLE = '2026-11-28-ab-bench-s3-lifecycle-master/summary.json'
LIFECYCLE_READER = 'bulkExpire.readers.list-s3'

UPSTREAM = '2026-11-29-upstream-on-master-dry-run/upstream-on-master.json'
UPSTREAM_BEFORE_PORT = '2026-11-26-upstream-on-master-build-allowed-value-classes/upstream-on-master.json'


def _test_sum(runs, count):
    """The sum of `count` (tests, failures, errors, or a sum of them as 'failures+errors') over test runs."""
    return sum(sum(run[c] for c in count.split('+')) for run in runs)


def upstream_tests(side, count):
    """The sum of `count` over the test runs of the upstream-on-master page, with the series ('tests') or without it
    ('withoutSeries')."""
    def get(result):
        return _test_sum(result['tests'] if side == 'tests' else result['withoutSeries']['tests'], count)
    return UPSTREAM, get


UPSTREAM_BEFORE_ALLOWED = '2026-11-26-upstream-on-master-build-ranger-2.8/upstream-on-master.json'


def upstream_each_patch(count):
    """The sum of `count` over the test runs of the upstream-on-master page's steps that build each patch alone."""
    return UPSTREAM, lambda result: _test_sum([run for step in result['eachPatch'] for run in step['tests']], count)


def upstream_patch_tests(patch, module, count):
    """The sum of `count` over the test runs of one module in the step that builds patch NNNN alone."""
    def get(result):
        step = next(s for s in result['eachPatch'] if s['patch'].startswith(patch))
        return _test_sum([run for run in step['tests'] if run['module'] == module], count)
    return UPSTREAM, get


def upstream_patch_outcome(patch, module):
    """'passed' or 'failed', with the tests run, of one module's tests in the step that builds patch NNNN alone."""
    _, tests = upstream_patch_tests(patch, module, 'tests')
    _, failed = upstream_patch_tests(patch, module, 'failures+errors')
    return UPSTREAM, lambda result: (f'passed ({tests(result)} of {tests(result)} tests)' if failed(result) == 0
                                     else f'failed ({failed(result)} of {tests(result)} tests)')


UPSTREAM_CHECKS_FOUND = '2026-11-28-upstream-on-master-checks-found/upstream-on-master.json'
UPSTREAM_CHECKS = UPSTREAM
UPSTREAM_RELOAD4J = '2026-11-28-upstream-on-master-slices-reload4j/upstream-on-master.json'


def patches_compiled(path):
    """How many patches of an upstream-on-master page compiled alone, each at its commit."""
    return path, lambda result: sum(1 for step in result['eachPatch'] if step['exitCode'] == 0)


def patch_count(path):
    """How many patches the series of an upstream-on-master page had."""
    return path, lambda result: len(result['patches'])


def upstream_check(path, name):
    """The count of one of upstream CI's checks on an upstream-on-master page (PMD's violations, for one)."""
    return path, lambda result: next(c['count'] for c in result['build']['checks'] if c['check'] == name)


def refused_imports(path):
    """How many imports master's import rules refused (upstream-on-master.json)."""
    return path, lambda result: len(result['build']['importRules']['refused'])


RANGE_STATS_OVERHEAD = '2026-11-26-range-stats-overhead-10k-ssts/range-stats-overhead.json'
RANGE_STATS_OVERHEAD_AA = '2026-11-26-range-stats-overhead-10k-ssts-aa/range-stats-overhead.json'
RANGE_STATS_SCALE = f'2026-11-26-range-stats-scale/{rangestatsscale.JSON}'


def scale_targets(path):
    """The targets of a range statistics scale run as a Markdown table."""
    return path, lambda result: '\n' + rangestatsscale.targets_table(result) + '\n'


def scale_recompute(path, table):
    """A table's one recomputation on the scale run's OM DB, ms: the slower median of after a flush and a compaction."""
    def get(result):
        t = result['db']['tables'][table]
        return max(statistics.median(t['computeMillisAfterFlush']), statistics.median(t['computeMillisAfterCompaction']))
    return path, get


def scale_model(path, ssts):
    """One recomputation at `ssts` synthetic SSTs, ms: the slower shape's median."""
    return path, lambda result: max(p['computeMillisMedian'] for p in result['model'] if p['ssts'] == ssts)


def scale_reference(path, ssts):
    """The scan of every SST per range at `ssts` synthetic SSTs, ms: the slower shape's."""
    return path, lambda result: max(p['referenceMillis'] for p in result['model']
                                    if p['ssts'] == ssts and p['referenceMillis'] is not None)
OPTIONS = '2026-11-26-db-bench-rocksdb-options-arms'
OPT_1E6 = f'{OPTIONS}/seed-retention-bulk-expire-1e6/db-bench.json'
FSO_RANGE = f'{OPTIONS}/fso-range-deletes-1e6/db-bench.json'
OPT_1E7 = f'{OPTIONS}/seed-retention-1e7/db-bench.json'
OPT_MORE = f'{OPTIONS}/data-keys-fso-jobs-1e6/db-bench.json'
OPT_MARKS = f'{OPTIONS}/seed-1e7-marked-files/db-bench.json'
# The tuning arms on apache/ozone master's RocksDB (10.10) only, beside off on it and OM 2.2.1's arms.
OPT_MASTER_RUN = 'master-rocksdb-1e6'
OPT_MASTER = f'{OPTIONS}/{OPT_MASTER_RUN}/db-bench.json'


def db_marked_mb(path, scenario, name):
    """An arm's compaction MB of files RocksDB marked (its collector's or read trigger's)."""
    return path, lambda result: _db_arm(result, scenario, name)['triggeredCompactionBytes']['marked'] / 1e6

FACTS = {
    'options.reads-met': (options_targets(OPTIONS, 'reads', 'met'), text),
    'options.reads-missed': (options_targets(OPTIONS, 'reads', 'missed'), text),
    'options.both-met': (options_targets(OPTIONS, 'verdict', 'met'), text),
    'opt1e6.seed.list.best-tuning': (db_best_other(OPT_1E6, 'seed', 'list'), text),
    'opt1e6.seed.okt-head.best-tuning': (db_best_other(OPT_1E6, 'seed', 'head openKeyTable'), text),
    'opt1e6.retention.okt-head.best-tuning': (db_best_other(OPT_1E6, 'retention', 'head openKeyTable'), text),
    'opt1e6.seed.small-memtable-mb': (db_compaction_mb(OPT_1E6, 'seed', 'small-memtable'), n0),
    'opt1e6.seed.native-scan-mb': (db_compaction_mb(OPT_1E6, 'seed', 'native-scan'), n0),
    'opt1e6.seed.range-mb': (db_compaction_mb(OPT_1E6, 'seed', 'range'), n0),
    'opt1e6.seed.read-triggered-mb': (db_compaction_mb(OPT_1E6, 'seed', 'read-triggered-0.01'), n0),
    'opt1e6.seed.deletion-collector-mb': (db_compaction_mb(OPT_1E6, 'seed', 'deletion-collector'), n0),
    'opt1e6.data-keys.deleted-head.best-tuning': (db_best_other(OPT_MORE, 'data-keys', 'head deletedTable'), text),
    'opt1e6.fso-jobs.deleted-dir-head.best-tuning': (db_best_other(OPT_MORE, 'fso-jobs', 'head deletedDirectoryTable'),
                                                     text),
    'opt1e6.data-keys.native-scan-mb': (db_compaction_mb(OPT_MORE, 'data-keys', 'native-scan'), n0),
    'opt1e6.data-keys.range-mb': (db_compaction_mb(OPT_MORE, 'data-keys', 'range'), n0),
    'opt1e7.marks.read-triggered-mb': (db_marked_mb(OPT_MARKS, 'seed', 'read-triggered-0.01'), n0),
    'opt1e7.marks.deletion-collector-mb': (db_marked_mb(OPT_MARKS, 'seed', 'deletion-collector'), n0),
    'opt1e7.seed.list.best-tuning': (db_best_other(OPT_1E7, 'seed', 'list'), text),
    'opt1e7.seed.okt-head.best-tuning': (db_best_other(OPT_1E7, 'seed', 'head openKeyTable'), text),
    'opt1e7.retention.list.best-tuning': (db_best_other(OPT_1E7, 'retention', 'list'), text),
    'opt1e7.retention.okt-head.best-tuning': (db_best_other(OPT_1E7, 'retention', 'head openKeyTable'), text),
    'opt1e7.seed.read-triggered-mb': (db_compaction_mb(OPT_1E7, 'seed', 'read-triggered-0.01'), n0),
    'opt1e7.seed.off-mb': (db_compaction_mb(OPT_1E7, 'seed', 'off'), n0),
    'opt1e7.seed.range-mb': (db_compaction_mb(OPT_1E7, 'seed', 'range'), n0),
    'opt1e7.seed.native-scan-mb': (db_compaction_mb(OPT_1E7, 'seed', 'native-scan'), n0),
    'opt1e7.seed.small-memtable-mb': (db_compaction_mb(OPT_1E7, 'seed', 'small-memtable'), n0),
    'opt1e7.seed.read-triggered.okt-head': (ratio(db_read(OPT_1E7, 'seed', 'read-triggered-0.01', 'head openKeyTable'),
                                                  db_read(OPT_1E7, 'seed', 'off', 'head openKeyTable')), x2),
    'opt1e6.bulk.list.off': (db_first(OPT_1E6, 'bulk-expire', 'off', 'list'), ms),
    'opt1e6.bulk.list.range': (db_first(OPT_1E6, 'bulk-expire', 'range', 'list'), ms),
    'opt1e6.bulk.list.best-tuning': (db_best_other(OPT_1E6, 'bulk-expire', 'list', when='quiet'), text),
    'optmaster.seed.okt-head.off': (ratio(db_read(OPT_MASTER, 'seed', 'off@master', 'head openKeyTable'),
                                          db_read(OPT_MASTER, 'seed', 'off', 'head openKeyTable')), x2),
    'optmaster.retention.okt-head.off': (ratio(db_read(OPT_MASTER, 'retention', 'off@master', 'head openKeyTable'),
                                               db_read(OPT_MASTER, 'retention', 'off', 'head openKeyTable')), x2),
    'optmaster.seed.list.off': (ratio(db_read(OPT_MASTER, 'seed', 'off@master', 'list'),
                                      db_read(OPT_MASTER, 'seed', 'off', 'list')), x2),
    'optmaster.seed.okt-head.best-tuning': (db_best_other(OPT_MASTER, 'seed', 'head openKeyTable'), text),
    'optmaster.retention.okt-head.best-tuning': (db_best_other(OPT_MASTER, 'retention', 'head openKeyTable'), text),
    'optmaster.seed.list.best-tuning': (db_best_other(OPT_MASTER, 'seed', 'list'), text),
    'optmaster.retention.list.best-tuning': (db_best_other(OPT_MASTER, 'retention', 'list'), text),
    'optmaster.bulk.list.best-tuning': (db_best_other(OPT_MASTER, 'bulk-expire', 'list', when='quiet'), text),
    'optmaster.seed.native-scan-mb': (db_compaction_mb(OPT_MASTER, 'seed', 'native-scan@master'), n0),
    'optmaster.seed.range-mb': (db_compaction_mb(OPT_MASTER, 'seed', 'range'), n0),
    'optmaster.reads-met': (options_targets(OPTIONS, 'reads', 'met', run=OPT_MASTER_RUN), text),
    'optmaster.both-met': (options_targets(OPTIONS, 'verdict', 'met', run=OPT_MASTER_RUN), text),
    'opt1e6.seed.range.looks': (db_arm(OPT_1E6, 'seed', 'range', 'note'), lambda note: f"{int(note.split()[0]):,}"),
    'opt1e6.seed.range.us-per-look': (db_range_look_us(OPT_1E6, 'seed'), lambda v: f'{v:.0f}'),
    'opt1e6.seed.range.ms-per-10k-skips': (ratio(db_read(OPT_1E6, 'seed', 'range', 'head openKeyTable'),
                                                 db_read(OPT_1E6, 'seed', 'range', 'head openKeyTable', 'meanSkips')),
                                           lambda v: f'{v * 1e4:.1f} ms'),
    'db1e6.retention.range-vs-full-mb': (ratio(db_arm(DB_1E6, 'retention', 'range', 'compactWriteBytes'),
                                               db_arm(DB_1E6, 'retention', 'full', 'compactWriteBytes')), x2),
    'opt1e6.retention.range-vs-full-mb': (ratio(db_arm(OPT_1E6, 'retention', 'range', 'compactWriteBytes'),
                                                db_arm(OPT_1E6, 'retention', 'full', 'compactWriteBytes')), x2),
    'opt1e6.seed.list.range': (db_read(OPT_1E6, 'seed', 'range', 'list'), ms),
    'opt1e6.seed.list.full': (db_read(OPT_1E6, 'seed', 'full', 'list'), ms),
    'opt1e6.seed.list-skips.range': (db_read(OPT_1E6, 'seed', 'range', 'list', 'meanSkips'), n0),
    'opt1e6.seed.list-skips.full': (db_read(OPT_1E6, 'seed', 'full', 'list', 'meanSkips'), n0),
    'ratio025.seed.list': (db_read(RATIO_025, 'seed', 'range', 'list'), ms),
    'ratio025.seed.list-skips': (db_read(RATIO_025, 'seed', 'range', 'list', 'meanSkips'), n0),
    'ratio025.seed.full-list': (db_read(RATIO_025, 'seed', 'full', 'list'), ms),
    'ratio025.seed.full-list-skips': (db_read(RATIO_025, 'seed', 'full', 'list', 'meanSkips'), n0),
    'ratio025.seed.mb': (db_arm(RATIO_025, 'seed', 'range', 'compactWriteBytes'), megabytes),
    'ratio025.cluster.skips': (range_vs_off(RATIO_025_CLUSTER, 'seed', 'om.iterSkipsPerOp'), x2),
    'ratio025.cluster.seek': (range_vs_off(RATIO_025_CLUSTER, 'seed', 'om.seekAvgUsRun'), x2),
    'quick.before-pacing.ops': (range_vs_off(QUICK_BEFORE_PACING, 'seed', 'client.opsPerSecond'), x2),
    'quick.before-pacing.list-p99': (range_vs_off(QUICK_BEFORE_PACING, 'seed', 'client.operations.LIST.p99'), x2),
    'quick.no-open-keys.ops': (range_vs_off(QUICK_NO_OPEN_KEYS, 'seed', 'client.opsPerSecond'), x2),
    'quick.no-open-keys.list-p99': (range_vs_off(QUICK_NO_OPEN_KEYS, 'seed', 'client.operations.LIST.p99'), x2),
    'quick.no-open-keys.seek': (range_vs_off(QUICK_NO_OPEN_KEYS, 'seed', 'om.seekAvgUsRun'), x2),
    'quick.no-open-keys.skips': (range_vs_off(QUICK_NO_OPEN_KEYS, 'seed', 'om.iterSkipsPerOp'), x2),
    'lead-only1e7.range.okt-head': (db_read(LEAD_ONLY_1E7, 'seed', 'range', 'head openKeyTable'), ms),
    'lead-only1e7.range.okt-skips': (db_read(LEAD_ONLY_1E7, 'seed', 'range', 'head openKeyTable', 'meanSkips'), n0),
    'lead-only1e7.none.okt-head': (db_read(LEAD_ONLY_1E7, 'seed', 'none', 'head openKeyTable'), ms),
    'lead-only1e7.none.okt-skips': (db_read(LEAD_ONLY_1E7, 'seed', 'none', 'head openKeyTable', 'meanSkips'), n0),
    'rangestats.flush-ratio': (at(RANGE_STATS_OVERHEAD, 'flushThroughputRatio'), f3),
    'rangestats.flush-target': (at(RANGE_STATS_OVERHEAD, 'flushThroughputRatio'),
                                lambda v: f'target {FLUSH_TARGET}: {"met" if v >= FLUSH_TARGET else "missed"}'),
    'status.range-stats': (held(RANGE_STATS_SCALE, lambda result: [row[3] for row in rangestatsscale.targets(result)]),
                           held_text),
    'status.idle': (held(BULK_CLUSTER, bulk_range_targets), held_text),
    'status.follower': (held(HA_TRANSFER, ha_range_targets), held_text),
    'rangestats.flush-ratio-median': (at(RANGE_STATS_OVERHEAD, 'flushThroughputRatioMedian'), f3),
    'rangestats.p95-with': (at(RANGE_STATS_OVERHEAD, 'p95FlushMsWith'), lambda v: f'{v:.1f}'),
    'rangestats.p95-without': (at(RANGE_STATS_OVERHEAD, 'p95FlushMsWithout'), lambda v: f'{v:.1f}'),
    'rangestats.write-ratio': (at(RANGE_STATS_OVERHEAD, 'writeThroughputRatio'), f3),
    'rangestats.flushes': (at(RANGE_STATS_OVERHEAD, 'flushes'), n0),
    'rangestats.index-updates': (at(RANGE_STATS_OVERHEAD, 'indexUpdates'), n0),
    'rangestats.compaction-ratio-median': (at(RANGE_STATS_OVERHEAD, 'compactionThroughputRatioMedian'), f3),
    'rangestats.base-ssts': (at(RANGE_STATS_OVERHEAD, 'settings.baseSsts'), n0),
    'rangestats.aa.flush-ratio': (at(RANGE_STATS_OVERHEAD_AA, 'flushThroughputRatio'), f3),
    'rangestats.aa.flush-ratio-median': (at(RANGE_STATS_OVERHEAD_AA, 'flushThroughputRatioMedian'), f3),
    'rangestats.aa.write-ratio': (at(RANGE_STATS_OVERHEAD_AA, 'writeThroughputRatio'), f3),
    'rangestats.aa.compaction-ratio-median': (at(RANGE_STATS_OVERHEAD_AA, 'compactionThroughputRatioMedian'), f3),
    'scale.targets': (scale_targets(RANGE_STATS_SCALE), text),
    'scale.keytable-ssts': (at(RANGE_STATS_SCALE, 'db.tables.keyTable.liveSsts'), n0),
    'scale.keytable-recompute': (scale_recompute(RANGE_STATS_SCALE, 'keyTable'), lambda v: f'{v:.0f} ms'),
    'scale.model-100k': (scale_model(RANGE_STATS_SCALE, 100_000), lambda v: f'{v:.0f} ms'),
    'scale.reference-8k': (scale_reference(RANGE_STATS_SCALE, 8000), lambda v: f'{v:.0f} ms'),
    'scale.model-8k': (scale_model(RANGE_STATS_SCALE, 8000), lambda v: f'{v:.0f} ms'),
    'scale.heap-per-sst': (at(RANGE_STATS_SCALE, 'db.startup.heapBytesPerSst'), lambda v: f'{v:.0f} bytes'),
    'rangestats.round-spread': (at(RANGE_STATS_OVERHEAD, 'roundFlushRatios'),
                                lambda v: f'{min(v):.2f}-{max(v):.2f}'),
    'opt1e6.bulk.compaction.range-vs-full': (ratio(db_compaction_mb(OPT_1E6, 'bulk-expire', 'range'),
                                                   db_compaction_mb(OPT_1E6, 'bulk-expire', 'full')), x2),
    'fsorange.fso.list.off': (db_first(FSO_RANGE, 'bulk-expire-fso', 'off', 'list'), ms),
    'fsorange.fso.list.range': (db_first(FSO_RANGE, 'bulk-expire-fso', 'range', 'list'), ms),
    'fsorange.fso.compaction.range-vs-full': (ratio(db_compaction_mb(FSO_RANGE, 'bulk-expire-fso', 'range'),
                                                    db_compaction_mb(FSO_RANGE, 'bulk-expire-fso', 'full')), x2),
    'bulkcluster.obs.skips.range': (arm(BULK_CLUSTER, 'bulk-expire', 'range', 'bulkExpire.readers.list-obs.iterSkips'), n0),
    'bulkcluster.obs.skips.off': (arm(BULK_CLUSTER, 'bulk-expire', 'off', 'bulkExpire.readers.list-obs.iterSkips'), n0),
    'bulkcluster.fso.skips.range': (arm(BULK_CLUSTER, 'bulk-expire', 'range', 'bulkExpire.readers.list-fso.iterSkips'), n0),
    'bulkcluster.fso.skips.off': (arm(BULK_CLUSTER, 'bulk-expire', 'off', 'bulkExpire.readers.list-fso.iterSkips'), n0),
    'bulkcluster.obs.latency': (range_vs_off(BULK_CLUSTER, 'bulk-expire', 'bulkExpire.readers.list-obs.latencyMs'), x2),
    'bulkcluster.fso.latency': (range_vs_off(BULK_CLUSTER, 'bulk-expire', 'bulkExpire.readers.list-fso.latencyMs'), x2),
    's3.objects': (arm(S3_EXPIRY, 's3-expiry', 'off', 'bulkExpire.counts.objects'), n0),
    's3.expired': (arm(S3_EXPIRY, 's3-expiry', 'off', 'bulkExpire.counts.deleted'), n0),
    's3.keytable.off': (arm(S3_EXPIRY, 's3-expiry', 'off', 'bulkExpire.tombstones.keyTable'), n0),
    's3.keytable.range': (arm(S3_EXPIRY, 's3-expiry', 'range', 'bulkExpire.tombstones.keyTable'), n0),
    's3.keytable.full': (arm(S3_EXPIRY, 's3-expiry', 'full', 'bulkExpire.tombstones.keyTable'), n0),
    's3.full.passes': (arm(S3_EXPIRY, 's3-expiry', 'full', 'fullCompaction.passesDuringClient'), n0),
    's3.skips.off': (arm(S3_EXPIRY, 's3-expiry', 'off', 'bulkExpire.readers.list-s3.iterSkips'), n0),
    's3.skips.range': (arm(S3_EXPIRY, 's3-expiry', 'range', 'bulkExpire.readers.list-s3.iterSkips'), n0),
    's3.list-requests': (arm(S3_EXPIRY, 's3-expiry', 'off', 'bulkExpire.readers.list-s3.listRequests'), n0),
    's3.client.off': (arm(S3_EXPIRY, 's3-expiry', 'off', 'bulkExpire.readers.list-s3.clientLatencyMs'), ms),
    's3.client.range': (arm(S3_EXPIRY, 's3-expiry', 'range', 'bulkExpire.readers.list-s3.clientLatencyMs'), ms),
    's3.client.ratio': (range_vs_off(S3_EXPIRY, 's3-expiry', 'bulkExpire.readers.list-s3.clientLatencyMs'), x2),
    's3.om.ratio': (range_vs_off(S3_EXPIRY, 's3-expiry', 'bulkExpire.readers.list-s3.latencyMs'), x2),
    's3.wall-minutes': (at(S3_EXPIRY, 'wallSeconds'), minutes),
    'ha.wall-minutes': (at(HA_TRANSFER, 'wallSeconds'), minutes),
    'upstream.commit': (at(UPSTREAM, 'checkoutCommit'), lambda sha: sha[:8]),
    'upstream.tests': (upstream_tests('tests', 'tests'), n0),
    'upstream.failed': (upstream_tests('tests', 'failures+errors'), n0),
    'upstream.without.tests': (upstream_tests('withoutSeries', 'tests'), n0),
    'upstream.without.failed': (upstream_tests('withoutSeries', 'failures+errors'), n0),
    'upstream.refused-imports': (refused_imports(UPSTREAM), n0),
    'upstream.before-port.refused-imports': (refused_imports(UPSTREAM_BEFORE_PORT), n0),
    'upstream.patches': (patch_count(UPSTREAM), n0),
    'upstream.largest-patch-lines': ((UPSTREAM, lambda result: max(p['lines'] for p in result['patches'])), n0),
    'upstream.largest-master-patch-lines': ((UPSTREAM, lambda result: max(p['linesOnMaster'] for p in result['patches']
                                                                           if p['applied'])), n0),
    'upstream.reconfig.tests': (upstream_patch_tests('0013', 'hadoop-ozone/integration-test', 'tests'), n0),
    'upstream.reconfig.failed': (upstream_patch_tests('0013', 'hadoop-ozone/integration-test', 'failures+errors'),
                                 n0),
    'upstream.each.compiled': (patches_compiled(UPSTREAM), n0),
    'upstream.follower-read.passed': (upstream_patch_outcome('0029', 'hadoop-ozone/integration-test'), text),
    'upstream.each.tests': (upstream_each_patch('tests'), n0),
    'upstream.each.failed': (upstream_each_patch('failures+errors'), n0),
    'upstream.before-allowed.refused-imports': (refused_imports(UPSTREAM_BEFORE_ALLOWED), n0),
    'upstream.checks-found.pmd': (upstream_check(UPSTREAM_CHECKS_FOUND, 'pmd'), n0),
    'upstream.checks.pmd': (upstream_check(UPSTREAM_CHECKS, 'pmd'), n0),
    'upstream.javadoc.errors': (upstream_check(UPSTREAM_CHECKS, 'javadoc'), n0),
    'upstream.checks.checkstyle': (upstream_check(UPSTREAM_CHECKS, 'checkstyle'), n0),
    'upstream.reload4j.each-compiled': (patches_compiled(UPSTREAM_RELOAD4J), n0),
    'upstream.reload4j.patches': (patch_count(UPSTREAM_RELOAD4J), n0),
    'flushrepeat.busy.on.flushes': (arm(FLUSH_REPEAT, 'busy', 'range', 'om.rangeMemtableFlushes'), n0),
    'flushrepeat.busy.on.write-mb': (arm(FLUSH_REPEAT, 'busy', 'range', 'om.compactWriteMB'), n0),
    'flushrepeat.busy.on.seek-us': (arm(FLUSH_REPEAT, 'busy', 'range', 'om.seekAvgUsRun'), n0),
    'flushrepeat.busy.on.ops': (arm(FLUSH_REPEAT, 'busy', 'range', 'client.opsPerSecond'), n0),
    'flushrepeat.busy.on.allc.busy': (arm(FLUSH_REPEAT, 'busy', 'range', 'compactionCost.busyFraction'), f3),
    'flushrepeat.busy.off.flushes': (arm(FLUSH_REPEAT, 'busy', 'range@no-repeat', 'om.rangeMemtableFlushes'), n0),
    'flushrepeat.busy.off.write-mb': (arm(FLUSH_REPEAT, 'busy', 'range@no-repeat', 'om.compactWriteMB'), n0),
    'flushrepeat.busy.off.seek-us': (arm(FLUSH_REPEAT, 'busy', 'range@no-repeat', 'om.seekAvgUsRun'), n0),
    'flushrepeat.busy.off.ops': (arm(FLUSH_REPEAT, 'busy', 'range@no-repeat', 'client.opsPerSecond'), n0),
    'flushrepeat.busy.off.allc.busy':
        (arm(FLUSH_REPEAT, 'busy', 'range@no-repeat', 'compactionCost.busyFraction'), f3),
    'flushrepeat.busy.held-back':
        (arm(FLUSH_REPEAT, 'busy', 'range@no-repeat', 'om.rangeSkippedUnchangedSinceFlush'), n0),
    'flushrepeat.busy.write-mb-ratio': (flush_repeat_ratio('busy', 'om.compactWriteMB'), x2),
    'flushrepeat.busy.seek-ratio': (flush_repeat_ratio('busy', 'om.seekAvgUsRun'), x2),
    'flushrepeat.busy.ops-ratio': (flush_repeat_ratio('busy', 'client.opsPerSecond'), x2),
    'flushrepeat.busy.list-p99-ratio': (flush_repeat_ratio('busy', 'client.operations.LIST.p99'), x2),
    'flushrepeat.retention.held-back':
        (arm(FLUSH_REPEAT, 'retention', 'range@no-repeat', 'om.rangeSkippedUnchangedSinceFlush'), n0),
    'flushrepeat.retention.write-mb-ratio': (flush_repeat_ratio('retention', 'om.compactWriteMB'), x2),
    'flushrepeat.retention.seek-ratio': (flush_repeat_ratio('retention', 'om.seekAvgUsRun'), x2),
    'flushrepeat.retention.ops-ratio': (flush_repeat_ratio('retention', 'client.opsPerSecond'), x2),
    'flushrepeat.busy.delete-p99-ratio': (flush_repeat_ratio('busy', 'client.operations.DELETE.p99'), x2),
    'flushrepeat.wall': (at(FLUSH_REPEAT, 'wallSeconds'), minutes),
    'ha.seed.new-leader.range': (ha_new_leader_skips('seed-range'), n0),
    'ha.seed.new-leader.off': (ha_new_leader_skips('seed-off'), n0),
    'ha.retention.new-leader.range': (ha_new_leader_skips('retention-range'), n0),
    'ha.retention.new-leader.off': (ha_new_leader_skips('retention-off'), n0),
    'fsorange.scan.off.point-ms': (db_first(FSO_RANGE, 'bulk-expire-fso', 'off', 'scan fileTable'), ms),
    'fsorange.scan.off.point-skips': (db_first(FSO_RANGE, 'bulk-expire-fso', 'off', 'scan fileTable', 'meanSkips'),
                                      n0),
    'fsorange.scan.off.range-ms': (db_first(FSO_RANGE, 'bulk-expire-fso-range', 'off', 'scan fileTable'), ms),
    'fsorange.scan.off.range-skips': (db_first(FSO_RANGE, 'bulk-expire-fso-range', 'off', 'scan fileTable',
                                               'meanSkips'), n0),
    'fsorange.scan.range.range-ms': (db_first(FSO_RANGE, 'bulk-expire-fso-range', 'range', 'scan fileTable'), ms),
    'fsorange.list.range.point-ms': (db_first(FSO_RANGE, 'bulk-expire-fso', 'range', 'list'), ms),
    'fsorange.list.range.range-ms': (db_first(FSO_RANGE, 'bulk-expire-fso-range', 'range', 'list'), ms),
    'fsorange.sst.off.point-mb': (db_arm(FSO_RANGE, 'bulk-expire-fso', 'off', 'liveSstBytes'), megabytes),
    'fsorange.sst.off.range-mb': (db_arm(FSO_RANGE, 'bulk-expire-fso-range', 'off', 'liveSstBytes'), megabytes),
    'fault-test.passed': (kills_passed(FAULT_TEST), text),
    'fault-test.minutes': (at(FAULT_TEST, 'seconds'), minutes),
    'rolling-upgrade.passed': ((ROLLING_UPGRADE, lambda result: (
        f"{sum(1 for r in result['rows'] if r['passed'])} of {len(result['rows'])}")), text),
    'rolling-upgrade.minutes': (at(ROLLING_UPGRADE, 'wallSeconds'), minutes),
    'repeat.single': (repeated(REPEAT_SINGLE), text),
    'repeat.single.restart': (repeated(REPEAT_SINGLE_RESTART), text),
    'repeat.ha': (repeated(REPEAT_HA), text),
    'repeat.listeners': (repeated(REPEAT_LISTENERS), text),
    'repeat.range-stats': (repeated(REPEAT_RANGE_STATS), text),
    'repeat.omkeybench': (repeated(REPEAT_OMKEYBENCH), text),
    'repeat.follower-read': (repeated(REPEAT_FOLLOWER_READ), text),
    'rolling-upgrade.compactions': ((ROLLING_UPGRADE, lambda result: ', '.join(
        f'{om} {n:,}' for om, n in result['compactions'].items())), text),
    'db1e7.replay-ratio': (ratio(db_arm(DB_1E7, 'seed', 'range', 'replayOpsPerSecond'),
                                 db_arm(DB_1E7, 'seed', 'none', 'replayOpsPerSecond')), x2),
    'dbservice.1e6.replay-ratios': (db_repeats(DB_SERVICE_RUNS[:3], 'seed', lambda off, rng: rng['replayOpsPerSecond']
                                               / off['replayOpsPerSecond']),
                                    lambda v: ', '.join(f'{r:.2f}' for r in v)),
    'dbrepeats.1e7.replay-ratios': (db_repeats(DB_REPEATS_1E7, 'seed', lambda off, rng: rng['replayOpsPerSecond']
                                               / off['replayOpsPerSecond']),
                                    lambda v: ', '.join(f'{r:.2f}' for r in v)),
    'dbrepeats.1e7.service-share': (db_repeats(DB_REPEATS_1E7, 'seed', lambda off, rng: rng['manualCompactionSeconds']
                                               * rng['replayOpsPerSecond'] / rng['ops']),
                                    lambda v: f'{min(v):.1%} to {max(v):.1%}'),
    'dbservice.table': (db_repeats(DB_SERVICE_RUNS, 'seed', lambda off, rng: (
        rng['ops'], off['replayOpsPerSecond'], rng['replayOpsPerSecond'], rng['manualCompactionSeconds'],
        rng['serviceSeconds'], rng['stallMicros'])), lambda rows: service_time_table(rows)),
    'main.fresh-wall-minutes': (at(MAIN_JOB, 'wallSeconds'), minutes),
    'main.targets': (targets_table(MAIN_JOB), text),
    'main.retention.p50': (cost_p50s(MAIN_JOB_ARMS, 'retention-range-r1', ('CREATE', 'DELETE', 'LIST')), text),
    'main.retention.windows': (cost_of(MAIN_JOB_ARMS, 'retention-range-r1', windows), text),
    'main.retention.busy': (cost_of(MAIN_JOB_ARMS, 'retention-range-r1', busy_fraction), f3),
    'main.page': ((MAIN_JOB, lambda result: MAIN_JOB.split('/')[0]),
                  lambda page: f'[its page]({RESULTS_LINK}{page}/report.md)'),
    'production.ops': (at(PRODUCTION, 'settings.ops'), n0),
    'bottompool.retention.p50': (cost_p50s(BOTTOM_POOL_ARMS, 'retention-range-r1', ('CREATE', 'DELETE')), text),
    'bottompool.retention.windows': (cost_of(BOTTOM_POOL_ARMS, 'retention-range-r1', windows), text),
    'bottompool.retention.busy': (cost_of(BOTTOM_POOL_ARMS, 'retention-range-r1', busy_fraction), f3),
    'bottompool.retention.range-seek-us': (arm(BOTTOM_POOL_ARMS, 'retention', 'range', 'om.seekAvgUsRun'), n0),
    'bottompool.retention.off-seek-us': (arm(BOTTOM_POOL_ARMS, 'retention', 'off', 'om.seekAvgUsRun'), n0),
    'production.retention.range-seek-us': (arm(PRODUCTION_ARMS, 'retention', 'range', 'om.seekAvgUsRun'), n0),
    'production.retention.off-seek-us': (arm(PRODUCTION_ARMS, 'retention', 'off', 'om.seekAvgUsRun'), n0),
    'production.retention.p50': (cost_p50s(PRODUCTION_ARMS, 'retention-range-r1', ('CREATE', 'DELETE')), text),
    'production.retention.busy': (cost_of(PRODUCTION_ARMS, 'retention-range-r1', busy_fraction), f3),
    'paced.busy.capacity': (at(COST_BUSY, 'scenarios.busy.capacity.opsPerSecond'), n0),
    'paced.busy.rate': (paced_part(COST_BUSY, 'busy', 50, offered), n0),
    'paced.busy.checks': (paced_part(COST_BUSY, 'busy', 50, part_checks), text),
    'paced.busy.p50': (paced_part(COST_BUSY, 'busy', 50, matched('p50')), text),
    'paced.busy.p99': (paced_part(COST_BUSY, 'busy', 50, matched('p99')), text),
    'paced.busy.disk': (paced_part(COST_BUSY, 'busy', 50, disk_busy), text),
    'paced.busy.run-queue': (paced_part(COST_BUSY, 'busy', 50, run_queue_wait), text),
    'paced.busy.ratis-wait': (paced_part(COST_BUSY, 'busy', 50, wall_site('submitRequestToRatisImpl')), text),
    'paced.busy.table': (paced_table(COST_BUSY), text),
    'paced.busy.pairs': (paced_part(COST_BUSY, 'busy', 50, lambda p: f"{p['matched']['pairs']} pairs of blocks"), text),
    'schedidle.run-queue': (paced_part(COST_SCHED_IDLE, 'busy', 50, run_queue_wait), text),
    'schedidle.delete-p99': (paced_part(COST_SCHED_IDLE, 'busy', 50,
                                        lambda p: p['matched']['operations']['DELETE']['p99']), interval),
    'schedidle.busy': (paced_part(COST_SCHED_IDLE, 'busy', 50, lambda p: p['work']['onBusyFraction']), f3),
    'schedidle.nice19.run-queue': (paced_part(COST_BUSY_NICE19, 'busy', 50, run_queue_wait), text),
    'schedidle.nice19.delete-p99': (paced_part(COST_BUSY_NICE19, 'busy', 50,
                                               lambda p: p['matched']['operations']['DELETE']['p99']), interval),
    'schedidle.nice19.busy': (paced_part(COST_BUSY_NICE19, 'busy', 50, lambda p: p['work']['onBusyFraction']), f3),
    'wall.p50': (paced_part(COST_WALL, 'retention', 50, matched('p50', ('CREATE', 'DELETE'))), text),
    'wall.pairs': (paced_part(COST_WALL, 'retention', 50, lambda p: f"{p['matched']['pairsWithWork']} of "
                                                                  f"{p['matched']['pairs']} pairs"), text),
    'wall.rate': (paced_part(COST_WALL, 'retention', 50, offered), n0),
    'wall.idle': (paced_part(COST_WALL, 'retention', 50,
                             lambda p: f"{p['work']['idleOnBlocks']} of {p['work']['onBlocks']} on-blocks"), text),
    'wall.ratis-wait': (paced_part(COST_WALL, 'retention', 50, wall_site('submitRequestToRatisImpl')), text),
    'wall.log-sync': (paced_part(COST_WALL, 'retention', 50, wall_site('BufferedWriteChannel.flush')), text),
    'wall.run-queue': (paced_part(COST_WALL, 'retention', 50, run_queue_wait), text),
    'wall.client-run-queue': (paced_part(COST_WALL, 'retention', 50, client_run_queue), text),
    'wall.bottom-cpu': (paced_part(COST_WALL, 'retention', 50, group_cpu('rocksdb:bottom')), text),
    'wall.flush-cpu': (paced_part(COST_WALL, 'retention', 50, group_cpu('rocksdb:high')), text),
    'wall.gc-cpu': (paced_part(COST_WALL, 'retention', 50, group_cpu('gc and vm')), text),
    'wall.schedidle.p50': (paced_part(COST_WALL_SCHED_IDLE, 'retention', 50, matched('p50', ('CREATE', 'DELETE'))),
                           text),
    'wall.schedidle.rate': (paced_part(COST_WALL_SCHED_IDLE, 'retention', 50, offered), n0),
    'wall.schedidle.run-queue': (paced_part(COST_WALL_SCHED_IDLE, 'retention', 50, run_queue_wait), text),
    'wall.schedidle.bottom-cpu': (paced_part(COST_WALL_SCHED_IDLE, 'retention', 50, group_cpu('rocksdb:bottom')), text),
    'machine.p50': (paced_part(MACHINE_50, 'retention', 50, matched('p50', ('CREATE', 'DELETE'))),
                    text),
    'machine.pairs': (paced_part(MACHINE_50, 'retention', 50, pairs_with_work), text),
    'machine25.pairs': (paced_part(MACHINE_25, 'retention', 25, pairs_with_work), text),
    'machine25i.pairs': (paced_part(MACHINE_25_IDLE, 'retention', 25, pairs_with_work), text),
    'lowered.pairs': (paced_part(LOWERED, 'retention', 25, pairs_with_work), text),
    'lowwall.pairs': (paced_part(LOWERED_WALL, 'retention', 25, pairs_with_work), text),
    'machine.blocks': (paced_part(MACHINE_50, 'retention', 50, interleaved('p50')), text),
    'machine.rate': (paced_part(MACHINE_50, 'retention', 50, offered), n0),
    'machine.idle': (machine(MACHINE_50, machine_cores('idle')), text),
    'machine.busy': (paced_part(MACHINE_50, 'retention', 50, lambda p: p['work']['onBusyFraction']),
                     f3),
    'machine.others': (machine(MACHINE_50, machine_others), text),
    'machine.steal': (machine(MACHINE_50, machine_cores('steal')), text),
    'machine.psi-cpu': (machine(MACHINE_50, machine_pressure('cpu')), text),
    'machine.psi-io': (machine(MACHINE_50, machine_pressure('io')), text),
    'machine.request-cpu': (paced_part(MACHINE_50, 'retention', 50, request_cpu), text),
    'machine.run-queue': (paced_part(MACHINE_50, 'retention', 50, run_queue_wait), text),
    'machine25.p50': (paced_part(MACHINE_25, 'retention', 25, matched('p50', ('CREATE', 'DELETE'))),
                      text),
    'machine25.blocks': (paced_part(MACHINE_25, 'retention', 25, interleaved('p50')), text),
    'machine25.rate': (paced_part(MACHINE_25, 'retention', 25, offered),
                       n0),
    'machine25.idle': (machine(MACHINE_25, machine_cores('idle')), text),
    'machine25.psi-io': (machine(MACHINE_25, machine_pressure('io')), text),
    'machine25.run-queue': (paced_part(MACHINE_25, 'retention', 25, run_queue_wait), text),
    'machine25.flush-cpu': (paced_part(MACHINE_25, 'retention', 25, group_cpu('rocksdb:high')), text),
    'machine25.jit-cpu': (paced_part(MACHINE_25, 'retention', 25, group_cpu('jit')), text),
    'machine25.service-cpu': (paced_part(MACHINE_25, 'retention', 25, group_cpu('range service')),
                              text),
    'machine25i.p50': (paced_part(MACHINE_25_IDLE, 'retention', 25,
                                  matched('p50', ('CREATE', 'DELETE'))), text),
    'machine25i.run-queue': (paced_part(MACHINE_25_IDLE, 'retention', 25, run_queue_wait), text),
    'machine25i.rate': (paced_part(MACHINE_25_IDLE, 'retention', 25,
                                   offered), n0),
    'machine.capacity': (at(MACHINE_50, 'scenarios.retention.capacity.opsPerSecond'), n0),
    'machine25.capacity': (at(MACHINE_25, 'scenarios.retention.capacity.opsPerSecond'), n0),
    'machine25i.capacity': (at(MACHINE_25_IDLE, 'scenarios.retention.capacity.opsPerSecond'), n0),
    'lowered.p50': (paced_part(LOWERED, 'retention', 25, matched('p50', ('CREATE', 'DELETE'))),
                    text),
    'lowered.blocks': (paced_part(LOWERED, 'retention', 25, interleaved('p50')), text),
    'lowered.rate': (paced_part(LOWERED, 'retention', 25, offered), n0),
    'lowered.run-queue': (paced_part(LOWERED, 'retention', 25, run_queue_wait), text),
    'lowered.psi-io': (machine(LOWERED, machine_pressure('io')), text),
    'lowered.disk-writes': (paced_part(LOWERED, 'retention', 25, disk_writes), text),
    'lowwall.p50': (paced_part(LOWERED_WALL, 'retention', 25, matched('p50', ('CREATE', 'DELETE'))), text),
    'lowwall.ratis-wait': (paced_part(LOWERED_WALL, 'retention', 25, wall_site('submitRequestToRatisImpl')), text),
    'lowwall.log-sync': (paced_part(LOWERED_WALL, 'retention', 25, wall_site('BufferedWriteChannel.flush')), text),
    'lowwall.run-queue': (paced_part(LOWERED_WALL, 'retention', 25, run_queue_wait), text),
    'shm.capacity': (at(RATIS_SHM, 'scenarios.retention.capacity.opsPerSecond'), n0),
    'shm.rate': (paced_part(RATIS_SHM, 'retention', 25, offered), n0),
    'shm.pairs': (paced_part(RATIS_SHM, 'retention', 25, pairs_with_work), text),
    'shm.p50': (paced_part(RATIS_SHM, 'retention', 25, matched('p50', ('CREATE', 'DELETE'))), text),
    'shm.ratis-wait': (paced_part(RATIS_SHM, 'retention', 25, wall_site('submitRequestToRatisImpl')), text),
    'shmlow.rate': (paced_part(RATIS_SHM_LOWERED, 'retention', 25, offered), n0),
    'shmlow.pairs': (paced_part(RATIS_SHM_LOWERED, 'retention', 25, pairs_with_work), text),
    'shmlow.p50': (paced_part(RATIS_SHM_LOWERED, 'retention', 25, matched('p50', ('CREATE', 'DELETE'))), text),
    'shmlow.create-ms': (paced_part(RATIS_SHM_LOWERED, 'retention', 25, matched_ms('CREATE')), text),
    'shmlow.run-queue': (paced_part(RATIS_SHM_LOWERED, 'retention', 25, run_queue_wait), text),
    'shmclient.rate': (paced_part(RATIS_SHM_CLIENT, 'retention', 25, offered), n0),
    'shmclient.pairs': (paced_part(RATIS_SHM_CLIENT, 'retention', 25, pairs_with_work), text),
    'shmclient.p50': (paced_part(RATIS_SHM_CLIENT, 'retention', 25, matched('p50', ('CREATE', 'DELETE'))), text),
    'shmclient.create-ms': (paced_part(RATIS_SHM_CLIENT, 'retention', 25, matched_ms('CREATE')), text),
    'shmclient.run-queue': (paced_part(RATIS_SHM_CLIENT, 'retention', 25, run_queue_wait), text),
    'shmclient.client-run-queue': (paced_part(RATIS_SHM_CLIENT, 'retention', 25, client_run_queue), text),
    'shmclient.workers-run-queue': ((CLIENT_THREADS, lambda r: r['msPerOp']['pool-N-thread-N']['runQueue']),
                                    lambda v: f'{v[0]:.2f} ms against {v[1]:.2f} ms'),
    'shmclient.client-cpu': (paced_part(RATIS_SHM_CLIENT, 'retention', 25, client_cpu), text),
    'wall.page': ((COST_WALL, lambda result: COST_WALL.split('/')[0]),
                  lambda page: f'[its page]({RESULTS_LINK}{page}/report.md)'),
    'paced.busy.aa-pairs': (aa_of(COST_BUSY, 'busy', lambda aa: ', '.join(
        f'{op} {n}' for op, n in aa['pairsForTargetHalfWidth'].items() if n)), text),
    'paced.busy.page': ((COST_BUSY, lambda result: COST_BUSY.split('/')[0]),
                        lambda page: f'[its page]({RESULTS_LINK}{page}/report.md)'),
    'paced.retention.capacity': (at(COST_RETENTION, 'scenarios.retention.capacity.opsPerSecond'), n0),
    'paced.retention.table': (paced_table(COST_RETENTION), text),
    'paced.retention.idle': (paced_idle(COST_RETENTION, 'retention'), text),
    'paced.retention.aa-pairs': (aa_of(COST_RETENTION, 'retention', lambda aa: ', '.join(
        f'{op} {n}' for op, n in aa['pairsForTargetHalfWidth'].items())), text),
    'paced.retention.placebo-p50': (aa_of(COST_RETENTION, 'retention', lambda aa: ', '.join(
        f"{op} {interval(m['p50'])}" for op, m in aa['placebo']['operations'].items()
        if m['p50'].get('low') is not None)), text),
    'production.off.ops': (arm(PRODUCTION_ARMS, 'retention', 'off', 'client.opsPerSecond'), n0),
    'cost.table': (cost_table([PRODUCTION, COST, BUSY_FIX]), text),
    'fix.busy': (cost_of(BUSY_FIX, 'busy-range-r1', busy_fraction), f3),
    'fix.list-p99': (cost_of(BUSY_FIX, 'busy-range-r1', p99('LIST')), interval),
    'fix.delete-p99': (cost_of(BUSY_FIX, 'busy-range-r1', p99('DELETE')), interval),
    'fix.windows': (cost_of(BUSY_FIX, 'busy-range-r1', windows), text),
    'fix.allc.off.busy': (cost_of(BUSY_FIX, 'busy-off-r1', busy_fraction, 'compactionCost'), f3),
    'fix.seek': (range_vs_off(BUSY_FIX, 'busy', 'om.seekAvgUsRun'), x2),
    'fix.ops': (range_vs_off(BUSY_FIX, 'busy', 'client.opsPerSecond'), x2),
    'fix.list-p99-vs-off': (range_vs_off(BUSY_FIX, 'busy', 'client.operations.LIST.p99'), x2),
    'fix.delete-p99-vs-off': (range_vs_off(BUSY_FIX, 'busy', 'client.operations.DELETE.p99'), x2),
    'fix.compactions': (arm(BUSY_FIX, 'busy', 'range', 'om.rangeCompactions'), n0),
    'fix.flushes': (arm(BUSY_FIX, 'busy', 'range', 'om.rangeMemtableFlushes'), n0),
    'fix.write-mb': (arm(BUSY_FIX, 'busy', 'range', 'om.compactWriteMB'), n0),
    'fix.off.write-mb': (arm(BUSY_FIX, 'busy', 'off', 'om.compactWriteMB'), n0),
    'fix.seek-us': (arm(BUSY_FIX, 'busy', 'range', 'om.seekAvgUsRun'), n0),
    'fix.off.seek-us': (arm(BUSY_FIX, 'busy', 'off', 'om.seekAvgUsRun'), n0),
    'fixb.busy': (cost_of(BUSY_BOUND_FIX, 'busy-range-r1', busy_fraction), f3),
    'fixb.allc.busy': (cost_of(BUSY_BOUND_FIX, 'busy-range-r1', busy_fraction, 'compactionCost'), f3),
    'fixb.allc.reasons': (cost_of(BUSY_BOUND_FIX, 'busy-range-r1', reasons, 'compactionCost'), text),
    'fixb.allc.windows': (cost_of(BUSY_BOUND_FIX, 'busy-range-r1', windows, 'compactionCost'), text),
    'fixb.allc.list-p99': (cost_of(BUSY_BOUND_FIX, 'busy-range-r1', p99('LIST'), 'compactionCost'), interval),
    'fixb.allc.delete-p99': (cost_of(BUSY_BOUND_FIX, 'busy-range-r1', p99('DELETE'), 'compactionCost'), interval),
    'fixb.compactions': (arm(BUSY_BOUND_FIX, 'busy', 'range', 'om.rangeCompactions'), n0),
    'fixb.flushes': (arm(BUSY_BOUND_FIX, 'busy', 'range', 'om.rangeMemtableFlushes'), n0),
    'fixb.overlap-skips': (arm(BUSY_BOUND_FIX, 'busy', 'range', 'om.rangeSkippedOverlap'), n0),
    'fixb.write-mb': (arm(BUSY_BOUND_FIX, 'busy', 'range', 'om.compactWriteMB'), n0),
    'fixb.seek-us': (arm(BUSY_BOUND_FIX, 'busy', 'range', 'om.seekAvgUsRun'), n0),
    'cost.retention.busy': (cost_of(COST, 'retention-range-r1', busy_fraction), f3),
    'cost.busy.busy': (cost_of(BUSY, 'busy-range-r1', busy_fraction), f3),
    'cost.busy.list-p99': (cost_of(BUSY, 'busy-range-r1', p99('LIST')), interval),
    'cost.busy.windows': (cost_of(BUSY, 'busy-range-r1', windows), text),
    'busybound.windows': (cost_of(BUSY_BOUND, 'busy-range-r1', windows, 'compactionCost'), text),
    'busy.off.windows': (cost_of(BUSY, 'busy-off-r1', windows, 'compactionCost'), text),
    'busynice.windows': (cost_of(BUSY_NICE, 'busy-range-r1', windows), text),
    'cost.busy.seek': (range_vs_off(BUSY, 'busy', 'om.seekAvgUsRun'), x2),
    'cost.busy.ops': (range_vs_off(BUSY, 'busy', 'client.opsPerSecond'), x2),
    'cost.busy.list-p99-vs-off': (range_vs_off(BUSY, 'busy', 'client.operations.LIST.p99'), x2),
    'busynice.busy': (cost_of(BUSY_NICE, 'busy-range-r1', busy_fraction), f3),
    'busynice.list-p99': (cost_of(BUSY_NICE, 'busy-range-r1', p99('LIST')), interval),
    'busynice.delete-p99': (cost_of(BUSY_NICE, 'busy-range-r1', p99('DELETE')), interval),
    'cost.busy.delete-p99': (cost_of(BUSY, 'busy-range-r1', p99('DELETE')), interval),
    'busynice.seek-us': (arm(BUSY_NICE, 'busy', 'range', 'om.seekAvgUsRun'), n0),
    'busynice.ops': (arm(BUSY_NICE, 'busy', 'range', 'client.opsPerSecond'), n0),
    'busy.range.ops': (arm(BUSY, 'busy', 'range', 'client.opsPerSecond'), n0),
    'allc.off.busy': (cost_of(BUSY, 'busy-off-r1', busy_fraction, 'compactionCost'), f3),
    'allc.range.busy': (cost_of(BUSY, 'busy-range-r1', busy_fraction, 'compactionCost'), f3),
    'allcb.range.busy': (cost_of(BUSY_BOUND, 'busy-range-r1', busy_fraction, 'compactionCost'), f3),
    'allc.off.delete-p99': (cost_of(BUSY, 'busy-off-r1', p99('DELETE'), 'compactionCost'), interval),
    'allc.range.delete-p99': (cost_of(BUSY, 'busy-range-r1', p99('DELETE'), 'compactionCost'), interval),
    'allc.range.list-p99': (cost_of(BUSY, 'busy-range-r1', p99('LIST'), 'compactionCost'), interval),
    'allcb.range.delete-p99': (cost_of(BUSY_BOUND, 'busy-range-r1', p99('DELETE'), 'compactionCost'), interval),
    'allcb.range.list-p99': (cost_of(BUSY_BOUND, 'busy-range-r1', p99('LIST'), 'compactionCost'), interval),
    'allcb.range.reasons': (cost_of(BUSY_BOUND, 'busy-range-r1', reasons, 'compactionCost'), text),
    'allc.range.reasons': (cost_of(BUSY, 'busy-range-r1', reasons, 'compactionCost'), text),
    'busybound.compactions': (arm(BUSY_BOUND, 'busy', 'range', 'om.rangeCompactions'), n0),
    'busybound.overlap-skips': (arm(BUSY_BOUND, 'busy', 'range', 'om.rangeSkippedOverlap'), n0),
    'busybound.flushes': (arm(BUSY_BOUND, 'busy', 'range', 'om.rangeMemtableFlushes'), n0),
    'busybound.compact-write-mb': (arm(BUSY_BOUND, 'busy', 'range', 'om.compactWriteMB'), n0),
    'busy.off.compact-write-mb': (arm(BUSY, 'busy', 'off', 'om.compactWriteMB'), n0),
    'busy.range.compact-write-mb': (arm(BUSY, 'busy', 'range', 'om.compactWriteMB'), n0),
    'busybound.seek-us': (arm(BUSY_BOUND, 'busy', 'range', 'om.seekAvgUsRun'), n0),
    'busy.off.seek-us': (arm(BUSY, 'busy', 'off', 'om.seekAvgUsRun'), n0),
    'busy.range.seek-us': (arm(BUSY, 'busy', 'range', 'om.seekAvgUsRun'), n0),
    'busybound.busy': (cost_of(BUSY_BOUND, 'busy-range-r1', busy_fraction), f3),
    'cost.busy.list-coverage': (cost_of(BUSY, 'busy-range-r1', lambda c: c['placeboCoverage']['LIST'][0]),
                                lambda v: f'{v:.2f}'),
    'cost.p50-span': (cost_p50_span(COST, ('retention-range-r1', 'busy-range-r1')), text),
    'cost.placebo-span': ((COST, lambda result: [v[0] for r in result['runs'] if r.get('clientCost')
                                                 for v in r['clientCost']['placeboCoverage'].values()]),
                          lambda v: f'{min(v):.2f}-{max(v):.2f}'),
    'production.targets': (targets_table(PRODUCTION), text),
    'production.rerun.targets': (targets_table(PRODUCTION_RERUN), text),
    'interleaved.table': (interleaved_table(INTERLEAVED), text),
    'sweep1e7.okt-head.in-run': (db_ratio(SWEEP_1E7, 'seed', 'head openKeyTable', 'inRun'), x0),
    'sweep1e7.okt-head.at-end': (db_ratio(SWEEP_1E7, 'seed', 'head openKeyTable', 'atEnd'), x0),
    'db1e7.okt-head.in-run': (db_ratio(DB_1E7, 'seed', 'head openKeyTable', 'inRun'), x0),
    'db1e7.okt-head.at-end': (db_ratio(DB_1E7, 'seed', 'head openKeyTable', 'atEnd'), x0),
    'test-command.minutes': (test_command_runs(), lambda runs: minutes_spread(
        [r['wallSeconds'] for r in runs if r['exitCode'] == 0] or [r['wallSeconds'] for r in runs])),
    'test-command.runs': (test_command_runs(), test_command_text),
    'large.table': (arms_table(LARGE, ['seed', 'retention'], ['range', 'full'], LARGE_METRICS), text),
    'large.arms-minutes': (arms_wall(LARGE), minutes),
    'large.image-seconds': (at(LARGE, 'preload.buildSeconds'), n0),
    'large.full.table-seconds': (full_table_seconds(LARGE), text),
    'db1e6.seed.none.okt-head': (db_read(DB_1E6, 'seed', 'none', 'head openKeyTable'), ms),
    'db1e6.fso.none.oft-head': (db_read(DB_1E6, 'fso', 'none', 'head openFileTable'), ms),
    'db1e6.retention.none.list': (db_read(DB_1E6, 'retention', 'none', 'list'), ms),
    'db1e7.seed.none.okt-head': (db_read(DB_1E7, 'seed', 'none', 'head openKeyTable'), ms),
    'smoke.one-repeat-minutes': (per_repeat_wall(SMOKE), minutes),
    'smoke.p99-spread.median': (p99_repeat_spreads(SMOKE), lambda v: f'{statistics.median(v):.0%}'),
    'smoke.p99-spread.range': (p99_repeat_spreads(SMOKE), lambda v: f'{v[0]:.0%} to {v[-1]:.0%}'),
    'large.seed.seek': (range_vs_off(LARGE, 'seed', 'om.seekAvgUsRun'), x2),
    'large.retention.seek': (range_vs_off(LARGE, 'retention', 'om.seekAvgUsRun'), x2),
    'large.seed.full-writes-vs-range': (ratio(arm(LARGE, 'seed', 'full', 'om.compactWriteMB'),
                                              arm(LARGE, 'seed', 'range', 'om.compactWriteMB')), n0),
    'large.retention.full-writes-vs-range': (ratio(arm(LARGE, 'retention', 'full', 'om.compactWriteMB'),
                                                   arm(LARGE, 'retention', 'range', 'om.compactWriteMB')), n0),
    'master.table': (arms_table(MASTER, ['seed', 'retention'], ['range', 'full'], MASTER_METRICS), text),
    'master.bulk.table': (arms_table(MASTER, ['bulk-expire'], ['range', 'full'], BULK_METRICS), text),
    'master.arms-minutes': (arms_wall(MASTER), minutes),
    'master.commit': ((MASTER, lambda result: result['runs'][0]['dist']['checkoutCommit']), lambda sha: sha[:8]),
    **{f'master.{scenario}.{name}.{first}-vs-{second}': (repeat_ratios(MASTER, scenario, first, second, metric), spread)
       for scenario, name, metric, first, second in (
           ('seed', 'seek', 'om.seekAvgUsRun', 'range', 'off'), ('seed', 'seek', 'om.seekAvgUsRun', 'full', 'off'),
           ('retention', 'seek', 'om.seekAvgUsRun', 'range', 'off'),
           ('retention', 'seek', 'om.seekAvgUsRun', 'range', 'full'),
           ('retention', 'seek', 'om.seekAvgUsRun', 'off', 'range'),
           ('bulk-expire', 'obs-ms', 'bulkExpire.readers.list-obs.latencyMs', 'range', 'off'),
           ('seed', 'writes', 'om.compactWriteMB', 'full', 'range'),
           ('retention', 'writes', 'om.compactWriteMB', 'full', 'range'),
           ('bulk-expire', 'writes', 'om.compactWriteMB', 'full', 'range'))},
    **{f'master.bulk-expire.obs-skips.{name}': (arm(MASTER, 'bulk-expire', name,
                                                    'bulkExpire.readers.list-obs.iterSkips'), n0)
       for name in ('off', 'range', 'full')},
    'master.dists.without.minutes': (at(MASTER_DISTS, 'dists.without.buildMinutes'), lambda m: f'{m:.1f} minutes'),
    'master.dists.with.minutes': (at(MASTER_DISTS, 'dists.with.buildMinutes'), lambda m: f'{m:.1f} minutes'),
    'master.bulk-expire.deleted': (arm(MASTER, 'bulk-expire', 'off', 'bulkExpire.counts.deleted'), n0),
    'bulkcluster.deleted': (arm(BULK_CLUSTER, 'bulk-expire', 'off', 'bulkExpire.counts.deleted'), n0),
    'lifecycle.expired': (arm(LIFECYCLE, 's3-lifecycle', 'off', 'bulkExpire.counts.deleted'), n0),
    'lifecycle.objects': (arm(LIFECYCLE, 's3-lifecycle', 'off', 'bulkExpire.counts.objects'), n0),
    'lifecycle.arms-minutes': (arms_wall(LIFECYCLE), minutes),
    'status.lifecycle': (held(LIFECYCLE, lambda result: bulk_range_targets(result, 's3-lifecycle')), held_text),
    **{f'lifecycle.{name}.{arm_name}': (repeat_values(LIFECYCLE, 's3-lifecycle', arm_name, metric), each_n0)
       for name, metric in (('keytable', 'bulkExpire.tombstones.keyTable'),
                            ('okt', 'bulkExpire.tombstones.openKeyTable'),
                            ('skips', f'{LIFECYCLE_READER}.iterSkips'))
       for arm_name in ('off', 'range', 'full')},
    'lifecycle.om-ms.off': (arm(LIFECYCLE, 's3-lifecycle', 'off', f'{LIFECYCLE_READER}.latencyMs'), ms),
    'lifecycle.client-ms.off': (arm(LIFECYCLE, 's3-lifecycle', 'off', f'{LIFECYCLE_READER}.clientLatencyMs'), ms),
    **{f'lifecycle.writes-mb.{arm_name}': (arm(LIFECYCLE, 's3-lifecycle', arm_name, 'om.compactWriteMB'), mb1)
       for arm_name in ('range', 'full')},
    **{f'lifecycle.{name}.{first}-vs-off': (repeat_ratios(LIFECYCLE, 's3-lifecycle', first, 'off', metric), spread)
       for name, metric in (('om-ms', f'{LIFECYCLE_READER}.latencyMs'),
                            ('client-ms', f'{LIFECYCLE_READER}.clientLatencyMs'))
       for first in ('range', 'full')},
}


def test_command_problems(results=RESULTS):
    """Why the records cannot give README's time: fewer than MIN_TEST_COMMAND_RUNS, or one from a dirty tree."""
    records = test_command_records(results)
    found = [f'{len(records)} fresh-clone test command records, fewer than {MIN_TEST_COMMAND_RUNS}'] \
        if len(records) < MIN_TEST_COMMAND_RUNS else []
    return found + [f'{path}: made from a tree with uncommitted changes' for path, r in records.items()
                    if r.get('gitDirty') is not False]


def not_current(repo, texts):
    """The facts of CURRENT_ONLY documents that come from a page not measuring the current code, one line each;
    pages whose state needs history this checkout lacks are passed over (printed as such)."""
    found, states = [], {}
    for path, text in texts.items():
        if path.relative_to(repo).as_posix() not in CURRENT_ONLY:
            continue
        for match in MARKER.finditer(text):
            page = FACTS[match.group(1)][0][0]
            if page.endswith('/test-command.json'):
                continue
            if page not in states:
                states[page] = staleness.page_state(page, repo / 'docs' / 'results')
            if states[page].kind == 'no history':
                print(f'docs-from-results: staleness of {page} not checked: {states[page].why}', file=sys.stderr)
            elif states[page].kind != 'current':
                found.append(f'{path.relative_to(repo).as_posix()}: {match.group(1)} from {page}, {states[page]}')
    return found


def value_of(name, results_dir, cache):
    (page, get), fmt = FACTS[name]
    if page not in cache:
        cache[page] = json.loads((results_dir / page).read_text())
    return fmt(get(cache[page]))


def files(repo):
    return sorted({p for pattern in DOCS for p in repo.glob(pattern)})


def fill(text, results_dir, cache, unknown, doc_dir=None):
    """`text` with every fact's value; links of a fact to result pages are made relative to `doc_dir` (default: the
    results directory itself)."""
    prefix = os.path.relpath(results_dir, doc_dir).replace(os.sep, '/') + '/' if doc_dir else ''

    def replace(match):
        name = match.group(1)
        if name not in FACTS:
            unknown.append(name)
            return match.group(0)
        return f'<!--fact {name}-->{value_of(name, results_dir, cache).replace(RESULTS_LINK, prefix)}<!--/fact-->'
    return MARKER.sub(replace, text)


def broken_links(path, text):
    """The relative links of a document that lead to no file (Hugo's `{{< ref ... >}}` in upstream's site is Hugo's
    to resolve)."""
    return [m.group(1) for m in LINK.finditer(text)
            if '://' not in m.group(1) and not m.group(1).startswith(('mailto:', '{{'))
            and not (path.parent / m.group(1)).exists()]


def main(argv=None):
    check = generated.check_mode(sys.argv[1:] if argv is None else argv)
    if check is None:
        return 2
    repo, results_dir = generated.REPO, generated.RESULTS
    cache, unknown, broken, texts = {}, [], [], {}
    for path in files(repo):
        texts[path] = fill(path.read_text(), results_dir, cache, unknown, path.parent)
        broken += [f'{path.relative_to(repo).as_posix()}: {link}' for link in broken_links(path, texts[path])]
    if unknown:
        print(f'docs-from-results: no fact named {", ".join(sorted(set(unknown)))} (scripts/abbench/docfacts.py)',
              file=sys.stderr)
        return 1
    if broken:
        print(f'docs-from-results: links to no file: {"; ".join(broken)}', file=sys.stderr)
        return 1
    unused = unused_facts(texts.values())
    if unused:
        print(f'docs-from-results: facts no document uses: {", ".join(unused)} (scripts/abbench/docfacts.py)',
              file=sys.stderr)
        return 1
    old = not_current(repo, texts) + test_command_problems(results_dir)
    if old:
        print('docs-from-results: README states what the fork does now, from pages of the current code; rerun these '
              'or take their numbers out:\n' + '\n'.join(old), file=sys.stderr)
        if check:
            return 1
    typed = docnumbers.problems(repo, {path.relative_to(repo).as_posix(): text for path, text in texts.items()})
    if typed:
        print(f'docs-from-results: {len(typed)} numbers in prose that no fact marker, code span, identifier, '
              f'configuration default or line of {docnumbers.ALLOWED} accounts for (scripts/abbench/docnumbers.py):\n'
              + '\n'.join(typed), file=sys.stderr)
        return 1
    return generated.sync(texts, check, 'Facts written')


def unused_facts(texts):
    """The facts of FACTS that none of the texts marks: a figure the docs dropped, left to read its JSON for no one."""
    used = {m.group(1) for text in texts for m in MARKER.finditer(text)}
    return sorted(set(FACTS) - used)


if __name__ == '__main__':
    sys.exit(main())
