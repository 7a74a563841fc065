"""The s3-expiry scenario end to end on a real local cluster with its S3 gateway, the range arm alone at the smallest
size (about 2 minutes): boto3 creates objects through `ozone s3g`, expires the oldest with DeleteObjects, and after
the quiet period lists the bucket; the idle service cleans the expired keys' tombstones in the quiet period. (The
off arm's side of a bulk delete, the tombstones left and crossed, is test_bulk_expire_cluster's.)"""

import json

import pytest

from abbench import s3expiry

# A block of ports no other test takes (test_ports checks them all); not the harness's default (19100).
BASE_PORT = 23900
OPS = 600
QUIET_S = 10
# The service at this size, as in test_bulk_expire_cluster: 270 expired keys qualify, OM idle after 2 s of quiet.
RANGE_CONF = ['range:ozone.om.range.compaction.service.min.tombstones=100',
              'range:ozone.om.range.compaction.service.idle.after=2s']

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def run(tmp_path_factory, ab_bench):
    out = tmp_path_factory.mktemp('s3-expiry') / 'results'
    summary = ab_bench(out, '--scenario', 's3-expiry', '--arms', 'range', '--ops', OPS, '--threads', 4,
                       '--quiet-seconds', QUIET_S, '--scrape-interval', 1, '--base-port', BASE_PORT,
                       *[arg for conf in RANGE_CONF for arg in ('--om-conf', conf)], timeout=600)
    return out, summary['runs'][0]


def test_boto3_created_expired_and_listed_through_the_gateway(run):
    out, record = run
    counts = s3expiry.S3_EXPIRY.counts(OPS)
    bulk = record['bulkExpire']
    assert record['status'] == 'ok' and bulk['counts'] == counts
    assert [p['name'] for p in bulk['phases']] == ['create-s3', 'expire-s3']
    listing = json.loads((out / 'freon' / f"{record['id']}.list-s3.json").read_text())
    # the first page holds the live objects, the oldest of them first: the expired ones are gone
    assert listing['listed'] == counts['objects'] - counts['deleted'] == bulk['readers']['list-s3']['listed']
    assert listing['firstKey'] == f"{s3expiry.PREFIX}/{counts['deleted']:09d}"
    reader = bulk['readers']['list-s3']
    assert reader['clientLatencyMs'] > 0 and reader['listRequests'] >= 1 and reader['latencyMs'] is not None


def test_the_service_cleaned_the_expired_keys_in_the_quiet_period(run):
    _, record = run
    bulk = record['bulkExpire']
    # OM went idle, and the service flushed and compacted keyTable and openKeyTable (every PutObject ends an open
    # key) before the quiet ended; nothing of the expiry is left in memtables or SSTs
    assert bulk['serviceWorkEndS'] is not None and bulk['serviceWorkEndS'] <= QUIET_S
    assert bulk['tombstones']['keyTable'] == 0 and bulk['tombstones']['openKeyTable'] == 0
    assert bulk['readers']['list-s3']['iterSkips'] < s3expiry.S3_EXPIRY.counts(OPS)['deleted']
    assert record['om']['rangeCompactions'] >= 1 and bulk['compactWriteMB'] > 0
    assert 'ozone.om.range.compaction.service.enabled=true' in record['omConf']
