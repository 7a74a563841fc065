"""The s3-lifecycle scenario end to end on master with the series (scripts/upstream-on-master --dists), the range
arm alone at the smallest size: boto3 creates objects through master's S3 gateway, puts a lifecycle rule on the
first prefix, OM's lifecycle service deletes every object under it, and after the quiet period the first page lists
the kept ones. Skipped, with the reason, where no such distribution was built (as in CI)."""

import json

import pytest

from abbench import s3expiry
from test_master_dists_cluster import DISTS, latest

# A block of ports no other test takes (test_ports checks them all).
LIFECYCLE_BASE_PORT = 24200
OPS = 600
QUIET_S = 10
PLAN = s3expiry.S3_LIFECYCLE

pytestmark = pytest.mark.cluster


@pytest.fixture(scope='module')
def run(tmp_path_factory, ab_bench):
    with_series = latest(True)
    if not with_series:
        pytest.skip(f'no master distribution with the series in {DISTS}: build it with scripts/upstream-on-master '
                    '--checkout DIR --base-ref ozone-2.2 --dists (see docs/contributing-upstream.md)')
    out = tmp_path_factory.mktemp('s3-lifecycle') / 'results'
    summary = ab_bench(out, '--scenario', 's3-lifecycle', '--arms', 'range', '--ops', OPS, '--threads', 4,
                       '--quiet-seconds', QUIET_S, '--scrape-interval', 1, '--base-port', LIFECYCLE_BASE_PORT,
                       '--dist', with_series, timeout=600)
    return out, summary['runs'][0]


def test_the_lifecycle_service_expired_what_the_rule_names_and_kept_the_rest(run):
    out, record = run
    counts = PLAN.counts(OPS)
    bulk = record['bulkExpire']
    assert record['status'] == 'ok' and bulk['counts'] == counts
    assert [p['name'] for p in bulk['phases']] == ['create-s3', 'create-s3-kept', 'expire-lifecycle']
    assert 'ozone.lifecycle.service.enabled=true' in record['omConf']
    lifecycle_log = (out / 'logs' / f"{record['id']}.expire-lifecycle.log").read_text()
    assert f"the lifecycle service deleted {counts['deleted']} objects" in lifecycle_log
    listing = json.loads((out / 'freon' / f"{record['id']}.list-s3.json").read_text())
    # the first page starts at the kept prefix and holds every kept object: the expired ones are gone
    assert listing['firstKey'] == f'{s3expiry.KEPT_PREFIX}/000000000'
    assert listing['listed'] == counts['objects'] - counts['deleted'] == bulk['readers']['list-s3']['listed']
