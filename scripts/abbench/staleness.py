"""Whether a result page still measures this checkout's code: computed from git, never declared. A page is
  current   when none of the code it measures changed between its commit and HEAD;
  stale     when some did (the files are named); a change to comments alone does not count;
  dirty     when it ran on a tree with uncommitted changes (what it measured is in no commit);
  unknown   when it recorded no commit, or its tool is not in MEASURES;
  no history when this checkout lacks the history from its commit (a shallow clone): nothing can be said.
What a result measures is what its tool drives: a result records it (`measures`, git pathspecs) or its tool's entry in
MEASURES says it. README's numbers must come from current pages (docfacts checks it); the index shows each page's
state. `python3 -m abbench.staleness [PAGE...]` prints it. Standard library only."""

import json
import re
import subprocess
import sys

from . import generated

# What the fork ships into OM: our patches to upstream files, our classes, and the versions it builds with.
PRODUCT = ('patches', 'hadoop-hdds/framework/src/main', 'hadoop-ozone/common/src/main',
           'hadoop-ozone/ozone-manager/src/main', 'dev-support/overlay-parent/pom.xml')
# What drives a local cluster and its load: the cluster script, the harness, and omkeybench.
CLUSTER = ('scripts/cluster', 'scripts/harness', ':(exclude)scripts/harness/tests', 'hadoop-ozone/freon/src/main')
# ab-bench's drivers and analysis; the modules that only write docs from results are not part of a measurement.
AB_BENCH = ('scripts/ab-bench', 'scripts/abbench', ':(exclude)scripts/abbench/tests',
            *(f':(exclude)scripts/abbench/{name}.py'
              for name in ('docfacts', 'docnumbers', 'resultindex', 'generated', 'optionsarms', 'staleness')))
# A run of tests (their time, their repeats) measures every file but the docs.
TESTS = ('.', ':(exclude)docs', ':(exclude)*.md')

# By the first words of a result's `tool`; the longest prefix that matches wins.
MEASURES = {
    'scripts/ab-bench': PRODUCT + CLUSTER + AB_BENCH,
    'scripts/fault-test': PRODUCT + CLUSTER + ('scripts/fault-test',),
    'scripts/rolling-upgrade': PRODUCT + CLUSTER + ('scripts/rolling-upgrade', 'hadoop-ozone/dist/src'),
    'scripts/db-bench': PRODUCT + ('scripts/db-bench', 'hadoop-ozone/db-bench/src/main'),
    'scripts/bench-range-stats-overhead': PRODUCT + ('scripts/bench-range-stats-overhead',
                                                     'hadoop-ozone/ozone-manager/src/test'),
    'scripts/bench-range-stats-scale': PRODUCT + ('scripts/bench-range-stats-scale',
                                                  'hadoop-ozone/ozone-manager/src/test'),
    'scripts/upstream-on-master': ('dev-support/upstream', 'dev-support/build-tools', 'scripts/upstream-on-master',
                                   'scripts/upstream-slices'),
    'scripts/time-test-command': TESTS,
    'scripts/repeat-tests': TESTS,
}


def measures(result):
    """The pathspecs `result` measures: its own `measures`, else its tool's entry; None for a tool not listed."""
    if result.get('measures'):
        return tuple(result['measures'])
    tool = result.get('tool') or ''
    matches = [prefix for prefix in MEASURES if tool == prefix or tool.startswith(prefix + ' ')]
    return MEASURES[max(matches, key=len)] if matches else None


# A changed line that holds only a comment (Java, Python, shell), or is blank: it changes no behaviour.
_COMMENT = re.compile(r'^\s*(//.*|/?\*.*|#.*|)$')


def _git(repo, *args):
    done = subprocess.run(['git', *args], cwd=repo, capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else None


class State:
    """A page's state: `kind` (current, stale, dirty, unknown), why, and when stale the files changed since."""

    def __init__(self, kind, why, files=()):
        self.kind, self.why, self.files = kind, why, tuple(files)

    def __str__(self):
        return self.kind if self.kind == 'current' else f'{self.kind}: {self.why}'


def changed_code(repo, commit, paths, to='HEAD'):
    """The files under `paths` whose lines other than comments differ between `commit` and `to`; None without
    that history."""
    diff = _git(repo, 'diff', '-U0', '--no-color', commit, to, '--', *paths)
    if diff is None:
        return None
    changed, current = [], None
    for line in diff.splitlines():
        if line.startswith('diff --git '):
            current = line.rsplit(' b/', 1)[1]
        elif line[:1] in '+-' and not line.startswith(('+++', '---')) and not _COMMENT.match(line[1:]):
            if current not in changed:
                changed.append(current)
    return changed


def state(result, repo=generated.REPO):
    """The State of a parsed result JSON against the HEAD of `repo`."""
    commit = result.get('gitCommit')
    if not commit:
        return State('unknown', 'it recorded no commit')
    if result.get('gitDirty'):
        return State('dirty', f'it ran on uncommitted changes to {commit[:10]}')
    paths = measures(result)
    if paths is None:
        return State('unknown', f"no entry in MEASURES for its tool {result.get('tool')!r}")
    files = changed_code(repo, commit, paths)
    if files is None:
        return State('no history', f'this checkout has no history from {commit[:10]} (a shallow clone?)')
    if not files:
        return State('current', f'no change to its code since {commit[:10]}')
    return State('stale', f"its code changed since {commit[:10]}: {len(files)} files ({', '.join(files[:3])}"
                          f"{', ...' if len(files) > 3 else ''})", files)


def page_state(json_path, results=generated.RESULTS):
    """The State of a result JSON by its path under the results directory of a checkout."""
    return state(json.loads((results / json_path).read_text()), results.parents[1])


def main(argv):
    if any(a.startswith('-') for a in argv):
        print('staleness: usage: python3 -m abbench.staleness [PAGE/FILE.json ...]', file=sys.stderr)
        return 2
    paths = argv or sorted(p.relative_to(generated.RESULTS).as_posix()
                           for p in generated.RESULTS.glob('*/*.json') if p.name != 'status.json')
    for path in paths:
        print(f'{path}\t{page_state(path)}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
