"""The page of a range statistics scale run (scripts/bench-range-stats-scale): range-stats-scale.md beside its
range-stats-scale.json, with the issue's targets judged from the JSON, the growth of one recomputation against the
table's SST count, and what the real OM DB measured.

`python3 -m abbench.rangestatsscale [--check]` (scripts/docs-from-results) writes the page of every such run under
docs/results, or fails when a committed one differs from what its JSON gives; standard library only.
`python3 -m abbench.rangestatsscale --chart DIR` draws DIR/growth.png (log-log, matplotlib), which the page shows.
"""

import json
import math
import statistics
import sys
from pathlib import Path

from harness import envelope
from . import generated

JSON = 'range-stats-scale.json'
PAGE = 'range-stats-scale.md'
CHART = 'growth.png'
# The targets of the scale issue, (bound, direction); 'le' holds at or below the bound.
TARGETS = {
    'recompute': 50.0,        # ms, one recomputation at 10,000 SSTs
    'scrape': 5.0,            # ms a scrape of the range statistics adds
    'unchanged-look': 1.0,    # ms, a look of the service that finds nothing changed
    'startup': 1.1,           # start with range statistics / without
    'heap': 1024.0,           # bytes of heap per SST
    'recompute-100k': 500.0,  # ms, one recomputation at 100,000 synthetic SSTs
}


def _median(values):
    return statistics.median(values)


def slope(points):
    """The log-log slope of compute time over SSTs, least squares over the points from the median count up: 1 is
    linear, about 1.1 n log n at these counts, 2 quadratic."""
    upper = [p for p in points if p['ssts'] >= _median([q['ssts'] for q in points])]
    xs = [math.log(p['ssts']) for p in upper]
    ys = [math.log(p['computeMillisMedian']) for p in upper]
    if len(xs) < 2:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def targets(result):
    """[(target, value, bound text, holds)] judged from one run's JSON; the DB's rows only where it ran."""
    rows = []
    model = result['model']
    at_100k = [p for p in model if p['ssts'] == 100_000]
    if at_100k:
        worst = max(at_100k, key=lambda p: p['computeMillisMedian'])
        rows.append(('model: one recomputation at 100,000 SSTs, ms (slower shape, median)',
                     worst['computeMillisMedian'], f"<= {TARGETS['recompute-100k']:.0f}",
                     worst['computeMillisMedian'] <= TARGETS['recompute-100k']))
    for shape in sorted({p['shape'] for p in model}):
        s = slope([p for p in model if p['shape'] == shape])
        if s is not None:
            rows.append((f'model: log-log slope of a recomputation over SSTs, {shape}', s, '<= 1.25 (n log n)',
                         s <= 1.25))
    db = result.get('db')
    if db:
        ssts = result['settings']['dbSsts']
        for table, t in db['tables'].items():
            worst = max(_median(t['computeMillisAfterFlush']), _median(t['computeMillisAfterCompaction']))
            rows.append((f'{table} ({t["liveSsts"]:,} SSTs): one recomputation, ms (median, the slower of after a '
                         f'flush and after a compaction)', worst, f"<= {TARGETS['recompute']:.0f}",
                         worst <= TARGETS['recompute']))
        rows.append(('a scrape of the range statistics, ms (median)', db['scrape']['millisMedian'],
                     f"<= {TARGETS['scrape']:.0f}", db['scrape']['millisMedian'] <= TARGETS['scrape']))
        unchanged = _median(db['looks']['unchangedLookMillis'])
        rows.append(('a look of the service that finds nothing changed, ms (median)', unchanged,
                     f"<= {TARGETS['unchanged-look']:.0f}", unchanged <= TARGETS['unchanged-look']))
        ratio = db['startup']['openRatioOnOff']
        rows.append((f'start (the OM DB opened) with range statistics / without, {ssts:,} SSTs in keyTable',
                     ratio, f"<= {TARGETS['startup']}", ratio <= TARGETS['startup']))
        heap = db['startup']['heapBytesPerSst']
        rows.append(('heap of range statistics per SST, bytes (OM DB, with - without)', heap,
                     f"<= {TARGETS['heap']:.0f}", heap <= TARGETS['heap']))
    return rows


