"""report.md of a results folder, and the side-by-side comparison of two folders."""

import math
import statistics
from dataclasses import dataclass

from harness import envelope
from . import bulkexpire, clientcost, scenarios, segments, summary, verdict
from .scenarios import ARMS, SCENARIOS


@dataclass(frozen=True)
class Row:
    label: str
    path: str
    digits: int = 1
    better: str = 'lower'  # 'lower', 'higher', or '' (information only)


def _op_rows(op):
    base = f'client.operations.{op}'
    return [Row(f'{op} ops/s', f'{base}.opsPerSecond', 0, 'higher'), Row(f'{op} mean (ms)', f'{base}.mean'),
            Row(f'{op} p50 (ms)', f'{base}.p50'), Row(f'{op} p95 (ms)', f'{base}.p95'),
            Row(f'{op} p99 (ms)', f'{base}.p99'), Row(f'{op} max (ms)', f'{base}.max'),
            Row(f'{op} p99 per interval, median (ms)', f'client.intervals.{op}.p99Median'),
            Row(f'{op} p99 per interval, worst (ms)', f'client.intervals.{op}.p99Max'),
            Row(f'{op} p99 per interval, worst while full compaction ran (ms)',
                f'client.intervals.{op}.p99MaxDuringFullCompaction', 1, '')]


ROWS = ([Row('client ops/s', 'client.opsPerSecond', 0, 'higher'), Row('client failures', 'client.failures', 0, '')]
        + [row for op in ('CREATE', 'DELETE', 'LIST', 'DELETEDIR') for row in _op_rows(op)]
        + [Row('OM seek average, whole run (us)', 'om.seekAvgUsRun'),
           Row('OM seek p99, whole run (us)', 'om.seekP99UsRun'),
           Row('OM seek max (us)', 'om.seekMaxUsRun', 0),
           Row('OM seek average per interval, median (us)', 'om.seekAvgUsWindowP50'),
           Row('OM seek average per interval, p95 (us)', 'om.seekAvgUsWindowP95'),
           Row('OM seek average, last interval (us)', 'om.seekAvgUsWindowLast'),
           Row('iterator skips per operation', 'om.iterSkipsPerOp'),
           Row('iterator skips per seek', 'om.iterSkipsPerSeek'),
           Row('OM get average, whole run (us)', 'om.getAvgUsRun', 2),
           Row('compaction read (MB)', 'om.compactReadMB'),
           Row('compaction write (MB)', 'om.compactWriteMB'),
           Row('flush write (MB)', 'om.flushWriteMB'),
           Row('write stall (ms)', 'om.writeStallMs'),
           Row("OM's CPU, cores busy on average", 'om.omCpuCores', 2),
           Row("OM's resident memory, max (MB)", 'om.omRssMBMax', 0),
           Row('full compaction passes while the client ran', 'fullCompaction.passesDuringClient', 0, ''),
           Row('full compaction running while the client ran (s)', 'fullCompaction.busySecondsDuringClient', 1, ''),
           Row('longest full compaction of one table (s)', 'fullCompaction.tableSecondsMax', 1, ''),
           Row('SST size at end (MB)', 'om.sstMBEnd', 2),
           Row('SST size max (MB)', 'om.sstMBMax', 2),
           Row('keyTable estimated keys at end', 'om.keyTableKeysEnd', 0, ''),
           Row('openKeyTable estimated keys at end', 'om.openKeyTableKeysEnd', 0, ''),
           Row('deletedTable estimated keys at end', 'om.deletedTableKeysEnd', 0, ''),
           Row('ranges compacted (range service)', 'om.rangeCompactions', 0, ''),
           Row('memtables flushed (range service)', 'om.rangeMemtableFlushes', 0, ''),
           Row('head probes, seeks (range service)', 'om.rangeHeadProbes', 0, ''),
           Row('looks while OM was idle (range service)', 'om.rangeIdleLooks', 0, ''),
           Row('ranges compacted while OM was idle (range service)', 'om.rangeIdleCompactions', 0, ''),
           Row('compactions put off for write pressure (range service)', 'om.rangeSkippedWritePressure', 0, ''),
           Row('ranges passed over for the files under them (range service)', 'om.rangeSkippedOverlap', 0, ''),
           Row('memtables not flushed again, their table as the latest flush left it (range service)',
               'om.rangeSkippedUnchangedSinceFlush', 0, ''),
           Row('runs ended for slow client requests (range service)', 'om.rangeSkippedForegroundLatency', 0, '')])


