"""--preload-keys N: every arm's OM starts on a DB that already holds N keys in a cold bucket, /vol1/cold.

The base image is a stopped local cluster: the real OM made the volume, the bucket and one zero-size key (the
template); ColdBucketFill (hadoop-ozone/db-bench) then wrote the other N-1 keys offline with OM's own classes, as OM
would have after that many create and commit requests (see its javadoc for the transaction state it keeps
consistent). Built once per key count, churn, layout, project version and base port (the datanodes' Ratis pipelines
know their ports), cached under bench-cache/ (git-ignored); every arm starts on its own copy, SST files hard-linked.

--preload-churn M adds the tombstone history of a churned bucket, /vol1/churned: before the fill, the real OM serves
M operations of omkeybench (3 creates per 2 deletes of the oldest keys, at most CHURN_LIVE_KEYS live), so the
history is written exactly as OM writes it: keyTable and openKeyTable tombstones, in memtables, L0 and below as
RocksDB left them. The load's journal (churn.journal in the image) says which keys must be live.
"""

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

from .cluster import ClusterError, LocalCluster, client_env, dist_dir

VOLUME = 'vol1'
BUCKET = 'cold'
LAYOUT = 'OBJECT_STORE'
KEY_PREFIX = 'cold/'
CHURNED_BUCKET = 'churned'
CHURN_LIVE_KEYS = 1000
CHURN_JOURNAL = 'churn.journal'
FILL_MAIN = 'org.apache.hadoop.ozone.dbbench.ColdBucketFill'
IMAGE_INFO = 'image.json'


def key_name(index):
    """The name of the cold bucket's key `index` (0 is the template), as ColdBucketFill names them."""
    return f'{KEY_PREFIX}{index:012d}'


def _project_version(repo):
    return dist_dir(repo).name[len('ozone-'):]


def _fill_jar(repo):
    return repo / 'hadoop-ozone' / 'db-bench' / 'target' / f'ozone-db-bench-{_project_version(repo)}.jar'


def _size_bytes(path):
    """Bytes on disk under `path`, each hard-linked file once."""
    seen, total = set(), 0
    for root, _, files in os.walk(path):
        for name in files:
            st = os.lstat(os.path.join(root, name))
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_size
    return total


def ensure_image(repo, keys, base_port, churn_ops, log):
    """(the image, its description) of `keys` preloaded keys for clusters on `base_port`, built now unless cached, as
    every driver whose arms start from one says it; a failed build raises ClusterError."""
    image = PreloadImage(repo, keys, base_port, churn_ops=churn_ops)
    print(f'ab-bench: base image of {keys:,} preloaded keys: {image.path} (built now unless cached)...', flush=True)
    info = image.ensure(log)
    print(f"ab-bench: base image {'cached' if info['cached'] else 'built'} ({info['buildSeconds']} s to build, OM DB "
          f"{info['omDbBytes'] / 2**20:,.1f} MB)", flush=True)
    return image, info


def copy_cluster(image, dest):
    """A private copy of the image's cluster in `dest`: SST files hard-linked where `dest` is on the image's file
    system (RocksDB never changes an SST in place, it only adds and deletes them), everything else copied."""
    def copy(src, dst):
        if src.endswith('.sst'):
            try:
                os.link(src, dst)
                return
            except OSError:  # another file system (e.g. a tmpfs /tmp): a real copy then
                pass
        shutil.copy2(src, dst)

    def process_logs(folder, names):
        """The image build's own process logs (<process>/<process>.log): each arm's logs start empty."""
        return [n for n in names if n == Path(folder).name + '.log']
    shutil.copytree(image / 'cluster', dest, copy_function=copy, symlinks=True, ignore=process_logs)


