"""The README's drawing of the house is the house: every import between the top-level parts of the
package (function-local and type-only ones counted) points down the drawing, with no exception."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.locations import ROOT

PACKAGE = ROOT / "thirtyone"
DRAWN = ["__main__", "window", "cli", "ui", "net", "speech", "narration", "tournament", "daily", "storage", "rating",
         "background", "coach", "session", "thinking", "controller", "duels", "noted_record", "bots", "model", "workers", "paths", "i18n",
         "thirtyone"]
"""Top to bottom as README.md draws them (``thirtyone`` is the package's ``__init__``: the version)."""


def part_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "thirtyone"


def module_of(path: Path) -> str:
    names = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(names[:-1] if names[-1] == "__init__" else names)


def imports() -> set[tuple[str, str]]:
    """(importing part, imported part) for every import of one part by another."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        module = module_of(path)
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    targets = [".".join(base + ([node.module] if node.module else []))]
                else:
                    targets = [node.module or ""]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            for target in targets:
                if target == "thirtyone" or target.startswith("thirtyone."):
                    if part_of(target) != part_of(module):
                        found.add((part_of(module), part_of(target)))
    return found


def test_every_part_is_drawn() -> None:
    parts = {part_of(module_of(path)) for path in PACKAGE.rglob("*.py")}
    assert parts <= set(DRAWN), parts - set(DRAWN)


def test_imports_point_down_the_drawing() -> None:
    found = imports()
    assert ("ui", "controller") in found and ("bots", "model") in found  # the walk sees imports at all
    upward = sorted((a, b) for a, b in found if DRAWN.index(b) < DRAWN.index(a))
    assert not upward, upward


def test_the_readme_draws_every_part() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    drawing = readme.split("The code is layered", 1)[1].split("```", 2)[1]
    for part in DRAWN[2:-1]:
        assert (f"{part}/" in drawing or f"{part}.py" in drawing or f"{part} (" in drawing), part
