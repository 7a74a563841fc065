"""The scripts' Python modules import each other without a circle, at module level or inside a function (issue 44):
a circle makes the order of imports matter, and a module cannot be read without the one that imports it. The library
(harness) imports nothing of the drivers (abbench): it is what they stand on."""

import ast
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2]
PACKAGES = ('abbench', 'harness')


def _imports(package, path):
    """The modules of PACKAGES that `path`, a module of `package`, imports from anywhere in it, as 'package.module'."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level == 1:
            target = package
        elif node.level == 0 and node.module and node.module.split('.')[0] in PACKAGES:
            target = node.module.split('.')[0]
        else:
            continue
        inner = node.module.split('.')[1:] if node.level == 0 else (node.module or '').split('.')[:1]
        modules = inner[:1] if inner and inner[0] else [a.name for a in node.names]
        names.update(f'{target}.{m}' for m in modules)
    return names


def _modules():
    return {f'{package}.{p.stem}': (package, p) for package in PACKAGES
            for p in (SCRIPTS / package).glob('*.py') if p.stem != '__init__'}


def _circle(graph):
    """A list of modules that import each other in a circle, or None."""
    done, path = set(), []

    def visit(module):
        if module in path:
            return path[path.index(module):] + [module]
        if module in done:
            return None
        path.append(module)
        for imported in sorted(graph.get(module, ())):
            found = visit(imported)
            if found:
                return found
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module)
        if found:
            return found
    return None


def test_no_import_circle_among_the_scripts_modules():
    modules = _modules()
    graph = {m: _imports(package, p) & set(modules) for m, (package, p) in modules.items()}
    assert len(graph) > 30 and graph['abbench.runner'] >= {'harness.cluster', 'abbench.report'}
    assert _circle(graph) is None, ' -> '.join(_circle(graph))


def test_the_library_imports_nothing_of_the_drivers():
    for module, (package, path) in _modules().items():
        if package == 'harness':
            assert not {m for m in _imports(package, path) if m.startswith('abbench.')}, module


def test_a_circle_is_found_where_there_is_one():
    assert _circle({'cli': {'interleave'}, 'interleave': {'production'}, 'production': {'cli'}}) == [
        'cli', 'interleave', 'production', 'cli']
    assert _circle({'cli': {'interleave'}, 'interleave': set()}) is None
