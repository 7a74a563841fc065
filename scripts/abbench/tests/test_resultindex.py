"""docs/results/README.md is what the pages' JSON and status.json give: a page added, superseded or rerun without
running scripts/results-index fails the test command."""

import json

import pytest

from abbench import resultindex
from harness import envelope

COMMIT = '42f54e5103addaca908f8754f32e2b0aadc2e927'


def result(tool, command, body, dirty=False):
    """A result of `tool` in the one envelope, with `body` after it."""
    return dict(envelope.make(tool, command, '2026-01-01T00:00:00+00:00', 9, {'cores': 2}, None, (COMMIT, dirty)),
                **body)


def test_the_committed_index_is_what_the_pages_give():
    assert resultindex.main(['--check']) == 0


def test_a_status_entry_for_a_page_that_does_not_exist_is_refused(tmp_path, monkeypatch):
    (tmp_path / 'status.json').write_text(json.dumps({'2026-01-01-gone': {'supersededBy': 'x', 'why': 'y'}}))
    try:
        resultindex.render(tmp_path)
    except SystemExit as e:
        assert '2026-01-01-gone' in str(e)
    else:
        raise AssertionError('an unknown page in status.json was accepted')


def test_a_page_that_left_the_tree_is_listed_with_the_commit_that_last_holds_it(tmp_path):
    (tmp_path / 'status.json').write_text(json.dumps(
        {'2026-01-01-gone': {'supersededBy': '2026-01-02-kept', 'why': 'before a fix', 'removedAfter': COMMIT}}))
    (tmp_path / '2026-01-02-kept').mkdir()
    (tmp_path / '2026-01-02-kept' / 'fault-test.json').write_text(json.dumps(
        result('scripts/fault-test', ['scripts/fault-test'], {'rows': []})))
    left = resultindex.render(tmp_path).split('## Pages that left the tree')[1]
    assert f'| 2026-01-01-gone | 2026-01-02-kept | before a fix | {COMMIT} |' in left
    (tmp_path / '2026-01-01-gone').mkdir()
    (tmp_path / '2026-01-01-gone' / 'fault-test.json').write_text(json.dumps(
        result('scripts/fault-test', ['scripts/fault-test'], {'rows': []})))
    with pytest.raises(SystemExit, match='left the tree, yet they are here: 2026-01-01-gone'):
        resultindex.render(tmp_path)


def test_the_index_shows_the_whole_commit_and_says_when_the_tree_had_changes(tmp_path):
    (tmp_path / 'status.json').write_text('{}')
    for name, dirty in (('2026-01-01-clean', False), ('2026-01-02-changed', True)):
        (tmp_path / name).mkdir()
        (tmp_path / name / 'fault-test.json').write_text(json.dumps(
            result('scripts/fault-test', ['scripts/fault-test'], {'rows': []}, dirty)))
    lines = resultindex.render(tmp_path).splitlines()
    clean = next(line for line in lines if '2026-01-01-clean' in line)
    changed = next(line for line in lines if '2026-01-02-changed' in line)
    assert f'| {COMMIT} |' in clean
    assert f'| {COMMIT} (with uncommitted changes) |' in changed


@pytest.mark.parametrize('damage', [
    lambda r: r.pop('gitDirty'),
    lambda r: r.update(gitCommit=COMMIT[:10]),
    lambda r: r.update(commandLine='scripts/fault-test'),
    lambda r: r.update(status='partial'),
])
def test_a_result_that_is_not_an_envelope_is_refused_with_what_is_wrong(tmp_path, damage):
    (tmp_path / 'status.json').write_text('{}')
    (tmp_path / '2026-01-01-bad').mkdir()
    bad = result('scripts/fault-test', ['scripts/fault-test'], {'rows': []})
    damage(bad)
    (tmp_path / '2026-01-01-bad' / 'fault-test.json').write_text(json.dumps(bad))
    with pytest.raises(SystemExit, match='fault-test.json is not a result envelope'):
        resultindex.render(tmp_path)


def test_a_rolling_upgrade_page_says_how_many_steps_kept_every_key(tmp_path):
    (tmp_path / 'status.json').write_text('{}')
    (tmp_path / '2026-01-01-roll').mkdir()
    rows = [{'name': 'upgrade', 'passed': True}, {'name': 'service-on', 'passed': True},
            {'name': 'downgrade', 'passed': False}, {'name': 'reads', 'passed': True}]
    (tmp_path / '2026-01-01-roll' / 'rolling-upgrade.json').write_text(json.dumps(result(
        'scripts/rolling-upgrade', ['scripts/rolling-upgrade', '--oms', '1'],
        {'rows': rows, 'compactions': {'om1': 0, 'om2': 7}, 'upstreamUnchanged': True})))
    line = next(line for line in resultindex.render(tmp_path).splitlines() if '2026-01-01-roll' in line)
    assert line.split(' | ')[2:4] == ['rolling-upgrade', COMMIT]
    assert ("| 3 of 4 steps kept every acknowledged key; 1 of 3 OMs onto the kit and back; range compactions om1 0, "
            "om2 7; upstream's install unchanged | `scripts/rolling-upgrade --oms 1` |") in line


