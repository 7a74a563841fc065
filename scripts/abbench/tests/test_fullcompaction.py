"""Upstream's full compaction passes, read from OM's log."""

from abbench import fullcompaction

# OM's log lines, without the logger's name (service.CompactDBUtil) to keep them short.
LOG = """\
2026-11-23 03:40:00,000 [om1-CompactionService#0] INFO  Compacting column family: keyTable
2026-11-23 03:40:10,500 [om1-CompactionService#0] INFO  Compaction of column family: keyTable completed in 10500 ms
2026-11-23 03:40:10,600 [om1-CompactionService#0] INFO  Compacting column family: deletedTable
2026-11-23 03:40:11,000 [om1-CompactionService#0] INFO  Compaction of column family: deletedTable completed in 400 ms
2026-11-23 03:40:20,000 [main] INFO om.OzoneManager: something else
2026-11-23 03:41:00,000 [om1-CompactionService#0] INFO  Compacting column family: keyTable
2026-11-23 03:41:05,000 [om1-CompactionService#0] INFO  Compaction of column family: keyTable completed in 5000 ms
"""


def test_passes_are_tables_compacted_back_to_back(tmp_path):
    log = tmp_path / 'om.log'
    log.write_text(LOG)
    events = fullcompaction.events(log)
    assert [(table, round(end - start, 1)) for table, start, end in events] == [
        ('keyTable', 10.5), ('deletedTable', 0.4), ('keyTable', 5.0)]
    t0 = events[0][1]
    assert fullcompaction.spans(events, t0) == [(0.0, 11.0), (60.0, 65.0)]
    assert fullcompaction.summarise(events, t0 + 30, t0 + 120) == {
        'passesDuringClient': 1, 'tableSecondsMax': 5.0, 'busySecondsDuringClient': 5.0, 'tablesCompacted': 3}
    # Passes back to back (the service queues a pass per interval even while one runs) are each counted.
    assert fullcompaction.summarise(events, t0 + 5, t0 + 62)['passesDuringClient'] == 2
    assert fullcompaction.summarise(events, t0 + 5, t0 + 62)['busySecondsDuringClient'] == 8.0


def test_no_full_compaction_is_no_summary(tmp_path):
    log = tmp_path / 'om.log'
    log.write_text('2026-11-23 03:40:20,000 [main] INFO om.OzoneManager: started\n')
    assert fullcompaction.events(log) == [] and fullcompaction.summarise([], 0, 10) is None
