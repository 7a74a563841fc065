"""What the benchmark ran on: recorded in every report, since results only compare on the same machine."""

import os
import platform
import subprocess
import sys


def _output(cmd, cwd=None):
    try:
        result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (result.stdout + result.stderr).strip() if result.returncode == 0 else None


def _memory_gib():
    try:
        with open('/proc/meminfo') as f:
            for line in f:
                if line.startswith('MemTotal:'):
                    return round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return None


def _first_line(text, needle=''):
    for line in (text or '').splitlines():
        if needle in line:
            return line.strip()
    return None


def git_state(tree):
    """A git checkout's HEAD commit (None outside git) and whether its tracked files have uncommitted changes."""
    return (_output(['git', 'rev-parse', 'HEAD'], cwd=tree),
            bool(_output(['git', 'status', '--porcelain', '--untracked-files=no'], cwd=tree)))


def describe(ozone):
    """The machine and the Ozone it runs (`ozone`: the launcher, or "true" for none); the commit is the envelope's."""
    return {
        'cores': os.cpu_count(),
        'memoryGiB': _memory_gib(),
        'loadAverageAtStart': [round(x, 2) for x in os.getloadavg()],
        'os': f'{platform.system()} {platform.release()}',
        'java': _first_line(_output(['java', '-version'])),
        # Lines of `ozone version` other than the banner: the first starting with a digit is the version.
        'ozoneVersion': next((line.strip() for line in (_output([str(ozone), 'version']) or '').splitlines()
                              if line[:1].isdigit()), None),
        'python': platform.python_version(),
    }


def main(argv):
    """`machine.py git-state DIR`: "COMMIT DIRTY" (DIRTY true or false; "unknown false" outside git), for the shell
    scripts that record where their numbers came from, so that they and the Python tools read git one way."""
    if len(argv) != 2 or argv[0] != 'git-state':
        print('usage: machine.py git-state DIR', file=sys.stderr)
        return 2
    commit, dirty = git_state(argv[1])
    print(commit or 'unknown', 'true' if dirty and commit else 'false')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
