"""The join of client latencies with the service's compactions (compactionevents.py, clientcost.py) on written-down
logs, and the coverage of its interval."""

import random

import pytest

from abbench import clientcost, compactionevents

# Two event lines as OM's log4j layout writes them, and lines that are not events.
OM_LOG = """\
2026-11-26 17:02:16,900 [RangeCompactionService#0] INFO  compaction.RangeCompactionService (...) - Compacting x
2026-11-26 17:02:16,904 [RangeCompactionService#0] INFO  compaction.RangeCompactionEvents (CompactionEvents.java:\
flushed(70)) - action=flush reason=reader table=keyTable startMs=1000000 endMs=1000000 inputBytes=0 writtenBytes=5
2026-11-26 17:02:17,904 [RangeCompactionService#0] INFO  compaction.RangeCompactionEvents (CompactionEvents.java:\
compacted(78)) - action=compact reason=idle table=deletedTable startMs=1002000 endMs=1003000 inputBytes=100 \
writtenBytes=40
2026-11-26 17:02:18,000 [main] INFO  some other line action=maybe
"""


def test_events_are_read_from_om_log_lines():
    events = compactionevents.parse(OM_LOG.splitlines())
    assert [(e.action, e.reason, e.table) for e in events] == [('flush', 'reader', 'keyTable'),
                                                               ('compact', 'idle', 'deletedTable')]
    # A flush recorded within one millisecond lasted one.
    assert (events[0].start, events[0].end) == (1000.0, 1000.001)
    assert (events[1].start, events[1].end, events[1].input_bytes, events[1].written_bytes) == (1002, 1003, 100, 40)


def test_overlapping_events_merge_and_busy_seconds_are_clipped_to_the_window():
    events = [compactionevents.Event('compact', 'reader', 't', a, b, 0, 0) for a, b in ((10, 12), (11, 13), (20, 21))]
    intervals = compactionevents.busy_intervals(events)
    assert intervals == [(10, 13), (20, 21)]
    assert compactionevents.busy_seconds(intervals, 0, 100) == 4
    assert compactionevents.busy_seconds(intervals, 12, 20.5) == 1.5
    t = compactionevents.totals(events, 0, 15)
    assert (t['events'], t['compactions'], t['flushes'], t['busySeconds']) == (2, 2, 0, 3)
    assert t['byActionAndReason'] == {'compact/reader': 2}


def test_spans_meet_intervals_only_with_positive_overlap():
    intervals = [(10.0, 12.0), (20.0, 21.0)]
    spans = [(9.0, 10.0),      # ends as the compaction starts
             (9.0, 10.001),    # ends just inside it
             (12.0, 12.005),   # starts as it ends
             (11.999, 12.004),  # starts just before its end
             (13.0, 21.0),     # spans the whole second one
             (21.5, 21.6), (5.0, 5.1)]
    assert [compactionevents.overlaps(intervals, a, b) for a, b in spans] == [False, True, False, True, True, False,
                                                                             False]


def test_an_operation_is_during_the_service_work_when_it_started_in_it():
    intervals = [(10.0, 12.0), (20.0, 21.0)]
    rows = clientcost.classify([(9.0, 'CREATE', 1001.0),    # overlaps the first one but started before it: outside
                                (10.0, 'DELETE', 1.0),      # starts as it starts: during
                                (11.0, 'DELETE', 1.0),      # inside
                                (11.999, 'LIST', 5.0),      # starts just before its end
                                (12.0, 'LIST', 5.0),        # starts as it ends: outside
                                (13.0, 'CREATE', 8000.0),   # spans the whole second one: outside
                                (21.5, 'CREATE', 1.0)],     # after all
                               intervals)
    assert [during for *_, during in rows] == [False, True, True, True, False, False, False]


def test_classifying_by_start_has_no_length_bias():
    # A placebo: slow and fast operations alike, intervals that carry no cost. Classified by overlap, the slow ones
    # would be "during" far more often; by start, the two groups have the same latencies.
    rng = random.Random(9)
    rows = [(k * 0.01, 'CREATE', 200.0 if rng.random() < 0.5 else 2.0) for k in range(60000)]
    intervals = [(s + 0.3, s + 0.4) for s in range(600)]
    during = [ms for _, _, ms, d in clientcost.classify(rows, intervals) if d]
    assert abs(sum(1 for ms in during if ms > 100) / len(during) - 0.5) < 0.05
    by_overlap = [ms for t, _, ms in rows if compactionevents.overlaps(intervals, t, t + ms / 1000)]
    assert sum(1 for ms in by_overlap if ms > 100) / len(by_overlap) > 0.6


def _load(seconds, rate, slow_during=1.0, intervals=(), seed=3):
    """Synthetic operations: log-normal latencies around 5 ms, `slow_during` times slower inside `intervals`."""
    rng = random.Random(seed)
    rows = []
    for k in range(int(seconds * rate)):
        t = k / rate
        op = rng.choice(clientcost.OPERATIONS)
        ms = rng.lognormvariate(1.6, 0.5)
        if compactionevents.overlaps(list(intervals), t, t + ms / 1000):
            ms *= slow_during
        rows.append((t, op, ms))
    return rows