def headline(result):
    """How many targets hold, and one recomputation at the largest synthetic count (the slower shape)."""
    rows = targets(result)
    largest = max(p['ssts'] for p in result['model'])
    worst = max(p['computeMillisMedian'] for p in result['model'] if p['ssts'] == largest)
    return (f"{sum(1 for row in rows if row[3])} of {len(rows)} targets hold; one recomputation at {largest:,} "
            f"synthetic SSTs {worst:.0f} ms")


def targets_table(result):
    """The targets as a Markdown table, for the page and the design doc."""
    lines = ['| target | value | bound | holds |', '|---|---|---|---|']
    for name, value, bound, holds in targets(result):
        lines.append(f"| {name} | {_number(value)} | {bound} | {'yes' if holds else '**no**'} |")
    return '\n'.join(lines)


def _number(v):
    if isinstance(v, int) or abs(v) >= 100:
        return f'{v:,.0f}'
    return f'{v:.3g}' if abs(v) < 1 else f'{v:.1f}'


def _spread(values):
    return f'{_number(_median(values))} ({_number(min(values))}-{_number(max(values))})'


def render(result):
    s = result['settings']
    lines = ['# Range statistics at scale', '',
             f"Generated from {JSON} by `scripts/docs-from-results`; do not edit. Run "
             f"`{' '.join(result['commandLine'])}` at commit {envelope.commit_text(result)}, "
             f"started {result['startedAt']}, {result['wallSeconds'] / 60:.1f} minutes, "
             f"{result['machine']['cores']} cores, {result['machine']['memoryGiB']:.1f} GiB. Every time is a median "
             f"of {s['repeats']} repeats (min-max in parentheses) unless said otherwise; heap is measured as the "
             f"used heap after full collections, with and without what is measured.", '',
             '## Targets', '', targets_table(result)]
    lines += ['', '## The model on synthetic SSTs', '',
              f"One recomputation of a table's ranges (`TableRanges.compute`, what OM runs in its index thread at each "
              f"change of a table's SSTs; `max.range.entries` {s['maxRangeEntries']:,}) against the number of SSTs, "
              f"and the scan of every SST per range that the partitioner did before (its result was checked equal), "
              f"up to {s['referenceMax']:,} SSTs. `one-bucket-bottom`: one bucket of bottom-level SSTs of 100,000 "
              f"keys, the shape the quadratic partitioner was measured on; `leveled-100-buckets`: 4 L0 files across "
              f"buckets, L1 to L6 of disjoint files, each level ten times the one above, over 100 buckets. Where the "
              f"ranges grow past one per bucket, the buckets have passed `max.range.entries` and are cut at SST "
              f"boundaries, which costs more per SST.", '']
    lines += [f'![one recomputation against SSTs, log-log]({CHART})', '']
    lines += ['| shape | SSTs | ranges | one recomputation, ms | scan of every SST, ms | heap per SST: files, B | '
              'heap per SST: ranges and model, B |', '|---|---|---|---|---|---|---|']
    for p in result['model']:
        ref = '–' if p['referenceMillis'] is None else _number(p['referenceMillis'])
        lines.append(f"| {p['shape']} | {p['ssts']:,} | {p['ranges']:,} | {_spread(p['computeMillis'])} | {ref} | "
                     f"{p['heapBytesPerSstFiles']:.0f} | {p['heapBytesPerSstRanges']:.0f} |")
    db = result.get('db')
    if db:
        st = db['startup']
        lines += ['', '## A real OM DB', '',
                  f"An OM DB opened as OM opens it (`OmMetadataManagerImpl`, OM's column families and options) whose "
                  f"keyTable holds {s['dbSsts']:,} SSTs and deletedTable {s['queueSsts']:,} (OM keeps every SST open, "
                  f"and this machine allows 20,000 open files), each of {s['dbKeysPerSst']:,} keys "
                  f"({s['valueBytes']}-byte values, {s['dbBuckets']} buckets), written with RocksDB's SstFileWriter "
                  f"and ingested into the bottom level ({db['buildSeconds']:.0f} s). How it differs from a production "
                  f"OM of that many SSTs: its SSTs are small (about {s['dbKeysPerSst'] * (s['valueBytes'] + 30) / 1e6:.2f}"
                  f" MB against OM's 64 MB target), all at the bottom level of one ingestion rather than spread over "
                  f"the levels by years of compactions, and its keys are short; what range statistics cost depends on "
                  f"the number of SSTs and their key bounds, not on their size.", '',
                  '| measure | value |', '|---|---|',
                  f"| open with range statistics, ms | {_spread(st['openMillisOn'])} |",
                  f"| open without, ms | {_spread(st['openMillisOff'])} |",
                  f"| index of all tables published, ms after the open began | {_spread(st['indexedMillis'])} |",
                  f"| heap with - without range statistics, bytes per SST | {st['heapBytesPerSst']:.0f} |"]
        for table, t in db['tables'].items():
            lines += [f"| {table}: live SSTs, ranges | {t['liveSsts']:,}, {t['ranges']:,} |",
                      f"| {table}: one recomputation after a flush, ms | {_spread(t['computeMillisAfterFlush'])} |",
                      f"| {table}: one recomputation after a compaction, ms | "
                      f"{_spread(t['computeMillisAfterCompaction'])} |"]
        sc = db['scrape']
        lk = db['looks']
        lines += [f"| a scrape of the range statistics, ms (median and p99 of {sc['scrapes']}) | "
                  f"{_number(sc['millisMedian'])}, {_number(sc['millisP99'])} |",
                  f"| a look that finds nothing changed, ms (median and max of {len(lk['unchangedLookMillis'])}) | "
                  f"{_number(_median(lk['unchangedLookMillis']))}, {_number(max(lk['unchangedLookMillis']))} |",
                  f"| a look that reads every table anew and finds nothing, ms | "
                  f"{_spread(lk['fullLookFindingNothingMillis'])} |"]
        for pick in lk['picks']:
            measured = pick['rangesCompacted'] > 0
            lines.append(f"| a look that picks in {pick['table']}: whole look; its compaction; the rest, ms | "
                         + (f"{_number(pick['lookMillis'])}; {_number(pick['compactionMillis'])}; "
                            f"{_number(pick['lookMillisBesideCompaction'])}" if measured
                            else 'not measured: the look compacted nothing') + ' |')
    return '\n'.join(lines) + '\n'


