"""Upstream's full compaction passes, read from OM's log."""

from abbench import fullcompaction

LOG = """\
2026-11-23 03:40:00,000 [CompactionService#0] INFO db.CompactDBUtil: Compacting column family: keyTable
2026-11-23 03:40:10,500 [CompactionService#0] INFO db.CompactDBUtil: Compaction of column family: keyTable completed in 10500 ms
2026-11-23 03:40:10,600 [CompactionService#0] INFO db.CompactDBUtil: Compacting column family: deletedTable
2026-11-23 03:40:11,000 [CompactionService#0] INFO db.CompactDBUtil: Compaction of column family: deletedTable completed in 400 ms
2026-11-23 03:40:20,000 [main] INFO om.OzoneManager: something else
2026-11-23 03:41:00,000 [CompactionService#0] INFO db.CompactDBUtil: Compacting column family: keyTable
2026-11-23 03:41:05,000 [CompactionService#0] INFO db.CompactDBUtil: Compaction of column family: keyTable completed in 5000 ms
"""


def test_passes_are_tables_compacted_back_to_back(tmp_path):
    log = tmp_path / 'om.log'
    log.write_text(LOG)
    events = fullcompaction.events(log)
    assert [(table, round(end - start, 1)) for table, start, end in events] == [
        ('keyTable', 10.5), ('deletedTable', 0.4), ('keyTable', 5.0)]
    t0 = events[0][1]
    assert fullcompaction.spans(events, t0) == [(0.0, 11.0), (60.0, 65.0)]
    summary = fullcompaction.summarise(events, t0 + 30, t0 + 120)
    assert summary == {'passesDuringClient': 1, 'passSecondsMax': 5.0, 'passSecondsTotal': 5.0, 'tablesCompacted': 3}


def test_no_full_compaction_is_no_summary(tmp_path):
    log = tmp_path / 'om.log'
    log.write_text('2026-11-23 03:40:20,000 [main] INFO om.OzoneManager: started\n')
    assert fullcompaction.events(log) == [] and fullcompaction.summarise([], 0, 10) is None
