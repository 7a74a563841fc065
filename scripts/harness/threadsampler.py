"""The kernel's account of one process's threads and of the disks, sampled on a thread of the harness: every
PERIOD_S one JSON line with the time, per thread (by TID) its nanoseconds on a CPU and waiting on a run queue
(/proc/PID/task/TID/schedstat), and per disk its milliseconds with I/O in flight and sectors written
(/proc/diskstats). A thread's name (/proc/PID/task/TID/comm, 15 characters) is written once, when first seen, as a
line {"tid": ..., "comm": ...}. Linux only; a process that ended ends the sampling. Standard library only.

What it is for: which of OM's threads wait more for a CPU, or the disk is busier, while the range compaction
service works (abbench/threadwaits.py reads the lines)."""

import json
import os
import threading
import time

PERIOD_S = 0.1


def _schedstat(pid, tid):
    with open(f'/proc/{pid}/task/{tid}/schedstat') as f:
        run_ns, wait_ns, _ = f.read().split()
    return int(run_ns), int(wait_ns)


def _disks():
    """{device: [ms with I/O in flight, sectors written]} of the whole disks (not partitions, loops or RAM)."""
    disks = {}
    with open('/proc/diskstats') as f:
        for line in f:
            fields = line.split()
            name = fields[2]
            if name.startswith(('loop', 'ram', 'zram', 'dm-')) or not os.path.exists(f'/sys/block/{name}'):
                continue
            disks[name] = [int(fields[12]), int(fields[9])]
    return disks


class ThreadSampler:

    def __init__(self, pid, path, period_s=PERIOD_S):
        self.pid, self.path, self.period_s = pid, path, period_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name='thread-sampler', daemon=True)

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join()

    def _run(self):
        named = set()
        with open(self.path, 'w') as out:
            while not self._stop.is_set():
                t = time.time()
                try:
                    tids = os.listdir(f'/proc/{self.pid}/task')
                except FileNotFoundError:
                    return
                threads = {}
                for tid in tids:
                    try:
                        if tid not in named:
                            with open(f'/proc/{self.pid}/task/{tid}/comm') as f:
                                out.write(json.dumps({'tid': tid, 'comm': f.read().strip()}) + '\n')
                            named.add(tid)
                        threads[tid] = _schedstat(self.pid, tid)
                    except (FileNotFoundError, ProcessLookupError, ValueError):
                        pass  # the thread ended between the listing and the read
                out.write(json.dumps({'t': t, 'threads': threads, 'disks': _disks()}) + '\n')
                self._stop.wait(max(0.0, self.period_s - (time.time() - t)))
