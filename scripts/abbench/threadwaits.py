"""What OM's threads did while the service worked, against the same moments without it: from the thread sampler's
lines (harness/threadsampler.py) over the windows of matchedwindows.py (the on-blocks' work, and the same offsets of
their pairs' off-blocks). Per group of threads (GROUPS, by name): cores on a CPU and cores' worth waiting on a run
queue per second of window, on and off; per disk the fraction of the windows' time it had I/O in flight and the MB a
second written; and the run-queue wait of the threads a request passes through (REQUEST_PATH) per client operation
started in the windows.

A sample's interval (between two lines) counts in a window by its overlap, its counters' increase shared out in
proportion: with the sampler's 100 ms and the service's compactions of a few hundred, a window's edges are
blurred by a sample at most.
"""

import json
import re

# OM's threads by their names (Linux keeps 15 characters); first match wins, the rest are "other".
GROUPS = [('rpc handlers', r'^IPC Server hand'), ('ipc other', r'^(IPC Server|Socket Reader|IPC Client)'),
          ('ratis', r'@group-|^grpc-|-client-thre|^om\d*-impl|^om\d*-group'), ('state machine', r'OMStateMach'),
          ('double buffer', r'OMDoubleBuf'), ('rocksdb:low', r'^rocksdb:low'), ('rocksdb:high', r'^rocksdb:high'),
          ('rocksdb:bottom', r'^rocksdb:bot'), ('range service', r'RangeCompac'),
          ('range statistics', r'OmRangeStats|_Ful$|_Partia'), ('gc and vm', r'^(GC Thread|G1 |VM Thread)'),
          ('jit', r'CompilerThre')]
# The threads a client's write passes through in OM: its RPC handler, Ratis, the state machine, the double buffer.
REQUEST_PATH = ('rpc handlers', 'ratis', 'state machine', 'double buffer')


def group(comm):
    for name, pattern in GROUPS:
        if re.search(pattern, comm):
            return name
    return 'other'


def read(path):
    """(names {tid: comm}, samples [(t, {tid: (run ns, wait ns)}, {disk: (io ms, sectors written)})])."""
    names, samples = {}, []
    with open(path) as f:
        for line in f:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line cut by the sampler's end
            if 'comm' in record:
                names[record['tid']] = record['comm']
            else:
                samples.append((record['t'], record['threads'], record['disks']))
    return names, samples


def _overlap(a, b, windows):
    return sum(max(0.0, min(b, w1) - max(a, w0)) for w0, w1 in windows)


def totals(names, samples, windows):
    """Over `windows` [(start, end)]: their seconds, per group (cpu s, run-queue wait s), per disk (io s, MB
    written)."""
    seconds = sum(b - a for a, b in windows)
    groups, disks = {}, {}
    for (t0, th0, d0), (t1, th1, d1) in zip(samples, samples[1:]):
        share = _overlap(t0, t1, windows) / (t1 - t0) if t1 > t0 else 0.0
        if not share:
            continue
        for tid, (run, wait) in th1.items():
            if tid in th0:
                g = groups.setdefault(group(names.get(tid, '')), [0.0, 0.0])
                g[0] += share * (run - th0[tid][0]) / 1e9
                g[1] += share * (wait - th0[tid][1]) / 1e9
        for disk, (io_ms, sectors) in d1.items():
            if disk in d0:
                d = disks.setdefault(disk, [0.0, 0.0])
                d[0] += share * (io_ms - d0[disk][0]) / 1e3
                d[1] += share * (sectors - d0[disk][1]) * 512 / 2 ** 20
    return seconds, groups, disks


