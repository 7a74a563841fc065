"""The range statistics scale page: targets judged from the JSON, the growth's slope, a pick that compacted nothing
shown as not measured, and the committed pages equal to what their JSON gives."""

import copy

from abbench import rangestatsscale


def _point(shape, ssts, millis):
    return {'shape': shape, 'ssts': ssts, 'ranges': ssts // 2, 'computeMillis': [millis] * 3,
            'computeMillisMedian': millis, 'referenceMillis': None, 'heapBytesPerSstFiles': 250.0,
            'heapBytesPerSstRanges': 100.0}


RESULT = {
    'tool': 'scripts/bench-range-stats-scale', 'commandLine': ['scripts/bench-range-stats-scale'],
    'gitCommit': 'a' * 40,
    'gitDirty': False, 'startedAt': '2026-11-26T00:00:00Z', 'wallSeconds': 600.0,
    'machine': {'cores': 2, 'memoryGiB': 23.6},
    'settings': {'repeats': 3, 'maxRangeEntries': 200000, 'referenceMax': 8000, 'dbSsts': 10000,
                 'queueSsts': 8000, 'dbKeysPerSst': 1000, 'dbBuckets': 10, 'valueBytes': 100},
    # n log n for one shape (slope about 1.1), n squared for the other.
    'model': [_point('linear', n, n / 1000 * (1 + 0.1 * i)) for i, n in enumerate((1000, 10000, 100000))]
    + [_point('quadratic', n, (n / 1000) ** 2) for n in (1000, 10000, 100000)],
    'db': {'buildSeconds': 60.0,
           'startup': {'openMillisOn': [100.0, 110.0, 120.0], 'openMillisOff': [100.0, 100.0, 100.0],
                       'indexedMillis': [900.0, 950.0, 1000.0], 'heapBytesOn': [2e8] * 3, 'heapBytesOff': [1.9e8] * 3,
                       'openRatioOnOff': 1.1, 'heapBytesPerSst': 555.0},
           'tables': {'keyTable': {'liveSsts': 10001, 'ranges': 60, 'computeMillisAfterFlush': [20.0, 30.0, 40.0],
                                   'computeMillisAfterCompaction': [60.0, 61.0, 62.0]}},
           'scrape': {'scrapes': 200, 'millisMedian': 0.05, 'millisP99': 0.2},
           'looks': {'unchangedLookMillis': [0.1, 0.2, 0.3], 'fullLookFindingNothingMillis': [3.0, 4.0, 5.0],
                     'picks': [{'table': 'keyTable', 'rangesCompacted': 0, 'lookMillis': 10.0, 'compactionMillis': 0,
                                'lookMillisBesideCompaction': 10.0}]}},
}


def test_targets_are_judged_with_their_bounds():
    rows = {name: (value, holds) for name, value, _, holds in rangestatsscale.targets(RESULT)}
    at_100k = rows['model: one recomputation at 100,000 SSTs, ms (slower shape, median)']
    assert at_100k == (10000.0, False)
    linear = rows['model: log-log slope of a recomputation over SSTs, linear']
    quadratic = rows['model: log-log slope of a recomputation over SSTs, quadratic']
    assert linear[1] and 1.0 < linear[0] < 1.1
    assert not quadratic[1] and abs(quadratic[0] - 2.0) < 1e-9
    recompute = next(v for k, v in rows.items() if k.startswith('keyTable'))
    assert recompute == (61.0, False)  # the slower median: after a compaction
    assert rows['start (the OM DB opened) with range statistics / without, 10,000 SSTs in keyTable'] == (1.1, True)
    assert rows['heap of range statistics per SST, bytes (OM DB, with - without)'] == (555.0, True)


def test_a_pick_that_compacted_nothing_is_not_measured():
    page = rangestatsscale.render(RESULT)
    assert 'not measured: the look compacted nothing' in page
    picked = copy.deepcopy(RESULT)
    picked['db']['looks']['picks'][0].update(rangesCompacted=1, compactionMillis=7, lookMillisBesideCompaction=3.0)
    assert 'not measured' not in rangestatsscale.render(picked)


def test_the_model_alone_has_no_db_rows():
    model_only = {k: v for k, v in RESULT.items() if k != 'db'}
    names = [row[0] for row in rangestatsscale.targets(model_only)]
    assert names and all(name.startswith('model:') for name in names)
    assert '## A real OM DB' not in rangestatsscale.render(model_only)


def test_the_committed_pages_are_what_their_json_gives():
    assert rangestatsscale.main(['--check']) == 0
