"""One definition per note a record carries: every key of a record's ``meta`` is read and written through a
named constant, and no two constants name the same key."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from tests.locations import ROOT

PACKAGE = ROOT / "thirtyone"


def _is_meta(node: ast.expr) -> bool:
    return ast.unparse(node).split(".")[-1] == "meta"


def key_uses() -> list[tuple[Path, int, ast.expr]]:
    """Every key handed to a record's ``meta`` (``meta.get``/``pop``, ``meta[...]``, ``Match.note``, ``with_meta``)."""
    uses = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            keys: list[ast.expr] = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
                if node.func.attr in ("get", "pop", "setdefault") and _is_meta(node.func.value):
                    keys = [node.args[0]]
                elif node.func.attr == "note" and "match" in ast.unparse(node.func.value):
                    keys = [node.args[0]]
            if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "with_meta":
                keys = [ast.Constant(k.arg) for k in node.keywords if k.arg is not None]
                keys += [key for k in node.keywords if k.arg is None and isinstance(k.value, ast.Dict)
                         for key in k.value.keys if key is not None]
            if isinstance(node, ast.Subscript) and _is_meta(node.value):
                keys = [node.slice]
            uses += [(path, getattr(node, "lineno", 0), key) for key in keys]
    return uses


def test_no_record_note_is_a_bare_string() -> None:
    uses = key_uses()
    assert len(uses) > 10  # the walk finds the notes at all
    bare = [f"{path.relative_to(ROOT)}:{line} {key.value!r}" for path, line, key in uses
            if isinstance(key, ast.Constant) and isinstance(key.value, str)]
    assert not bare, bare


def test_every_record_note_is_defined_once() -> None:
    names = {key.id if isinstance(key, ast.Name) else key.attr for _p, _l, key in key_uses()
             if isinstance(key, (ast.Name, ast.Attribute))}
    defined: dict[str, list[str]] = defaultdict(list)
    for path in PACKAGE.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                    and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id in names):
                defined[node.value.value].append(f"{path.relative_to(ROOT)}:{node.targets[0].id}")
    assert "hints_used" in defined  # the walk finds the definitions at all
    twice = {key: where for key, where in defined.items() if len(where) > 1}
    assert not twice, twice
