"""What scripts/rolling-upgrade refuses before it builds or starts anything: one error line and exit code 2."""

import subprocess

import pytest

from harness.cluster import repo_root


@pytest.mark.parametrize('args, message', [
    (['--oms', '4'], "argument --oms: invalid choice: 4 (choose from 1, 2, 3)"),
    (['--step-ops', '0'], '--step-ops must be at least 1, got 0'),
    (['--threads', '0'], '--threads must be at least 1, got 0'),
    (['--service-wait', '0'], '--service-wait must be positive, got 0.0'),
    (['--base-port', '80'], '--base-port must be from 1024 to 32720, got 80'),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, args, message):
    out = tmp_path / 'out'
    done = subprocess.run([str(repo_root() / 'scripts' / 'rolling-upgrade'), *args, '--out', str(out)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == f'scripts/rolling-upgrade: error: {message}'
    assert not out.exists()


def test_an_out_directory_that_holds_something_is_refused(tmp_path):
    (tmp_path / 'kept').write_text('x')
    done = subprocess.run([str(repo_root() / 'scripts' / 'rolling-upgrade'), '--out', str(tmp_path)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and 'exists and is not empty; give a new directory' in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ['kept']
