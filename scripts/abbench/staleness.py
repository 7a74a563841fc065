"""Whether a result page still measures this checkout's code: computed from git, never declared. A page is
  current    when no line of the code it measures changed between its commit and HEAD, comments and blank lines
             aside (a Java comment, a `#` line of Python or shell);
  stale      when one did (the files are named);
  dirty      when it ran on a tree with uncommitted changes (what it measured is in no commit);
  unknown    when it recorded no commit, its commit is not in this checkout's history, or its tool is not in
             MEASURES;
  no history when this checkout is not a git checkout, or a shallow one without its commit: nothing can be said.
What a result measures is what its tool drives: a result may name it (`measuredCode`, git pathspecs), else its tool's
entry in MEASURES says it. README's numbers must come from current pages (docfacts checks it).
`python3 -m abbench.staleness [PAGE/FILE.json ...]` prints each page's state. Standard library only."""

import json
import re
import subprocess
import sys

from . import generated

# What the fork ships into OM: our patches to upstream files, our classes, and the build that puts them in upstream's
# jars (the poms, with the versions, and the overlay step).
PRODUCT = ('patches', 'hadoop-hdds/framework/src/main', 'hadoop-ozone/common/src/main',
           'hadoop-ozone/ozone-manager/src/main', 'pom.xml', '*/pom.xml', '*/*/pom.xml',
           'dev-support/build-tools/src/main')
# What drives a local cluster and its load: the cluster script, the harness, the distribution's launcher and
# logging, omkeybench, and `ozone debug range-stats` (the harness reads the tables' heads with it).
CLUSTER = ('scripts/cluster', 'scripts/harness', ':(exclude)scripts/harness/tests', 'hadoop-ozone/dist/src/main',
           'hadoop-ozone/freon/src/main', 'hadoop-ozone/cli-debug/src/main')
# ab-bench's drivers and analysis; the modules that only draw charts or write docs from results measure nothing.
AB_BENCH = ('scripts/ab-bench', 'scripts/abbench', ':(exclude)scripts/abbench/tests',
            *(f':(exclude)scripts/abbench/{name}.py' for name in ('charts', 'docfacts', 'docnumbers', 'resultindex',
                                                                 'generated', 'optionsarms', 'staleness')))
# A run of tests (their time, their repeats) measures every file but the docs.
TESTS = ('.', ':(exclude)docs', ':(exclude)*.md')

# By the first words of a result's `tool`; the longest prefix that matches wins.
MEASURES = {
    'scripts/ab-bench': PRODUCT + CLUSTER + AB_BENCH,
    'scripts/fault-test': PRODUCT + CLUSTER + ('scripts/fault-test',),
    'scripts/rolling-upgrade': PRODUCT + CLUSTER + ('scripts/rolling-upgrade',),
    'scripts/db-bench': PRODUCT + ('scripts/db-bench', 'hadoop-ozone/db-bench/src/main'),
    # One script under two names (scale is a link to overhead); their benchmarks are test-scope classes of OM.
    'scripts/bench-range-stats': PRODUCT + ('scripts/bench-range-stats-overhead',
                                            'hadoop-ozone/ozone-manager/src/test'),
    # The series is made of every overlay module's sources and tests, and applied and checked by these scripts.
    'scripts/upstream-on-master': ('patches', 'pom.xml', '*/pom.xml', '*/*/pom.xml', 'hadoop-hdds', 'hadoop-ozone',
                                   'dev-support', 'scripts/upstream-on-master', 'scripts/upstream-slices',
                                   'scripts/export-upstream-patches'),
    'scripts/time-test-command': TESTS,
    'scripts/repeat-tests': TESTS,
}


def measures(result):
    """The pathspecs `result` measures: its own `measuredCode`, else its tool's entry; None for a tool not listed."""
    if result.get('measuredCode'):
        return tuple(result['measuredCode'])
    tool = result.get('tool') or ''
    matches = [prefix for prefix in MEASURES if tool == prefix or tool.startswith((prefix + ' ', prefix + '-'))]
    return MEASURES[max(matches, key=len)] if matches else None


# A changed line that changes no behaviour, by the file's kind: blank, or a comment (Java's //, /*, * and */ lines;
# a `#` line of Python, shell or a properties file). Anything else counts, a Python docstring's lines included.
_JAVA_COMMENT = re.compile(r'^\s*(//.*|/\*.*|\*(\s.*|/.*)?|)$')
_HASH_COMMENT = re.compile(r'^\s*(#.*|)$')
_BLANK = re.compile(r'^\s*$')


def _comment_pattern(path):
    if path.endswith('.java'):
        return _JAVA_COMMENT
    name = path.rsplit('/', 1)[-1]
    if name.endswith(('.py', '.sh', '.properties', '.txt', '.yaml', '.yml')) or '.' not in name:
        return _HASH_COMMENT
    return _BLANK


def _git(repo, *args):
    try:
        done = subprocess.run(['git', '-c', 'core.quotePath=false', *args], cwd=repo, capture_output=True,
                              text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


class State:
    """A page's state: `kind` (current, stale, dirty, unknown, no history), why, and when stale the files changed."""

    def __init__(self, kind, why, files=()):
        self.kind, self.why, self.files = kind, why, tuple(files)

    def __str__(self):
        return self.kind if self.kind == 'current' else f'{self.kind}: {self.why}'


def changed_code(repo, commit, paths, to='HEAD'):
    """The files under `paths` with a line other than a comment or blank that differs between `commit` and `to`
    (renames as a deletion and an addition); None when git cannot tell."""
    diff = _git(repo, 'diff', '--no-ext-diff', '--no-textconv', '--no-renames', '--no-color', '--src-prefix=a/',
                '--dst-prefix=b/', '-U0', commit, to, '--', *paths)
    if diff is None:
        return None
    changed, path, in_hunk = [], None, False
    for line in diff.splitlines():
        if line.startswith('diff --git a/'):
            # Without renames both sides name one path: "a/P b/P".
            both = line[len('diff --git a/'):]
            path, in_hunk = both[:(len(both) - 3) // 2], False
        elif line.startswith('@@'):
            in_hunk = True
        elif in_hunk and line[:1] in '+-' and path not in changed and not _comment_pattern(path).match(line[1:]):
            changed.append(path)
    return changed


def _history_problem(repo, commit):
    """None when this checkout holds `commit`; else the State that says why nothing can be compared."""
    if _git(repo, 'rev-parse', '--git-dir') is None:
        return State('no history', 'this is not a git checkout')
    if _git(repo, 'cat-file', '-e', f'{commit}^{{commit}}') is not None:
        return None
    if (_git(repo, 'rev-parse', '--is-shallow-repository') or '').strip() == 'true':
        return State('no history', f'this shallow clone lacks its commit {commit[:10]}')
    return State('unknown', f'its commit {commit[:10]} is not in this checkout')


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
    problem = _history_problem(repo, commit)
    if problem:
        return problem
    files = changed_code(repo, commit, paths)
    if files is None:
        return State('unknown', f'git could not compare {commit[:10]} with HEAD')
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
