"""Where a cluster's endpoints and files are, asked from scripts/cluster (no cluster is started)."""

from abbench.cluster import LocalCluster, repo_root


def test_endpoints_and_paths_come_from_scripts_cluster(tmp_path):
    cluster = LocalCluster(repo_root(), tmp_path / 'c', 19650, [], tmp_path / 'cluster.log')

    assert cluster.prom_url == 'http://127.0.0.1:19658/prom'
    assert cluster.client_conf_dir == tmp_path / 'c' / 'client' / 'etc'
    assert cluster.om_log() == tmp_path / 'c' / 'om' / 'om.log'
    assert cluster.om_flamegraph() == tmp_path / 'c' / 'om' / 'flamegraph.html'
    assert not (tmp_path / 'c').exists()  # asking starts nothing and creates nothing
