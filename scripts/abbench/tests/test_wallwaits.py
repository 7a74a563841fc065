"""async-profiler attached to a real JVM by jcmd and its samples read back; what wallwaits.py makes of them."""

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from abbench import wallwaits
from harness import wallprofiler

REPO = Path(__file__).resolve().parents[3]

LOCKED = textwrap.dedent('''
    public class Locked {
      public static void main(String[] a) throws Exception {
        Object lock = new Object();
        Thread holder = new Thread(() -> { while (true) { synchronized (lock) { spin(); } } }, "IPC Server handler 1");
        Thread waiter = new Thread(() -> { while (true) { synchronized (lock) { spin(); } } }, "IPC Server handler 2");
        holder.setDaemon(true); waiter.setDaemon(true); holder.start(); waiter.start();
        System.out.println("ready"); System.out.flush();
        Thread.sleep(60000);
      }
      static long spin() { long x = 0; for (int i = 0; i < 1_000_000; i++) { x += i; } return x; }
    }''')


@pytest.mark.skipif(not (REPO / wallprofiler.JAR).exists() or sys.platform != 'linux',
                    reason='async-profiler comes with the distribution build (mvn install)')
def test_the_profiler_attaches_to_a_running_jvm_and_its_samples_read_back(tmp_path):
    (tmp_path / 'Locked.java').write_text(LOCKED)
    jvm = subprocess.Popen(['java', str(tmp_path / 'Locked.java')], stdout=subprocess.PIPE, text=True)
    try:
        assert jvm.stdout.readline().strip() == 'ready'
        began = time.time()
        profiler = wallprofiler.WallProfiler(jvm.pid, wallprofiler.agent(REPO, tmp_path), tmp_path / 'w.jfr')
        profiler.start()
        time.sleep(1.5)
        profiler.stop()
    finally:
        jvm.kill()
        jvm.wait()
    stacks, rows = wallprofiler.samples(tmp_path / 'w.jfr')
    handlers = [r for r in rows if r[1].startswith('IPC Server handler')]
    assert {r[1] for r in handlers} == {'IPC Server handler 1', 'IPC Server handler 2'}
    assert all(began - 1 < r[0] < time.time() for r in rows)  # epoch seconds
    assert sum(r[3] for r in handlers) > 2 * 1.5 / 0.02 * 0.5  # both sampled about every 20 ms
    assert any(f.endswith('Locked.spin') for r in handlers for f in stacks[r[5]])


def test_bad_agent_options_give_one_line():
    profiler = wallprofiler.WallProfiler(99999999, '/nonexistent/lib.so', '/tmp/x.jfr')
    with pytest.raises(wallprofiler.ProfilerError) as e:
        profiler.start()
    assert len(str(e.value).splitlines()) == 1


STACKS = {0: ['java.lang.Thread.run', 'org.apache.hadoop.ipc.Server$Handler.run',
              'org.apache.hadoop.ipc.CallQueue.take', 'jdk.internal.misc.Unsafe.park',
              'libc.so.6.__futex_abstimed_wait_common'],
          1: ['java.lang.Thread.run', 'org.apache.hadoop.ozone.om.OzoneManager.commit', 'org.rocksdb.RocksDB.get',
              'librocksdbjni.so.rocksdb::DBImpl::Get', 'libc.so.6.pread64'],
          2: ['java.lang.Thread.run', 'rocksdb::CompactionJob::Run']}


def _rows():
    """Handler samples at 20 ms: waiting for calls all along (one folded record per window), and in a RocksDB read 3
    times as often in the on-window [10, 11) as in the off-window [20, 21); a compaction thread only on."""
    rows = [(10.0, 'IPC Server handler 1 on 9862', 'STATE_SLEEPING', 25, 1.0, 0),
            (20.0, 'IPC Server handler 1 on 9862', 'STATE_SLEEPING', 25, 1.0, 0)]
    rows += [(10 + k * 0.02, 'IPC Server handler 2 on 9862', 'STATE_RUNNABLE', 1, 0.0, 1) for k in range(30)]
    rows += [(20 + k * 0.02, 'IPC Server handler 2 on 9862', 'STATE_RUNNABLE', 1, 0.0, 1) for k in range(10)]
    rows += [(10 + k * 0.02, 'rocksdb:low', 'STATE_RUNNABLE', 1, 0.0, 2) for k in range(50)]
    return rows


def test_site_is_the_deepest_frame_of_our_code_and_the_leaf_says_how_it_waits():
    assert wallwaits.site(STACKS[0]) == ('org.apache.hadoop.ipc.CallQueue.take',
                                         'libc.so.6.__futex_abstimed_wait_common')
    assert wallwaits.site(STACKS[1]) == ('org.rocksdb.RocksDB.get', 'libc.so.6.pread64')
    assert wallwaits.site(STACKS[2]) == ('rocksdb::CompactionJob::Run', 'rocksdb::CompactionJob::Run')


def test_folded_records_count_by_their_overlap_with_the_windows():
    groups, _ = wallwaits.tally(_rows(), [(10.5, 11.0)], 0.02)
    # half the folded second (25 samples) and the 5 read samples from 10.5, at 20 ms each; the pool's 25
    assert groups['rpc handlers'] == pytest.approx((12.5 + 5) * 0.02)
    assert groups['rocksdb:low'] == pytest.approx(25 * 0.02)


def test_the_site_that_grew_ranks_first_per_operation():
    result = wallwaits.compare(STACKS, *wallwaits.tallies(_rows(), [(10, 11)], [(20, 21)], 0.02), 100, 100, 0.02)
    assert result['status'] == 'measured'
    top = result['sites'][0]
    assert (top['site'], top['leaf']) == ('org.rocksdb.RocksDB.get', 'libc.so.6.pread64')
    assert top['msPerOp'] == pytest.approx([30 * 20 / 100, 10 * 20 / 100])
    assert result['threadMsPerOp']['rocksdb:low'] == pytest.approx([50 * 20 / 100, 0.0])
    assert 'rocksdb:low' not in {s['group'] for s in result['sites']}  # only the request path's sites
    page = '\n'.join(wallwaits.render(result))
    assert '`org.rocksdb.RocksDB.get`' in page


def test_no_operation_or_no_sample_in_the_windows_is_not_measured():
    for windows, ops in ((([(10, 11)], [(20, 21)]), (0, 100)), (([(50, 51)], [(60, 61)]), (5, 5))):
        tallies = wallwaits.tallies(_rows(), *windows, 0.02)
        assert wallwaits.compare(STACKS, *tallies, *ops, 0.02)['status'].startswith('not measured')


def test_the_flame_graph_colours_what_grew_red():
    svg = wallwaits.flame(STACKS, *wallwaits.tallies(_rows(), [(10, 11)], [(20, 21)], 0.02), 100, 100)
    assert svg.startswith('<svg') and svg.rstrip().endswith('</svg>')
    read = next(g for g in svg.split('<g>') if 'org.rocksdb.RocksDB.get:' in g)
    assert 'fill="rgb(255,' in read  # grew
    assert 'CompactionJob' not in svg  # not the request path
