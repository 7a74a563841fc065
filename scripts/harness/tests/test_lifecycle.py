"""What every driver does around its run: its cells until one aborts, SIGTERM as Ctrl-C, the result's first fields."""

import os
import signal
import time

from pathlib import Path

from harness import envelope, lifecycle, machine

REPO = Path(__file__).resolve().parents[3]


def test_the_cells_run_in_order_and_the_run_is_complete():
    ran = []
    assert lifecycle.run_cells(['a', 'b'], lambda index, cell: ran.append((index, cell)), 'arms') == ('complete', None)
    assert ran == [(0, 'a'), (1, 'b')]


def test_an_aborted_cell_ends_the_run_partial_with_its_reason():
    ran = []

    def run_one(index, cell):
        ran.append(cell)
        if cell == 'b':
            raise lifecycle.Aborted('b failed: no leader')
    assert lifecycle.run_cells(['a', 'b', 'c'], run_one, 'arms') == ('partial', 'b failed: no leader')
    assert ran == ['a', 'b']


def test_sigterm_is_taken_as_ctrl_c_and_the_previous_handler_comes_back():
    previous = signal.getsignal(signal.SIGTERM)

    def run_one(index, cell):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler raises before this ends
    assert lifecycle.run_cells(['a', 'b'], run_one, 'runs') == ('partial', 'interrupted between two runs')
    assert signal.getsignal(signal.SIGTERM) == previous


def test_the_envelope_starts_every_result_the_same_way():
    began = time.monotonic() - 2.0
    git = machine.git_state(REPO)
    result = lifecycle.envelope('scripts/ab-bench arms', 'partial', 'why', '2026-11-27T10:00:00+00:00', began,
                                ['scripts/ab-bench', 'arms', '--smoke'], {'cores': 2}, {'ops': 10}, git)
    assert envelope.problems(result) == []
    assert (result['gitCommit'], result['gitDirty']) == git and len(git[0]) == 40
    assert result['status'] == 'partial' and result['reason'] == 'why' and 2.0 <= result['wallSeconds'] < 10
    assert lifecycle.envelope('t', 'complete', None, None, None, [], {}, {}, (None, False))['wallSeconds'] is None


def test_an_envelope_without_a_commit_has_no_dirty_flag():
    result = envelope.make('t', None, None, None, None, None, (None, False))
    assert envelope.problems(result) == [] and result['gitDirty'] is None
