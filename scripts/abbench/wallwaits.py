"""What OM's request threads were doing, running or waiting, while the service worked, against the same moments
without it: async-profiler's wall-clock samples (harness/wallprofiler.py) over the windows of matchedwindows.py.

A sample says a thread stood in a stack for one profiling interval; async-profiler folds a waiting thread's samples
into one record spanning their time, shared out here over the windows by overlap. Per thread group (threadwaits.GROUPS)
thread-seconds per operation started in the windows, on and off. Where: each stack's "site", its deepest frame in
code of OM, Hadoop, Ratis or RocksDB's Java API (JDK and native frames below it say how it waits, not where), with
its leaf (the native or JDK frame the thread stood in). The sites whose thread-milliseconds per operation grew most
on are the waits the service adds to a request; the differential flame graph shows the same stacks whole.
"""

import bisect
from html import escape

from . import threadwaits

SITE_PREFIXES = ('org.apache.hadoop.', 'org.apache.ratis.', 'org.rocksdb.', 'org.apache.ozone.')
TOP_SITES = 12
FLAME_FILE = 'wall-differential.svg'


def site(frames):
    """(site, leaf) of a stack, root first: the deepest frame of SITE_PREFIXES code (or the leaf) and the leaf."""
    leaf = frames[-1] if frames else '?'
    for frame in reversed(frames):
        if frame.startswith(SITE_PREFIXES):
            return frame, leaf
    return leaf, leaf


def _weight(t, count, span, windows, starts):
    """The samples of a record at `t` (folded over `span` s) that fall in `windows` (sorted, disjoint; `starts`
    their starts)."""
    k = max(0, bisect.bisect_right(starts, t) - 1)
    if span <= 0:
        return count if k < len(windows) and windows[k][0] <= t < windows[k][1] else 0
    overlap = 0.0
    while k < len(windows) and windows[k][0] < t + span:
        overlap += max(0.0, min(t + span, windows[k][1]) - max(t, windows[k][0]))
        k += 1
    return count * overlap / span


def tallies(rows, on_windows, off_windows, interval_s):
    """(tally in the on-windows, tally in the off-windows): what compare and flame read."""
    return tally(rows, on_windows, interval_s), tally(rows, off_windows, interval_s)


def tally(rows, windows, interval_s):
    """Per group, thread-seconds in `windows`; per (group, stack id) thread-seconds."""
    groups, by_stack = {}, {}
    windows = sorted(windows)
    starts = [a for a, _ in windows]
    group = {}
    for t, thread, _, count, span, stack in rows:
        w = _weight(t, count, span, windows, starts)
        if w:
            g = group.get(thread) or group.setdefault(thread, threadwaits.group(thread))
            groups[g] = groups.get(g, 0.0) + w * interval_s
            by_stack[(g, stack)] = by_stack.get((g, stack), 0.0) + w * interval_s
    return groups, by_stack


def compare(stacks, on, off, on_ops, off_ops, interval_s):
    """Per group thread-ms per operation on and off (`on`, `off`: tallies); the request path's sites ranked by their
    growth per operation."""
    if not on_ops or not off_ops:
        return {'status': 'not measured: no operation started in the windows'}
    (on_groups, on_stacks), (off_groups, off_stacks) = on, off
    if not on_groups or not off_groups:
        return {'status': 'not measured: no wall-clock sample in the windows'}
    per_op = {g: [1000 * on_groups.get(g, 0.0) / on_ops, 1000 * off_groups.get(g, 0.0) / off_ops]
              for g in sorted(set(on_groups) | set(off_groups))}
    sites = {}
    for side, table, ops in ((0, on_stacks, on_ops), (1, off_stacks, off_ops)):
        for (g, stack), seconds in table.items():
            if g in threadwaits.REQUEST_PATH:
                key = (g,) + site(stacks[stack])
                sites.setdefault(key, [0.0, 0.0])[side] += 1000 * seconds / ops
    ranked = sorted(sites.items(), key=lambda kv: kv[1][0] - kv[1][1], reverse=True)
    return {'status': 'measured', 'operations': [on_ops, off_ops], 'intervalS': interval_s,
            'threadMsPerOp': per_op,
            'sites': [{'group': g, 'site': s, 'leaf': leaf, 'msPerOp': v} for (g, s, leaf), v in ranked[:TOP_SITES]]}


