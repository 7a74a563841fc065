"""--preload-keys and --preload-churn on a real cluster: OM started on the preloaded base image serves the cold bucket
and the churned bucket exactly (about 2 minutes: the image's build starts a cluster once, the arm's copy a second
time)."""

import json
import os
import random
import re
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from harness import preload
from harness.cluster import LocalCluster, dist_dir
from harness.journal import expected_keys

REPO = Path(__file__).resolve().parents[3]
# A block of ports no other test takes (test_ports checks them all); not the harness's default (19100).
BASE_PORT = 24000
KEYS = 2000
CHURN_OPS = 1500
COLD = f'/{preload.VOLUME}/{preload.BUCKET}'
CHURNED = f'/{preload.VOLUME}/{preload.CHURNED_BUCKET}'

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def arm(tmp_path_factory):
    """A cluster started on a copy of a freshly built image, as an arm of ab-bench starts; stopped afterwards."""
    tmp = tmp_path_factory.mktemp('preload')
    log = tmp / 'test.log'
    image = preload.PreloadImage(REPO, KEYS, BASE_PORT, cache=tmp / 'cache', churn_ops=CHURN_OPS)
    built = image.ensure(log)
    cluster = LocalCluster(REPO, tmp / 'arm', BASE_PORT, [], log)
    preload.copy_cluster(image.path, cluster.work_dir)
    try:
        cluster.start()
        yield image, built, cluster
    finally:
        cluster.stop()


def _ozone(cluster, *args):
    run = subprocess.run([str(dist_dir(REPO) / 'bin' / 'ozone'), *args], capture_output=True, text=True,
                         env=dict(os.environ, OZONE_CONF_DIR=str(cluster.client_conf_dir)), stdin=subprocess.DEVNULL)
    assert run.returncode == 0, f'ozone {" ".join(args)}: {run.stdout}{run.stderr}'
    return run


def _listed(cluster, bucket=COLD):
    return json.loads(_ozone(cluster, 'sh', 'key', 'list', '--length', str(KEYS * 2), bucket).stdout)


def _churned_live(image):
    """The churned bucket's keys the churn's journal says must exist, and those it says were deleted."""
    return expected_keys([image.path / preload.CHURN_JOURNAL])


def _num_keys_metric(cluster, timeout_s=30):
    """OM's key count on /prom, once there: Hadoop's Prometheus sink publishes a source's metrics at the end of its
    first period (10 s) after OM starts."""
    deadline = time.monotonic() + timeout_s
    while True:
        text = urllib.request.urlopen(cluster.prom_url, timeout=10).read().decode()
        found = re.search(r'^om_metrics_num_keys(?:\{[^}]*\})? (\S+)$', text, re.MULTILINE)
        if found or time.monotonic() > deadline:
            assert found, f'om_metrics_num_keys not on {cluster.prom_url} after {timeout_s}s'
            return int(float(found.group(1)))
        time.sleep(1)


def test_image_is_built_once_and_then_cached(arm, tmp_path):
    image, built, _ = arm
    assert not built['cached'] and built['keys'] == KEYS and built['omDbBytes'] > 0
    assert built['churnOps'] == CHURN_OPS and built['churnedBucket'] == preload.CHURNED_BUCKET
    assert image.ensure(tmp_path / 'again.log')['cached']


def test_a_copy_hard_links_the_images_sst_files_and_copies_the_rest(arm, tmp_path):
    """Checked on a copy of its own: the arm's OM may already have compacted some of its SSTs away."""
    image, _, _ = arm
    db = Path('om') / 'meta' / 'om.db'
    preload.copy_cluster(image.path, tmp_path / 'copy')
    ssts = sorted((image.path / 'cluster' / db).glob('*.sst'))
    assert ssts
    for sst in ssts:
        assert (tmp_path / 'copy' / db / sst.name).stat().st_ino == sst.stat().st_ino, sst.name
    manifest = next((image.path / 'cluster' / db).glob('MANIFEST-*'))
    copied = tmp_path / 'copy' / db / manifest.name
    assert copied.read_bytes() == manifest.read_bytes() and copied.stat().st_ino != manifest.stat().st_ino


def test_om_serves_every_preloaded_key(arm):
    image, _, cluster = arm
    keys = _listed(cluster)
    assert [k['name'] for k in keys] == [preload.key_name(i) for i in range(KEYS)]
    bucket = json.loads(_ozone(cluster, 'sh', 'bucket', 'info', COLD).stdout)
    assert bucket['usedNamespace'] == KEYS and bucket['usedBytes'] == 0
    live, _ = _churned_live(image)
    assert _num_keys_metric(cluster) == KEYS + len(live)
    for index in random.Random(15).sample(range(KEYS), 3):
        info = json.loads(_ozone(cluster, 'sh', 'key', 'info', f'{COLD}/{preload.key_name(index)}').stdout)
        assert info['name'] == preload.key_name(index) and info['dataSize'] == 0


def test_the_churned_bucket_holds_exactly_what_om_acknowledged(arm):
    image, _, cluster = arm
    live, deleted = _churned_live(image)
    # Two in five of the churn's operations deleted keys: the history is their tombstones.
    assert len(deleted) >= CHURN_OPS // 3 and 0 < len(live) <= preload.CHURN_LIVE_KEYS
    assert {k['name'] for k in _listed(cluster, CHURNED)} == live


def _complaints(log):
    """OM's warnings, errors and exceptions, without times, thread names and numbers (ports, handler ids)."""
    # A pause of the JVM or of the host (JvmPauseMonitor, or Ratis' timer waking late: "Unexpected long sleep") is the
    # machine's, busy with another test's cluster, not OM's.
    lines = [line for line in log.read_text(errors='replace').splitlines()
             if (' WARN ' in line or ' ERROR ' in line or 'Exception' in line)
             and 'JvmPauseMonitor' not in line and 'Unexpected long sleep' not in line]
    return {re.sub(r'\d+', '#', re.sub(r'^\S+ \S+ (\[[^\]]*\] )?', '', line)) for line in lines}


def _new_complaints(image, cluster):
    """What OM on the preloaded DB complained about that a fresh OM (the image's, before the keys were written) did
    not (missing native libraries, directories not configured, ...)."""
    return _complaints(cluster.om_log()) - _complaints(image.path / 'cluster' / 'om' / 'om.log')


def test_oms_log_has_nothing_a_fresh_oms_has_not(arm):
    image, _, cluster = arm
    assert _new_complaints(image, cluster) == set()


def test_om_deletes_and_adds_keys_beside_the_preloaded_ones(arm):
    image, _, cluster = arm
    _ozone(cluster, 'sh', 'key', 'delete', f'{COLD}/{preload.key_name(KEYS - 1)}')
    _ozone(cluster, 'sh', 'key', 'put', f'{COLD}/new-key', '/dev/null')
    names = [k['name'] for k in _listed(cluster)]
    assert len(names) == KEYS and 'new-key' in names and preload.key_name(KEYS - 1) not in names
    assert json.loads(_ozone(cluster, 'sh', 'bucket', 'info', COLD).stdout)['usedNamespace'] == KEYS
    assert _new_complaints(image, cluster) == set()
