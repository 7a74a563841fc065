"""Experiment (issue 68): the client process's threads by name in the matched windows of a cost run's paced part,
from the thread sampler's lines of the client (logs/client-threads.jsonl, not committed: 13 MB): per kind of thread
(digits in names folded), ms per operation on a CPU and waiting for one, on and off.
Usage: client_threads.py PART_FOLDER OUT.json. Writes OUT.json and prints it as a table."""
import collections, datetime, json, re, sys, time
from pathlib import Path
REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / 'scripts'))
from abbench import interleave, matchedwindows, threadwaits  # noqa: E402
from abbench.clientlatency import read_latency_log  # noqa: E402
from abbench.compactionevents import read as read_events  # noqa: E402
from harness import envelope, machine  # noqa: E402

began = time.time()
started_at = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')
folder = Path(sys.argv[1])
part = json.loads((folder / 'summary.json').read_text())
_, matched = matchedwindows.windows(part['blocks'], read_events(folder / 'logs' / 'om.log'))
on_w, off_w, on_ops, off_ops = matchedwindows.pooled(
    matched, matchedwindows.collect(read_latency_log(folder / interleave.LATENCY_LOG), matched))
names, samples = threadwaits.read(folder / interleave.CLIENT_THREAD_SAMPLES)
kind = {tid: re.sub(r'\d+', 'N', comm) for tid, comm in names.items()}


def tally(windows):
    """{kind: [cpu s, run-queue s]} over the windows, each sample interval shared out by its overlap."""
    found = collections.defaultdict(lambda: [0.0, 0.0])
    for (t0, th0, _), (t1, th1, _) in zip(samples, samples[1:]):
        share = threadwaits._overlap(t0, t1, windows) / (t1 - t0) if t1 > t0 else 0.0
        for tid, (run, wait) in th1.items() if share else ():
            if tid in th0:
                found[kind.get(tid, '?')][0] += share * (run - th0[tid][0]) / 1e9
                found[kind.get(tid, '?')][1] += share * (wait - th0[tid][1]) / 1e9
    return found


on, off = tally(on_w), tally(off_w)
result = envelope.make('docs/results/2026-12-07-ab-bench-cost-retention-25-ratis-shm-lowered-client/client_threads.py',
                       sys.argv, started_at, None, machine.describe('true'), None, machine.git_state(REPO))
result.update({'operations': [on_ops, off_ops], 'msPerOp': {
    k: {'cpu': [1000 * on.get(k, [0, 0])[0] / on_ops, 1000 * off.get(k, [0, 0])[0] / off_ops],
        'runQueue': [1000 * on.get(k, [0, 0])[1] / on_ops, 1000 * off.get(k, [0, 0])[1] / off_ops]}
    for k in sorted(set(on) | set(off))}})
result['wallSeconds'] = round(time.time() - began, 1)
Path(sys.argv[2]).write_text(json.dumps(result, indent=2) + '\n')
print(f'operations started in the windows: {on_ops} on, {off_ops} off; ms per operation')
print(f"{'threads':28s} {'wait on':>8s} {'off':>7s} {'cpu on':>8s} {'off':>7s}")
for k, v in sorted(result['msPerOp'].items(), key=lambda kv: -kv[1]['runQueue'][0]):
    if max(v['runQueue'] + v['cpu']) >= 0.005:
        print(f"{k:28s} {v['runQueue'][0]:8.3f} {v['runQueue'][1]:7.3f} {v['cpu'][0]:8.3f} {v['cpu'][1]:7.3f}")
