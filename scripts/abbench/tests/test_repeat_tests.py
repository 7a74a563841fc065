"""scripts/repeat-tests on a real Maven tree other than this repository (--tree): a tiny project with one JUnit 5
class, run twice with upstream's test phase; the result records the tree's commit; bad input is one line."""

import json
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SCRIPT = REPO / 'scripts' / 'repeat-tests'
POM = '''<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>t</groupId><artifactId>{artifact}</artifactId><version>1</version><packaging>{packaging}</packaging>
  {body}
</project>
'''
# Versions this repository's build already brings into the local Maven repository.
MODULE = '''<properties><maven.compiler.release>17</maven.compiler.release></properties>
  <dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId>
    <version>5.14.4</version><scope>test</scope></dependency></dependencies>
  <build><plugins>
    <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.15.0</version></plugin>
    <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version></plugin>
  </plugins></build>'''
TEST = '''package t;

class TestTwice {
  @org.junit.jupiter.api.Test
  void passes() {
    org.junit.jupiter.api.Assertions.assertEquals(2, 1 + 1);
  }
}
'''


def tree(tmp_path):
    root = tmp_path / 'tree'
    (root / 'm' / 'src' / 'test' / 'java' / 't').mkdir(parents=True)
    modules = '<modules><module>m</module></modules>'
    (root / 'pom.xml').write_text(POM.format(artifact='root', packaging='pom', body=modules))
    (root / 'm' / 'pom.xml').write_text(POM.format(artifact='m', packaging='jar', body=MODULE))
    (root / 'm' / 'src' / 'test' / 'java' / 't' / 'TestTwice.java').write_text(TEST)
    for args in (['init', '-q'], ['add', '-A'], ['-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-q',
                                                 '-m', 'tree']):
        subprocess.run(['git', *args], cwd=root, check=True)
    return root


def test_a_class_of_another_tree_runs_there_again_and_again(tmp_path):
    root, out = tree(tmp_path), tmp_path / 'out'
    run = subprocess.run([str(SCRIPT), '--tree', str(root), '--maven-option=-Dmaven.javadoc.skip', '--module', 'm',
                          '--test', 'TestTwice', '--runs', '2', '--out', str(out)], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads((out / 'repeat-tests.json').read_text())
    assert [(c['class'], c['passed'], c['runs']) for c in result['classes']] == [('TestTwice', 2, 2)]
    assert all(r['tests'] == 1 for r in result['classes'][0]['perRun'])
    head = subprocess.run(['git', 'rev-parse', 'HEAD'], cwd=root, capture_output=True, text=True).stdout.strip()
    assert result['tree'] == {'path': str(root), 'commit': head, 'dirty': False,
                              'command': ['mvn', '-B', '-q', 'test', '-Dmaven.javadoc.skip', '-pl', 'm',
                                          '-Dtest=CLASS', '-Dsurefire.failIfNoSpecifiedTests=false']}


def test_bad_input_is_one_line_and_a_non_zero_exit(tmp_path):
    for args, says in ((['--maven-option=-Dx'], '--maven-option applies to --tree only'),
                       (['--tree', str(tmp_path)], f'--tree {tmp_path}: no pom.xml there')):
        run = subprocess.run([str(SCRIPT), *args, '--module', 'hadoop-ozone/ozone-manager', '--test', 'TestX',
                              '--out', str(tmp_path / 'out')], capture_output=True, text=True)
        assert run.returncode == 2 and run.stderr.strip().splitlines()[-1].endswith(says), run.stderr
