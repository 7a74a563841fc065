"""Every number marked as a fact in README.md and docs/ is what its result JSON gives."""

from abbench import docfacts


def test_every_fact_in_the_docs_is_what_its_json_gives():
    assert docfacts.main(['--check']) == 0


def test_a_marker_is_filled_from_the_json_and_an_unknown_name_is_reported():
    name = next(iter(docfacts.FACTS))
    results = docfacts.RESULTS
    unknown = []
    text = docfacts.fill(f'a <!--fact {name}-->typed<!--/fact--> b <!--fact no.such-->1<!--/fact-->', results, {},
                         unknown)
    assert f'<!--fact {name}-->{docfacts.value_of(name, results, {})}<!--/fact-->' in text
    assert 'typed' not in text and unknown == ['no.such']


def test_a_link_to_no_file_is_reported_and_a_facts_links_follow_the_document(tmp_path):
    (tmp_path / 'there.md').write_text('x')
    doc = tmp_path / 'docs' / 'page.md'
    doc.parent.mkdir()
    assert docfacts.broken_links(doc, '[a](../there.md) [b](../gone.md) [c](https://x.org/y) [d](#anchor)') == [
        '../gone.md']
    results = docfacts.RESULTS
    table = docfacts.fill('<!--fact interleaved.table--><!--/fact-->', results, {}, [],
                          results.parent / 'design')
    assert '](../results/2026-11-26-ab-bench-interleave-retention-aa/report.md)' in table


def test_a_fact_no_document_marks_is_reported():
    name = next(iter(docfacts.FACTS))
    others = ''.join(f'<!--fact {n}--><!--/fact-->' for n in docfacts.FACTS if n != name)
    assert docfacts.unused_facts([others]) == [name]
    assert docfacts.unused_facts([others + f'<!--fact {name}-->x<!--/fact-->']) == []


def test_a_status_line_counts_the_targets_its_page_judges():
    """README's Status states the targets of a page as the page itself judges them (its Targets table), so that no
    line says "done" beside a missed target."""
    results = docfacts.RESULTS
    page = (results / docfacts.BULK_CLUSTER).with_name('report.md').read_text()
    table = page.split('### Targets')[1].split('###')[0]
    rows = [line for line in table.splitlines() if line.startswith('| `range` |')]
    met = sum(1 for row in rows if row.endswith('| yes |'))
    assert docfacts.value_of('status.idle', results, {}) == f'{met} of {len(rows)} targets of its page hold'
    assert docfacts.held_text([True, True]) == 'all 2 targets of its page hold'
