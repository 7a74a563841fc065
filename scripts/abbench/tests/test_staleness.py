"""A page's staleness, computed from a real git history: current until the code it measures changes (comments
aside), and README's facts refused from a page that is not current."""

import json
import subprocess

import pytest

from abbench import docfacts, staleness

CODE = 'hadoop-ozone/ozone-manager/src/main/java/Service.java'
PAGE = '2026-01-01-ab-bench-arms/summary.json'


def git(repo, *args):
    return subprocess.run(['git', '-C', str(repo), '-c', 'user.name=t', '-c', 'user.email=t@t', *args], check=True,
                          capture_output=True, text=True).stdout.strip()


def commit_all(repo, message):
    git(repo, 'add', '-A')
    git(repo, 'commit', '-q', '-m', message)
    return git(repo, 'rev-parse', 'HEAD')


@pytest.fixture
def repo(tmp_path):
    """A checkout whose page measured its first commit: (repo, that commit)."""
    git(tmp_path, 'init', '-q')
    (tmp_path / CODE).parent.mkdir(parents=True)
    (tmp_path / CODE).write_text('class Service {\n  int budget = 1;\n}\n')
    measured = commit_all(tmp_path, 'code')
    page = tmp_path / 'docs' / 'results' / PAGE
    page.parent.mkdir(parents=True)
    page.write_text(json.dumps({'tool': 'scripts/ab-bench arms', 'gitCommit': measured, 'gitDirty': False,
                                'value': 7}))
    commit_all(tmp_path, 'its page')
    return tmp_path


def state(repo):
    return staleness.page_state(PAGE, repo / 'docs' / 'results')


def test_a_page_is_current_until_its_code_changes_and_a_comment_alone_does_not_count(repo):
    assert state(repo).kind == 'current'
    (repo / 'docs' / 'notes.md').write_text('a doc')
    (repo / CODE).write_text('class Service {\n  // Why one.\n  int budget = 1;\n}\n')
    commit_all(repo, 'a comment and a doc')
    assert state(repo).kind == 'current'
    (repo / CODE).write_text('class Service {\n  // Why two.\n  int budget = 2;\n}\n')
    commit_all(repo, 'a change')
    stale = state(repo)
    assert stale.kind == 'stale' and stale.files == (CODE,) and CODE in str(stale)


def test_what_counts_as_a_comment_depends_on_the_files_kind(repo):
    harness = repo / 'scripts' / 'harness' / 'freon.py'
    harness.parent.mkdir(parents=True)
    harness.write_text('ARGS = [\n    *base,\n]\n')
    commit_all(repo, 'a harness')
    measured = git(repo, 'rev-parse', 'HEAD')
    (repo / CODE).write_text('class Service {\n  /**\n   * Why.\n   */\n  int budget = 1;\n}\n')
    harness.write_text('# The load.\nARGS = [\n    *base,\n]\n')
    commit_all(repo, 'comments')
    assert staleness.changed_code(repo, measured, ['.']) == []
    harness.write_text('# The load.\nARGS = [\n    *more,\n]\n')
    commit_all(repo, 'a starred argument in Python is code')
    assert staleness.changed_code(repo, measured, ['.']) == ['scripts/harness/freon.py']


def test_a_moved_file_counts_as_changed(repo):
    git(repo, 'mv', CODE, CODE.replace('Service', 'Moved'))
    commit_all(repo, 'a move')
    assert state(repo).kind == 'stale'


def test_a_dirty_or_commitless_page_and_a_missing_history_are_said(repo, tmp_path_factory):
    assert staleness.state({'tool': 'scripts/ab-bench arms', 'gitCommit': None}, repo).kind == 'unknown'
    dirty = {'tool': 'scripts/ab-bench arms', 'gitCommit': git(repo, 'rev-parse', 'HEAD'), 'gitDirty': True}
    assert staleness.state(dirty, repo).kind == 'dirty'
    gone = {'tool': 'scripts/ab-bench arms', 'gitCommit': '0' * 40, 'gitDirty': False}
    assert staleness.state(gone, repo).kind == 'unknown'
    assert staleness.state({'tool': 'scripts/unknown', 'gitCommit': dirty['gitCommit'], 'gitDirty': False},
                           repo).kind == 'unknown'
    shallow = tmp_path_factory.mktemp('shallow')
    subprocess.run(['git', 'clone', '-q', '--depth', '1', f'file://{repo}', str(shallow)], check=True)
    assert state(shallow).kind == 'no history'
    assert staleness.state(gone, tmp_path_factory.mktemp('not-git')).kind == 'no history'


def test_what_a_result_measures_is_its_own_list_else_its_tools():
    assert staleness.measures({'tool': 'scripts/ab-bench interleave --aa'}) == staleness.MEASURES['scripts/ab-bench']
    assert staleness.measures({'tool': 'scripts/bench-range-stats-scale'}) == \
        staleness.MEASURES['scripts/bench-range-stats']
    assert staleness.measures({'tool': 'scripts/db-bench', 'measuredCode': ['a']}) == ('a',)
    assert staleness.measures({'tool': 'scripts/ab-benchmark'}) is None


def test_readme_refuses_a_fact_from_a_page_whose_code_changed(repo, monkeypatch):
    monkeypatch.setitem(docfacts.FACTS, 'planted', ((PAGE, lambda result: result['value']), str))
    readme = repo / 'README.md'
    texts = {readme: 'took <!--fact planted-->7<!--/fact--> s', repo / 'docs' / 'other.md': readme.name}
    assert docfacts.not_current(repo, texts) == []
    (repo / CODE).write_text('class Service {\n  int budget = 3;\n}\n')
    commit_all(repo, 'a change')
    [line] = docfacts.not_current(repo, texts)
    assert line.startswith(f'README.md: planted from {PAGE}, stale: ')
    # Other documents may cite it: they say what was measured then (issue 72 leaves their facts to come).
    assert docfacts.not_current(repo, {repo / 'docs' / 'other.md': texts[readme]}) == []


def test_readmes_test_command_time_is_the_newest_fresh_clones_failures_included(tmp_path):
    def record(name, started, exit_code, seconds, fresh=True):
        (tmp_path / name).mkdir()
        (tmp_path / name / 'test-command.json').write_text(json.dumps(
            {'tool': 'scripts/time-test-command', 'gitCommit': name[-1] * 40, 'gitDirty': False,
             'startedAt': started, 'wallSeconds': seconds, 'freshClone': fresh, 'exitCode': exit_code}))

    record('run-a', '2026-01-01T00:00:00+00:00', 0, 60)
    record('run-b', '2026-01-02T00:00:00+00:00', 0, 120)
    assert docfacts.test_command_problems(tmp_path) == ['2 fresh-clone test command records, fewer than 3']
    record('run-c', '2026-01-03T00:00:00+00:00', 1, 30)
    record('run-d', '2026-01-04T00:00:00+00:00', 0, 180)
    record('run-e', '2026-01-05T00:00:00+00:00', 0, 600, fresh=False)
    records = docfacts.test_command_records(tmp_path)
    assert list(records) == [f'run-{x}/test-command.json' for x in 'abcd']
    assert docfacts.test_command_problems(tmp_path) == []
    runs = list(records.values())
    assert docfacts.test_command_text(runs) == (
        'the 4 newest runs in fresh clones (commits aaaaaaa, bbbbbbb, ccccccc, ddddddd; a warm Maven repository): '
        '3 passed, 1 failed')