def _reader_rows(reader, what):
    base = f'bulkExpire.readers.{reader}'
    return [Row(f'{what}: latency at OM (ms)', f'{base}.latencyMs'),
            Row(f'{what}: latency at the client (ms)', f'{base}.clientLatencyMs', 1, ''),
            Row(f'{what}: iterator skips', f'{base}.iterSkips', 0),
            Row(f'{what}: seeks', f'{base}.seeks', 0, ''), Row(f'{what}: entries listed', f'{base}.listed', 0, ''),
            Row(f'{what}: seconds between the /prom readings around it', f'{base}.windowSeconds', 1, '')]


# A scenario of a bulk delete and quiet (bulk-expire, s3-expiry) has no client mix: its rows are its readers', the
# tombstones left, and OM's work (the series runs from the first phase to the readers' end).
def phased_rows(plan):
    return (
        [row for reader in plan.readers_about for row in _reader_rows(*reader)]
        + [Row(f'tombstones left, {t}', f'bulkExpire.tombstones.{t}', 0) for t in bulkexpire.SERVICE_TABLES]
    + [Row("tombstones left, the service's tables", 'bulkExpire.tombstonesServiceTables', 0),
       Row("SST tombstones at the end of the quiet period, the service's tables (OM's /prom, memtables not counted)",
           'bulkExpire.sstTombstonesAtQuietEndServiceTables', 0, ''),
       Row("iterator skips of OM's own services during the quiet period", 'bulkExpire.quietIterSkips', 0, ''),
       Row('compaction write, first phase to the readers\' end (MB)', 'bulkExpire.compactWriteMB'),
       Row('compaction write during the quiet period (MB)', 'bulkExpire.compactWriteMBQuiet'),
       Row("range service's last work, s after the quiet period began", 'bulkExpire.serviceWorkEndS', 0, ''),
       Row('ranges compacted (range service)', 'om.rangeCompactions', 0, ''),
       Row('memtables flushed (range service)', 'om.rangeMemtableFlushes', 0, ''),
       Row('flush write (MB)', 'om.flushWriteMB'),
       Row('write stall (ms)', 'om.writeStallMs'),
       Row("OM's CPU, cores busy on average", 'om.omCpuCores', 2),
       Row('full compaction passes', 'fullCompaction.passesDuringClient', 0, ''),
       Row('SST size at the readers\' end (MB)', 'om.sstMBEnd', 2),
       Row('load: seconds of its phases', 'bulkExpire.loadSeconds', 1, '')])


def rows_of(scenario):
    """The rows of a scenario's table."""
    return phased_rows(SCENARIOS[scenario].plan) if SCENARIOS[scenario].phased else ROWS


def metrics_of(scenario):
    """The key metrics of a scenario's verdict."""
    return SCENARIOS[scenario].plan.key_metrics if SCENARIOS[scenario].phased else verdict.KEY_METRICS


def _num(value, digits):
    return f'{value:,.{digits}f}' if abs(value) >= 1 or digits == 0 or value == 0 else f'{value:.3g}'


def _cell(agg, base, row, repeats):
    if agg is None:
        return '–'
    median, low, high = agg
    text = _num(median, row.digits)
    if repeats > 1:
        text += f' [{_num(low, row.digits)}–{_num(high, row.digits)}]'
    r = verdict.ratio(median, base[0]) if base else None
    if r is not None and row.better:
        text += ' (–)' if r == float('inf') else f' ({r:.2f}x)'
    return text


def table(by_arm, repeats, baseline='off', rows=None):
    arms = list(by_arm)
    lines = ['| metric | ' + ' | '.join(arms) + ' |', '|---|' + '---|' * len(arms)]
    for row in rows or ROWS:
        aggs = {arm: summary.aggregate(by_arm[arm], row.path) for arm in arms}
        if all(a is None for a in aggs.values()):
            continue
        base = aggs.get(baseline)
        cells = [_cell(aggs[arm], None if arm == baseline else base, row, repeats) for arm in arms]
        lines.append(f'| {row.label} | ' + ' | '.join(cells) + ' |')
    return lines


