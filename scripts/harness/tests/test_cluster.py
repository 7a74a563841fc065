"""Where a cluster's endpoints and files are, and what scripts/cluster refuses, asked from scripts/cluster (no cluster
is started)."""

import subprocess

import pytest

from harness.cluster import LocalCluster, repo_root


def test_endpoints_and_paths_come_from_scripts_cluster(tmp_path):
    cluster = LocalCluster(repo_root(), tmp_path / 'c', 19650, [], tmp_path / 'cluster.log')

    assert cluster.prom_url == 'http://127.0.0.1:19658/prom'
    assert cluster.client_conf_dir == tmp_path / 'c' / 'client' / 'etc'
    assert cluster.om_log() == tmp_path / 'c' / 'om' / 'om.log'
    assert cluster.om_flamegraph() == tmp_path / 'c' / 'om' / 'flamegraph.html'
    assert not (tmp_path / 'c').exists()  # asking starts nothing and creates nothing


@pytest.mark.parametrize('args, message', [
    (['checkpoint', '--om', 'om9', 'dest'], "checkpoint: unknown OM 'om9'; known: om"),
    (['checkpoint', '--om'], '--om needs an OM name: om'),
    (['checkpoint', '--om', 'om', 'dest'], 'om is not running; start the cluster first'),
    (['checkpoint', '--om', 'om'], 'checkpoint needs one argument: the directory to create'),
    (['transfer'], 'transfer needs a cluster started with --om-ha (it has one OM)'),
])
def test_bad_input_for_checkpoint_and_transfer_is_one_line(tmp_path, args, message):
    run = subprocess.run([str(repo_root() / 'scripts' / 'cluster'), '--dir', str(tmp_path / 'c'), '--base-port',
                          '21200', *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd=tmp_path)
    assert run.returncode != 0
    assert run.stderr == f'cluster: {message}\n'
    assert not (tmp_path / 'c').exists() and not (tmp_path / 'dest').exists()