def compare(names, samples, on_windows, off_windows, on_ops, off_ops):
    """Per group and disk, the rates on and off (per second of window) and the request path's run-queue wait per
    operation started in the windows (`on_ops`, `off_ops`: their counts)."""
    on_s, on_groups, on_disks = totals(names, samples, on_windows)
    off_s, off_groups, off_disks = totals(names, samples, off_windows)
    if not on_s or not off_s:
        return {'status': 'not measured: no window with samples'}
    rows = {}
    for name in [g for g, _ in GROUPS] + ['other']:
        on, off = on_groups.get(name, [0.0, 0.0]), off_groups.get(name, [0.0, 0.0])
        rows[name] = {'cpuCores': [on[0] / on_s, off[0] / off_s], 'runQueueCores': [on[1] / on_s, off[1] / off_s]}
    disks = {d: {'busyFraction': [on_disks[d][0] / on_s, off_disks.get(d, [0.0, 0.0])[0] / off_s],
                 'writtenMBps': [on_disks[d][1] / on_s, off_disks.get(d, [0.0, 0.0])[1] / off_s]}
             for d in on_disks}

    def per_op(groups_, ops):
        return 1000 * sum(groups_.get(g, [0.0, 0.0])[1] for g in REQUEST_PATH) / ops if ops else None

    return {'status': 'measured', 'windowSeconds': [on_s, off_s], 'operations': [on_ops, off_ops], 'groups': rows,
            'disks': disks, 'requestPathRunQueueMsPerOp': [per_op(on_groups, on_ops), per_op(off_groups, off_ops)]}


def client(names, samples, on_windows, off_windows, on_ops, off_ops):
    """The client's process (all its threads), on and off: cores on a CPU, and run-queue wait per operation started
    in the windows. Here it shares OM's cores; production's clients run elsewhere."""
    on_s, on_groups, _ = totals(names, samples, on_windows)
    off_s, off_groups, _ = totals(names, samples, off_windows)
    if not on_s or not off_s or not on_ops or not off_ops:
        return {'status': 'not measured: no window with samples'}
    on_cpu, on_wait = (sum(g[k] for g in on_groups.values()) for k in (0, 1))
    off_cpu, off_wait = (sum(g[k] for g in off_groups.values()) for k in (0, 1))
    return {'status': 'measured', 'cpuCores': [on_cpu / on_s, off_cpu / off_s],
            'runQueueMsPerOp': [1000 * on_wait / on_ops, 1000 * off_wait / off_ops]}


def render(result):
    """Markdown lines of compare()'s result."""
    if result.get('status') != 'measured':
        return [f"**{result.get('status')}.**", '']
    on_s, off_s = result['windowSeconds']
    wait = result['requestPathRunQueueMsPerOp']
    lines = [f"Over {on_s:.1f} s of the service's work and the same {off_s:.1f} s of the off-blocks: per group of "
             "OM's threads, cores on a CPU and cores' worth waiting for one (run queue); per disk, the share of the "
             "time with I/O in flight and MB a second written. The request path's (" + ', '.join(REQUEST_PATH)
             + f") run-queue wait per operation started in the windows: {_f(wait[0])} ms on, {_f(wait[1])} ms off.",
             '', '| threads | CPU on | CPU off | run queue on | run queue off |', '|---|---|---|---|---|']
    for name, row in result['groups'].items():
        if max(row['cpuCores'] + row['runQueueCores']) >= 0.005:
            lines.append(f"| {name} | {_f(row['cpuCores'][0])} | {_f(row['cpuCores'][1])} | "
                         f"{_f(row['runQueueCores'][0])} | {_f(row['runQueueCores'][1])} |")
    lines += ['', '| disk | busy on | busy off | MB/s written on | off |', '|---|---|---|---|---|']
    for disk, row in result['disks'].items():
        lines.append(f"| {disk} | {_f(row['busyFraction'][0])} | {_f(row['busyFraction'][1])} | "
                     f"{_f(row['writtenMBps'][0], 1)} | {_f(row['writtenMBps'][1], 1)} |")
    return lines + ['']


def render_client(result):
    """Markdown lines of client()'s result."""
    if result.get('status') != 'measured':
        return [f"The client's process: {result.get('status')}.", '']
    cpu, wait = result['cpuCores'], result['runQueueMsPerOp']
    return [f"The client's process (omkeybench's JVM, on the same two cores; production's clients run elsewhere): "
            f"{_f(cpu[0])} cores on a CPU on, {_f(cpu[1])} off; run-queue wait per operation started in the windows "
            f"{_f(wait[0])} ms on, {_f(wait[1])} ms off.", '']


def _f(value, digits=3):
    return '–' if value is None else f'{value:.{digits}f}'
