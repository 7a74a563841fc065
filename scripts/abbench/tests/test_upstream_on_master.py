"""scripts/upstream-on-master on a real git repository: a series made on a base, applied to a HEAD that moved on,
where one patch meets a true conflict and the others apply; the checkout is left as it was."""

import json
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
GIT = ['git', '-c', 'user.name=t', '-c', 'user.email=t@localhost']


def git(cwd, *args):
    return subprocess.run([*GIT, *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def commit(cwd, files, message):
    for name, text in files.items():
        path = cwd / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    git(cwd, 'add', '-A')
    git(cwd, 'commit', '-q', '-m', message)
    return git(cwd, 'rev-parse', 'HEAD')


def test_a_conflicting_patch_is_named_and_the_others_still_apply(tmp_path):
    upstream = tmp_path / 'ozone'
    upstream.mkdir()
    git(upstream, 'init', '-q')
    lines = ''.join(f'line {i}\n' for i in range(20))
    commit(upstream, {'mod-a/src/main/java/A.java': lines, 'mod-b/src/main/java/B.java': lines}, 'base')
    git(upstream, 'branch', 'release')
    # The series, made on the release: one patch per module.
    series = tmp_path / 'series'
    commit(upstream, {'mod-a/src/main/java/A.java': lines.replace('line 10\n', 'line 10 ours\n')}, 'patch a')
    commit(upstream, {'mod-b/src/main/java/B.java': lines.replace('line 3\n', 'line 3 ours\n')}, 'patch b')
    git(upstream, 'format-patch', '-q', '-o', str(series), 'release')
    git(upstream, 'reset', '-q', '--hard', 'release')
    # Master moves on: it changes the line patch a changes, and a line far from patch b's.
    master = commit(upstream, {'mod-a/src/main/java/A.java': lines.replace('line 10\n', 'line 10 theirs\n'),
                               'mod-b/src/main/java/B.java': lines.replace('line 15\n', 'line 15 theirs\n')},
                    'master moves')
    out = tmp_path / 'out'

    run = subprocess.run([str(REPO / 'scripts' / 'upstream-on-master'), '--checkout', str(upstream), '--base-ref',
                          'release', '--series', str(series), '--out', str(out), '--apply-only'],
                         capture_output=True, text=True, timeout=120)

    assert run.returncode == 1, run.stdout + run.stderr
    result = json.loads((out / 'upstream-on-master.json').read_text())
    assert result['checkoutCommit'] == master
    assert [(p['applied'], p['conflicts']) for p in result['patches']] == [
        (False, ['mod-a/src/main/java/A.java']), (True, [])]
    assert '| **no** |' in (out / 'upstream-on-master.md').read_text()
    # The checkout is as it was: its HEAD, its files, no worktree left.
    assert git(upstream, 'rev-parse', 'HEAD') == master
    assert git(upstream, 'status', '--porcelain') == ''
    assert len(git(upstream, 'worktree', 'list').splitlines()) == 1
