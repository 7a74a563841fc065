"""docs/results/README.md is what the pages' JSON and status.json give: a page added, superseded or rerun without
running scripts/results-index fails the test command."""

import json

from abbench import resultindex


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
