"""Every string a player reads is marked for the catalogue: a scan of the code finds words written
straight into a drawing call, a button, a notice, a rules table, a command-line help text or a refusal
without ``_()``, ``N_()`` or ``ngettext()`` around them.

A word of two or more letters makes a literal player-facing; names, key names and format-only
strings are allowed below, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "thirtyone"
MARKERS = {"_", "N_", "ngettext"}
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")

POSITIONS: dict[str, tuple[int, ...]] = {
    # drawing and showing text in the window
    "blit_text": (2,), "fit_text": (1,), "text": (0,), "wrap": (0,), "popup": (0,), "say": (0,),
    "Button": (0,), "NoticeScene": (1,), "_note": (0,),
    # tables of words the window and the commands show
    "Preset": (1, 2), "Option": (1, 2), "_flag": (1, 2), "BotLevel": (1, 2),
    # the commands' output and refusals
    "print": (0,), "error": (0,), "ArgumentTypeError": (0,),
    "RulesError": (0,), "CardError": (0,), "Rejected": (0,),
}
"""Call name → the positional arguments that are player-facing text."""
KEYWORDS = {"help", "description", "popup", "hint"}
"""Keyword arguments that are player-facing text wherever they appear."""
CHOICE_TABLES = {"Option": 3}
"""Constructors whose argument at this position lists ``(value, label)`` choices."""

ALLOWED = {
    "Esc", "Enter", "F1",  # key names, as printed on the keys
    "Pip", "Sunny", "Marlowe", "Lovelace",  # bot names (Dice is a word, and translated)
    "Scat",  # a game's name in both languages
    "thirtyone {}",  # the program's name and version
    "thirtyone: {}",  # the program's name before a notice that is already translated
    "{}: {}", "{} — {}",
}
"""Literals that are not words to translate."""

DEVELOPER_MODULES = {
    "tournament",  # bot tournaments: a developer's tool, its output is tables of bot names and numbers
    "coach/benchmark.py", "coach/calibration.py",  # measuring the coach, for developers
    "storage/logs.py",  # the log file is for bug reports
}
"""Modules whose text only developers read (docs/german.md says so too)."""
NOT_YET: set[str] = set()
"""Modules still English, listed under "Not yet translated" in docs/german.md: a scan that skips them
says so here, and one that finds them clean fails until they leave this list."""


def _literal(node: ast.AST) -> str | None:
    """The text of a string literal or f-string (placeholders as ``{}``), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _unmarked(node: ast.AST) -> list[tuple[int, str]]:
    """Literals with words inside ``node`` that are not wrapped in a marker (through ``+``, ``if``/``else``)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
        return []
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _unmarked(node.func.value)
    if isinstance(node, ast.BinOp):
        return _unmarked(node.left) + _unmarked(node.right)
    if isinstance(node, ast.IfExp):
        return _unmarked(node.body) + _unmarked(node.orelse)
    text = _literal(node)
    if text is None or text in ALLOWED or not WORD.search(re.sub(r"\{[^}]*\}", "", text)):
        return []
    return [(getattr(node, "lineno", 0), text)]


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def unmarked_strings(path: Path) -> list[str]:
    """``file:line: 'text'`` for every player-facing literal in ``path`` that no marker wraps."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            if _call_name(node.exc).endswith("Error") and _call_name(node.exc) not in POSITIONS:
                continue  # only the errors listed in POSITIONS reach the player as sentences
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        for index in POSITIONS.get(name, ()):
            if index < len(node.args):
                found += _unmarked(node.args[index])
        for keyword in node.keywords:
            if keyword.arg in KEYWORDS:
                found += _unmarked(keyword.value)
        table = CHOICE_TABLES.get(name)
        if table is not None and table < len(node.args):
            for choice in ast.walk(node.args[table]):
                if isinstance(choice, ast.Tuple) and len(choice.elts) == 2:
                    found += _unmarked(choice.elts[1])
    rel = path.relative_to(PACKAGE.parent)
    return [f"{rel}:{line}: {text!r}" for line, text in sorted(set(found))]


def _modules() -> list[Path]:
    return [path for path in sorted(PACKAGE.rglob("*.py"))
            if not any(str(path.relative_to(PACKAGE)).startswith(skip) for skip in DEVELOPER_MODULES)]


def test_every_player_facing_string_is_marked_for_the_catalogue():
    problems = [problem for path in _modules() if str(path.relative_to(PACKAGE)) not in NOT_YET
                for problem in unmarked_strings(path)]
    assert problems == [], "wrap these in _() (or N_() in tables) and run build_scripts/i18n.py update:\n" + \
        "\n".join(problems)


def test_the_modules_not_yet_translated_still_need_it():
    clean = [name for name in sorted(NOT_YET) if not unmarked_strings(PACKAGE / name)]
    assert clean == [], f"translated now: take {clean} off NOT_YET and docs/german.md's list"


def test_the_scan_finds_an_unmarked_label_and_passes_a_marked_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('Button("Deal again", go)\nButton(N_("Deal again"), go)\n'
                      'blit_text(s, a, f"{n} cards left", 12)\nblit_text(s, a, "31", 12)\n'
                      'parser.add_argument("--x", help="the x " + "option")\n'
                      'Option("lives", N_("Lives"), N_("How many."), ((1, "one"), (2, "2")))\n',
                      encoding="utf-8")
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path
    try:
        found = unmarked_strings(sample)
    finally:
        PACKAGE = saved
    assert [line.split(": ", 1)[1] for line in found] == \
        ["'Deal again'", "'{} cards left'", "'option'", "'the x '", "'one'"]
