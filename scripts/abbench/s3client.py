"""An S3 user's client of the s3-expiry scenario, run as its own process like freon: boto3 against Ozone's S3 gateway.

  s3client.py create --endpoint URL --bucket B --prefix P --count N [--threads T]
      creates bucket B (if missing) and N zero-size objects P/000000000, P/000000001, ... (PutObject), so that
      names sort in creation order, as a time-stamped log or backup set does;
  s3client.py expire --endpoint URL --bucket B --prefix P --count N [--threads T]
      deletes the oldest N of them with DeleteObjects of 1,000 keys (S3's largest batch), as a lifecycle job does;
  s3client.py lifecycle --endpoint URL --bucket B --prefix P --count N --om-prom URL [--timeout-seconds S]
      has Ozone's lifecycle service expire every object under P (Ozone after 2.2.1): puts a lifecycle rule dated the
      next midnight UTC, which expires every object modified before it (S3 takes only a future midnight; Ozone
      compares the objects' modification time with the date, not today with it), waits until OM's /prom counts N
      keys deleted by the service, then deletes the rule, so that the service's next runs do not scan the bucket
      again (its interval is a day in production, seconds here);
  s3client.py list --endpoint URL --bucket B --summary-json FILE [--max-keys K]
      times the first ListObjectsV2 page of the bucket (after a HeadBucket, so that the connection is set up
      outside the timing) and writes the keys it got and the milliseconds in omkeybench's summary shape
      ({"listed": n, "operations": {"LIST": {"latencyMs": {"max": ms}}}}), which the bulk-expire readers read.

It prints "Progress: x % (n out of N)" lines every second, as freon does, so that the harness follows it alike.
Any access key works: the gateway of an unsecured cluster maps it to a user and does not check signatures.
A failed request ends it with one error line and exit code 1.
"""

import argparse
import concurrent.futures
import datetime
import json
import re
import sys
import threading
import time
import urllib.request
from pathlib import Path

import boto3
import botocore.config
import botocore.exceptions

DELETE_BATCH = 1000
# KeyLifecycleServiceMetrics' "Total keys deleted" as OM's /prom names it.
LIFECYCLE_DELETED = 'key_lifecycle_service_metrics_num_key_deleted'


def client(endpoint, threads):
    # Checksums only where S3 requires them (DeleteObjects): boto3's default CRC32 trailer on every PutObject is work
    # for the gateway (a streamed, trailing checksum) that zero-size objects do not need.
    config = botocore.config.Config(max_pool_connections=max(10, threads), retries={'max_attempts': 3},
                                    request_checksum_calculation='when_required',
                                    response_checksum_validation='when_required')
    return boto3.client('s3', endpoint_url=endpoint, aws_access_key_id='abbench', aws_secret_access_key='abbench',
                        region_name='us-east-1', config=config)


def name(prefix, i):
    return f'{prefix}/{i:09d}'


class Progress:
    """freon's progress line, every second, from a thread; `add` counts finished operations."""

    def __init__(self, total):
        self.total = total
        self.done = 0
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._print, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()
        self.thread.join()
        self._line()

    def add(self, n):
        with self.lock:
            self.done += n

    def _line(self):
        percent = 100.0 * self.done / self.total if self.total else 100.0
        print(f'Progress: {percent:.2f} % ({self.done} out of {self.total})', flush=True)

    def _print(self):
        while not self.stopped.wait(1):
            self._line()


def create(args):
    s3 = client(args.endpoint, args.threads)
    try:
        s3.head_bucket(Bucket=args.bucket)
    except botocore.exceptions.ClientError:
        s3.create_bucket(Bucket=args.bucket)

    def put(i):
        s3.put_object(Bucket=args.bucket, Key=name(args.prefix, i), Body=b'')
        progress.add(1)

    began = time.monotonic()
    with Progress(args.count) as progress, concurrent.futures.ThreadPoolExecutor(args.threads) as pool:
        for future in [pool.submit(put, i) for i in range(args.count)]:
            future.result()
    print(f'created {args.count} objects in {time.monotonic() - began:.1f} s', flush=True)


def expire(args):
    s3 = client(args.endpoint, args.threads)

    def delete(first):
        keys = [{'Key': name(args.prefix, i)} for i in range(first, min(first + DELETE_BATCH, args.count))]
        result = s3.delete_objects(Bucket=args.bucket, Delete={'Objects': keys, 'Quiet': True})
        if result.get('Errors'):
            error = result['Errors'][0]
            raise RuntimeError(f"DeleteObjects failed for {len(result['Errors'])} keys, e.g. {error['Key']}: "
                               f"{error['Code']} {error.get('Message', '')}")
        progress.add(len(keys))

    began = time.monotonic()
    with Progress(args.count) as progress, concurrent.futures.ThreadPoolExecutor(args.threads) as pool:
        for future in [pool.submit(delete, first) for first in range(0, args.count, DELETE_BATCH)]:
            future.result()
    print(f'deleted {args.count} objects in {time.monotonic() - began:.1f} s', flush=True)