def _events(intervals):
    return [compactionevents.Event('compact', 'reader', 'keyTable', a, b, 10, 5) for a, b in intervals]


def test_a_run_without_compactions_is_not_measured():
    result = clientcost.measure(_load(60, 50), [])
    assert result['status'].startswith('not measured: no flush or compaction during the load')
    assert result['busyFraction'] == 0 and 'operations' not in result


def test_a_cost_during_compactions_shows_in_the_ratio_and_its_interval():
    intervals = [(s, s + 2.0) for s in range(5, 120, 10)]  # busy 20% of the time
    result = clientcost.measure(_load(120, 100, 1.5, intervals), _events(intervals), start=0, end=120)
    assert result['status'] == 'measured'
    assert result['busyFraction'] == pytest.approx(0.2, abs=0.01)
    for op in clientcost.OPERATIONS:
        p50 = result['operations'][op]['p50']
        assert p50['low'] <= p50['ratio'] <= p50['high']
        assert 1.3 < p50['low'] and p50['high'] < 1.7, p50
        assert not p50['targetHolds'] and 'excludes 1.0' in p50['verdict']


def test_no_cost_gives_an_interval_around_one():
    intervals = [(s, s + 2.0) for s in range(5, 120, 10)]
    result = clientcost.measure(_load(120, 100, 1.0, intervals), _events(intervals), start=0, end=120)
    # A 95% interval misses the truth one time in twenty: of six, at most one may.
    ratios = [result['operations'][op][key] for op in clientcost.OPERATIONS for key in ('p50', 'p99')]
    assert sum('contains 1.0' in r['verdict'] for r in ratios) >= 5
    assert all(0.8 < r['ratio'] < 1.25 for r in ratios)


def test_too_few_operations_during_the_service_work_are_not_measured():
    intervals = [(50.0, 50.5)]
    result = clientcost.measure(_load(60, 50), _events(intervals), start=0, end=60)
    assert result['status'] == 'measured'
    assert result['operations']['LIST']['p99']['verdict'].startswith('not measured:')
    assert result['operations']['LIST']['p99']['ratio'] is None


def test_placebo_coverage_of_the_window_bootstrap_is_near_its_nominal_level():
    # Operations of a run without the service, latencies drifting slowly (correlated in time, as on a real
    # machine): events moved over them carry no cost, so an interval should contain 1.0 about 95% of the time.
    rng = random.Random(5)
    rows, level = [], 0.0
    for k in range(240 * 60):
        t = k / 60
        level = 0.98 * level + rng.gauss(0, 0.05) if k % 60 == 0 else level
        rows.append((t, rng.choice(clientcost.OPERATIONS), rng.lognormvariate(1.6 + level, 0.5)))
    events = _events([(s, s + 3.0) for s in range(0, 240, 12)])
    coverage = clientcost.placebo_coverage(rows, events, shifts=30, resamples=300)
    for op, (fraction, trials) in coverage.items():
        assert trials == 30
        assert fraction >= 0.8, (op, fraction)


ROCKSDB_LOG = '''\
2026/11/27-02:10:06.689263 140 EVENT_LOG_v1 {"time_micros": 1795745406689248, "job": 5, "event": "compaction_started", "compaction_reason": "ManualCompaction", "files_L0": [59, 57, 55], "score": -1, "input_data_size": 8592, "oldest_snapshot_seqno": -1}
2026/11/27-02:10:06.690000 141 EVENT_LOG_v1 {"time_micros": 1795745406690000, "job": 6, "event": "compaction_started", "compaction_reason": "LevelL0FilesNum", "files_L0": [60], "score": 1, "input_data_size": 100}
2026/11/27-02:10:06.695000 141 [keyTable] some other line
2026/11/27-02:10:06.706476 140 (Original Log Time 2026/11/27-02:10:06.697196) EVENT_LOG_v1 {"time_micros": 1795745406697177, "job": 5, "event": "compaction_finished", "compaction_time_micros": 6262, "output_level": 6, "num_output_files": 1, "total_output_size": 3270}
2026/11/27-02:10:07.000000 142 EVENT_LOG_v1 {"time_micros": 1795745407000000, "job": 9, "event": "compaction_finished", "total_output_size": 1}
2026/11/27-02:10:07.100000 141 EVENT_LOG_v1 {"time_micros": 1795745407100000, "job": 6, "event": "flush_finished"}
'''


def test_rocksdb_compactions_are_read_from_its_event_log_by_job():
    """A started and a finished event of one job make one compaction (reason, bytes, start and end); a job still
    running at the log's end, a finish without its start and other events are not compactions."""
    events = compactionevents.parse_rocksdb(ROCKSDB_LOG.splitlines())
    assert [(e.action, e.reason, e.input_bytes, e.written_bytes) for e in events] == [
        ('compact', 'ManualCompaction', 8592, 3270)]
    assert events[0].start == pytest.approx(1795745406.689248) and events[0].end == pytest.approx(1795745406.697177)
