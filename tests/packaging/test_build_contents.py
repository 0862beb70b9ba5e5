"""What the standalone builds leave out must be something the game never imports."""

import ast
import sys
from pathlib import Path

from tests.locations import ROOT


def spec_excludes() -> set[str]:
    """The module names in the PyInstaller spec's ``excludes=[...]``."""
    tree = ast.parse((ROOT / "build_scripts" / "thirtyone.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "excludes" and isinstance(node.value, ast.List):
            return {str(item.value) for item in node.value.elts if isinstance(item, ast.Constant)}
    raise AssertionError("the spec has no excludes list")


def imported_top_modules(package: Path) -> dict[str, str]:
    """Every top-level module the package imports anywhere (also inside functions) → one file that does."""
    found: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                     else [])
            for name in names:
                found.setdefault(name.split(".")[0], str(path.relative_to(package.parent)))
    return found


def test_the_spec_never_leaves_out_a_module_the_game_imports() -> None:
    # The download once closed at start: unicodedata was excluded while ui/name_check.py imports it.
    imported = imported_top_modules(ROOT / "thirtyone")
    assert "unicodedata" in imported, "the scan finds imports inside the package"
    left_out = {name: imported[name] for name in spec_excludes() if name.split(".")[0] in imported
                and name.split(".")[0] in sys.stdlib_module_names}
    assert left_out == {}, f"the build leaves out modules the game imports: {left_out}"


def test_the_spec_collects_every_module_of_the_game_for_the_self_test() -> None:
    spec = (ROOT / "build_scripts" / "thirtyone.spec").read_text(encoding="utf-8")
    assert 'collect_submodules("thirtyone")' in spec


def spec_hidden_imports() -> str:
    """The source of the spec's ``hiddenimports=...`` value."""
    text = (ROOT / "build_scripts" / "thirtyone.spec").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.keyword) and node.arg == "hiddenimports":
            return ast.get_source_segment(text, node.value) or ""
    raise AssertionError("the spec has no hiddenimports")


def test_the_download_ships_what_a_table_over_the_network_needs() -> None:
    # thirtyone serve --certfile/--keyfile and join wss:// need ssl (and OpenSSL with _ssl and _hashlib);
    # websockets and zeroconf load parts of themselves lazily, which PyInstaller's scan misses.
    assert {"ssl", "_ssl", "_hashlib", "asyncio", "websockets", "zeroconf", "ifaddr"} & spec_excludes() == set()
    hidden = spec_hidden_imports()
    for package in ("websockets", "zeroconf", "ifaddr"):
        assert f'"{package}"' in hidden, f"{package} is not collected for the build"
