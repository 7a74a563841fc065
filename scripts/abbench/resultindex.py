"""docs/results/README.md, the index of the result pages: one line per page with its date, harness, commit,
command, headline figures, and whether it is the latest of its kind or superseded (and by what). Generated from the
pages' JSON and from docs/results/status.json, which says, for each superseded page, what superseded it and why,
and for each experiment (an alternative tried and not adopted, cited by the design) what it tried: judgements
that no JSON holds.
Every other page is the latest of its kind; whether its code is still this checkout's is staleness.py's to say.

`python3 -m abbench.resultindex [--check]` (scripts/docs-from-results): writes the index, or fails when the committed
one differs from what the JSON gives. Standard library only, so that the check runs wherever Python 3 does.
"""

import json
import statistics
import sys

from harness import envelope
from . import generated, optionsarms, rangestatsscale
from .summary import lookup

INDEX = 'README.md'
STATUS = 'status.json'
# The JSON of a page, by harness, in the order they are looked for.
JSON_NAMES = ('summary.json', 'production.json', 'ha-transfer.json', 'db-bench.json', 'fault-test.json',
              'rolling-upgrade.json', 'test-command.json', 'range-stats-overhead.json', 'range-stats-scale.json',
              'upstream-on-master.json', 'repeat-tests.json')


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _ratio(a, b):
    return f'{a / b:.2f}x' if a is not None and b else '–'


def _arms_headline(result):
    """Per scenario, range's (and full's) OM seek average and skips per operation against off's."""
    by = {}
    for run in result.get('runs', []):
        if run.get('status') == 'ok':
            by.setdefault(run['scenario'], {}).setdefault(run['arm'], []).append(run)
    parts = []
    for scenario, arms in by.items():
        readers = next((r['bulkExpire']['readers'] for r in arms.get('off', []) if 'bulkExpire' in r), None)
        if readers is not None:
            # A scenario of a bulk delete and quiet (bulk-expire, s3-expiry): its first reader after the quiet.
            path = f'bulkExpire.readers.{next(iter(readers))}.iterSkips'
            off = _median(lookup(r, path) for r in arms.get('off', []))
            rng = _median(lookup(r, path) for r in arms.get('range', []))
            parts.append(f'{scenario}: first listing crosses {rng:,} hidden entries with range, {off:,} with off'
                         if None not in (rng, off) else f'{scenario}: –')
            continue
        metric = {}
        for arm in ('off', 'range', 'full'):
            metric[arm] = tuple(_median(lookup(r, p) for r in arms.get(arm, []))
                                for p in ('om.seekAvgUsRun', 'om.iterSkipsPerOp'))
        if 'off' not in arms:
            continue
        text = f"{scenario}: seek avg range {_ratio(metric['range'][0], metric['off'][0])} off's"
        if 'full' in arms:
            text += f" (full {_ratio(metric['full'][0], metric['off'][0])})"
        text += f", skips/op range {_ratio(metric['range'][1], metric['off'][1])}"
        if 'full' in arms:
            text += f" (full {_ratio(metric['full'][1], metric['off'][1])})"
        parts.append(text)
    return '; '.join(parts)


def _interleave_headline(result):
    analysis = result.get('analysis') or {}
    ops = analysis.get('operations') or {}
    parts = [f"{op} p99 {m['p99']['ratio']:.2f} [{m['p99']['low']:.2f}, {m['p99']['high']:.2f}]"
             for op, m in ops.items() if m.get('p99', {}).get('ratio') is not None]
    return f"{result['settings']['mode']} {result['settings']['scenario']}, {analysis.get('pairs')} pairs: " + \
        ', '.join(parts)


