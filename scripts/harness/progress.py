"""Progress on the terminal: which arm, how far, and when the whole benchmark should end."""

import sys
import time

# Start and stop of a fresh cluster, before any arm has measured it (about 45-65 s to start on 2 cores).
ASSUMED_OVERHEAD_S = 75


def _clock(seconds):
    seconds = max(0, int(seconds))
    return f'{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}'


class Progress:
    """Estimates the time left from the arms done so far: overhead per arm plus operations at the measured rate."""

    def __init__(self, total_runs, stream=sys.stderr, after_s=0):
        self.total_runs = total_runs
        self.after_s = after_s  # what runs after the arms, in seconds (added to the time left)
        self.stream = stream
        self.tty = stream.isatty()
        self.overheads = []
        self._last_print = 0.0

    def overhead_s(self):
        return sum(self.overheads) / len(self.overheads) if self.overheads else ASSUMED_OVERHEAD_S

    def record_overhead(self, seconds):
        self.overheads.append(seconds)

    def say(self, text):
        if self.tty:
            self.stream.write('\r\033[K')
        self.stream.write(text + '\n')
        self.stream.flush()

    def update(self, index, run_id, done, total, elapsed_s, ops_left_after):
        """Prints at most every second on a terminal (in place), every 15 s otherwise (one line each)."""
        now = time.monotonic()
        if now - self._last_print < (1 if self.tty else 15):
            return
        self._last_print = now
        rate = done / elapsed_s if elapsed_s > 0 and done > 0 else None
        arm_left = (total - done) / rate if rate else None
        runs_left = self.total_runs - index - 1
        all_left = (arm_left + runs_left * self.overhead_s() + ops_left_after / rate + self.after_s) if rate else None
        text = (f'[{index + 1}/{self.total_runs} {run_id}] {100 * done / total:5.1f}% {done:,}/{total:,} ops'
                + (f', {rate:,.0f} ops/s, arm ETA {_clock(arm_left)}, all ETA {_clock(all_left)}' if rate else ''))
        if self.tty:
            self.stream.write('\r\033[K' + text)
            self.stream.flush()
        else:
            self.say(text)


def ended(result, label, page):
    """The last line of a run (its page, and PARTIAL with the reason when it stopped early) and its exit code."""
    complete = result['status'] == 'complete'
    print(f'{label}: {page}' + ('' if complete else f" (PARTIAL: {result['reason']})"))
    return 0 if complete else 1