def key_values(by_arm, metrics=None):
    """{key metric label: {arm: (value, low, high)}} for the verdict: over the repeats of an arm that ran more than
    once (median, min, max), over the segments of one that ran once (its value, the lowest and highest segment:
    segments.py), or a single run's value alone when it was not cut."""
    return {m.label: {arm: _spread(runs, m.path) for arm, runs in by_arm.items()}
            for m in metrics or verdict.KEY_METRICS}


def _spread(runs, path):
    cut = segments.spread(runs[0], path) if len(runs) == 1 else None
    return cut or summary.aggregate(runs, path)


def noise_source(by_arm):
    """What the verdict's spreads are: 'repeats', 'segments' or 'none' (single runs, not cut)."""
    if all(len(runs) > 1 for runs in by_arm.values()):
        return 'repeats'
    if all(len(runs) == 1 and runs[0].get('segments') for runs in by_arm.values()):
        return 'segments'
    return 'none'


# The median of n pairs varies sqrt(pi/2) times as much as their mean (normally distributed ratios), and 1.96 of
# those standard errors on either side hold the true median with 95% confidence.
_MEDIAN_CI95 = 1.96 * math.sqrt(math.pi / 2)


def repeats_needed(log_ratios):
    """How many pairs would hold the median ratio within NOISE either way (95%), if pairs varied as these did; None
    for fewer than three pairs, whose spread says too little."""
    if len(log_ratios) < 3:
        return None
    return math.ceil((_MEDIAN_CI95 * statistics.stdev(log_ratios) / math.log1p(verdict.NOISE)) ** 2)


def paired(by_arm, baseline='off', metrics=None):
    """Rows (metric, arm, [ratio per repeat], median ratio, repeats needed) of each arm's run against the baseline's
    run of the same repeat, which ran next to it; pairs with a zero or missing value are left out."""
    base = {run.get('repeat'): run for run in by_arm.get(baseline, [])}
    rows = []
    for metric in metrics or verdict.KEY_METRICS:
        for arm, runs in by_arm.items():
            if arm == baseline:
                continue
            ratios = []
            for run in runs:
                mine, theirs = summary.lookup(run, metric.path), summary.lookup(base.get(run.get('repeat')),
                                                                                metric.path)
                if mine and theirs:
                    ratios.append(mine / theirs)
            if len(ratios) >= 2:
                rows.append((metric.label, arm, ratios, statistics.median(ratios),
                             repeats_needed([math.log(r) for r in ratios])))
    return rows


def paired_lines(by_arm, baseline='off', metrics=None):
    """The report's section on the repeats as pairs, or nothing with fewer than two repeats of an arm and off."""
    rows = paired(by_arm, baseline, metrics)
    if not rows:
        return []
    lines = ['### Repeats as pairs', '',
             f'Each repeat\'s run of an arm against the `{baseline}` run of the same repeat, which ran next to it. '
             f'The last column is how many such pairs would hold the median ratio within {verdict.NOISE:.0%} either '
             'way (95%) if pairs varied as these did (from three pairs on): where it exceeds the repeats run, the '
             'median ratio above is not known to that precision.', '',
             f'| metric | arm | arm/{baseline} per repeat | median | repeats for ±{verdict.NOISE:.0%} |',
             '|---|---|---|---|---|']
    for label, arm, ratios, median, needed in rows:
        lines.append(f'| {label} | {arm} | {", ".join(f"{r:.2f}x" for r in ratios)} | {median:.2f}x | '
                     f'{"–" if needed is None else needed} |')
    return lines + ['']


def _all_phased(settings):
    names = settings.get('scenarios') or []
    return bool(names) and all(SCENARIOS[name].phased for name in names)