def test_a_page_of_masters_distributions_says_which_were_built(tmp_path):
    (tmp_path / 'status.json').write_text('{}')
    (tmp_path / '2026-01-01-dists').mkdir()
    (tmp_path / '2026-01-01-dists' / 'upstream-on-master.json').write_text(json.dumps(result(
        'scripts/upstream-on-master', ['scripts/upstream-on-master', '--dists'],
        {'checkoutCommit': '78d5650c313f', 'patches': [{'applied': True}],
         'dists': {'without': {'exitCode': 0, 'reused': True},
                   'with': {'exitCode': 1, 'reason': 'the build failed'}}})))
    line = next(line for line in resultindex.render(tmp_path).splitlines() if '2026-01-01-dists' in line)
    assert ("1 of 1 patches apply on 78d5650c31; master's distribution without the series reused; master's "
            "distribution with the series NOT built |") in line


def test_a_repeat_tests_page_says_how_often_each_class_passed(tmp_path):
    (tmp_path / 'status.json').write_text('{}')
    (tmp_path / '2026-01-01-repeat').mkdir()
    (tmp_path / '2026-01-01-repeat' / 'repeat-tests.json').write_text(json.dumps(result(
        'scripts/repeat-tests', ['scripts/repeat-tests', '--runs', '2'],
        {'classes': [{'class': 'TestA', 'runs': 2, 'passed': 2}, {'class': 'TestB', 'runs': 2, 'passed': 1}]})))
    line = next(line for line in resultindex.render(tmp_path).splitlines() if '2026-01-01-repeat' in line)
    assert line.split(' | ')[2:4] == ['repeat-tests', COMMIT]
    assert '| TestA 2 of 2 passed; TestB 1 of 2 passed | `scripts/repeat-tests --runs 2` |' in line


def test_every_committed_result_is_an_envelope():
    # Every JSON under docs/results, the index's pages and the runs a page of pages shows (a sweep's, a repeat's).
    checked = [path for path in resultindex.generated.RESULTS.rglob('*.json')
               if path.name not in (resultindex.STATUS, resultindex.optionsarms.SPEC)]
    assert len(checked) > 100  # the glob found the pages
    for json_path in checked:
        assert envelope.problems(json.loads(json_path.read_text())) == [], json_path


# Results written before their tools recorded where they came from (ab-bench's summaries before 2026-11-25 kept
# only each run's start and time, db-bench's before 2026-11-26 neither commit nor command). Rerunning them is the
# way off this list; no result may join it.
WITHOUT_PROVENANCE = {
    '2026-11-23-ab-bench-large-partial/summary.json',
    '2026-11-23-ab-bench-large-probe-filter/retention/summary.json',
    '2026-11-23-ab-bench-large-probe-filter/seed-r3/summary.json',
    '2026-11-23-ab-bench-large-probe-filter/seed/summary.json',
    '2026-11-23-ab-bench-large/summary.json',
    '2026-11-23-ab-bench-quick-head-probe/summary.json',
    '2026-11-23-ab-bench-quick-off-range-3-repeats/summary.json',
    '2026-11-23-ab-bench-quick-reader-paced-3-repeats/summary.json',
    '2026-11-23-ab-bench-quick-reader-paced-lead-3-repeats/summary.json',
    '2026-11-23-ab-bench-quick-seed-no-openkeytable/summary.json',
    '2026-11-23-ab-bench-quick/summary.json',
    '2026-11-23-db-bench-1e6-before-reader-pacing/db-bench.json',
    '2026-11-23-db-bench-1e6-reader-paced-lead/db-bench.json',
    '2026-11-23-db-bench-1e6-reader-paced/db-bench.json',
    '2026-11-23-db-bench-1e6.json',
    '2026-11-23-db-bench-seed-1e7-reader-paced-lead-only/db-bench.json',
    '2026-11-23-db-bench-seed-1e7-reader-paced-lead/db-bench.json',
    '2026-11-23-db-bench-seed-1e7.json',
    '2026-11-23-db-bench-sweep-seed/ops-100000/db-bench.json',
    '2026-11-23-db-bench-sweep-seed/ops-1000000/db-bench.json',
    '2026-11-23-db-bench-sweep-seed/ops-10000000/db-bench.json',
    '2026-11-24-ab-bench-large/summary.json',
    '2026-11-24-ab-bench-quick-seed-memtable-ratio-025/summary.json',
    '2026-11-24-db-bench-1e6-memtable-ratio-025/db-bench.json',
    '2026-11-24-db-bench-sweep-seed/ops-100000/db-bench.json',
    '2026-11-24-db-bench-sweep-seed/ops-1000000/db-bench.json',
    '2026-11-24-db-bench-sweep-seed/ops-10000000/db-bench.json',
    '2026-11-25-ab-bench-bulk-expire/summary.json',
    '2026-11-25-db-bench-1e6-bulk-expire/db-bench.json',
    '2026-11-25-db-bench-1e6-seed-retention-idle-rule/db-bench.json',
}


def test_every_result_records_its_commit_command_start_and_wall_time_but_the_old_ones_listed():
    missing = {path.relative_to(resultindex.generated.RESULTS).as_posix()
               for path in resultindex.generated.RESULTS.rglob('*.json')
               if path.name not in (resultindex.STATUS, resultindex.optionsarms.SPEC)
               and any(json.loads(path.read_text()).get(field) is None
                       for field in ('gitCommit', 'commandLine', 'startedAt', 'wallSeconds'))}
    assert missing <= WITHOUT_PROVENANCE, sorted(missing - WITHOUT_PROVENANCE)
    assert WITHOUT_PROVENANCE <= missing, f'rerun or gone, take off the list: {sorted(WITHOUT_PROVENANCE - missing)}'