def _cost_headline(result):
    """Per scenario its capacity and, per share of it, CREATE's p50 during the service's work against the same moments
    off (cost.py's matched windows)."""
    parts = []
    for name, part in result.get('scenarios', {}).items():
        shares = []
        for p in part.get('paced', []):
            m = ((p.get('matched') or {}).get('operations') or {}).get('CREATE', {}).get('p50') or {}
            shares.append(f"{p['utilization']}% {m['ratio']:.2f} [{m['low']:.2f}, {m['high']:.2f}]"
                          if m.get('low') is not None else f"{p['utilization']}% –")
        parts.append(f"{name}: capacity {part['capacity']['opsPerSecond']:,.0f} ops/s; CREATE p50 during/outside "
                     + ', '.join(shares))
    return '; '.join(parts)


def _production_headline(result):
    held = [t for t in result.get('targets', []) if t['holds'] is not None]
    return (f"{sum(1 for t in held if t['holds'])} of {len(held)} targets met; wall "
            f"{result.get('wallSeconds', 0) / 60:.1f} min")


def _ha_headline(result):
    parts = []
    for run in result.get('runs', []):
        skips = lookup(run, 'newLeaderAfter.headSkips.openKeyTable')
        if skips is not None:
            parts.append(f"{run['id']} {skips:,}")
    return "new leader's openKeyTable head skips: " + ', '.join(parts)


def _db_bench_headline(result):
    parts = []
    for scenario, arms in (result.get('scenarios') or {}).items():
        by = {a['arm']: a for a in arms}
        # The baseline arm was named none before db-bench took ab-bench's name for it.
        off = 'off' if 'off' in by else 'none'
        if off not in by or 'range' not in by:
            continue
        reads = by['range'].get('inRun') or by['range'].get('atEnd') or {}
        for read in list(reads)[:2]:
            def mean(arm):
                stats = (by.get(arm, {}).get('inRun') or by.get(arm, {}).get('atEnd') or {}).get(read) or {}
                return stats.get('meanMs')
            parts.append(f"{scenario} {read}: range {_ratio(mean('range'), mean(off))} {off}'s"
                         + (f" (full {_ratio(mean('full'), mean(off))})" if 'full' in by else ''))
    return '; '.join(parts)


def _fault_headline(result):
    rows = result.get('rows', [])
    passed = sum(1 for r in rows if r.get('passed'))
    during = sum(1 for r in rows if r.get('compaction_in_progress'))
    return f'{passed} of {len(rows)} kills recovered with every acknowledged key; {during} during a compaction'


def _rolling_headline(result):
    rows = result.get('rows', [])
    passed = sum(1 for r in rows if r.get('passed'))
    rolled = sum(1 for r in rows if r.get('name') == 'upgrade')
    compactions = ', '.join(f'{om} {n}' for om, n in result.get('compactions', {}).items())
    return (f"{passed} of {len(rows)} steps kept every acknowledged key; {rolled} of 3 OMs onto the kit and back; "
            f"range compactions {compactions}; upstream's install "
            f"{'unchanged' if result.get('upstreamUnchanged') else 'CHANGED'}")


def _upstream_headline(result):
    applied = sum(1 for p in result['patches'] if p['applied'])
    text = f"{applied} of {len(result['patches'])} patches apply on {result['checkoutCommit'][:10]}"
    if result.get('dists'):
        return text + ''.join(f"; master's distribution {kind} the series "
                              + ('reused' if d.get('reused') else 'built' if d['exitCode'] == 0 else 'NOT built')
                              for kind, d in result['dists'].items())
    build = result.get('build')
    if build is None:
        return text + '; not built'
    text += '; built' if build['exitCode'] == 0 else '; build failed'
    if build.get('missingArtifacts'):
        text += f" (not served: {', '.join(build['missingArtifacts'])})"
    if 'importRules' in build:
        text += f"; import rules refused {len(build['importRules']['refused'])} imports"
    tests = result.get('tests', [])
    failed = sum(t['failures'] + t['errors'] for t in tests)
    text += (f"; tests with the series: {sum(t['tests'] for t in tests)} run, {failed} failed or in error, "
             f"{sum(1 for t in tests if t['tests'] == 0)} of {len(tests)} modules ran none")
    if build.get('checks'):
        others = [c['check'] for c in build['checks'] if not c['passed']]
        text += (f"; upstream CI's checks: {len(build['checks']) - len(others)} of {len(build['checks'])} passed"
                 + (f" (not: {', '.join(others)})" if others else ''))
    if 'eachPatch' in result:
        steps = result['eachPatch']
        runs = [t for step in steps for t in step['tests']]
        text += (f"; each patch on its own: {sum(1 for s in steps if s['exitCode'] == 0)} of {len(steps)} compiled, "
                 f"{sum(t['tests'] for t in runs)} tests, {sum(t['failures'] + t['errors'] for t in runs)} failed or "
                 f"in error; largest patch {max(p['lines'] for p in result['patches']):,} lines changed")
    return text


