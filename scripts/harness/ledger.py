"""What OM acknowledged, and whether its bucket still agrees: a delete-heavy omkeybench load whose every acknowledged
create and delete goes to a journal (--journal), and the check of a bucket against every journal so far; with what
the fault test (kill -9 of OM) and the rolling upgrade (OM by OM onto other jars and back) read of an OM to judge each
step: its log as it grows, and a value of its /prom. Standard library only (the scripts run on the system's Python,
without the harness's environment and its Prometheus parser)."""

import json
import os
import re
import subprocess
import time
import urllib.request

from .cluster import client_env
from .freon import FreonRun
from .journal import expected_keys

VOLUME, BUCKET = 'vol1', 'faults'
OM_SERVICE_ID = 'omservice'
# RocksDB's status "Corruption: ...", Ratis' CorruptedLogException, a repair; not OM's "QuotaRepairUpgradeAction" or
# Ratis' "log.corruption.policy" setting, which every start logs.
CORRUPTION = re.compile(r'Corruption|Corrupted|corrupted|RepairDB|repaired')
# What OM logs as the range compaction service starts and ends a compaction.
COMPACTING, COMPACTED = 'Compacting ', 'Compacted '


class LedgerError(Exception):
    """A step that could not be carried out (not a failed check): one line for the user."""


def ozone(ozone_bin, cluster, *args, timeout=300):
    """bin/ozone `ozone_bin` as the cluster's client; what it printed, or LedgerError."""
    done = subprocess.run([str(ozone_bin), *args], env=client_env(cluster), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise LedgerError('ozone %s failed: %s' % (' '.join(args[:3]), done.stderr.strip()[-300:]))
    return done.stdout


class Load:
    """An omkeybench process (of distribution `ozone_bin`, our freon) whose acknowledgements go to `journal`: creates,
    deletes of the oldest keys and listings in bucket /vol1/faults, at most 400 keys live; its output in
    `journal`.log."""

    def __init__(self, ozone_bin, cluster, journal, prefix, threads, seed):
        self.journal = str(journal)
        cmd = [str(ozone_bin), 'freon', 'omkeybench', '-n', '1000000000', '-t', str(threads), '--size=0',
               '-v', VOLUME, '-b', BUCKET, '-p', prefix, '--weights', 'create:3,delete:2,list:1',
               '--max-live-keys', '400', '--untracked', 'delete', '--delete-order', 'oldest',
               '--seed', str(seed), '--fail-at-end', '--journal', self.journal]
        if cluster.om_ha:
            cmd += ['--om-service-id', OM_SERVICE_ID]
        self.run = FreonRun(cmd, client_env(cluster), self.journal + '.log', 'the load')
        self.run.start()

    def lines(self):
        try:
            with open(self.journal, 'rb') as f:
                return f.read().count(b'\n')
        except FileNotFoundError:
            return 0

    def await_progress(self, lines, timeout):
        """Waits until the journal has `lines` more lines than now: OM acknowledges (again)."""
        target, deadline = self.lines() + lines, time.time() + timeout
        while self.lines() < target:
            if self.run.poll() is not None:
                raise LedgerError('the load ended early (exit %d); see %s.log' % (self.run.poll(), self.journal))
            if time.time() > deadline:
                raise LedgerError('the load made no progress for %d s; see %s.log' % (timeout, self.journal))
            time.sleep(0.2)

    def stop(self):
        self.run.terminate()


def bucket_keys(ozone_bin, cluster):
    listing = json.loads(ozone(ozone_bin, cluster, 'sh', 'key', 'list', '/%s/%s' % (VOLUME, BUCKET),
                               '-l', '10000000') or '[]')
    return {k['name'] for k in listing}


def check_bucket(ozone_bin, cluster, journals):
    """The bucket against every journal so far: the keys checked, and those missing (acknowledged created, not
    deleted after) or revived (acknowledged deleted), up to 20 of each named."""
    must, gone = expected_keys(journals)
    present = bucket_keys(ozone_bin, cluster)
    return {
        'keys_must_exist': len(must), 'keys_deleted': len(gone),
        'missing': sorted(must - present)[:20], 'missing_count': len(must - present),
        'revived': sorted(gone & present)[:20], 'revived_count': len(gone & present),
        # creates OM applied but did not acknowledge, and deletes it did not apply: either way is right
        'unacknowledged_present': len(present - must),
    }


def complaints(path, since):
    """Lines of `path` after byte `since` that name corruption or a repair."""
    if not os.path.exists(path):
        return []
    with open(path, 'rb') as f:
        f.seek(since)
        return [line for line in f.read().decode('utf-8', 'replace').splitlines() if CORRUPTION.search(line)]


def size(path):
    return os.path.getsize(path) if os.path.exists(path) else 0


class LogTail:
    """What a log gained since it was opened."""

    def __init__(self, path):
        self.path = path
        self.offset = os.path.getsize(path)
        self.text = ''

    def read_new(self):
        """Reads what was added since the last read; returns just that."""
        with open(self.path, 'rb') as f:
            f.seek(self.offset)
            added = f.read()
        self.offset += len(added)
        new = added.decode('utf-8', 'replace')
        self.text += new
        return new


def om_metric(cluster, om, name):
    """The value of metric `name` (any labels) on OM `om`'s /prom, or None while it is not there or OM does not
    answer."""
    pattern = re.compile(r'^' + re.escape(name) + r'(?:\{[^}]*\})? ([0-9.eE+-]+|NaN)$', re.MULTILINE)
    try:
        with urllib.request.urlopen(cluster.oms[om]['prom'], timeout=10) as r:
            match = pattern.search(r.read().decode('utf-8', 'replace'))
    except OSError:
        return None
    return float(match.group(1)) if match else None
