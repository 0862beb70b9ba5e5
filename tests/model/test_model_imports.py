"""The rules engine's modules import one another without a loop, and only the standard library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import thirtyone.model

MODEL = Path(thirtyone.model.__file__).parent


def import_graph() -> dict[str, set[str]]:
    """Each model module and the model modules it imports (at any depth of the code, type-only ones too)."""
    modules = {path.stem for path in MODEL.glob("*.py") if path.stem != "__init__"}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name in modules:
        tree = ast.parse((MODEL / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level == 1 and node.module is None:  # from . import a, b
                targets = {alias.name for alias in node.names}
            elif node.level == 1:  # from .a import x
                targets = {node.module.split(".")[0]}
            elif node.level == 0 and (node.module or "").startswith("thirtyone.model."):
                targets = {node.module.split(".")[2]}
            else:
                continue
            graph[name] |= targets & modules
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import loop as a path of module names, or ``None`` if the graph has none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        path.append(name)
        for target in sorted(graph[name]):
            loop = visit(target)
            if loop:
                return loop
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        loop = visit(name)
        if loop:
            return loop
    return None


def test_the_model_has_no_import_loop() -> None:
    graph = import_graph()
    assert {"state", "play", "legality", "observer", "dealing", "judge", "gunplay"} <= graph.keys()
    assert "legality" in graph["play"] and "state" in graph["play"]  # the graph sees real imports
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_loop() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_state_module_knows_no_rule() -> None:
    # line_parts: how the state writes its own line (repr), which names the nearest preset
    assert import_graph()["state"] <= {"cards", "errors", "events", "rules", "rng", "line_parts"}
    assert import_graph()["line_parts"] <= {"cards", "presets", "rules"}


def test_the_model_imports_only_the_standard_library() -> None:
    outside: set[str] = set()
    for path in MODEL.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "thirtyone":
                    outside.add(name)
    assert not outside
