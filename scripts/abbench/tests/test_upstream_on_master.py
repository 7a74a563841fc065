"""scripts/upstream-on-master on a real git repository: a series made on a base, applied to a HEAD that moved on,
where one patch meets a true conflict and the others apply; the checkout is left as it was."""

import json
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
GIT = ['git', '-c', 'user.name=t', '-c', 'user.email=t@localhost']


def git(cwd, *args):
    return subprocess.run([*GIT, *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def commit(cwd, files, message):
    for name, text in files.items():
        path = cwd / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    git(cwd, 'add', '-A')
    git(cwd, 'commit', '-q', '-m', message)
    return git(cwd, 'rev-parse', 'HEAD')


def test_a_conflicting_patch_is_named_and_the_others_still_apply(tmp_path):
    upstream = tmp_path / 'ozone'
    upstream.mkdir()
    git(upstream, 'init', '-q')
    lines = ''.join(f'line {i}\n' for i in range(20))
    commit(upstream, {'mod-a/src/main/java/A.java': lines, 'mod-b/src/main/java/B.java': lines,
                      'rules.txt': 'allowed: A\n'}, 'base')
    git(upstream, 'branch', 'release')
    # The series, made on the release: one patch per module.
    series = tmp_path / 'series'
    commit(upstream, {'mod-a/src/main/java/A.java': lines.replace('line 10\n', 'line 10 ours\n')}, 'patch a')
    commit(upstream, {'mod-b/src/main/java/B.java': lines.replace('line 3\n', 'line 3 ours\n')}, 'patch b')
    git(upstream, 'format-patch', '-q', '-o', str(series), 'release')
    git(upstream, 'reset', '-q', '--hard', 'release')
    # Master moves on: it changes the line patch a changes, and a line far from patch b's.
    master = commit(upstream, {'mod-a/src/main/java/A.java': lines.replace('line 10\n', 'line 10 theirs\n'),
                               'mod-b/src/main/java/B.java': lines.replace('line 15\n', 'line 15 theirs\n')},
                    'master moves')
    out = tmp_path / 'out'
    # What patch b needs on master besides its own change: an addition to a file it does not touch (as master's
    # import rules); a why-header, then the diff.
    variants = tmp_path / 'master'
    variants.mkdir()
    (variants / '0002-rules.patch').write_text(
        'Patch b also needs B allowed on master.\n\n'
        'diff --git a/rules.txt b/rules.txt\n--- a/rules.txt\n+++ b/rules.txt\n@@ -1 +1,2 @@\n allowed: A\n'
        '+allowed: B\n')

    run = subprocess.run([str(REPO / 'scripts' / 'upstream-on-master'), '--checkout', str(upstream), '--base-ref',
                          'release', '--series', str(series), '--out', str(out), '--apply-only',
                          '--master-variants', str(variants)], capture_output=True, text=True, timeout=120)

    assert run.returncode == 1, run.stdout + run.stderr
    result = json.loads((out / 'upstream-on-master.json').read_text())
    assert result['checkoutCommit'] == master
    assert [(p['applied'], p['conflicts'], p['masterVariants']) for p in result['patches']] == [
        (False, ['mod-a/src/main/java/A.java'], []), (True, [], ['0002-rules.patch'])]
    assert '| **no** |' in (out / 'upstream-on-master.md').read_text()
    # What a contributor sends to master: the patch that applied, with its addition inside it.
    sent = sorted((out / 'master-series').glob('*.patch'))
    assert [p.name for p in sent] == ['0001-patch-b.patch']
    assert 'b/rules.txt' in sent[0].read_text() and 'b/mod-b/src/main/java/B.java' in sent[0].read_text()
    assert result['patches'][1]['masterPatch'] == '0001-patch-b.patch'
    assert result['patches'][1]['linesOnMaster'] == 3
    # The checkout is as it was: its HEAD, its files, no worktree left.
    assert git(upstream, 'rev-parse', 'HEAD') == master
    assert git(upstream, 'status', '--porcelain') == ''
    assert len(git(upstream, 'worktree', 'list').splitlines()) == 1


# Excerpts of what Maven printed on apache/ozone master 78d5650c (the enforcer's refusal, a dependency the registry
# did not serve and the reactor modules it left unbuilt).
ENFORCER = """
$ mvn -B -DskipRecon -Dcheckstyle.skip process-sources -pl hadoop-ozone/ozone-manager
[ERROR] Reason: Use managed RocksObjects under org.apache.hadoop.hdds.utils.db.managed instead.
[ERROR] \tin file:///tmp/x/ozone/hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/SstFiles.java
[ERROR] \t\torg.rocksdb.LevelMetaData                                  \t(Line: 25, Matched by: org.rocksdb.**)
[ERROR] \tin file:///tmp/x/ozone/hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/SstIndexListener.java
[ERROR] \t\tstatic org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_FLUSH_COMPLETED \t(Line: 22, Matched by: org.rocksdb.**)
[ERROR] \t\torg.rocksdb.FlushJobInfo                                   \t(Line: 30, Matched by: org.rocksdb.**)
"""
UNRESOLVED = """
$ mvn install -B -q -DskipTests -pl hadoop-ozone/integration-test -am
[ERROR] Failed to execute goal on project ozone-multitenancy-ranger: Could not resolve dependencies for project org.apache.ozone:ozone-multitenancy-ranger:jar:2.3.0-SNAPSHOT: Could not find artifact org.apache.ranger:ranger-intg:jar:2.9.0 in central (https://repo.maven.apache.org/maven2) -> [Help 1]
[ERROR] Failed to execute goal on project ozone-integration-test: Could not resolve dependencies for project org.apache.ozone:ozone-integration-test:jar:2.3.0-SNAPSHOT: The following artifacts could not be resolved: org.apache.ozone:ozone-multitenancy-ranger:jar:2.3.0-SNAPSHOT
"""


def test_a_maven_log_gives_the_refused_imports_and_the_artifacts_not_served(tmp_path, script_module):
    script = script_module('upstream-on-master')
    log = tmp_path / 'log'
    log.write_text(UNRESOLVED)
    # the registry's missing artifact, not the checkout's own modules left unbuilt
    assert script.missing_artifacts(log) == ['org.apache.ranger:ranger-intg:jar:2.9.0']

    calls = []

    def maven(cmd, cwd, log_path, timeout=None):
        calls.append(cmd)
        with open(log_path, 'a') as out:
            out.write(ENFORCER)
        return 1, []
    script.run = maven
    rules = script.import_rules(tmp_path, ['hadoop-ozone/ozone-manager'], log, ['-Dranger.version=2.8.0'])

    assert calls == [['mvn', '-B', '-DskipRecon', '-Dcheckstyle.skip', '-Dranger.version=2.8.0', 'process-sources',
                      '-pl', 'hadoop-ozone/ozone-manager']]
    files = 'hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/rangestats/'
    assert rules == {'exitCode': 1, 'refused': [
        f'{files}SstFiles.java: org.rocksdb.LevelMetaData',
        f'{files}SstIndexListener.java: org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_FLUSH_COMPLETED',
        f'{files}SstIndexListener.java: org.rocksdb.FlushJobInfo']}


def test_each_patch_is_built_at_its_commit_with_its_tests_and_the_first_not_applied_ends_the_steps(
        tmp_path, script_module):
    script = script_module('upstream-on-master')
    tree = tmp_path / 'ozone'
    tree.mkdir()
    git(tree, 'init', '-q')
    commit(tree, {'mod-a/src/main/java/A.java': 'a\n', 'mod-b/src/main/java/B.java': 'b\n'}, 'base')
    first = commit(tree, {'mod-a/src/main/java/A.java': 'a1\n', 'mod-a/src/test/java/TestA.java': 't\n'}, 'patch 1')
    second = commit(tree, {'mod-b/src/main/java/B.java': 'b2\n'}, 'patch 2')
    git(tree, 'format-patch', '-q', '-o', str(tmp_path / 'series'), 'HEAD~2')
    patches = sorted((tmp_path / 'series').glob('*.patch')) + [tmp_path / 'series' / '0003-not-applied.patch']
    applied = [{'applied': True, 'commit': first}, {'applied': True, 'commit': second},
               {'applied': False, 'commit': None}]
    installed, tested = [], []

    def maven(cmd, cwd, log, timeout=None):
        if cmd[0] == 'git':
            subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
        elif cmd[1] == 'install':
            installed.append((git(cwd, 'rev-parse', 'HEAD'), cmd[cmd.index('-pl') + 1]))
        else:
            tested.append((git(cwd, 'rev-parse', 'HEAD'), cmd[cmd.index('-pl') + 1],
                           next(c for c in cmd if c.startswith('-Dtest='))))
        return 0, []
    script.run = maven

    steps = script.each_patch(patches, applied, tree, tmp_path / 'log', [], tmp_path / 'master')

    # each patch's modules, at its own commit, and only its tests: the test it adds (upstream's Test<Class> of a
    # class it changes would be run too); B has none
    assert installed == [(first, 'mod-a'), (second, 'mod-b')]
    assert tested == [(first, 'mod-a', '-Dtest=TestA')]
    assert [(s['patch'][:4], s['modules'], s['exitCode'], len(s['tests'])) for s in steps] == [
        ('0001', ['mod-a'], 0, 1), ('0002', ['mod-b'], 0, 0)]
    assert '| 0001 | mod-a | compiled | TestA | 0 | 0 | 0 | 0 |' in script.each_patch_table(steps, 3)


def test_the_series_own_tests_and_suites_are_run_with_upstreams_tests_of_the_classes_it_touches(
        tmp_path, script_module):
    script = script_module('upstream-on-master')
    tree = tmp_path / 'ozone'
    om = 'hadoop-ozone/ozone-manager'
    (tree / om / 'src/test/java/o').mkdir(parents=True)
    (tree / om / 'src/test/java/o/TestKeyManagerImpl.java').write_text('class TestKeyManagerImpl {}\n')
    files = [f'{om}/src/main/java/o/KeyManagerImpl.java', f'{om}/src/main/java/o/Untested.java',
             f'{om}/src/test/java/o/TestOwn.java', f'{om}/src/test/java/o/SharedClusterTests.java',
             f'{om}/src/test/java/o/Helper.java']

    assert script.test_classes(files, tree) == {om: ['SharedClusterTests*', 'TestKeyManagerImpl', 'TestOwn']}


def test_an_abstract_test_class_a_master_addition_changes_runs_as_its_suite_runs_it(tmp_path, script_module):
    script = script_module('upstream-on-master')
    tree = tmp_path / 'ozone'
    it = 'hadoop-ozone/integration-test'
    reconfig = f'{it}/src/test/java/org/apache/hadoop/ozone/reconfig/TestOmReconfiguration.java'
    for path, text in {reconfig: 'public abstract class TestOmReconfiguration extends ReconfigurationTestBase {\n}\n',
                       f'{it}/src/test/java/org/apache/ozone/test/NonHATests.java':
                           'public abstract class NonHATests extends ClusterForTests<MiniOzoneCluster> {\n  @Nested\n'
                           '  class OmReconfiguration extends TestOmReconfiguration {\n  }\n}\n',
                       f'{it}/src/test/java/org/apache/ozone/test/TestOzoneIntegrationNonHA.java':
                           'public class TestOzoneIntegrationNonHA extends NonHATests {\n}\n',
                       f'{it}/src/test/java/org/apache/ozone/test/SingleTests.java':
                           'class SingleTests {\n  @Nested\n  class Reconfig extends TestOmReconfiguration {\n  }\n}\n'
                       }.items():
        (tree / path).parent.mkdir(parents=True, exist_ok=True)
        (tree / path).write_text(text)
    patch = tmp_path / 'series' / '0009-service.patch'
    patch.parent.mkdir()
    patch.write_text('diff --git a/mod/src/main/java/S.java b/mod/src/main/java/S.java\n')
    variants = tmp_path / 'master'
    variants.mkdir()
    (variants / '0009-TestOmReconfiguration.patch').write_text(f'Why.\n\ndiff --git a/{reconfig} b/{reconfig}\n')

    # Only what applied counts: without the addition (git am, no rebase) the test is not run.
    assert script.changed([patch], [{'applied': True}], variants) == ['mod/src/main/java/S.java']
    paths = script.changed([patch], [{'applied': True, 'masterVariants': ['0009-TestOmReconfiguration.patch']}],
                           variants)
    assert script.modules_of(paths) == [it, 'mod']
    # A nested class runs alone with its suite's concrete class and a method filter (surefire runs nothing for
    # NonHATests$OmReconfiguration alone, whose enclosing class is abstract); a concrete suite is its own root.
    assert script.test_classes(paths, tree) == {it: ['NonHATests$OmReconfiguration#*', 'SingleTests',
                                                     'SingleTests$Reconfig#*', 'TestOzoneIntegrationNonHA']}


# checkstyle's XML report as master's pom writes it (target/test/checkstyle-errors.xml), escaped as checkstyle does.
CHECKSTYLE_XML = """<?xml version="1.0" encoding="UTF-8"?>
<checkstyle version="9.3">
<file name="{tree}/hadoop-ozone/ozone-manager/src/main/java/o/A.java">
<error line="12" column="5" severity="error" message="&apos;if&apos; construct must use &apos;{{}}&apos;s." \
source="com.puppycrawl.tools.checkstyle.checks.blocks.NeedBracesCheck"/>
</file>
<file name="{tree}/hadoop-ozone/ozone-manager/src/main/java/o/B.java">
</file>
</checkstyle>
"""


JAVADOC_ERROR = ('[ERROR] /tmp/x/ozone/hadoop-ozone/ozone-manager/src/main/java/o/A.java:12: error: unknown tag: '
                 'retrun')
# What Maven printed for upstream's findbugs.sh on master 78d5650c with Java 17.
FINDBUGS_BROKE = ('[ERROR] Failed to execute goal com.github.spotbugs:spotbugs-maven-plugin:3.1.12.2:spotbugs '
                  '(default-cli) on project hdds-managed-rocksdb: Execution default-cli of goal '
                  'com.github.spotbugs:spotbugs-maven-plugin:3.1.12.2:spotbugs failed: '
                  'java.lang.IllegalAccessException: class org.codehaus.groovy.runtime.callsite.'
                  'PlainObjectMetaMethodSite cannot access a member of class java.util.Collections$UnmodifiableMap')


def test_upstreams_checks_are_counted_as_its_ci_counts_them_and_those_not_run_are_named(tmp_path, script_module):
    script = script_module('upstream-on-master')
    tree = tmp_path / 'ozone'
    om = 'hadoop-ozone/ozone-manager'
    calls = []

    def check(cmd, cwd, log, timeout=None, env=None):
        calls.append((cmd, env))
        if cmd[0] == 'mvn' and 'checkstyle:check' in cmd:  # its report in the module
            report = tree / om / 'target' / 'test' / 'checkstyle-errors.xml'
            report.parent.mkdir(parents=True, exist_ok=True)
            report.write_text(CHECKSTYLE_XML.format(tree=tree))
            return 0, []
        if cmd[0] == 'mvn':  # javadoc's: what it printed, into the log
            with open(log, 'a') as out:
                out.write(f'\n$ {" ".join(cmd)}\n{JAVADOC_ERROR}\n[INFO] BUILD FAILURE\n')
            return 1, []
        # upstream's script: a summary line per finding and their count, in OUTPUT_DIR; pmd finds one, findbugs'
        # plugin breaks (as spotbugs-maven-plugin 3.1.12.2 does on Java 17) and its summary is Maven's [ERROR] lines
        out = Path(env['OUTPUT_DIR'])
        found = {'pmd.sh': ['PMD Failure: o.A:3 Rule:UnusedPrivateField'],
                 'findbugs.sh': [FINDBUGS_BROKE, '[ERROR] ']}.get(cmd[1].split('/')[-1], [])
        (out / 'summary.txt').write_text(''.join(f'{line}\n' for line in found))
        (out / 'failures').write_text(f'{len(found)}\n')
        return (1 if found else 0), []
    script.run = check

    checks = script.code_checks(tree, [om], tmp_path / 'out', tmp_path / 'log', ['-Dranger.version=2.8.0'])

    assert [(c['check'], c['passed'], c['count']) for c in checks] == [
        ('checkstyle', False, 1), ('javadoc', False, 1), ('author', True, 0), ('findbugs', False, 2),
        ('pmd', False, 1), ('rat', True, 0)]
    assert [script.check_outcome(c)[0] for c in checks] == ['failed', 'failed', 'passed', 'did not run', 'failed',
                                                            'passed']
    assert checks[1]['findings'] == [JAVADOC_ERROR]
    assert checks[0]['findings'] == [f"{om}/src/main/java/o/A.java:12: 'if' construct must use '{{}}'s."]
    # the scripts as they are, over the touched modules, each writing into its own OUTPUT_DIR
    assert calls[1][0] == ['mvn', '-B', '-fae', '-DskipDocs', '-DskipRecon', '-DskipShade', 'javadoc:javadoc',
                           '-Dranger.version=2.8.0', '-pl', om]
    assert calls[4] == (['bash', 'hadoop-ozone/dev-support/checks/pmd.sh', '-Dranger.version=2.8.0', '-pl', om],
                        {'OUTPUT_DIR': str(tmp_path / 'out' / 'checks' / 'pmd')})
    page = '\n'.join(script.checks_table(checks))
    assert '| checkstyle | **failed** | 1 |' in page and '| pmd | **failed** (exit 1) | 1 |' in page
    assert '| rat | passed | 0 |' in page
    assert 'PMD Failure: o.A:3 Rule:UnusedPrivateField' in page
    assert ('| findbugs | **did not run**: com.github.spotbugs:spotbugs-maven-plugin:3.1.12.2:spotbugs broke: '
            'java.lang.IllegalAccessException: class') in page and FINDBUGS_BROKE not in page
    assert '- acceptance, kubernetes: Docker, which this machine does not have.' in page


def test_masters_distributions_are_built_once_without_and_with_the_series_and_then_reused(tmp_path, script_module):
    script = script_module('upstream-on-master')
    tree = tmp_path / 'ozone'
    tree.mkdir()
    git(tree, 'init', '-q')
    base = commit(tree, {'mod-a/src/main/java/A.java': 'a\n'}, 'master')
    last = commit(tree, {'mod-a/src/main/java/A.java': 'a1\n'}, 'patch 1')
    builds = []

    def maven(cmd, cwd, log, timeout=None):
        if cmd[0] == 'git':
            subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
            return 0, []
        builds.append((git(cwd, 'rev-parse', 'HEAD'), cmd[cmd.index('-pl') + 1], '-am' in cmd))
        ozone = Path(cwd) / 'hadoop-ozone/dist/target/ozone-2.3.0-SNAPSHOT/bin/ozone'
        ozone.parent.mkdir(parents=True, exist_ok=True)
        ozone.write_text(git(cwd, 'rev-parse', 'HEAD'))
        return 0, []
    script.run = maven
    cache = tmp_path / 'cache'

    dists = script.distributions(tree, base, [{'applied': True, 'commit': last}], 'fork', cache,
                                 tmp_path / 'log', [])

    # the distribution and everything it needs, from the checkout's commit and from the series' last one
    assert builds == [(base, 'hadoop-ozone/dist', True), (last, 'hadoop-ozone/dist', True)]
    without, with_series = Path(dists['without']['path']), Path(dists['with']['path'])
    assert (without / 'bin/ozone').read_text() == base and (with_series / 'bin/ozone').read_text() == last
    assert json.loads((with_series / 'dist.json').read_text())['series']['lastCommit'] == last
    assert dists['with']['series']['forkCommit'] == 'fork'
    assert dists['without']['series'] is None and not dists['with']['reused']

    again = script.distributions(tree, base, [{'applied': True, 'commit': last}], 'fork', cache,
                                 tmp_path / 'log', [])
    assert len(builds) == 2 and again['with']['reused'] and again['with']['path'] == str(with_series)

    partly = script.distributions(tree, base, [{'applied': False, 'commit': None}], 'fork', cache,
                                  tmp_path / 'log', [])
    assert partly['with'] == {'exitCode': None, 'reason': 'not every patch applied'}
    assert not script.succeeded({'patches': [{'applied': True}], 'dists': partly})