def _test_command_headline(result):
    return f"{' '.join(result['commandLine'])} ({result['runs']}) on a fresh clone: exit {result['exitCode']}"


def _repeat_headline(result):
    return '; '.join(f"{c['class']} {c['passed']} of {c['runs']} passed" for c in result['classes'])


def _overhead_headline(result):
    return (f"flush throughput with/without the index {result['flushThroughputRatio']:.3f} (median of rounds "
            f"{result['flushThroughputRatioMedian']:.3f}); p95 flush {result['p95FlushMsWith']:.1f} against "
            f"{result['p95FlushMsWithout']:.1f} ms")


# A page's headline, by the tool that wrote its result (its envelope's tool without options): figures computed from
# the body when the docs are made, so that a headline cannot drift from the numbers beside it.
HEADLINES = {
    'scripts/ab-bench arms': _arms_headline,
    'scripts/ab-bench interleave': _interleave_headline,
    'scripts/ab-bench cost': _cost_headline,
    'scripts/ab-bench production': _production_headline,
    'scripts/ab-bench ha-transfer': _ha_headline,
    'scripts/db-bench': _db_bench_headline,
    'scripts/fault-test': _fault_headline,
    'scripts/rolling-upgrade': _rolling_headline,
    'scripts/time-test-command': _test_command_headline,
    'scripts/repeat-tests': _repeat_headline,
    'scripts/upstream-on-master': _upstream_headline,
    'scripts/bench-range-stats-overhead': _overhead_headline,
    'scripts/bench-range-stats-scale': rangestatsscale.headline,
}


def tool(result):
    """The tool that wrote a result, without the options its envelope may name ("scripts/ab-bench interleave")."""
    return ' '.join(word for word in result['tool'].split()[:2] if not word.startswith('-'))


def _describe(json_path):
    """(tool, headline, commit, command, wall seconds) of one page's JSON, which must be an envelope."""
    if json_path.name == optionsarms.SPEC:  # a page of other pages' runs, each with its own envelope
        rows = optionsarms.targets(optionsarms.load_runs(json_path.parent))
        met = sum(1 for r in rows if r['reads'] == 'met')
        runs = json.loads(json_path.read_text())['runs']
        return ('scripts/db-bench options arms', f"range's reads at or below the tuning arm's in {met} of "
                f"{len(rows)} comparisons ({', '.join(runs)})", None, None, None)
    result = json.loads(json_path.read_text())
    problems = envelope.problems(result)
    if problems:
        raise SystemExit(f'docs-from-results: {json_path} is not a result envelope (scripts/harness/envelope.py): '
                         + '; '.join(problems))
    wrote = tool(result)
    if wrote not in HEADLINES:
        raise SystemExit(f"docs-from-results: {json_path}: no headline for results of {result['tool']}")
    commit = envelope.commit_text(result) if result['gitCommit'] else None
    command = ' '.join(result['commandLine']) if result['commandLine'] else None
    return wrote, HEADLINES[wrote](result), commit, command, result['wallSeconds']


