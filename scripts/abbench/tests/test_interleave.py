"""--interleave's pure parts: the plan, the blocks' numbers from the latency log and /prom, the analysis."""

from abbench import interleave


def test_plan_is_seeded_with_one_warmup_pair_and_both_orders():
    plan = interleave.plan(20, 42)
    assert plan == interleave.plan(20, 42) and plan != interleave.plan(20, 43)
    assert [k for k, _ in plan] == list(range(21))
    assert {order for _, order in plan} == {('on', 'off'), ('off', 'on')}


def test_block_client_takes_the_operations_started_in_the_window():
    rows = [(9.99, 'CREATE', 100.0)] + [(10 + i / 100, 'CREATE', float(i + 1)) for i in range(100)] + \
        [(10.5, 'LIST', 7.0), (12.0, 'CREATE', 500.0)]
    block = interleave.block_client(rows, 10.0, 12.0)
    create = block['CREATE']
    assert create['count'] == 100 and create['p50'] == 50 and create['p99'] == 99 and create['max'] == 100
    assert create['opsPerSecond'] == 50 and block['allOpsPerSecond'] == 50.5
    assert block['LIST']['p99'] == 7.0 and block['DELETE'] == {'count': 0, 'opsPerSecond': 0.0, 'p50': None,
                                                              'p99': None, 'mean': None, 'max': None}


def test_block_client_counts_the_steps_completed_in_the_window():
    # due at 9.9 s and answered at 10.1: completed in the window; due at 11.9 and answered at 12.1: not; an
    # untracked delete is part of its CREATE's step
    rows = [(9.9, 'CREATE', 200.0), (11.9, 'DELETE', 200.0), (10.5, 'UNTRACKED_DELETE', 1.0), (11.0, 'LIST', 5.0)]
    assert interleave.block_client(rows, 10.0, 12.0)['completedStepsPerSecond'] == 1.0


def test_block_server_maps_requests_to_operations():
    before = {'CreateKey': (10, 20), 'CommitKey': (10, 30), 'DeleteKey': (5, 5), 'ListKeysLight': (1, 9)}
    after = {'CreateKey': (20, 40), 'CommitKey': (20, 80), 'DeleteKey': (5, 5), 'ListKeysLight': (3, 29)}
    server = interleave.block_server(before, after)
    assert server['CREATE'] == {'requests': 20, 'meanMs': 3.5}
    assert server['DELETE'] == {'requests': 0, 'meanMs': None}
    assert server['LIST'] == {'requests': 2, 'meanMs': 10.0}
    assert server['ALL'] == {'requests': 22, 'meanMs': 90 / 22}


def _block(pair, label, p99, busy=1.0):
    client = {op: {'p50': 1.0, 'p99': p99, 'opsPerSecond': 100.0} for op in interleave.OPS}
    client['allOpsPerSecond'] = 300.0
    server = {op: {'meanMs': 2.0} for op in list(interleave.OPS) + ['ALL']}
    work = {'busySeconds': busy if label == 'on' else 0.0, 'busyFraction': (busy if label == 'on' else 0.0) / 10}
    return {'pair': pair, 'label': label, 'warmup': pair == 0, 'seconds': 10.0, 'client': client, 'server': server,
            'work': work}


def test_analysis_leaves_the_warmup_pair_out():
    blocks = [_block(0, 'on', 1000.0), _block(0, 'off', 1.0)]
    for k in range(1, 6):
        blocks += [_block(k, 'off', 10.0), _block(k, 'on', 12.0 + 0.1 * k)]
    a = interleave.analyse(blocks)
    assert a['pairs'] == 5 and a['work']['measured']
    p99 = a['operations']['LIST']['p99']
    assert 1.2 < p99['ratio'] < 1.25 and not p99['containsOne']
    assert a['operations']['LIST']['p50']['containsOne'] and a['allOpsPerSecond']['ratio'] == 1.0


def test_an_open_loop_block_that_fell_behind_its_rate_gives_no_verdict():
    blocks = [_block(0, 'on', 10.0), _block(0, 'off', 10.0)]
    for k in range(1, 6):
        blocks += [_block(k, 'off', 10.0), _block(k, 'on', 11.0)]
    for b in blocks:
        b['client']['completedStepsPerSecond'] = 100.0
    blocks[0]['client']['completedStepsPerSecond'] = 50.0  # the warm-up pair is not held to the rate
    assert interleave.analyse(blocks, rate=100.0)['rate']['met']
    blocks[-1]['client']['completedStepsPerSecond'] = 98.9
    a = interleave.analyse(blocks, rate=100.0)
    assert a['rate'] == {'offeredOpsPerSecond': 100.0, 'lowestCompletedPerSecond': 98.9, 'shortBlocks': 1,
                         'met': False, 'reason': 'rate not met: 1 of 10 blocks completed less than 99% of the '
                         'offered 100 operations a second (the lowest 98.9)'}
    assert a['operations']['LIST']['p99']['verdict'] == a['rate']['reason']
    assert 'rate' not in interleave.analyse(blocks)


def test_on_blocks_where_the_service_idled_give_no_verdict():
    blocks = [_block(0, 'on', 10.0), _block(0, 'off', 10.0)]
    for k in range(1, 6):
        blocks += [_block(k, 'off', 10.0), _block(k, 'on', 10.0 + 0.1 * k, busy=0.0 if k in (2, 4) else 1.0)]
    a = interleave.analyse(blocks)
    assert not a['work']['measured'] and a['work']['idleOnBlocks'] == 2
    p99 = a['operations']['CREATE']['p99']
    assert p99['ratio'] is not None and p99['targetHolds'] is None
    assert p99['verdict'] == 'cost not measured: the service was idle in 2 of 5 on-blocks'
    # Working, but less than the continuous arm did: still no verdict; at least as much: a verdict.
    busy = [b for b in blocks if b['label'] == 'off' or b['pair'] not in (2, 4)]
    assert not interleave.analyse(busy, continuous_busy=0.2)['work']['measured']
    checked = interleave.analyse(busy, continuous_busy=0.05)
    assert checked['work']['measured'] and checked['work']['everyOnBlockAtLeastContinuous']
    assert checked['operations']['CREATE']['p99']['targetHolds'] is not None
    # A/A has no service to check.
    assert 'work' not in interleave.analyse(blocks, aa=True)
