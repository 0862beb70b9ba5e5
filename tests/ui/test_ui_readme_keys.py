"""The README tells the keys and seat counts the window has: every key it names is bound in ``ui/keys.py``,
the row for a player who is out lists that place's keys, and a preset allowing more players than the
window seats says both numbers."""

from __future__ import annotations

import re

from tests.locations import ROOT
from thirtyone.model import PRESETS
from thirtyone.ui.game_setup import WINDOW_SEATS
from thirtyone.ui.keys import BINDINGS, OUT


def key_rows() -> list[tuple[str, str]]:
    """``(keys, what they do)`` for each row of the README's key table."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("| Key | Does |")
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        keys, does = (cell.strip() for cell in line.strip("|").split("|", 1))
        rows.append((keys, does.strip(" |")))
    return rows


def tokens(label: str) -> set[str]:
    """The single keys a label names: "U / Backspace", "F1 or ?" and "Q W E" name two, two and three."""
    return {t for t in re.split(r"\s+/\s+|\s+or\s+|\s+", label) if t}


def test_every_key_the_readme_names_is_bound_and_the_out_row_lists_the_out_keys() -> None:
    bound = set().union(*(tokens(b.label) for b in BINDINGS if b.label))
    rows = key_rows()
    assert len(rows) > 10
    for keys, does in rows:
        assert tokens(keys) <= bound, (keys, does, tokens(keys) - bound)
    (out_keys,) = [keys for keys, does in rows if does.startswith("once you are out")]
    assert out_keys == " / ".join(b.label for b in BINDINGS if b.place == OUT)


def passages() -> list[str]:
    """The README's table rows and paragraphs, each on one line."""
    out: list[str] = []
    paragraph: list[str] = []
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines() + [""]:
        if line.startswith("|") or not line.strip():
            out += [" ".join(paragraph)] if paragraph else []
            paragraph = []
            out += [line] if line.startswith("|") else []
        else:
            paragraph.append(line.strip())
    return out


def test_the_readme_says_how_many_the_rules_allow_and_how_many_the_window_seats() -> None:
    most = max(preset.rules.max_players for preset in PRESETS.values())
    assert most > WINDOW_SEATS
    told = [text for text in passages() if re.search(rf"\b2 to {most} players\b|\bup to {most}\b", text)]
    assert told
    for text in told:  # wherever the rules' count is given, the window's is beside it
        assert f"the window seats up to {WINDOW_SEATS}" in text, text
