"""The client's per-interval latency (omkeybench --latency-csv), and its worst while a full compaction ran."""

from abbench import clientlatency

CSV = """\
unix_time,operation,count,p50_ms,p99_ms,max_ms
1000.000,CREATE,500,2.000,9.000,12.000
1000.000,LIST,20,3.000,30.000,31.000
1005.000,CREATE,480,2.500,40.000,55.000
1010.000,CREATE,510,2.100,8.000,9.000
1012.500,CREATE,200,2.000,7.000,7.500
"""


def test_per_interval_p99_and_during_full_compaction(tmp_path):
    path = tmp_path / 'latency.csv'
    path.write_text(CSV)
    intervals = clientlatency.read(path)
    assert intervals['CREATE'][1] == (1005.0, 480, 2.5, 40.0, 55.0)
    # A pass from 1001 to 1004 overlaps only the interval (1000, 1005].
    summary = clientlatency.summarise(intervals, 5, [(1001.0, 1004.0)])
    assert summary['CREATE'] == {'intervals': 4, 'p99Median': 8.5, 'p99Max': 40.0, 'p99MaxDuringFullCompaction': 40.0}
    assert summary['LIST']['p99MaxDuringFullCompaction'] is None
    assert 'DELETE' not in summary
    assert clientlatency.summarise(intervals, 5, [])['CREATE']['p99MaxDuringFullCompaction'] is None
    assert clientlatency.p99_series(intervals, 'CREATE', 995.0) == ([5.0, 10.0, 15.0, 17.5], [9.0, 40.0, 8.0, 7.0])