def _setup(result):
    s = result['settings']
    m = result['machine']
    default_mb = scenarios.OM_WRITE_BUFFER_BYTES >> 20
    default_buffer = f'{default_mb}MB (OM default)'
    fraction = f"1/{round(1 / s.get('intervalFraction', scenarios.FULL_INTERVAL_FRACTION))}"
    lines = ['## Setup', '',
             f"- Machine: {m.get('cores')} cores, {m.get('memoryGiB')} GiB, load average at start "
             f"{m.get('loadAverageAtStart')}, {m.get('os')}; Java: {m.get('java')}; Ozone: {m.get('ozoneVersion')}; "
             f"this project at git commit {envelope.commit_text(result)}.",
             f"- Command: `{' '.join(result['commandLine'])}`",
             f"- Per arm: a fresh local cluster (`scripts/cluster`: 1 SCM, 1 OM, 3 datanodes"
             + (", an S3 gateway" if any(SCENARIOS[n].s3g for n in s.get('scenarios') or []) else '') + "), then "
             + ("the scenario's load (below)" if _all_phased(s) else
                f"`ozone freon omkeybench` with {s['ops']:,} operations")
             + f", {s['threads']} threads, seed {s['seed']}; OM's `/prom` "
             f"sampled every {s['scrapeIntervalS']} s while the client runs. Repeats: {s['repeat']} "
             f"(arms interleaved); with more than one, cells show the median and [min–max].",
             f"- OM's RocksDB memtables: {s.get('writeBuffer') or default_buffer} per table in every arm "
             f'(`{scenarios.WRITE_BUFFER_KEY}`).',
             f"- Arms (RocksDB statistics `{', '.join(scenarios.STATISTICS_CONF)}` in every arm):"]
    if result.get('preload'):
        lines.insert(-1, _preload_line(result['preload']))
    dists = {run['arm']: run.get('dist') for run in result['runs']}
    lines += [f'  - `{arm}`: {scenarios.describe_arm(arm)}{_dist_text(dists.get(arm))}' for arm in s['arms']]
    lines += [f"- {SCENARIOS[name].plan.describe(s['ops'], s.get('quietSeconds', 60))}"
              for name in s.get('scenarios', []) if SCENARIOS[name].phased]
    lines += [f'- Upstream\'s full compaction and the prototype run every {fraction} of the run length (the '
              f'prototype\'s reference run: 1 h in a 15 h run), at least {scenarios.MIN_INTERVAL_S} s, from OM\'s start on (upstream queues a '
              'pass every interval, behind a pass still running; the passes and the seconds of full compaction while '
              'the client ran, from OM\'s log, are in the table; the time charts shade them); our range service '
              f'looks every second and acts on what RocksDB wrote. With memtables smaller than OM\'s {default_mb} MB, '
              'the tombstone count '
              f'of range and prototype (`{scenarios.MIN_TOMBSTONES_KEY}`) scales down with them. The values of each '
              'run are in `summary.json` (`omConf`).', '']
    return lines


def _dist_text(dist):
    """Where an arm's cluster ran from, when not from this repository's build (ab-bench arms --dist)."""
    if not dist:
        return ''
    if 'checkoutCommit' not in dist:
        return f"; its cluster ran from `{dist['path']}`"
    series = dist.get('series')
    made = (f"with the series ({series['patches']} patches, this repository at {series['forkCommit']})" if series
            else 'without the series')
    return f"; its cluster ran from apache/ozone at {dist['checkoutCommit']}, {made} (`{dist['path']}`)"


def _preload_line(p):
    how = 'cached from an earlier run' if p['cached'] else 'built by this run'
    return (f"- Preloaded OM: every arm's cluster starts from a copy of one stopped cluster whose OM holds "
            f"{p['keys']:,} zero-size keys in `/{p['volume']}/{p['bucket']}` ({p['layout']}), beside the workload's "
            f"bucket; OM DB {p['omDbBytes'] / 2**20:,.1f} MB; base image {how} ({p['buildSeconds']} s: "
            f"{p['clusterSeconds']} s of cluster, {p['fillSeconds']} s writing the keys offline)"
            + (f"; beside them the tombstone history of `/{p['volume']}/{p['churnedBucket']}`, {p['churnOps']:,} "
               f"operations of churn served by the real OM ({p['churnSeconds']} s of the cluster's time)"
               if p.get('churnOps') else '') + '.')


def _charts(scenario, files):
    return [f'![{f.stem}](charts/{scenario}/{f.name})' for f in files]


