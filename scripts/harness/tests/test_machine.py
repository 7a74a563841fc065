"""machine.py's git-state command: the commit and dirty flag the shell scripts record, read as git_state reads them."""

import subprocess
import sys
from pathlib import Path

MACHINE = Path(__file__).resolve().parents[1] / 'machine.py'


def _state(folder):
    done = subprocess.run([sys.executable, str(MACHINE), 'git-state', str(folder)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_checkout_is_its_commit_and_whether_a_tracked_file_changed(tmp_path):
    def git(*args):
        subprocess.run(['git', '-C', str(tmp_path), *args], check=True, capture_output=True)
    git('init', '-q')
    (tmp_path / 'a').write_text('1')
    git('add', 'a')
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'a')
    commit = subprocess.run(['git', '-C', str(tmp_path), 'rev-parse', 'HEAD'], capture_output=True,
                            text=True).stdout.strip()
    (tmp_path / 'untracked').write_text('x')
    assert _state(tmp_path) == [commit, 'false']
    (tmp_path / 'a').write_text('2')
    assert _state(tmp_path) == [commit, 'true']


def test_outside_git_it_is_unknown_and_bad_input_is_one_line_and_exit_2(tmp_path):
    assert _state(tmp_path) == ['unknown', 'false']
    done = subprocess.run([sys.executable, str(MACHINE), 'state'], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count('\n') == 1
