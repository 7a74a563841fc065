"""The harness's cluster tests run two at a time (pytest-xdist workers), beside nothing else but each other; every
test that starts a cluster, the distribution's ITs included, takes a block of ports of its own, which this test keeps
apart. A block is what scripts/cluster takes from a base port (40, plus 6 for --om-ha and 2 for --s3g) rounded up to
100; scripts/fault-test's HA cluster takes the next block."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
BLOCK = 100
# Tests whose cluster scripts take more than one block from their base port.
BLOCKS = {'FaultTestIT.java': 2}
BASE_PORT = re.compile(r'^\s*(?:private static final int )?\w*BASE_PORT = (\d+)', re.M)
# Below 32768, where Linux's ephemeral ports start: a client's port there could take a cluster's.
EPHEMERAL = 32768


def _blocks():
    files = sorted(f for package in ('abbench', 'harness')
                   for f in (REPO / 'scripts' / package / 'tests').glob('test_*.py')) + sorted(
        (REPO / 'hadoop-ozone' / 'dist' / 'src' / 'test' / 'java').rglob('*IT.java'))
    return [(path.name, int(m.group(1)), int(m.group(1)) + BLOCK * BLOCKS.get(path.name, 1))
            for path in files for m in BASE_PORT.finditer(path.read_text())]


def test_every_cluster_test_has_a_block_of_ports_no_other_test_takes():
    blocks = sorted(_blocks(), key=lambda b: b[1])
    assert len(blocks) >= 12, blocks  # the cluster tests and ITs found, not a pattern that stopped matching
    for (name, _, end), (other, start, _) in zip(blocks, blocks[1:]):
        assert end <= start, f'{name} and {other} take the same ports'
    assert blocks[-1][2] <= EPHEMERAL, blocks[-1]