NOISE_TEXT = {
    'repeats': f'Noise: the repeats. Two arms differ only where their repeats do not overlap and their medians differ '
               f'by more than {verdict.NOISE:.0%}.',
    'segments': f'Noise: each arm ran once, so each run is cut into {segments.SEGMENTS} consecutive segments of equal '
                f'time, each metric measured in each (segments.py). Two arms differ only where their values differ '
                f'by more than {verdict.NOISE:.0%} and one is more than {verdict.NOISE:.0%} above the other in every '
                f'segment, the k-th of one run against the k-th of the other (the same phase of the same load). It '
                f'is not a confidence interval. Compaction '
                f'bytes and write stall, totals of bursty work, and a metric with a part of the run that saw no new '
                f'sample have no segments: they are compared on their values alone.',
    'none': f'Noise: not measured (single runs, not cut into segments); differences under {verdict.NOISE:.0%} count '
            f'as no clear difference, larger ones may still be noise.',
}


def render(result, chart_files):
    """The report's Markdown; `chart_files` maps a scenario to its PNG paths."""
    status = result['status']
    lines = ['# A/B benchmark: range compaction vs none vs periodic full compaction', '']
    if status != 'complete':
        lines += [f"**PARTIAL RESULTS**: {result.get('reason')}. Arms that did not finish are marked in "
                  '`summary.json` (`status`).', '']
    lines += _setup(result)
    repeats = result['settings']['repeat']
    for scenario, by_arm in summary.group_runs(result['runs']).items():
        metrics = metrics_of(scenario)
        lines += [f'## Scenario `{scenario}`', '', SCENARIOS[scenario].about + '.', '']
        if SCENARIOS[scenario].phased:
            lines += _bulk_expire_load(by_arm)
        else:
            lines += ['`' + next(r['freonCommand'] for arms in by_arm.values() for r in arms) + '`', '']
        # Without an off arm (two settings of the service side by side), the ratios are against the first arm.
        baseline = 'off' if 'off' in by_arm else next(iter(by_arm))
        lines += ['### Verdict', '']
        lines += [f'- {line}' for line in verdict.scenario_verdict(key_values(by_arm, metrics), baseline, metrics)]
        lines += ['', NOISE_TEXT[noise_source(by_arm)] + f' Ratios are against `{baseline}`; lower is better except '
                  'for ops/s.', '']
        if SCENARIOS[scenario].phased:
            lines += _bulk_expire_targets(SCENARIOS[scenario].plan, by_arm)
        lines += ['### Numbers', '']
        lines += table(by_arm, repeats, baseline, rows=rows_of(scenario))
        lines += [''] + paired_lines(by_arm, baseline, metrics)
        for arm, runs in by_arm.items():
            for r in runs:
                if r.get('clientCost'):
                    lines += clientcost.render(r['clientCost'], f"### Cost to clients while the service works: "
                                                                f"`{r['id']}`")
                if r.get('compactionCost'):
                    lines += clientcost.render(r['compactionCost'], f"### Client operations during any compaction "
                                                                    f"of OM's RocksDB: `{r['id']}`",
                                               worker="Compactions of OM's RocksDB",
                                               work_of="a compaction of OM's RocksDB (its own or a manual one)")
        lines += ['### Charts', '']
        lines += _charts(scenario, chart_files.get(scenario, []))
        lines.append('')
    lines += ['## Load on the machine', '', '| run | wall time (s) | load average at start | at end |',
              '|---|---|---|---|']
    lines += [f"| `{r['id']}` | {r.get('wallSeconds')} | {r.get('loadAverageAtStart')} | {r.get('loadAverageAtEnd')} |"
              for r in result['runs']]
    lines += ['', 'Arms that ran under very different load are not comparable; rerun them, or use `--repeat`.', '']
    profiled = [r for r in result['runs'] if r.get('omFlamegraph')]
    if profiled:
        lines += ['## Profiles', '', "OM's CPU flamegraph per run (async-profiler, from OM's start to its stop):", '']
        lines += [f"- `{r['id']}`: [{r['omFlamegraph']}]({r['omFlamegraph']})" for r in profiled]
        lines.append('')
    failed = [r for r in result['runs'] if r['status'] != 'ok']
    if failed:
        lines += ['## Runs that did not finish', '']
        lines += [f"- `{r['id']}`: {r['status']}: {r.get('error')}" for r in failed]
        lines.append('')
    return '\n'.join(lines)


