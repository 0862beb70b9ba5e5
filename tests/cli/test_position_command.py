"""``thirtyone position FILE``: the table where a saved game stops, as one line that reads back."""

from __future__ import annotations

from pathlib import Path

import pytest

from thirtyone.cli import main
from thirtyone.controller import Match
from thirtyone.model import from_line, preset
from thirtyone.model.notation import without_history
from thirtyone.model.record import GameRecord, Seat


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def saved_game(folder: Path, actions: int) -> tuple[Path, GameRecord]:
    match = Match.new(preset("london"), [Seat(name, "bot:casual") for name in ("Ada", "Bo", "Cy")], seed=4)
    for _ in range(actions):
        match.advance()
    path = folder / "game.json"
    path.write_text(match.record.to_json(), encoding="utf-8")
    return path, match.record


def test_position_prints_the_table_where_the_record_stops(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, record = saved_game(tmp_path, 17)
    code, out, err = run(capsys, "position", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rules=london seats=Ada,Bo,Cy ")
    assert from_line(lines[0]) == without_history(record.final_state())


def test_position_refuses_a_bad_file_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{ nope", encoding="utf-8")
    code, out, err = run(capsys, "position", str(path))
    assert code == 1 and out == ""
    assert err.startswith("thirtyone position: ") and "not valid JSON" in err and err.count("\n") == 1