def next_midnight_utc():
    today = datetime.datetime.now(datetime.timezone.utc).date()
    return (today + datetime.timedelta(days=1)).isoformat() + 'T00:00:00Z'


def lifecycle_deleted(prom_url):
    """OM's count of keys its lifecycle service deleted, or None while OM exports none (the service not started)."""
    with urllib.request.urlopen(prom_url, timeout=10) as response:
        text = response.read().decode()
    found = re.search(rf'^{LIFECYCLE_DELETED}(?:{{[^}}]*}})? (\S+)$', text, re.MULTILINE)
    return int(float(found.group(1))) if found else None


def lifecycle(args):
    s3 = client(args.endpoint, 1)
    before = lifecycle_deleted(args.om_prom) or 0
    date = next_midnight_utc()
    rule = {'ID': 'abbench-expire', 'Status': 'Enabled', 'Filter': {'Prefix': args.prefix},
            'Expiration': {'Date': date}}
    s3.put_bucket_lifecycle_configuration(Bucket=args.bucket, LifecycleConfiguration={'Rules': [rule]})
    print(f'lifecycle rule put: objects under {args.prefix} modified before {date} expire', flush=True)
    began = last_change = time.monotonic()
    with Progress(args.count) as progress:
        while progress.done < args.count:
            time.sleep(1)
            deleted = (lifecycle_deleted(args.om_prom) or 0) - before
            if deleted != progress.done:
                progress.add(deleted - progress.done)
                last_change = time.monotonic()
            elif time.monotonic() - last_change > args.timeout_seconds:
                raise RuntimeError(f'the lifecycle service deleted {progress.done} of {args.count} objects and no '
                                   f'more in {args.timeout_seconds} s (is ozone.lifecycle.service.enabled true?)')
    s3.delete_bucket_lifecycle(Bucket=args.bucket)
    print(f'the lifecycle service deleted {args.count} objects in {time.monotonic() - began:.1f} s; rule deleted',
          flush=True)


def list_first_page(args):
    s3 = client(args.endpoint, 1)
    s3.head_bucket(Bucket=args.bucket)
    began = time.monotonic()
    page = s3.list_objects_v2(Bucket=args.bucket, MaxKeys=args.max_keys)
    ms = (time.monotonic() - began) * 1000
    listed = page.get('KeyCount', 0)
    first = page['Contents'][0]['Key'] if listed else None
    summary = {'listed': listed, 'firstKey': first, 'truncated': page.get('IsTruncated', False),
               'operations': {'LIST': {'count': 1, 'latencyMs': {'max': round(ms, 3)}}}}
    Path(args.summary_json).write_text(json.dumps(summary, indent=2) + '\n')
    print(f'first ListObjectsV2 page: {listed} keys from {first} in {ms:.1f} ms', flush=True)


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f'must be at least 1, not {value}')
    return value


def parser():
    p = argparse.ArgumentParser(prog='s3client.py', description=__doc__.split('\n\n')[0])
    commands = p.add_subparsers(dest='command', required=True)
    for command, about in (('create', 'create zero-size objects'), ('expire', 'delete the oldest objects')):
        c = commands.add_parser(command, help=about)
        c.add_argument('--endpoint', required=True, help="the S3 gateway's URL")
        c.add_argument('--bucket', required=True)
        c.add_argument('--prefix', required=True)
        c.add_argument('--count', type=positive, required=True)
        c.add_argument('--threads', type=positive, default=10)
    c = commands.add_parser('lifecycle', help="expire the objects under a prefix by Ozone's lifecycle service")
    c.add_argument('--endpoint', required=True, help="the S3 gateway's URL")
    c.add_argument('--bucket', required=True)
    c.add_argument('--prefix', required=True, help="the rule's prefix")
    c.add_argument('--count', type=positive, required=True, help='the objects under it')
    c.add_argument('--om-prom', required=True, help="OM's /prom URL, where the service counts the keys it deleted")
    c.add_argument('--timeout-seconds', type=positive, default=300,
                   help='give up when the count has not grown for this long (default 300)')
    c = commands.add_parser('list', help='time the first ListObjectsV2 page')
    c.add_argument('--endpoint', required=True, help="the S3 gateway's URL")
    c.add_argument('--bucket', required=True)
    c.add_argument('--summary-json', required=True)
    c.add_argument('--max-keys', type=positive, default=1000)
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    action = {'create': create, 'expire': expire, 'lifecycle': lifecycle, 'list': list_first_page}[args.command]
    try:
        action(args)
    except (botocore.exceptions.BotoCoreError, botocore.exceptions.ClientError, RuntimeError, OSError) as e:
        print(f's3client.py {args.command}: {e}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
