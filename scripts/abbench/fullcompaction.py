"""Upstream's periodic full compaction, as OM logs it: when each column family's compaction started and ended.

CompactDBUtil#compactTable logs "Compacting column family: T" before and "Compaction of column family: T completed
in N ms" after compacting a whole table; OM's log4j layout starts each line with its local time.
"""

import datetime
import re

_LINE = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) .*?(Compacting column family: (\S+)|'
                   r'Compaction of column family: (\S+) completed in (\d+) ms)')


def _unix(stamp):
    return datetime.datetime.strptime(stamp, '%Y-%m-%d %H:%M:%S,%f').timestamp()


def events(log_path):
    """[(table, start unix time, end unix time)] of the full compactions in an OM log, in the order they ended."""
    started, done = {}, []
    with open(log_path, errors='replace') as log:
        for line in log:
            match = _LINE.match(line)
            if not match:
                continue
            if match.group(3):
                started[match.group(3)] = _unix(match.group(1))
            else:
                table, end = match.group(4), _unix(match.group(1))
                done.append((table, started.pop(table, end - int(match.group(5)) / 1000), end))
    return done


# The service compacts the tables one after the other: compactions this close belong to one pass.
PASS_GAP_S = 1.0


def spans(events_, t0):
    """The passes of the service (tables compacted back to back), as (start, end) seconds since t0."""
    merged = []
    for _, start, end in sorted(events_, key=lambda e: e[1]):
        if merged and start - t0 <= merged[-1][1] + PASS_GAP_S:
            merged[-1][1] = max(merged[-1][1], end - t0)
        else:
            merged.append([start - t0, end - t0])
    return [tuple(s) for s in merged]


def summarise(events_, client_start, client_end):
    """Per arm, while the client ran: the service's passes (each compacts every table once, so a pass is counted by
    the table compacted most often), the longest compaction of one table, and the seconds in which any ran."""
    if not events_:
        return None
    during = [(table, start, end) for table, start, end in events_ if end > client_start and start < client_end]
    per_table = {}
    for table, _, _ in during:
        per_table[table] = per_table.get(table, 0) + 1
    busy = sum(min(end, client_end - client_start) - max(start, 0)
               for start, end in spans(during, client_start))
    return {'passesDuringClient': max(per_table.values(), default=0),
            'tableSecondsMax': round(max((end - start for _, start, end in during), default=0), 1),
            'busySecondsDuringClient': round(busy, 1), 'tablesCompacted': len(events_)}
