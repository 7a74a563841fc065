"""The range compaction service's work, as OM records it: one line per memtable flush or range compaction on the
logger RangeCompactionEvents (CompactionEvents.java), in a fixed key=value form after whatever the log's layout puts
first:

    action=compact reason=reader table=deletedTable startMs=1764176400123 endMs=1764176400456 inputBytes=8388608
    writtenBytes=1048576

action: flush or compact; reason: reader (the leader under load, a reader due), idle (idle cleanup) or follower;
times in wall-clock milliseconds since the epoch, as omkeybench's latency log records its operations' starts.

The same Event also holds each compaction in RocksDB's own info log (parse_rocksdb): RocksDB's and the manual ones,
the service's among them, so that a measure can join the client's operations with every compaction of OM's DB.
"""

import bisect
import json
import re
from dataclasses import dataclass

_LINE = re.compile(r'action=(flush|compact) reason=(\w+) table=(\S+) startMs=(\d+) endMs=(\d+) inputBytes=(\d+) '
                   r'writtenBytes=(\d+)')
# Events are recorded in whole milliseconds: one that took less than a millisecond lasted at least this long.
RESOLUTION_S = 0.001


@dataclass(frozen=True)
class Event:
    action: str
    reason: str
    table: str
    start: float  # unix seconds
    end: float
    input_bytes: int
    written_bytes: int


def parse(lines):
    """[Event] of the event lines among `lines`, in the order OM logged them (the order they ended)."""
    events = []
    for line in lines:
        m = _LINE.search(line)
        if m:
            events.append(Event(m.group(1), m.group(2), m.group(3), int(m.group(4)) / 1000,
                                max(int(m.group(5)), int(m.group(4)) + 1) / 1000, int(m.group(6)), int(m.group(7))))
    return events


def read(log_path):
    """[Event] of an OM log."""
    with open(log_path, errors='replace') as log:
        return parse(log)


_ROCKSDB_EVENT = re.compile(r'EVENT_LOG_v1 (\{.*\})\s*$')


def parse_rocksdb(lines):
    """[Event] of every compaction in RocksDB's info log (its EVENT_LOG_v1 lines: compaction_started and
    compaction_finished of one job), in the order they finished: action 'compact', reason RocksDB's
    compaction_reason (ManualCompaction for the service's CompactRange and upstream's CompactionService, the others
    RocksDB's own), no table (the events do not name the column family), input and output bytes."""
    started, events = {}, []
    for line in lines:
        m = _ROCKSDB_EVENT.search(line)
        if not m:
            continue
        try:
            e = json.loads(m.group(1))
        except ValueError:
            continue
        if e.get('event') == 'compaction_started':
            started[e['job']] = e
        elif e.get('event') == 'compaction_finished' and e.get('job') in started:
            s = started.pop(e['job'])
            events.append(Event('compact', s.get('compaction_reason', 'unknown'), '', s['time_micros'] / 1e6,
                                max(e['time_micros'], s['time_micros'] + 1000) / 1e6,
                                int(s.get('input_data_size', 0)), int(e.get('total_output_size', 0))))
    return events


def read_rocksdb(log_path):
    """[Event] of the compactions in a RocksDB info log (parse_rocksdb)."""
    with open(log_path, errors='replace') as log:
        return parse_rocksdb(log)


def merge(spans):
    """[(start, end)] sorted and disjoint: `spans` with the overlapping ones merged."""
    merged = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def busy_intervals(events):
    """The times the service was working, [(start, end)] sorted and disjoint."""
    return merge((e.start, e.end) for e in events)


def busy_seconds(intervals, start, end):
    """Seconds of [start, end) that fall in `intervals` (busy_intervals)."""
    return sum(max(0.0, min(b, end) - max(a, start)) for a, b in intervals)


def overlaps(intervals, start, end):
    """Whether [start, end) meets any of `intervals` (sorted, disjoint), or for start == end whether the instant
    falls in one. A span that ended as an event started, or started as one ended, did not meet it."""
    k = bisect.bisect_right(intervals, (start, float('inf')))
    # The interval that starts at or before `start` may reach past it; the next one may start before `end`.
    return (k > 0 and intervals[k - 1][1] > start) or (k < len(intervals) and intervals[k][0] < end)


def totals(events, start, end):
    """What the service did in [start, end) (events that started in it): counts, seconds (within the window), bytes,
    and counts per action and reason."""
    inside = [e for e in events if start <= e.start < end]
    by = {}
    for e in inside:
        key = f'{e.action}/{e.reason}'
        by[key] = by.get(key, 0) + 1
    return {'events': len(inside), 'compactions': sum(e.action == 'compact' for e in inside),
            'flushes': sum(e.action == 'flush' for e in inside),
            'busySeconds': busy_seconds(busy_intervals(events), start, end),
            'inputBytes': sum(e.input_bytes for e in inside), 'writtenBytes': sum(e.written_bytes for e in inside),
            'byActionAndReason': dict(sorted(by.items()))}
