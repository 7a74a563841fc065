"""Parsing of OM's /prom text and the selection of the recorded columns."""

import math
from pathlib import Path

import pytest

from harness import catalog, prom

SAMPLE = (Path(__file__).parent / 'data' / 'om_prom_sample.txt').read_text()


def test_parses_om_sample_without_host_and_context_labels():
    samples = prom.parse(SAMPLE)
    assert prom.lookup(samples, 'rocksdb_om_db_db_seek_average') == pytest.approx(13.43939393939394)
    assert prom.lookup(samples, 'rocksdb_om_db_number_iter_skip') == 526606
    assert prom.lookup(samples, 'om_range_stats_estimated_tombstones', table='keyTable') == 7355
    assert prom.lookup(samples, 'om_range_stats_estimated_tombstones', table='deletedTable') == 0
    assert prom.lookup(samples, 'jvm_metrics_mem_heap_used_m', processname='OzoneManager',
                       sessionid='null') == 212.5
    assert len(samples) == 10


def test_missing_sample_is_none():
    assert prom.lookup(prom.parse(SAMPLE), 'rocksdb_om_db_no_such_metric') is None


def test_special_values_escapes_and_timestamps():
    text = '\n'.join([
        'a_nan NaN',
        'a_inf +Inf',
        'a_minus_inf{x="1"} -Inf',
        'a_exp 1.5e3 1712345678000',
        r'a_label{path="/vol1/b,c}d",quote="say \"hi\"",back="a\\b"} 7',
        '   ',
        '# HELP a_nan something',
    ])
    samples = prom.parse(text)
    assert math.isnan(prom.lookup(samples, 'a_nan'))
    assert prom.lookup(samples, 'a_inf') == math.inf
    assert prom.lookup(samples, 'a_minus_inf', x='1') == -math.inf
    assert prom.lookup(samples, 'a_exp') == 1500
    assert prom.lookup(samples, 'a_label', path='/vol1/b,c}d', quote='say "hi"', back='a\\b') == 7


@pytest.mark.parametrize('line, named', [
    ('metric_without_value', 'metric_without_value'),
    ('metric{table="keyTable"', 'keyTable'),
    ('metric abc', 'abc'),
    ('metric{table=keyTable} 1', 'table=keyTable'),
])
def test_malformed_text_is_one_error_naming_what_is_wrong(line, named):
    with pytest.raises(prom.PromParseError, match=f'malformed /prom text: .*{named}'):
        prom.parse('ok_metric 1\n' + line)


def test_select_maps_samples_to_columns():
    row = catalog.select(prom.parse(SAMPLE))
    assert set(row) == {c.name for c in catalog.COLUMNS}
    assert row['seek_avg_us'] == pytest.approx(13.43939393939394)
    assert row['seeks'] == 1464
    assert row['iter_skips'] == 526606
    assert row['keytable_keys'] == 8213
    assert row['range_stats_tombstones_keyTable'] == 7355
    assert row['range_compactions'] == 3
    assert row['range_runs'] is None  # not in the excerpt: an empty cell, not a zero
    assert catalog.CSV_COLUMNS[:3] == ['unix_time', 'elapsed_s', 'ops_done']