def chart(result, png):
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for shape in sorted({p['shape'] for p in result['model']}):
        points = [p for p in result['model'] if p['shape'] == shape]
        ax.plot([p['ssts'] for p in points], [p['computeMillisMedian'] for p in points], 'o-',
                label=f'{shape}: overlap index')
        ref = [p for p in points if p['referenceMillis'] is not None]
        if ref:
            ax.plot([p['ssts'] for p in ref], [p['referenceMillis'] for p in ref], 's--',
                    label=f'{shape}: scan of every SST (before)')
    xs = sorted({p['ssts'] for p in result['model']})
    ax.axhline(TARGETS['recompute-100k'], color='grey', linewidth=0.8, linestyle=':')
    ax.set_xscale('log')
    ax.set_yscale('log')
    ax.set_xlabel('SSTs in the table')
    ax.set_ylabel('one recomputation (ms)')
    ax.set_title(f'Range statistics: one recomputation against SSTs ({xs[0]:,} to {xs[-1]:,})')
    ax.grid(True, which='both', linewidth=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)


def pages(results_dir):
    return {path.parent / PAGE: render(json.loads(path.read_text())) for path in sorted(results_dir.glob(f'*/{JSON}'))}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) == 2 and argv[0] == '--chart':
        run = Path(argv[1])
        result = json.loads((run / JSON).read_text())
        (run / PAGE).write_text(render(result))
        try:
            chart(result, run / CHART)
        except ImportError:
            print(f'rangestatsscale: {run / PAGE} written; its chart needs matplotlib (the harness\'s .venv: '
                  f'scripts/ab-bench self-test -k rangestatsscale makes it)', file=sys.stderr)
            return 1
        print(f'Page and chart written: {run / PAGE}, {run / CHART}')
        return 0
    check = generated.check_mode(argv)
    if check is None:
        return 2
    return generated.sync(pages(generated.RESULTS), check, 'Page written')


if __name__ == '__main__':
    sys.exit(main())