class PreloadImage:
    """The cached base image of `keys` keys (and `churn_ops` operations of churn) for clusters on `base_port`;
    ensure() builds it when missing."""

    def __init__(self, repo, keys, base_port, cache=None, churn_ops=0):
        self.repo = repo
        self.keys = keys
        self.churn_ops = churn_ops
        self.base_port = base_port
        churn = f'-{churn_ops}churn' if churn_ops else ''
        name = f'preload-{_project_version(repo)}-{LAYOUT}-{keys}keys{churn}-port{base_port}'
        self.path = (cache or repo / 'bench-cache') / name

    @property
    def info(self):
        return json.loads((self.path / IMAGE_INFO).read_text())

    def ensure(self, log):
        """The image's description (built now if not cached); a failed build raises ClusterError."""
        if (self.path / IMAGE_INFO).exists():
            return dict(self.info, cached=True)
        jar = _fill_jar(self.repo)
        if not jar.exists():
            raise ClusterError(f'{jar} is missing; build the project first (mvn -DskipTests install)')
        building = self.path.with_name(self.path.name + '.building')
        if building.exists():
            shutil.rmtree(building)
        building.mkdir(parents=True)
        began = time.monotonic()
        cluster = LocalCluster(self.repo, building / 'cluster', self.base_port, [], log)
        churn_s = 0
        try:
            cluster.start()
            self._make_template(cluster, log)
            if self.churn_ops:
                churn_began = time.monotonic()
                self._churn(cluster, building / CHURN_JOURNAL, log)
                churn_s = time.monotonic() - churn_began
        finally:
            cluster.stop()
        made_by_om_s = time.monotonic() - began
        fill_began = time.monotonic()
        self._fill(cluster, jar, log)
        info = {'keys': self.keys, 'volume': VOLUME, 'bucket': BUCKET, 'layout': LAYOUT,
                'churnOps': self.churn_ops, 'churnedBucket': CHURNED_BUCKET if self.churn_ops else None,
                'churnSeconds': round(churn_s, 1),
                'projectVersion': _project_version(self.repo), 'basePort': self.base_port,
                'clusterSeconds': round(made_by_om_s, 1), 'fillSeconds': round(time.monotonic() - fill_began, 1),
                'buildSeconds': round(time.monotonic() - began, 1),
                'omDbBytes': _size_bytes(building / 'cluster' / 'om' / 'meta' / 'om.db'),
                'imageBytes': _size_bytes(building)}
        (building / IMAGE_INFO).write_text(json.dumps(info, indent=2) + '\n')
        building.rename(self.path)
        return dict(info, cached=False)

    def _make_template(self, cluster, log):
        """The volume, the bucket and key 0, made by the real OM."""
        for args in (['sh', 'volume', 'create', f'/{VOLUME}'],
                     ['sh', 'bucket', 'create', '--layout', LAYOUT, f'/{VOLUME}/{BUCKET}'],
                     ['sh', 'key', 'put', f'/{VOLUME}/{BUCKET}/{key_name(0)}', '/dev/null']):
            self._ozone(cluster, args, log)

    def _churn(self, cluster, journal, log):
        """The churned bucket's history, by the real OM: omkeybench creates keys and deletes the oldest."""
        self._ozone(cluster, ['freon', 'omkeybench', '-n', str(self.churn_ops), '-t', '10', '--seed', '1', '--volume',
                              VOLUME, '--bucket', CHURNED_BUCKET, '--weights', 'create:3,delete:2', '--max-live-keys',
                              str(CHURN_LIVE_KEYS), '--untracked', 'delete', '--delete-order', 'oldest', '--size', '0',
                              '--journal', str(journal)], log)

    def _ozone(self, cluster, args, log):
        """bin/ozone with the cluster's client configuration."""
        _run([str(dist_dir(self.repo) / 'bin' / 'ozone')] + args, client_env(cluster), log, 'ozone ' + ' '.join(args))

    def _fill(self, cluster, jar, log):
        """ColdBucketFill on OM's DB, with OM's configuration (so it finds the DB, omMetrics and the Ratis log)."""
        classpath = ':'.join([str(cluster.work_dir / 'om' / 'etc'), str(jar),
                              str(dist_dir(self.repo) / 'share' / 'ozone' / 'lib' / '*')])
        _run(['java', '-Xmx1g', f'-Dnative.lib.tmp.dir={os.environ.get("TMPDIR", "/tmp")}', '-cp', classpath, FILL_MAIN,
              VOLUME, BUCKET, KEY_PREFIX, str(self.keys)], dict(os.environ), log, 'ColdBucketFill')


def _run(cmd, env, log, what):
    with open(log, 'ab') as out:
        out.write(f'$ {" ".join(cmd)}\n'.encode())
        out.flush()
        if subprocess.run(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL).returncode:
            raise ClusterError(f'{what} failed; see {log}')
