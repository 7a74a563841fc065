"""The comparison page of db-bench's RocksDB options arms (what an operator can set in OM's DB options file)
against OM's arms: docs/results/<folder>/options-arms.md, generated from the folder's db-bench runs, named in its
options-arms.json ({"runs": ["1e6", ...]}: subfolders holding a db-bench.json each).

One table per run and scenario, an arm per row, side by side: each read's mean latency and skips (sampled during the
replay, or for a bulk scenario the first read after the quiet period), compaction bytes read and written, live SST
bytes at the end, write stall time. Then the issue's targets, each met or missed with its numbers: range's reads at
or below every tuning arm's at fewer compaction bytes, and at most half of read-triggered compaction's.

`python3 -m abbench.optionsarms [--check]` (scripts/docs-from-results). Standard library only.
"""

import json
import sys

from harness import envelope
from . import generated

SPEC = 'options-arms.json'
PAGE = 'options-arms.md'
OM_ARMS = ('off', 'prototype', 'range', 'full', 'floor')
READ_TRIGGERED = 'read-triggered-'
# The read-triggered target: range's reads at most this fraction of its reads.
READ_TRIGGERED_RATIO = 0.5
# One run per arm: a latency ratio within this of the target's bound is within the machine's noise, not a verdict.
NOISE = 0.10


def om_arm(name):
    """Whether an arm is one of OM's rather than a tuning arm: off on another RocksDB (off@master) is OM's options
    with nothing added there, the baseline of that RocksDB's arms."""
    return name.split('@')[0] in OM_ARMS


def _reads(arm, bulk):
    """Read name -> (mean ms, mean skips): the first reads after the quiet period in a bulk scenario, the in-run
    samples in the others."""
    stats = ((arm.get('quiet') or {}).get('firstReads') or {}) if bulk else arm.get('inRun') or {}
    return {name: (s['meanMs'], s['meanSkips']) for name, s in stats.items()}


def compaction_bytes(arm):
    """RocksDB's compaction bytes read and written over an arm's run (db-bench.json)."""
    return (arm.get('compactReadBytes') or 0) + arm['compactWriteBytes']


def _fmt(value, digits=2):
    if value is None:
        return '–'
    if abs(value) >= 1000:
        return f'{value:,.0f}'
    return f'{value:.{digits}f}'


def _table(out, scenario, arms, bulk):
    reads = []
    for arm in arms:
        for name in _reads(arm, bulk):
            if name not in reads:
                reads.append(name)
    header = ['arm'] + [f'{r} ms' for r in reads] + [f'{r} skips' for r in reads] + [
        'compaction MB read', 'compaction MB written', 'of it, MB of files RocksDB marked, periodic or ttl',
        'live SST MB', 'write stall s']
    out.append('| ' + ' | '.join(header) + ' |')
    out.append('|---' * len(header) + '|')
    for arm in arms:
        got = _reads(arm, bulk)
        cells = [arm['arm']] + [_fmt(got.get(r, (None, None))[0]) for r in reads] + [
            _fmt(got.get(r, (None, None))[1], 0) for r in reads]
        triggered = arm.get('triggeredCompactionBytes')
        cells += [_fmt((arm.get('compactReadBytes') or 0) / 1e6, 1), _fmt(arm['compactWriteBytes'] / 1e6, 1),
                  _fmt(sum(triggered.values()) / 1e6 if triggered is not None else None, 1),
                  _fmt(arm['liveSstBytes'] / 1e6 if arm.get('liveSstBytes') is not None else None, 1),
                  _fmt(arm['stallMicros'] / 1e6 if arm.get('stallMicros') is not None else None, 2)]
        out.append('| ' + ' | '.join(cells) + ' |')


def targets(runs):
    """The targets' verdicts: a list of (target, met, numbers), one per (run, scenario, tuning arm)."""
    rows = []
    for run_name, result in runs:
        for scenario, arms in result['scenarios'].items():
            bulk = bool(arms) and arms[0].get('quiet') is not None
            by = {a['arm']: a for a in arms}
            if 'range' not in by:
                continue
            rng = by['range']
            rng_reads = _reads(rng, bulk)
            for name, arm in by.items():
                if om_arm(name):
                    continue
                reads = _reads(arm, bulk)
                ratios = {r: rng_reads[r][0] / reads[r][0] for r in rng_reads if r in reads and reads[r][0] > 0}
                worst = max(ratios.values()) if ratios else None
                read_triggered = name.startswith(READ_TRIGGERED)
                bound = READ_TRIGGERED_RATIO if read_triggered else 1
                if worst is None:
                    reads = 'no reads'
                elif worst > bound * (1 + NOISE):
                    reads = 'missed'
                elif worst < bound * (1 - NOISE):
                    reads = 'met'
                else:
                    reads = 'no verdict'
                fewer_bytes = compaction_bytes(rng) <= compaction_bytes(arm)
                verdict = 'met' if reads == 'met' and fewer_bytes else 'missed' if reads == 'missed' or (
                    reads == 'met' and not fewer_bytes) else 'no verdict'
                wins = ', '.join(f'{r} {v:.2f}x' for r, v in ratios.items() if v > 1)
                rows.append({'run': run_name, 'scenario': scenario, 'arm': name,
                             'bound': f'{bound}x' if read_triggered else "the arm's", 'reads': reads,
                             'bytes': 'met' if fewer_bytes else 'missed', 'verdict': verdict, 'worstReadRatio': worst,
                             'rangeMB': compaction_bytes(rng) / 1e6, 'armMB': compaction_bytes(arm) / 1e6,
                             'armWins': wins})
    return rows


