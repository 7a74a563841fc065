"""omkeybench --journal files: which keys must exist, which must not, across journals."""

from harness.journal import expected_keys


def test_the_last_acknowledged_event_of_each_key_counts(tmp_path):
    first = tmp_path / 'first.journal'
    first.write_text('created a\ncreated b\ndeleting b\ndeleted b\ncreated c\ndeleting c\n')
    second = tmp_path / 'second.journal'
    second.write_text('created b\ndeleting a\ndeleted a\n')
    # a: deleted in the second journal; b: created again; c: its delete was never acknowledged, so either is allowed.
    assert expected_keys([first, second]) == ({'b'}, {'a'})
    assert expected_keys([first]) == ({'a'}, {'b'})
