"""The thread sampler on this very process, and what threadwaits.py makes of written-down samples."""

import json
import os
import threading
import time

from abbench import threadwaits
from harness.threadsampler import ThreadSampler


def test_the_sampler_names_each_thread_once_and_counts_its_cpu(tmp_path):
    path = tmp_path / 'threads.jsonl'
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            sum(range(1000))

    worker = threading.Thread(target=spin, name='spinner')
    worker.start()
    sampler = ThreadSampler(os.getpid(), path, period_s=0.05).start()
    time.sleep(0.4)
    sampler.stop()
    stop.set()
    worker.join()
    names, samples = threadwaits.read(path)
    assert len(samples) >= 4
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len([r for r in lines if 'comm' in r]) == len(names)  # each thread named once
    first, last = samples[0], samples[-1]
    cpu = sum(last[1][tid][0] - first[1][tid][0] for tid in last[1] if tid in first[1])
    assert set(last[1]) <= set(names)
    assert cpu > 0.05e9  # the spinner ran
    assert all(isinstance(v, list) and len(v) == 2 for v in last[2].values())


def _samples():
    """Three threads and one disk, a line every second from t=100 to t=104: the handler waits 0.1 s a second on the
    run queue, 0.5 s in the second 102-103; the bottom pool runs only then; the disk is busy 0.2 s a second, 0.8 in
    it."""
    names = {'1': 'IPC Server hand', '2': 'rocksdb:bottom', '3': 'C2 CompilerThre'}
    run, wait, bottom, io = 0, 0, 0, 0
    samples = []
    for t in range(100, 105):
        samples.append((float(t), {'1': (run, wait), '2': (bottom, 0), '3': (0, 0)}, {'vda': (io, 0)}))
        busy = t == 102
        run += 300_000_000
        wait += 500_000_000 if busy else 100_000_000
        bottom += 900_000_000 if busy else 0
        io += 800 if busy else 200
    return names, samples


def test_counters_are_shared_out_to_windows_by_overlap():
    names, samples = _samples()
    seconds, groups, disks = threadwaits.totals(names, samples, [(102.0, 103.0)])
    assert seconds == 1.0
    assert groups['rpc handlers'] == [0.3, 0.5] and groups['rocksdb:bottom'] == [0.9, 0.0]
    assert disks['vda'] == [0.8, 0.0]
    seconds, groups, _ = threadwaits.totals(names, samples, [(101.5, 102.5)])  # half of two samples
    assert abs(groups['rpc handlers'][1] - (0.05 + 0.25)) < 1e-9


def test_on_and_off_windows_give_rates_and_the_request_path_wait_per_operation():
    names, samples = _samples()
    result = threadwaits.compare(names, samples, [(102.0, 103.0)], [(100.0, 102.0)], on_ops=50, off_ops=100)
    assert result['status'] == 'measured'
    handlers = result['groups']['rpc handlers']
    assert handlers['runQueueCores'] == [0.5, 0.1] and handlers['cpuCores'] == [0.3, 0.3]
    assert result['disks']['vda']['busyFraction'] == [0.8, 0.2]
    assert result['requestPathRunQueueMsPerOp'] == [10.0, 2.0]  # 500 ms over 50 ops; 200 ms over 100
    page = '\n'.join(threadwaits.render(result))
    assert '| rocksdb:bottom | 0.900 | 0.000 |' in page and '| vda | 0.800 | 0.200 |' in page
    assert threadwaits.compare(names, samples, [], [(100.0, 101.0)], 0, 1)['status'].startswith('not measured')


def test_the_client_process_counts_all_its_threads_per_operation():
    names, samples = _samples()
    result = threadwaits.client(names, samples, [(102.0, 103.0)], [(100.0, 102.0)], on_ops=50, off_ops=100)
    assert result['cpuCores'] == [1.2, 0.3]  # the three threads, whatever their names
    assert result['runQueueMsPerOp'] == [10.0, 2.0]
    assert '10.000 ms on, 2.000 ms off' in '\n'.join(threadwaits.render_client(result))
    assert threadwaits.client(names, samples, [(102.0, 103.0)], [(100.0, 102.0)], 0, 1)['status'].startswith('not')