def pages(results_dir):
    """[(page name, page file, its JSON)] of every result page under `results_dir`, in name order."""
    found = []
    for path in sorted(results_dir.iterdir()):
        if path.is_dir():
            jsons = [path / n for n in JSON_NAMES if (path / n).exists()]
            if jsons:
                md = next((p for p in sorted(path.glob('*.md')) + sorted(path.glob('*.txt'))), None)
                found.append((path.name, md, jsons[0]))
            else:  # a page of pages: a sweep's ops-N/, per-scenario folders, or the runs of a comparison page
                if (path / optionsarms.SPEC).exists():
                    found.append((path.name, path / optionsarms.PAGE, path / optionsarms.SPEC))
                for sub in sorted(p for p in path.iterdir() if p.is_dir()):
                    jsons = [sub / n for n in JSON_NAMES if (sub / n).exists()]
                    if jsons:
                        md = next((p for p in sorted(sub.glob('*.md'))), None)
                        found.append((f'{path.name}/{sub.name}', md, jsons[0]))
        elif path.suffix == '.json' and path.name != STATUS:
            md = path.with_suffix('.md')
            found.append((path.stem, md if md.exists() else None, path))
    return found


def render(results_dir):
    status = json.loads((results_dir / STATUS).read_text())
    lines = ['# Result pages', '',
             'Generated by `scripts/docs-from-results` from each page\'s JSON and from `status.json` (which page superseded '
             'which, and why; which pages are experiments); do not edit. The latest pages first, then experiments, '
             'then superseded pages that something still cites; superseded pages nothing cites left the tree and are '
             'listed last, with the commit that last holds each (`git show COMMIT:docs/results/PAGE/...`). Whether '
             'the code a page measured has changed since: `python3 -m abbench.staleness` (from `scripts/`).', '',
             '| page | status | harness | commit | wall | headline | command |', '|---|---|---|---|---|---|---|']
    rows = []
    found = pages(results_dir)
    for name, md, json_path in found:
        harness, headline, commit, command, wall = _describe(json_path)
        top = name.split('/')[0]
        entry = status.get(name) or status.get(top)
        state = ('latest' if not entry else f"experiment: {entry['experiment']}" if 'experiment' in entry
                 else f"superseded by {entry['supersededBy']}: {entry['why']}")
        link = (md or json_path).relative_to(results_dir).as_posix()
        rows.append((0 if not entry else 1 if 'experiment' in entry else 2, name,
                     f"| [{name}]({link}) | {state} | {harness.removeprefix('scripts/')} | {commit or '–'} | "
                     f"{f'{wall / 60:.1f} min' if wall else '–'} | {headline.replace('|', '/')} | "
                     f"{f'`{command}`' if command else '–'} |"))
    present = {n for n, _, _ in found} | {n.split('/')[0] for n, _, _ in found}
    removed = {name: entry for name, entry in status.items() if 'removedAfter' in entry}
    unknown = sorted(set(status) - present - set(removed))
    if unknown:
        raise SystemExit(f'docs-from-results: {STATUS} names pages that do not exist: {", ".join(unknown)}')
    back = sorted(set(removed) & present)
    if back:
        raise SystemExit(f'docs-from-results: {STATUS} says these pages left the tree, yet they are here: '
                         f'{", ".join(back)}')
    lines += [row for _, _, row in sorted(rows, key=lambda r: (r[0], r[1]))]
    if removed:
        lines += ['', '## Pages that left the tree', '', '| page | superseded by | why | last held by commit |',
                  '|---|---|---|---|']
        lines += [f"| {name} | {entry['supersededBy']} | {entry['why']} | {entry['removedAfter']} |"
                  for name, entry in sorted(removed.items())]
    return '\n'.join(lines) + '\n'


def main(argv=None):
    check = generated.check_mode(sys.argv[1:] if argv is None else argv)
    if check is None:
        return 2
    return generated.sync({generated.RESULTS / INDEX: render(generated.RESULTS)}, check, 'Index written')


if __name__ == '__main__':
    sys.exit(main())
