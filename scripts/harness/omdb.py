"""An OM's DB as `ozone debug range-stats --heads` reads it from a copy: per table its tombstones, in SSTs and in
memtables, and the internal entries (tombstones and the puts they hide) that a reader of its head, or a listing from
a given key, steps over (RocksDB's NUMBER_ITER_SKIP, counted for one seek and one next()).

The copy is `scripts/cluster checkpoint --om NAME`: the DB as that OM has it, follower or leader, its memtables in
the copied WAL (OM's checkpoint servlet serves only the leader, and flushes its memtables first, which halves what a
reader crosses where a put and its delete were in one memtable). OM's own /prom counts the tombstones of SSTs only.
"""

import json
import shutil
import subprocess

from .cluster import ClusterError


def read_heads(ozone, db, env, log, seeks=()):
    """The --heads JSON of the OM DB in `db`; `seeks` are TABLE=KEY reads besides the tables' heads."""
    command = [str(ozone), 'debug', 'range-stats', '--db', str(db), '--heads']
    for seek in seeks:
        command += ['--seek', seek]
    with open(log, 'ab') as err:
        err.write(f'$ {" ".join(command)}\n'.encode())
        err.flush()
        result = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise ClusterError(f'ozone debug range-stats --heads --db {db} failed; see {log}')
    return json.loads(result.stdout)


def checkpoint_heads(cluster, ozone, env, dest, log, om, seeks=()):
    """Copies the DB of OM `om` into `dest`, reads it and deletes the copy."""
    cluster.checkpoint(dest, om)
    try:
        return read_heads(ozone, dest, env, log, seeks)
    finally:
        shutil.rmtree(dest, ignore_errors=True)


def tombstones(heads):
    """{table: point tombstones}, in its SSTs and in its memtables."""
    return {t['table']: t['tombstones'] + t['memtableDeletes'] for t in heads['tables']}


def head_skips(heads):
    """{table: internal entries stepped over to read its first two keys}."""
    return {t['table']: t['head']['skips'] for t in heads['tables']}


def seek_skips(heads):
    """{'TABLE=KEY': internal entries stepped over to read two keys from KEY} of the --seek reads."""
    return {f"{s['table']}={s['from']}": s['skips'] for s in heads['seeks']}
