"""When the harness rebuilds the distribution: missing, or older than a source it is built from."""

import os
import subprocess

from abbench.cluster import BUILT_MARKER, sources_newer_than


def _checkout(tmp_path):
    """A git work tree with a source file and a distribution built after it."""
    repo = tmp_path / 'repo'
    source = repo / 'hadoop-ozone' / 'ozone-manager' / 'src' / 'Service.java'
    source.parent.mkdir(parents=True)
    source.write_text('class Service {}\n')
    (repo / 'docs').mkdir()
    (repo / 'docs' / 'notes.md').write_text('notes\n')
    subprocess.run(['git', 'init', '-q'], cwd=repo, check=True)
    subprocess.run(['git', 'add', '.'], cwd=repo, check=True)
    dist = repo / 'hadoop-ozone' / 'dist' / 'target' / 'ozone-1.0-SNAPSHOT'
    lib = dist / 'share' / 'ozone' / 'lib'
    lib.mkdir(parents=True)
    for jar in ('ozone-manager-1.0-SNAPSHOT.jar', 'ozone-common-1.0-SNAPSHOT.jar', 'guava-33.0.jar'):
        (lib / jar).write_text('jar')
    _age(source, 1000)
    _age(lib / 'ozone-common-1.0-SNAPSHOT.jar', 5000)  # a module unchanged since an earlier build
    _age(lib / 'guava-33.0.jar', 90000)  # a dependency keeps its own time
    return repo, dist, source


def _age(path, seconds):
    stat = path.stat()
    os.utime(path, (stat.st_atime - seconds, stat.st_mtime - seconds))


def test_a_distribution_built_after_its_sources_is_current(tmp_path):
    repo, dist, _ = _checkout(tmp_path)
    assert sources_newer_than(repo, dist) == []


def test_a_source_edited_after_the_build_makes_it_stale_and_other_files_do_not(tmp_path):
    repo, dist, source = _checkout(tmp_path)
    (repo / 'docs' / 'notes.md').write_text('more notes\n')
    assert sources_newer_than(repo, dist) == []

    (source.parent / 'Scratch.java').write_text('class Scratch {}\n')  # not tracked: not a build input yet
    assert sources_newer_than(repo, dist) == []

    source.write_text('class Service { int looks; }\n')
    _age(dist / 'share' / 'ozone' / 'lib' / 'ozone-manager-1.0-SNAPSHOT.jar', 10)
    assert sources_newer_than(repo, dist) == ['hadoop-ozone/ozone-manager/src/Service.java']

    # The harness's own build changed no jar (say, only a test source changed): its marker says it is current.
    (dist / BUILT_MARKER).touch()
    assert sources_newer_than(repo, dist) == []
