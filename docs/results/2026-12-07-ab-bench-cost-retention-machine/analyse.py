"""Experiment (issue 68): the whole machine in the matched windows (abbench/matchedwindows.py) of a cost run's paced
part, from machine_sampler.py's lines: CPU by process group and by /proc/stat field, CPU and I/O pressure (PSI).
Usage: analyse.py MACHINE.jsonl PART_FOLDER OUT.json (PART_FOLDER with the part's logs). Writes OUT.json, cores by
process group and by /proc/stat field and the share of time with pressure, in the on and off windows, and prints it
as a table."""
import datetime, json, re, sys, time
from pathlib import Path
REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / 'scripts'))
from abbench import interleave, matchedwindows  # noqa: E402
from abbench.clientlatency import read_latency_log  # noqa: E402
from abbench.compactionevents import read as read_events  # noqa: E402
from harness import envelope, machine  # noqa: E402

FIELDS = ('user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal')  # /proc/stat's first eight

began = time.time()
started_at = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')
samples, names = [], {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    if 'pid' in r:
        names[r['pid']] = r['name']
    else:
        samples.append(r)
folder = Path(sys.argv[2])
part = json.loads((folder / 'summary.json').read_text())
blocks = part['blocks']
_, matched = matchedwindows.windows(blocks, read_events(folder / 'logs' / 'om.log'))
on_w, off_w, on_ops, off_ops = matchedwindows.pooled(
    matched, matchedwindows.collect(read_latency_log(folder / interleave.LATENCY_LOG), matched))

def group(pid):
    n = names.get(pid, '?')
    n = re.sub(r'[/:]?\d+$', '', n)
    n = re.sub(r'^kworker.*', 'kworker', n)
    return n

def tally(windows):
    """CPU seconds by group and /proc/stat field over the windows (sample intervals cut by overlap), seconds."""
    cpu, stat, psi, secs = {}, [0] * len(FIELDS), [0, 0], 0.0
    for a, b in zip(samples, samples[1:]):
        for w0, w1 in windows:
            o = min(b['t'], w1) - max(a['t'], w0)
            if o <= 0:
                continue
            f = o / (b['t'] - a['t'])
            secs += o
            for pid, ticks in b['procs'].items():
                d = ticks - a['procs'].get(pid, ticks)
                if d > 0:
                    cpu[group(pid)] = cpu.get(group(pid), 0) + f * d / 100
            for i in range(len(FIELDS)):
                stat[i] += f * (b['cpu'][i] - a['cpu'][i]) / 100
            psi[0] += f * (b['psiCpu'] - a['psiCpu']) / 1e6
            psi[1] += f * (b['psiIo'] - a['psiIo']) / 1e6
    return cpu, stat, psi, secs

(on_cpu, on_stat, on_psi, on_s), (off_cpu, off_stat, off_psi, off_s) = tally(on_w), tally(off_w)
result = envelope.make('docs/results/2026-12-07-ab-bench-cost-retention-machine/analyse.py', sys.argv, started_at,
                       None, machine.describe('true'), None, machine.git_state(REPO))
result.update({
    'windowSeconds': [on_s, off_s], 'operations': [on_ops, off_ops],
    'processCores': {k: [on_cpu.get(k, 0) / on_s, off_cpu.get(k, 0) / off_s]
                     for k in sorted(set(on_cpu) | set(off_cpu))},
    'statCores': {f: [on_stat[i] / on_s, off_stat[i] / off_s] for i, f in enumerate(FIELDS)},
    'pressureSomeFraction': {'cpu': [on_psi[0] / on_s, off_psi[0] / off_s],
                             'io': [on_psi[1] / on_s, off_psi[1] / off_s]},
})
result['wallSeconds'] = round(time.time() - began, 1)
Path(sys.argv[3]).write_text(json.dumps(result, indent=2) + '\n')

print(f'windows: on {on_s:.1f} s ({on_ops} ops), off {off_s:.1f} s ({off_ops} ops)')
print('cores          on      off    delta')
for k, (a, b) in sorted(result['processCores'].items(), key=lambda kv: kv[1][1] - kv[1][0]):
    if max(a, b) >= 0.003:
        print(f'{k:22s} {a:6.3f} {b:6.3f} {a - b:+7.3f}')
for f, (a, b) in result['statCores'].items():
    print(f'stat {f:10s} {a:6.3f} {b:6.3f}')
for kind, (a, b) in result['pressureSomeFraction'].items():
    print(f'psi {kind:3s} some   {a:6.3f} {b:6.3f}')
