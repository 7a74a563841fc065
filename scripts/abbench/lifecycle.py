"""What every driver of a measurement does around its run the same way: the time a result records, and SIGTERM
taken as Ctrl-C."""

import datetime


def now():
    """The local time with its UTC offset, to the second: a run's start and end as its result records them."""
    return datetime.datetime.now().astimezone().isoformat(timespec='seconds')


def interrupt_on_sigterm(signum, frame):
    """A SIGTERM handler (a CI's timeout, `kill`): raised as Ctrl-C, so that the driver's interrupt path stops its
    cluster and keeps what was measured, marked partial."""
    raise KeyboardInterrupt
