"""The harness's modules import each other without a circle, at module level or inside a function (issue 44): a
circle makes the order of imports matter, and a module cannot be read without the one that imports it."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]


def _imports(path):
    """The harness modules `path` imports, from anywhere in it."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names.update([node.module.split('.')[0]] if node.module else [a.name for a in node.names])
    return names


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


def test_no_import_circle_among_the_harness_modules():
    modules = {p.stem: p for p in PACKAGE.glob('*.py')}
    graph = {m: _imports(p) & set(modules) for m, p in modules.items()}
    assert _circle(graph) is None, ' -> '.join(_circle(graph))


def test_a_circle_is_found_where_there_is_one():
    assert _circle({'cli': {'interleave'}, 'interleave': {'production'}, 'production': {'cli'}}) == [
        'cli', 'interleave', 'production', 'cli']
    assert _circle({'cli': {'interleave'}, 'interleave': set()}) is None
