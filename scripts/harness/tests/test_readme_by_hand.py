"""README's "Try it by hand" block, run as a newcomer runs it: taken from README itself, so that the two cannot
drift; its cluster gets a work directory and ports of its own through scripts/cluster's environment defaults, and
its checkpoint a temporary path, and nothing else is changed."""

import os
import re
import subprocess

from harness.cluster import repo_root

BASE_PORT = 24300
CHECKPOINT = '/tmp/om-ckpt'


def by_hand_block():
    readme = (repo_root() / 'README.md').read_text()
    match = re.search(r'^## Try it by hand\n\n```bash\n(.*?)^```', readme, re.S | re.M)
    assert match, "README has no '## Try it by hand' section with a bash block"
    return match.group(1)


def test_the_block_names_one_launcher_and_the_checkpoint_this_test_moves():
    block = by_hand_block()
    assert CHECKPOINT in block
    assert 'dist/target/ozone-*' not in block  # the glob matched two distributions and ran neither


def test_every_command_of_the_block_runs_and_does_what_its_comment_says(tmp_path):
    block = by_hand_block().replace(CHECKPOINT, str(tmp_path / 'om-ckpt'))
    env = dict(os.environ, OZONE_LOCAL_CLUSTER_DIR=str(tmp_path / 'cluster'),
               OZONE_LOCAL_CLUSTER_PORT=str(BASE_PORT))
    run = subprocess.run(['bash', '-euo', 'pipefail', '-c', block], cwd=repo_root(), env=env, capture_output=True,
                         text=True, stdin=subprocess.DEVNULL, timeout=1200)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-4000:]
    assert '"name" : "hello.txt"' in run.stdout  # quickstart put and listed its key
    assert re.search(r'Load: closed loop: achieved [\d.]+ ops/s', output)
    assert re.search(r'Load: open loop, offered 200\.0 ops/s: achieved [\d.]+ ops/s', output)
    assert 'keyTable' in run.stdout  # range-stats read the checkpoint's tables
    assert not (tmp_path / 'cluster').exists()  # clean removed the work directory
