"""What omkeybench --journal files say must be in a bucket: standard library only (scripts/fault-test uses it too)."""


def expected_keys(journals):
    """From every journal (lines `created KEY`, `deleting KEY`, `deleted KEY`, in the order OM acknowledged them): the
    keys whose last event is an acknowledged create, which must exist, and those whose last event is an acknowledged
    delete, which must not. A key last seen `deleting` may be either."""
    last = {}
    for journal in journals:
        with open(journal) as f:
            for line in f:
                event, _, key = line.rstrip('\n').partition(' ')
                last[key] = event
    must = {k for k, e in last.items() if e == 'created'}
    gone = {k for k, e in last.items() if e == 'deleted'}
    return must, gone
