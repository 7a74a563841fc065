"""The options arms' comparison page: what the committed runs give (the test command fails on a stale page), and the
targets' verdicts on written-down results."""

import json

from abbench import optionsarms
from harness import envelope


def arm(name, list_ms, head_ms, compacted_mb):
    reads = {'list': {'meanMs': list_ms, 'meanSkips': 10 * list_ms},
             'head openKeyTable': {'meanMs': head_ms, 'meanSkips': 10 * head_ms}}
    return {'arm': name, 'inRun': reads, 'atEnd': {}, 'quiet': None, 'compactReadBytes': 0,
            'compactWriteBytes': compacted_mb * 1e6, 'liveSstBytes': 1e6, 'stallMicros': 0, 'note': ''}


def test_the_committed_pages_are_what_their_runs_give():
    assert optionsarms.main(['--check']) == 0


def test_reads_and_bytes_are_judged_apart_and_the_noise_gets_no_verdict():
    runs = [('1e6', {'scenarios': {'seed': [
        arm('off', 2.0, 100.0, 0),
        arm('range', 1.0, 1.0, 50),
        # reads faster than range's listing: reads missed, and the page names the read
        arm('small-memtable', 0.5, 20.0, 700),
        # compacts nothing: range reads faster, at more bytes
        arm('periodic', 2.0, 100.0, 0),
        # within 10% of the bound
        arm('native-scan', 1.05, 2.0, 200),
        # read-triggered compaction's bound is half its reads: 1.0 / 1.6 is above 0.5 by more than 10%
        arm('read-triggered-0.01', 1.6, 100.0, 0),
        # off on another RocksDB is that RocksDB's baseline, not a tuning; an options arm there is one
        arm('off@master', 2.0, 100.0, 0),
        arm('periodic@master', 2.0, 100.0, 0),
    ]}})]

    rows = {r['arm']: r for r in optionsarms.targets(runs)}

    assert set(rows) == {'small-memtable', 'periodic', 'native-scan', 'read-triggered-0.01', 'periodic@master'}
    assert (rows['small-memtable']['reads'], rows['small-memtable']['bytes']) == ('missed', 'met')
    assert rows['small-memtable']['armWins'] == 'list 2.00x'
    assert (rows['periodic']['reads'], rows['periodic']['bytes'], rows['periodic']['verdict']) == (
        'met', 'missed', 'missed')
    assert (rows['native-scan']['reads'], rows['native-scan']['verdict']) == ('no verdict', 'no verdict')
    assert rows['read-triggered-0.01']['bound'] == '0.5x'
    assert rows['read-triggered-0.01']['reads'] == 'missed'


def test_a_folder_with_a_spec_gets_its_page(tmp_path):
    run = tmp_path / 'x' / '1e6'
    run.mkdir(parents=True)
    result = envelope.make('scripts/db-bench', ['scripts/db-bench', '--ops', '1000'], '2026-01-01T00:00:00Z', 60.0,
                           {'cores': 2}, {'ops': 1000, 'workloads': {'seed': 'omkeybench ...'}}, ('c' * 40, True))
    result['scenarios'] = {'seed': [arm('off', 2, 2, 0), arm('range', 1, 1, 1)]}
    (run / 'db-bench.json').write_text(json.dumps(result))
    (tmp_path / 'x' / optionsarms.SPEC).write_text(json.dumps({'runs': ['1e6']}))

    page = optionsarms.render(tmp_path / 'x')

    assert f"`scripts/db-bench --ops 1000` at commit {'c' * 40} (with uncommitted changes)" in page
    assert '## seed, 1,000 operations (1e6)' in page
    assert 'Workload: omkeybench ....' in page
    assert '| off | 2.00 | 2.00 | 20 | 20 | 0.0 | 0.0 | – | 1.0 | 0.00 |' in page