def _bulk_expire_load(by_arm):
    """bulk-expire's commands (the same in every arm) and what its numbers mean."""
    run = next((r for arms in by_arm.values() for r in arms if r.get('bulkExpire')), None)
    if run is None:
        return ['No arm got through its load (see `summary.json`).', '']
    bulk = run['bulkExpire']
    lines = ['Each arm, on its fresh cluster, in order:', '']
    lines += [f"1. `{p['command']}`" for p in bulk['phases']]
    lines += [f"1. no client for {bulk['quietSeconds']} s (the quiet period);",
              "1. the tombstones left per table: a copy of OM's DB as it is (`scripts/cluster checkpoint --om om`, "
              "memtables in the copied WAL), read with `ozone debug range-stats --heads`;"]
    lines += [f"1. `{r['command']}`" for r in bulk['readers'].values()]
    lines += ['',
              "A listing's latency is OM's (`om_client_protocol_time` of its list requests, whole milliseconds; the "
              "client's is in the table too: for freon a fresh JVM's first call, for boto3 the page after a "
              "HeadBucket that set up the connection). Its iterator skips are the growth of OM's "
              "`rocksdb_om_db_number_iter_skip` between the refresh of `/prom` before it and the one after it; OM's "
              "own services add theirs to that window (the table shows how many they added over the whole quiet "
              "period). OM's `/prom` counts no tombstone in memtables, where a bulk delete smaller than them stays; "
              "hence the copy, which counts both.", '']
    return lines


def _bulk_expire_targets(plan, by_arm, baseline='off'):
    """Each arm's targets: met or not, from the numbers."""
    lines = ['### Targets', '',
             'What the range service is to reach after the quiet period (the change that reaches them lands '
             f'separately); each arm against `{baseline}` (and compaction bytes against `full`), medians over repeats:',
             '', '| arm | target | value | bound | met |', '|---|---|---|---|---|']
    rows = [(arm, *t) for arm in by_arm if arm != baseline for t in bulkexpire.targets(plan, by_arm, arm, baseline)]
    if not rows:
        return lines[:2] + [f'Not measured: the targets need `{baseline}` and another arm.', '']
    lines += [f'| `{arm}` | {label} | {_num(value, 1)} | {_num(bound, 1)} | {"yes" if met else "**no**"} |'
              for arm, label, value, bound, met in rows]
    return lines + ['']


def render_comparison(first, second, first_dir, second_dir):
    """Two results side by side: per scenario and arm, each metric of both and the ratio second/first."""
    lines = ['# A/B benchmark: comparison of two result folders', '',
             f'- A: `{first_dir}` (commit {envelope.commit_text(first)}, {first["settings"]["ops"]:,} ops, '
             f'{first["machine"].get("cores")} cores)',
             f'- B: `{second_dir}` (commit {envelope.commit_text(second)}, {second["settings"]["ops"]:,} ops, '
             f'{second["machine"].get("cores")} cores)', '']
    a_runs, b_runs = summary.group_runs(first['runs']), summary.group_runs(second['runs'])
    for scenario in [s for s in a_runs if s in b_runs]:
        lines += [f'## Scenario `{scenario}`', '']
        for arm in [a for a in a_runs[scenario] if a in b_runs[scenario]]:
            lines += [f'### Arm `{arm}`', '', '| metric | A | B | B/A |', '|---|---|---|---|']
            for row in rows_of(scenario):
                a = summary.aggregate(a_runs[scenario][arm], row.path)
                b = summary.aggregate(b_runs[scenario][arm], row.path)
                if a is None and b is None:
                    continue
                r = verdict.ratio(b[0], a[0]) if a and b else None
                lines.append(f'| {row.label} | {_num(a[0], row.digits) if a else "–"} | '
                             f'{_num(b[0], row.digits) if b else "–"} | '
                             f'{"–" if r is None or r == float("inf") else f"{r:.2f}x"} |')
            lines.append('')
    only = sorted(set(a_runs) ^ set(b_runs))
    if only:
        lines += [f'Scenarios in only one folder: {", ".join(only)}.', '']
    return '\n'.join(lines)
