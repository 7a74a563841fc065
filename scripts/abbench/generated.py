"""Files that scripts/docs-from-results generates from the committed result JSON: written when they differ, or with
--check refused, so that the test command fails on a text its JSON no longer gives. Standard library only."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The committed result pages and their JSON.
RESULTS = REPO / 'docs' / 'results'
USAGE = 'docs-from-results: usage: scripts/docs-from-results [--check]'


def check_mode(argv):
    """True for --check, False for none; None (after printing the usage) for anything else."""
    if argv not in ([], ['--check']):
        print(USAGE, file=sys.stderr)
        return None
    return argv == ['--check']


def sync(texts, check, written_label):
    """Writes each {path: text} whose file differs (printing `written_label: path`), or with `check` writes nothing
    and fails naming them. Paths print relative to the repository. Returns the exit code."""
    stale = [path for path, text in texts.items() if not path.exists() or path.read_text() != text]
    names = [path.relative_to(REPO).as_posix() for path in stale]
    if check and stale:
        print(f'docs-from-results: {", ".join(names)} disagree with the results JSON; run scripts/docs-from-results',
              file=sys.stderr)
        return 1
    if not check:
        for path, name in zip(stale, names):
            path.write_text(texts[path])
            print(f'{written_label}: {name}')
    return 0
