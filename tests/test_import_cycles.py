"""No import cycle in the package (inside the window package first), counting type-only and function-local imports too.

Every module of ``thirtyone`` is parsed (not imported): each ``import`` and ``from … import``
anywhere in it, inside functions and under ``TYPE_CHECKING`` as well, is an arrow to the
module it names (``from .pkg import name`` points at ``pkg/name.py`` when that is a module).

The sources are parsed in a child process of their own (``python tests/test_import_cycles.py``), once for
this file. On CPython 3.11 the ``ast`` module keeps one recursion count for every thread, and a traceback
formatted in another thread parses too (its caret anchors): a connection's thread left over from an
earlier test in the same xdist worker, printing as it ends, failed a parse here with "AST constructor
recursion depth mismatch". The child has no other thread.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import json
import os
import subprocess
import sys
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path

import thirtyone

ROOT = Path(thirtyone.__file__).parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_package(name: str) -> bool:
    return (ROOT.parent / Path(*name.split(".")) / "__init__.py").exists()


def exists(name: str) -> bool:
    path = ROOT.parent / Path(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def imports_of(path: Path) -> set[str]:
    """The ``thirtyone`` modules ``path`` imports, wherever in it the import stands."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("thirtyone"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("thirtyone"):
                continue
            subs = [f"{target}.{alias.name}" for alias in node.names]
            modules = [sub for sub in subs if exists(sub)]
            found.update(modules)
            if len(modules) < len(subs) or not is_package(target):
                found.add(target)
    found.discard(name)
    return {module for module in found if exists(module)}


def parse_graph() -> dict[str, set[str]]:
    """The graph, parsed in this process (safe only where no other thread can format a traceback)."""
    return {module_name(path): imports_of(path) for path in ROOT.rglob("*.py")}


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """The graph of every module of the package, parsed in a child process that runs nothing else."""
    done = subprocess.run([sys.executable, __file__], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT.parent)}, check=False)
    assert done.returncode == 0, done.stderr
    return {module: set(targets) for module, targets in json.loads(done.stdout).items()}


def cycles(graph: dict[str, set[str]], inside: str) -> list[list[str]]:
    """The strongly connected groups of more than one module among the modules under ``inside`` (Tarjan)."""
    nodes = {n for n in graph if n == inside or n.startswith(inside + ".")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node] & nodes):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return groups


def test_the_graph_sees_type_only_and_function_local_imports() -> None:
    graph = import_graph()
    assert "thirtyone.controller" in graph["thirtyone.session.local"]
    assert "thirtyone.model" in graph["thirtyone.session.protocol"]


def test_no_import_cycle_inside_the_window_package() -> None:
    assert cycles(import_graph(), "thirtyone.ui") == []


def test_the_session_and_the_model_import_nothing_of_the_window() -> None:
    graph = import_graph()
    for module, targets in graph.items():
        if module.startswith(("thirtyone.session", "thirtyone.model", "thirtyone.controller")):
            assert not {t for t in targets if t.startswith("thirtyone.ui")}, module


def test_no_import_cycle_anywhere_in_the_package() -> None:
    assert cycles(import_graph(), "thirtyone") == []


@contextlib.contextmanager
def tracebacks_formatted_in_another_thread() -> Iterator[None]:
    """Another thread formats tracebacks without pause, as a leftover connection thread logging its end
    does, with garbage finalizers and a short switch interval so the threads take turns mid-parse."""
    stop = threading.Event()

    class Garbage:
        def __init__(self) -> None:
            self.me = self

        def __del__(self) -> None:
            for _ in range(3):
                pass

    def format_tracebacks() -> None:
        empty: dict[str, dict[str, int]] = {}
        while not stop.is_set():
            Garbage()
            try:
                empty["a"]["b"]
            except KeyError as error:
                traceback.format_exception(error)

    interval = sys.getswitchinterval()
    thread = threading.Thread(target=format_tracebacks, daemon=True)
    sys.setswitchinterval(1e-6)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        sys.setswitchinterval(interval)
        thread.join(10)


def test_the_graph_is_whole_while_another_thread_formats_tracebacks() -> None:
    import_graph.cache_clear()
    with tracebacks_formatted_in_another_thread():
        graph = import_graph()
    assert graph == parse_graph()
    assert "thirtyone.controller" in graph["thirtyone.session.local"]


if __name__ == "__main__":
    print(json.dumps({module: sorted(targets) for module, targets in parse_graph().items()}))
