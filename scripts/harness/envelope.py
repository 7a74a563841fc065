"""The one envelope every result of this project is written in, by the Python tools and the Java benchmarks alike
(db-bench's JsonReport, the range statistics benchmarks' BenchRun write the same fields): where the result came from,
then the tool's own body. As pytest-benchmark's saved JSON carries its machine and commit info and Google Benchmark
its context block, so that one reader (the results index, the docs) reads every result the same way.

No headline is stored: the results index computes a page's headline from its body, by the tool that wrote it
(resultindex.HEADLINES), so that what a page says in one line cannot drift from the numbers it holds.

The fields, in this order, before the body:
  tool          the command that wrote it ("scripts/ab-bench production", "scripts/db-bench")
  status        'complete', or 'partial' (stopped early: what it measured is kept) with its reason
  reason        why it is partial; None when complete
  gitCommit     the full commit of this repository the run measured; None in a result older than the field
  gitDirty      whether tracked files had uncommitted changes then; None where the commit is None
  commandLine   the command as a list of words; None in a result older than the field
  startedAt     when it started (ISO 8601 with offset); None in a result older than the field
  finishedAt    when it ended; None where the tool does not record it
  wallSeconds   its wall time; None in a result older than the field
  machine       what it ran on (cores, memoryGiB, ...); None in a result older than the field
  settings      what the run was set to do, as the body's readers need it; None where the command line is all of it

Standard library only: the standalone scripts (repeat-tests, upstream-on-master, time-test-command) and the docs
check import it."""

import re

FIELDS = ('tool', 'status', 'reason', 'gitCommit', 'gitDirty', 'commandLine', 'startedAt', 'finishedAt',
          'wallSeconds', 'machine', 'settings')
STATUSES = ('complete', 'partial')
_COMMIT = re.compile(r'[0-9a-f]{40}')


def make(tool, command_line, started_at, wall_seconds, machine, settings, git, status='complete', reason=None,
         finished_at=None):
    """The envelope of a result; `git` is (commit, dirty) of the checkout it measured as machine.git_state read it
    when the run started (a tree edited while it runs does not change what it measured). The writer adds its body
    after it."""
    commit, dirty = git
    return {'tool': tool, 'status': status, 'reason': reason, 'gitCommit': commit,
            'gitDirty': dirty if commit else None, 'commandLine': command_line, 'startedAt': started_at,
            'finishedAt': finished_at, 'wallSeconds': wall_seconds, 'machine': machine, 'settings': settings}


def problems(result):
    """What keeps `result` (a parsed JSON) from being an envelope: [] when it is one."""
    if not isinstance(result, dict):
        return ['not a JSON object']
    found = [f'no field {field}' for field in FIELDS if field not in result]
    if found:
        return found
    if list(result)[:len(FIELDS)] != list(FIELDS):
        found.append(f"the envelope's fields are not first, in the order {', '.join(FIELDS)}")
    if not isinstance(result['tool'], str) or not result['tool']:
        found.append('tool is not a command')
    if result['status'] not in STATUSES:
        found.append(f"status {result['status']!r} is none of {', '.join(STATUSES)}")
    elif (result['status'] == 'partial') != isinstance(result['reason'], str):
        found.append('a reason goes with a partial result, and only with one')
    if result['gitCommit'] is not None and not _COMMIT.fullmatch(result['gitCommit']):
        found.append(f"gitCommit {result['gitCommit']!r} is not a full commit")
    if (result['gitCommit'] is None) != (result['gitDirty'] is None) or result['gitDirty'] not in (None, True, False):
        found.append('gitDirty is true or false beside a commit, and None without one')
    command = result['commandLine']
    if command is not None and (not isinstance(command, list) or not all(isinstance(w, str) for w in command)):
        found.append('commandLine is not a list of words')
    for field in ('startedAt', 'finishedAt'):
        if result[field] is not None and not isinstance(result[field], str):
            found.append(f'{field} is not a time')
    if result['wallSeconds'] is not None and not isinstance(result['wallSeconds'], (int, float)):
        found.append('wallSeconds is not a number')
    for field in ('machine', 'settings'):
        if result[field] is not None and not isinstance(result[field], dict):
            found.append(f'{field} is not an object')
    return found


def commit_text(result):
    """The commit a result measured as its page says it: the full commit, marked when the tree had changes."""
    if result['gitCommit'] is None:
        return 'a commit it did not record'
    return result['gitCommit'] + (' (with uncommitted changes)' if result['gitDirty'] else '')
