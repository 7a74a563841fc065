"""What every driver of a measurement does around its run the same way: its start (output folders, the build, the
machine and the checkout's commit), the time a result records, SIGTERM taken as Ctrl-C, the cells of its plan run
until one aborts, and the fields every result starts with."""

import contextlib
import datetime
import signal
import time

from . import machine
from .cluster import build_dist_if_needed
from .envelope import make as make_envelope


class Aborted(Exception):
    """Ctrl-C, SIGTERM or a failed cell: the measurement stops, keeping what it measured."""


def now():
    """The local time with its UTC offset, to the second: a run's start and end as its result records them."""
    return datetime.datetime.now().astimezone().isoformat(timespec='seconds')


def interrupt_on_sigterm(signum, frame):
    """A SIGTERM handler (a CI's timeout, `kill`): raised as Ctrl-C, so that the driver's interrupt path stops its
    cluster and keeps what was measured, marked partial."""
    raise KeyboardInterrupt


@contextlib.contextmanager
def sigterm_as_interrupt():
    """SIGTERM raised as Ctrl-C while the block runs; the previous handler afterwards."""
    previous = signal.signal(signal.SIGTERM, interrupt_on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_cells(cells, run_one, between):
    """Runs run_one(index, cell) for each cell in turn, SIGTERM taken as Ctrl-C. Returns (status, reason): 'complete'
    and None, or 'partial' and why: a cell's Aborted, or an interrupt between two `between` (a cell that is
    interrupted itself records it and raises Aborted)."""
    with sigterm_as_interrupt():
        try:
            for index, cell in enumerate(cells):
                run_one(index, cell)
        except Aborted as e:
            return 'partial', str(e)
        except KeyboardInterrupt:
            return 'partial', f'interrupted between two {between}'
    return 'complete', None


def envelope(tool, status, reason, started_at, began, command_line, described, settings, git):
    """A driver's result envelope (envelope.py), ending now: its wall time from `began`, a time.monotonic();
    `described` the machine (machine.describe) and `git` the (commit, dirty) of the checkout it measured, both read at
    its start. The driver adds its body after it."""
    wall = round(time.monotonic() - began, 1) if began is not None else None
    return make_envelope(tool, command_line, started_at, wall, described, settings, git, status, reason,
                         finished_at=now())


class Driver:
    """A measurement on clusters of this checkout's distribution: its settings (`s`, with `out`, the output folder),
    the checkout `repo` it builds and measures, and the command line it was started with."""

    def __init__(self, settings, repo, command_line):
        self.s = settings
        self.repo = repo
        self.out = settings.out
        self.command_line = command_line

    def begin(self, folders, profile=False):
        """Starts the run: makes the output's `folders`, builds the distribution if needed (`profile`: with
        async-profiler) and reads, now, what the result's envelope records of where it came from."""
        for folder in folders:
            (self.out / folder).mkdir(parents=True, exist_ok=True)
        self.ozone = build_dist_if_needed(self.repo, profile) / 'bin' / 'ozone'
        self.machine = machine.describe(self.ozone)
        self.git = machine.git_state(self.repo)
        self.started_at, self.began = now(), time.monotonic()

    def envelope(self, tool, status, reason, settings):
        """The result's envelope, ending now."""
        return envelope(tool, status, reason, self.started_at, self.began, self.command_line, self.machine, settings,
                        self.git)
