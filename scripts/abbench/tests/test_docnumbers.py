"""The docs check's refusal of typed numbers: what it accounts for, what it reports and where."""

import pytest

from abbench import docnumbers

CONFIGURATION = """| key | default | description |
|---|---|---|
| `ozone.om.range.compaction.service.min.tombstones` | `10000` | Fewest tombstones. |
| `ozone.om.range.compaction.service.timeout` | `10m` | A run that takes longer. |
"""


def _repo(tmp_path, allowed=''):
    (tmp_path / 'docs' / 'reference').mkdir(parents=True, exist_ok=True)
    (tmp_path / docnumbers.CONFIGURATION).write_text(CONFIGURATION)
    (tmp_path / docnumbers.ALLOWED).write_text('# glob, regex, reason\n' + allowed)
    return tmp_path


def _numbers(tmp_path, text, doc='docs/page.md', allowed=''):
    repo = _repo(tmp_path, allowed)
    return [(u.line, u.number) for u in docnumbers.unaccounted(doc, text, docnumbers.configuration_defaults(repo),
                                                               docnumbers.Allowed(repo))]


def test_a_typed_number_is_reported_with_its_line(tmp_path):
    text = 'A title\n\nThe pass took 15-19 s here,\nand 0.98x of off.\n'
    assert _numbers(tmp_path, text) == [(3, '15'), (3, '19'), (4, '0.98x')]
    problem, = docnumbers.problems(tmp_path, {'docs/page.md': 'took 74 s'})
    assert problem == 'docs/page.md:1: 74 in "took 74 s"'


def test_facts_code_comments_links_and_identifiers_are_not_typed_numbers(tmp_path):
    text = '\n'.join([
        'a <!--fact x.y-->0.02x<!--/fact--> ratio, `--ops 40000` and <!-- 12 -->',
        '```', 'mvn -T 2 verify', '```',
        '[page](results/2026-11-27-run-2/report.md) of 2026-11-27, OM 2.2.1 and RocksDB 7.7.3,',
        'an OM of 10^7 keys, apache/ozone#8178, HDDS-12682, issue 43, seed 000, commit 4565aea,',
        '1. a list item', 'exit code 2, ports 24000+, base+8, a target of 0.5x, <= 1.10 and >= 0.95,',
        '## Section 3', 'step 1 and patches 05 and 07, (default 60) and 6 h by default'])
    assert _numbers(tmp_path, text) == []


def test_a_configuration_default_counts_only_beside_its_key(tmp_path):
    text = 'The service waits for `min.tombstones` (10,000) deletes.\n\nA bucket of 10,000 keys.\n'
    assert _numbers(tmp_path, text) == [(3, '10,000')]


def test_the_allow_list_accounts_for_its_phrase_in_its_documents_only(tmp_path):
    allowed = 'docs/*.md\t\\b2 cores\\b\tthe machine\n'
    assert _numbers(tmp_path, 'on 2 cores', allowed=allowed) == []
    assert _numbers(tmp_path, 'on 2 cores', doc='README.md', allowed=allowed) == [(1, '2')]


def test_an_allow_list_line_that_matches_nothing_is_refused(tmp_path):
    repo = _repo(tmp_path, '*\t\\b2 cores\\b\tthe machine\n*\t\\bfortnight 14\\b\tnothing uses it\n')
    assert docnumbers.problems(repo, {'README.md': 'on 2 cores'}) == [
        f'{docnumbers.ALLOWED}:3: matches no number of the docs; remove it']


def test_a_malformed_allow_list_line_is_one_clear_error(tmp_path):
    repo = _repo(tmp_path, '*\tno reason here\n')
    with pytest.raises(ValueError, match=r'numbers-allowed.tsv:2: expected "glob<TAB>regex<TAB>reason"'):
        docnumbers.Allowed(repo)
