"""scripts/fault-test's kill: only while a compaction of its table runs, against a real process writing a log."""

import subprocess
import sys
import time

from harness.ledger import LogTail

# A process that logs as the service does: a compaction of keyTable that starts and ends in one write (the race a
# start line alone lost), one of openKeyTable, then one of keyTable that runs until the process is killed.
WRITER = r'''
import sys, time
log = open(sys.argv[1], 'a', buffering=1)
log.write('Compacting keyTable[a, b): 400 tombstones\nCompacted keyTable[a, b) in 2 ms\n')
time.sleep(0.3)
log.write('Compacting openKeyTable[c, d): 350 tombstones\n')
time.sleep(0.3)
log.write('Compacting keyTable[e, f): 900 tombstones\n')
time.sleep(60)
log.write('Compacted keyTable[e, f) in 60000 ms\n')
'''


class _OneProcess:
    def __init__(self, process):
        self.process = process

    def pid(self, _name):
        return self.process.pid


def _run(fault_test, tmp_path, table, wait, logged_first=None):
    """The kill against the writer; with `logged_first`, only once the writer has logged that (a loaded machine may
    take longer than `wait` to start it)."""
    log = tmp_path / 'om.log'
    log.write_text('')
    tail = LogTail(str(log))
    writer = subprocess.Popen([sys.executable, '-c', WRITER, str(log)])
    while logged_first and logged_first not in log.read_text() and writer.poll() is None:
        time.sleep(0.01)
    began = time.time()
    try:
        running = fault_test.await_compaction_and_kill(_OneProcess(writer), 'om', table, tail, wait)
    finally:
        writer.kill()
        code = writer.wait()
    return running, code, time.time() - began


def test_the_kill_skips_a_compaction_that_ended_and_lands_on_a_running_one(tmp_path, script_module):
    running, code, _ = _run(script_module('fault-test'), tmp_path, 'keyTable', 30)
    assert running == 'Compacting keyTable[e, f): 900 tombstones'
    assert code == -9


def test_without_a_compaction_of_its_table_the_kill_comes_after_the_wait_and_names_what_ran(tmp_path, script_module):
    # The row of such a kill fails: the table of what ran is not the kill's.
    running, code, seconds = _run(script_module('fault-test'), tmp_path, 'deletedTable', 1, 'keyTable[e, f)')
    assert running == 'Compacting keyTable[e, f): 900 tombstones'
    assert code == -9
    assert 1 <= seconds < 10


def test_an_end_whose_start_came_before_the_tail_does_not_hide_a_running_compaction(script_module):
    # A kill's tail may open while the service compacts: the end comes without its start.
    in_progress = script_module('fault-test').compaction_in_progress
    text = 'Compacted openKeyTable[a, b) in 9 ms\nCompacting keyTable[c, d): 400 tombstones\n'
    assert in_progress(text) == 'Compacting keyTable[c, d): 400 tombstones'
    assert in_progress(text + 'Compacted keyTable[c, d) in 5 ms\n') is None
    assert in_progress('') is None
