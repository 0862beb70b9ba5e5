"""German review and replay: every line the commands print is German, the player reading is "Du"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from thirtyone import i18n
from thirtyone.cli import main

from tests.locations import DATA
from tests.review_once import reuse_in_commands

ENGLISH = ("You", "keeps a life", "no odds", "best:", "costliest", "Review of", "seat", "Round", "wins the game")


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch: pytest.MonkeyPatch):
    reuse_in_commands(monkeypatch)  # the review is searched once; the German is in the words, not the search
    yield
    i18n.set_language("en")


@pytest.fixture()
def your_record(tmp_path: Path) -> Path:
    """The coach's two-round record with its first seat the player, called You as the window names them."""
    data = json.loads((DATA / "record_coach_two_rounds.json").read_text())
    data["seats"][0] = {"name": "You", "player": "human"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def _german(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["--language", "de", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out.splitlines()


def test_the_review_is_german_through_and_through(your_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _german(capsys, "review", str(your_record))
    assert lines[0] == "Deine Auswertung (Platz 1): 18 Entscheidungen"
    decisions = [line for line in lines if re.match(r" +\d+  R\d  ", line)]
    assert len(decisions) == 18
    assert all(" · am besten: " in line and "rettet ein Leben: " in line for line in decisions)
    assert sum("◀ teuerste Nr. " in line for line in decisions) == 3  # 2 before the play-outs showed sure 31s (issue 45)
    for line in lines:
        assert not any(word in line for word in ENGLISH), line


def test_the_replay_names_you_du(your_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _german(capsys, "replay", str(your_record))
    hand_rows = [line for line in lines if re.match(r"  Du {11}\S+ \S+ \S+  \d+$", line)]
    assert len(hand_rows) == 2  # one per round: your cards and their count
    for line in lines:
        assert not any(word in line for word in ENGLISH), line
