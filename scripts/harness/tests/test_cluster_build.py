"""When scripts/cluster (and so ab-bench, quickstart and fault-test) rebuilds the distribution: `build --check` on
a copy of the script in a small git work tree, so that no Maven build runs."""

import os
import shutil
import subprocess

from harness.cluster import repo_root

BUILT_MARKER = '.built-by-scripts-cluster'


def _checkout(tmp_path):
    """A git work tree with the script, a source file and a distribution built after it."""
    repo = tmp_path / 'repo'
    (repo / 'scripts').mkdir(parents=True)
    shutil.copy(repo_root() / 'scripts' / 'cluster', repo / 'scripts' / 'cluster')
    (repo / 'pom.xml').write_text('<project>\n  <version>1.0-SNAPSHOT</version>\n</project>\n')
    source = repo / 'hadoop-ozone' / 'ozone-manager' / 'src' / 'Service.java'
    source.parent.mkdir(parents=True)
    source.write_text('class Service {}\n')
    (repo / 'docs').mkdir()
    (repo / 'docs' / 'notes.md').write_text('notes\n')
    subprocess.run(['git', 'init', '-q'], cwd=repo, check=True)
    subprocess.run(['git', 'add', '.'], cwd=repo, check=True)
    dist = repo / 'hadoop-ozone' / 'dist' / 'target' / 'ozone-1.0-SNAPSHOT'
    (dist / 'bin').mkdir(parents=True)
    (dist / 'bin' / 'ozone').write_text('#!/bin/sh\n')
    (dist / 'bin' / 'ozone').chmod(0o755)
    lib = dist / 'share' / 'ozone' / 'lib'
    lib.mkdir(parents=True)
    for jar in ('ozone-manager-1.0-SNAPSHOT.jar', 'ozone-common-1.0-SNAPSHOT.jar', 'guava-33.0.jar'):
        (lib / jar).write_text('jar')
    for path in (repo / 'pom.xml', repo / 'scripts' / 'cluster', repo / 'docs' / 'notes.md'):
        _age(path, 2000)
    _age(source, 1000)
    _age(lib / 'ozone-common-1.0-SNAPSHOT.jar', 5000)  # a module unchanged since an earlier build
    _age(lib / 'guava-33.0.jar', 90000)  # a dependency keeps its own time
    return repo, dist, source


def _age(path, seconds):
    stat = path.stat()
    os.utime(path, (stat.st_atime - seconds, stat.st_mtime - seconds))


def _check(repo, *options):
    """(exit code, output) of scripts/cluster build --check."""
    result = subprocess.run([str(repo / 'scripts' / 'cluster'), 'build', '--check', *options], capture_output=True,
                            text=True, stdin=subprocess.DEVNULL)
    return result.returncode, result.stdout.strip()


def test_a_distribution_built_after_its_sources_is_current(tmp_path):
    repo, _, _ = _checkout(tmp_path)
    assert _check(repo) == (0, '')


def test_a_missing_distribution_or_profiler_is_built(tmp_path):
    repo, dist, _ = _checkout(tmp_path)
    assert _check(repo, '--profiler') == (3, f'{repo}/hadoop-ozone/dist/target/async-profiler/async-profiler.jar '
                                             'is missing')
    shutil.rmtree(dist)
    assert _check(repo) == (3, f'Distribution {dist} is missing')


def test_a_source_edited_after_the_build_makes_it_stale_and_other_files_do_not(tmp_path):
    repo, dist, source = _checkout(tmp_path)
    (repo / 'docs' / 'notes.md').write_text('more notes\n')
    assert _check(repo) == (0, '')

    (source.parent / 'Scratch.java').write_text('class Scratch {}\n')  # not tracked: not a build input yet
    assert _check(repo) == (0, '')

    source.write_text('class Service { int looks; }\n')
    _age(dist / 'share' / 'ozone' / 'lib' / 'ozone-manager-1.0-SNAPSHOT.jar', 10)
    assert _check(repo) == (3, f'Distribution {dist} is older than 1 of its source files '
                               '(for example hadoop-ozone/ozone-manager/src/Service.java)')

    # A build that changed no jar (say, only a test source changed) leaves the marker: it is current.
    (dist / BUILT_MARKER).touch()
    assert _check(repo) == (0, '')


def test_without_git_nothing_is_known_to_be_newer(tmp_path):
    repo, _, source = _checkout(tmp_path)
    shutil.rmtree(repo / '.git')
    source.write_text('class Service { int looks; }\n')
    assert _check(repo) == (0, '')