def load_runs(folder):
    """[(run, its db-bench.json)] of a comparison folder, in the order its spec names them."""
    spec = json.loads((folder / SPEC).read_text())
    return [(name, json.loads((folder / name / 'db-bench.json').read_text())) for name in spec['runs']]


def render(folder):
    runs = load_runs(folder)
    out = ['# RocksDB options an operator would set, against the range compaction service', '',
           f'Generated by `scripts/docs-from-results` from the db-bench runs below ({SPEC}); do not edit. Each arm '
           'of the catalogue `hadoop-ozone/db-bench/src/main/resources/rocksdb-options-arms.properties` is RocksDB '
           "options and nothing else, as an operator would put them in a DB options file (OM 2.2.1 reads none for its "
           'DB: see the design, "What an operator can do without this service"); OM\'s arms are off (RocksDB alone), '
           "the prototype, range (this project's service) and full (upstream's periodic full compaction); an arm named "
           "ARM@ROCKSDB ran on that RocksDB (master: apache/ozone master's; its note says which version), off@ROCKSDB "
           "being OM's options with nothing added there. Reads: mean "
           'ms and iterator skips per read, sampled during the replay (seed, retention) or the first read after '
           'the quiet period (bulk scenarios). Skips are machine-independent; latencies move with the machine.', '']
    for name, result in runs:
        out.append(f"- [{name}]({name}/db-bench.md): `{' '.join(result['commandLine'] or ['–'])}` at commit "
                   f"{envelope.commit_text(result)}, started {result['startedAt'] or '–'}, "
                   f"{_fmt((result['wallSeconds'] or 0) / 60, 1)} min wall, "
                   f"{(result['machine'] or {}).get('cores', '–')} cores")
    for name, result in runs:
        for scenario, arms in result['scenarios'].items():
            bulk = bool(arms) and arms[0].get('quiet') is not None
            out += ['', f"## {scenario}, {result['settings']['ops']:,} operations ({name})", '']
            workload = result['settings'].get('workloads', {}).get(scenario)
            if workload:
                out += [f'Workload: {workload}.', '']
            _table(out, scenario, arms, bulk)
            notes = [a for a in arms if a['arm'] not in OM_ARMS and a.get('note')]
            if notes:
                out.append('')
                out += [f"- {a['arm']}: {a['note']}" for a in notes]
    rows = targets(runs)
    def count(key, value):
        return sum(1 for r in rows if r[key] == value)
    out += ['', '## Targets', '',
            f"Of {len(rows)} comparisons: reads met in {count('reads', 'met')}, missed in {count('reads', 'missed')}, "
            f"no verdict in {count('reads', 'no verdict')}; bytes met in {count('bytes', 'met')}; both met in "
            f"{count('verdict', 'met')}. The "
            "target, per tuning arm and scenario: range's queue-head and listing reads at or below the arm's "
            f"(read-triggered compaction: at most {READ_TRIGGERED_RATIO}x its reads) at no more compaction bytes. "
            'The two halves are judged apart: "reads" compares the largest ratio of range\'s mean read latency to '
            "the arm's over the scenario's reads (above 1: the arm reads faster there) with the bound; each arm ran "
            f'once, so a ratio within {NOISE:.0%} of the bound gets no verdict, and the skips in the tables above are '
            "the machine-independent check. \"Bytes\" compares RocksDB's compaction bytes read and written over the "
            'run, automatic compactions included: an arm that compacts nothing has none, and leaves its reads as '
            "off's.", '',
            '| run | scenario | arm | reads: bound | worst read range/arm | reads | compaction MB range | '
            'compaction MB arm | bytes | both | reads where the arm is faster |',
            '|---|---|---|---|---|---|---|---|---|---|---|']
    for r in rows:
        out.append(f"| {r['run']} | {r['scenario']} | {r['arm']} | {r['bound']} | {_fmt(r['worstReadRatio'])} "
                   f"| {r['reads']} | {_fmt(r['rangeMB'], 1)} | {_fmt(r['armMB'], 1)} | {r['bytes']} "
                   f"| {r['verdict']} | {r['armWins'] or '–'} |")
    return '\n'.join(out) + '\n'


def folders(results_dir):
    return sorted(p.parent for p in results_dir.glob(f'*/{SPEC}'))


def main(argv=None):
    check = generated.check_mode(sys.argv[1:] if argv is None else argv)
    if check is None:
        return 2
    return generated.sync({folder / PAGE: render(folder) for folder in folders(generated.RESULTS)}, check,
                          'Page written')


if __name__ == '__main__':
    sys.exit(main())