def flame(stacks, on, off, on_ops, off_ops, groups=threadwaits.REQUEST_PATH):
    """A differential flame graph (SVG) of `groups`' stacks in the on-windows (`on`, `off`: tallies): a frame's width
    its thread-time on, its colour how its thread-time per operation changed from off (red grew, blue shrank, grey
    alike)."""
    (_, on_stacks), (_, off_stacks) = on, off
    tree = {}

    def add(frames, side, ms):
        node = tree
        for frame in frames:
            node = node.setdefault(frame, [0.0, 0.0, {}])
            node[side] += ms
            node = node[2]

    for side, table, ops in ((0, on_stacks, on_ops), (1, off_stacks, off_ops)):
        for (g, stack), seconds in table.items():
            if g in groups:
                add([g] + stacks[stack], side, 1000 * seconds / ops)
    total = sum(n[0] for n in tree.values()) or 1.0
    width, row_h, top, rects = 1200.0, 16, 22, []

    def draw(nodes, x, depth):
        for name, (on, off, children) in sorted(nodes.items()):
            w = width * on / total
            if w >= 0.5:
                rects.append(_frame(name, on, off, x, top + depth * row_h, w, row_h))
                draw(children, x, depth + 1)
            x += w

    draw(tree, 0.0, 0)
    height = max((r[0] for r in rects), default=top) + row_h
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" font-family="monospace">'
            f'<text x="4" y="14" font-size="12">OM request path ({", ".join(groups)}): wall-clock time in the '
            "service's work, ms per operation (root at the top); red grew against the same moments off, blue shrank"
            '</text>' + ''.join(r[1] for r in rects) + '</svg>\n')


def _frame(name, on, off, x, y, w, h):
    """(y, SVG of one frame): red as its time per operation grew against off, blue as it shrank."""
    change = (on - off) / max(on, off) if max(on, off) else 0.0
    fade = int(220 * (1 - abs(change)))
    colour = f'rgb(255,{fade},{fade})' if change > 0 else f'rgb({fade},{fade},255)'
    label = escape(name if name.startswith('lib') else '.'.join(name.split('.')[-2:]))
    title = escape(f'{name}: {on:.3f} ms/op on, {off:.3f} off')
    return y, (f'<g><title>{title}</title><rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{h - 1}" '
               f'fill="{colour}"/><text x="{x + 2:.1f}" y="{y + h - 4}" font-size="11">{label[:int(w / 7)]}</text>'
               '</g>')


def render(result):
    """Markdown lines of compare()'s result."""
    if result.get('status') != 'measured':
        return [f"**{result.get('status')}.**", '']
    on_ops, off_ops = result['operations']
    lines = [f"Wall-clock samples every {1000 * result['intervalS']:.0f} ms of every OM thread (async-profiler), over "
             f"the same windows: thread-milliseconds per operation started in them ({on_ops} on, {off_ops} off), "
             "per group, running or waiting.", '', '| threads | ms/op on | ms/op off |', '|---|---|---|']
    for g, (on, off) in sorted(result['threadMsPerOp'].items(), key=lambda kv: -max(kv[1])):
        if max(on, off) >= 0.05:
            lines.append(f'| {g} | {on:.2f} | {off:.2f} |')
    lines += ['', "The request path's sites (deepest frame of OM, Hadoop, Ratis or RocksDB's Java code; the leaf it "
              'stood in) whose time per operation grew most:', '',
              '| threads | site | leaf | ms/op on | ms/op off |', '|---|---|---|---|---|']
    for s in result['sites']:
        on, off = s['msPerOp']
        lines.append(f"| {s['group']} | `{s['site']}` | `{s['leaf']}` | {on:.3f} | {off:.3f} |")
    return lines + ['']
