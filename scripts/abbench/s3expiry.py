"""The s3-expiry scenario: bulk-expire as an S3 user lives it, through Ozone's S3 gateway.

Objects arrive over S3 and a lifecycle job expires the oldest; the next ListObjectsV2 of the bucket starts at its
head, where the expired keys' tombstones lie. On each arm's fresh cluster, started with its S3 gateway, with --ops N:

1. create-s3: boto3 (s3client.py) creates the bucket and N/2 zero-size objects <prefix>/000000000, ... with
   PutObject (100,000 at the default 200,000), names in creation order;
2. expire-s3: boto3 deletes the oldest nine in ten with DeleteObjects of 1,000 keys each, as a lifecycle job does;
3. quiet, the copy of OM's DB and its tombstones per table, as in bulk-expire;
4. list-s3: the first ListObjectsV2 page (1,000 keys) of the bucket, timed at the client by boto3, and at OM
   between two refreshes of its /prom, with the iterator skips OM counted meanwhile.

The gateway's bucket is an OBJECT_STORE bucket of volume s3v, so its keys are in keyTable, as bulk-expire's are.

The s3-lifecycle scenario is the same with Ozone's own lifecycle service as the job (Ozone after 2.2.1, as master's
KeyLifecycleService): the objects to expire are created under one prefix and the kept ones under a later one, then
a lifecycle rule on the first prefix has the service delete them (s3client.py lifecycle).
"""

import sys
from pathlib import Path

from . import verdict
from .bulkexpire import LEFT_METRICS, Phase, Plan, TARGET_TOMBSTONES, reader_metrics

S3CLIENT = Path(__file__).resolve().parent / 's3client.py'
# The harness's own Python (its .venv holds boto3) runs the client; pages show it by its name.
CLIENT = ([sys.executable, str(S3CLIENT)], 's3client.py')
BUCKET = 'expiry'
PREFIX = 'log'
# s3-lifecycle's prefixes: what the rule expires sorts before what it keeps, so the first page starts at the former.
EXPIRED_PREFIX = 'expire'
KEPT_PREFIX = 'keep'
# The fraction of the objects the lifecycle job expires.
EXPIRED = 0.9
READER = 'list-s3'
# Where the targets are set against off: the client's first page, and what it crosses.
TARGET_CLIENT_LATENCY = 0.5
TARGET_OM_LATENCY = 0.5


class S3ExpiryPlan(Plan):
    s3g = True
    readers_about = ((READER, 'first ListObjectsV2 page'),)
    # The first page's target against off: its latency at the client, what an S3 user waits for.
    listing_target = ('first ListObjectsV2 page, latency at the client', f'bulkExpire.readers.{READER}.clientLatencyMs',
                      TARGET_CLIENT_LATENCY)
    key_metrics = ([verdict.KeyMetric('first ListObjectsV2 page, latency at the client',
                                      f'bulkExpire.readers.{READER}.clientLatencyMs', 'ms')]
                   + reader_metrics(READER, 'first ListObjectsV2 page') + LEFT_METRICS)

    def counts(self, ops):
        """N/2 objects (100,000 at the default 200,000), the oldest nine in ten expired."""
        objects = max(10, ops // 2)
        return {'objects': objects, 'deleted': int(objects * EXPIRED)}

    def client_ops(self, c):
        return c['objects'] + c['deleted']

    def describe(self, ops, quiet_s):
        c = self.counts(ops)
        return (f"`s3-expiry` has no omkeybench mix: with {ops:,} operations boto3 creates {c['objects']:,} objects "
                f"through the S3 gateway, expires the oldest {c['deleted']:,} with DeleteObjects, then leaves OM "
                f'without a client for {quiet_s} s (its section lists the commands).')

    def target_checks(self):
        return [('tombstones left, keyTable', 'bulkExpire.tombstones.keyTable', TARGET_TOMBSTONES), self.listing_target]

    def phases(self, load):
        c = load.counts
        where = ['--endpoint', load.cluster.s3_endpoint, '--bucket', BUCKET, '--prefix', PREFIX]
        return [
            Phase('create-s3', CLIENT, ['create', *where, '--count', c['objects'], '--threads', load.threads],
                  'S3 PutObject (boto3)', c['objects']),
            Phase('expire-s3', CLIENT, ['expire', *where, '--count', c['deleted'], '--threads', load.threads],
                  'S3 DeleteObjects (boto3)', c['deleted']),
        ]

    def readers(self, load):
        summary = load.freon_json(READER)
        args = ['list', '--endpoint', load.cluster.s3_endpoint, '--bucket', BUCKET, '--summary-json', summary]
        return [Phase(READER, CLIENT, args, 'S3 ListObjectsV2 (boto3)', 0, summary)]


class S3LifecyclePlan(S3ExpiryPlan):
    """s3-expiry with Ozone's lifecycle service deleting what a rule expires."""
    # Issue 45's target on master: the first page's latency at OM, where the tombstones are crossed.
    listing_target = ('first ListObjectsV2 page, latency at OM', f'bulkExpire.readers.{READER}.latencyMs',
                      TARGET_OM_LATENCY)

    def describe(self, ops, quiet_s):
        c = self.counts(ops)
        return (f"`s3-lifecycle` has no omkeybench mix: with {ops:,} operations boto3 creates {c['objects']:,} "
                f"objects through the S3 gateway, {c['deleted']:,} of them under a prefix that a lifecycle rule then "
                f"has OM's lifecycle service expire, then leaves OM without a client for {quiet_s} s (its section "
                'lists the commands).')

    def phases(self, load):
        c = load.counts
        where = ['--endpoint', load.cluster.s3_endpoint, '--bucket', BUCKET]
        kept = c['objects'] - c['deleted']
        return [
            Phase('create-s3', CLIENT, ['create', *where, '--prefix', EXPIRED_PREFIX, '--count', c['deleted'],
                                        '--threads', load.threads], 'S3 PutObject (boto3)', c['deleted']),
            Phase('create-s3-kept', CLIENT, ['create', *where, '--prefix', KEPT_PREFIX, '--count', kept,
                                             '--threads', load.threads], 'S3 PutObject (boto3)', kept),
            Phase('expire-lifecycle', CLIENT, ['lifecycle', *where, '--prefix', f'{EXPIRED_PREFIX}/',
                                               '--count', c['deleted'], '--om-prom', load.cluster.prom_url],
                  "OM's lifecycle service, by a rule put with boto3", c['deleted']),
        ]


S3_EXPIRY = S3ExpiryPlan()
S3_LIFECYCLE = S3LifecyclePlan()
