"""The package's layers, checked: imports point one way and no package imports itself in a circle.

Every import counts, including those inside functions (a function-local import is a
promise that a cycle is fine). ``from pkg import name`` is an edge to the submodule
``pkg.name`` when that is a module, else to ``pkg`` itself. Importing a submodule also
runs its package's ``__init__``; that implicit edge is not counted, because a package
``__init__`` that re-exports its submodules would otherwise always close a circle.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from gradcli.engine.ops.lazy_families import FAMILIES

ROOT = Path(__file__).resolve().parents[1] / "gradcli"

# Packages that must be free of import cycles (add one line per package).
ACYCLIC = ["gradcli.engine", "gradcli.lang"]

# Deliberate function-local imports of the project's own modules, with the reason. None in the
# engine: a layer above that must be called from below registers itself instead
# (instrumentation.forward_ad_hooks, tensor.set_view_replay, dispatch.set_rebase_view, Node.__call__).
LAZY_OK: dict[tuple[str, str], str] = {}
# The op families loaded on first use (ops/lazy_families.py) are imported inside the functions that call
# them: that keeps them out of every command's start. (Their edges still count for the cycle check.)
LAZY_FAMILIES = {f"gradcli.engine.ops.{family}" for family in FAMILIES}

# Which top-level parts of gradcli each part may import (cli -> lang, report -> engine).
ALLOWED = {
    "engine": {"engine"},
    "lang": {"lang", "engine"},
    "report": {"report", "engine"},
    "cli": {"cli", "lang", "report", "engine"},
}


def _modules() -> dict[str, Path]:
    mods = {}
    for path in ROOT.rglob("*.py"):
        parts = ("gradcli",) + path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


MODULES = _modules()


def _imports(name: str, path: Path):
    """Yield (imported module, line, inside a function?) for each project import of a module."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            local = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[:len(base) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    hit = sub if sub in MODULES else target if target in MODULES else None
                    if hit:
                        yield hit, child.lineno, local
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name in MODULES:
                        yield alias.name, child.lineno, local
            yield from visit(child, local)

    yield from visit(tree, False)


EDGES = {name: list(_imports(name, path)) for name, path in MODULES.items()}


def _cycle_in(prefix: str) -> list[str] | None:
    """One import cycle among the modules under ``prefix``, or None (iterative DFS)."""
    inside = {m for m in MODULES if m == prefix or m.startswith(prefix + ".")}
    graph = {m: sorted({t for t, _, _ in EDGES[m] if t in inside and t != m}) for m in inside}
    state: dict[str, int] = {}
    for start in sorted(inside):
        if state.get(start):
            continue
        stack = [(start, iter(graph[start]))]
        path = [start]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            nxt = next(children, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                stack.append((nxt, iter(graph[nxt])))
                path.append(nxt)
    return None


@pytest.mark.parametrize("package", ACYCLIC)
def test_package_has_no_import_cycle(package):
    cycle = _cycle_in(package)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("package", ["gradcli.engine"])
def test_no_function_local_imports_of_own_modules(package):
    local = [f"{m}:{line} imports {t}" for m, edges in EDGES.items() if m.startswith(package)
             for t, line, in_function in edges if in_function and (m, t) not in LAZY_OK and t not in LAZY_FAMILIES]
    assert not local, "function-local imports hide the layering:\n" + "\n".join(local)


def test_parts_import_in_one_direction():
    wrong = []
    for module, edges in EDGES.items():
        part = module.split(".")[1] if module.count(".") else None
        if part not in ALLOWED:
            continue
        for target, line, _ in edges:
            other = target.split(".")[1] if target.count(".") else None
            if other in ALLOWED and other not in ALLOWED[part]:
                wrong.append(f"{module}:{line} imports {target}")
    assert not wrong, "imports against the layers (cli -> lang, report -> engine):\n" + "\n".join(wrong)


def test_engine_imports_numpy_and_the_standard_library_only():
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    outside = []
    for module, path in MODULES.items():
        if not module.startswith("gradcli.engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and not node.level and node.module else []
            for name in names:
                top = name.split(".")[0]
                if top not in stdlib and top != "numpy":
                    outside.append(f"{module} imports {name}")
    assert not outside, "\n".join(outside)
