"""The commands that read a record back say "you" to the seat that reads it: ``review --seat N``
speaks to seat N, ``replay`` to the one human who played it; never to a seat because it is called
"You". Seat numbers in ``--json`` count from 1, as ``--seat`` does."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from tests.cli_support import run
from tests.engine_support import scripted_record
from thirtyone.model.record import Seat


def _saved(tmp_path: Path, *seats: Seat) -> str:
    """The scripted round (seat 1 knocks with 25 and loses 2 lives) with ``seats``, on disk."""
    path = tmp_path / "game.json"
    path.write_text(dataclasses.replace(scripted_record(), seats=seats).to_json(), encoding="utf-8")
    return str(path)


def test_replay_speaks_to_the_human_who_played_not_to_a_bot_called_you(capsys, tmp_path: Path) -> None:
    bot_called_you = _saved(tmp_path, Seat("You", "bot:random"), Seat("Al", "human"), Seat("Lou", "bot:random"))
    code, out, _err = run(capsys, "replay", bot_called_you)
    assert code == 0
    assert "Round 1: Lou deals, You plays first." in out
    assert "You knocked and had the lowest hand, 25: loses 2 lives." in out
    kelly = _saved(tmp_path, Seat("Kelly"), Seat("Al", "bot:random"), Seat("Lou", "bot:random"))
    code, out, _err = run(capsys, "replay", kelly)
    assert "Round 1: Lou deals, You play first." in out
    assert "You knocked and had the lowest hand, 25: lose 2 lives." in out


def test_review_speaks_to_the_seat_reviewed_and_numbers_it_as_the_command_line(capsys, tmp_path: Path) -> None:
    path = _saved(tmp_path, Seat("You", "bot:random"), Seat("A"), Seat("Lou", "bot:random"))
    code, out, _err = run(capsys, "review", path, "--seat", "2")
    assert code == 0
    assert out.startswith("Your review (seat 2):")
    assert "Round 1: You -2 (You knocked and had the lowest hand, 25: loses 2 lives.)" in out
    code, out, _err = run(capsys, "review", path, "--seat", "1", "--json")
    data = json.loads(out)
    assert data["seat"] == 1 and data["name"] == "You"
    assert data["rounds"] == ["Round 1: You -2 (You knocked and had the lowest hand, 25: lose 2 lives.)"]
    code, out, _err = run(capsys, "review", path, "--seat", "2", "--json")
    assert json.loads(out)["seat"] == 2
