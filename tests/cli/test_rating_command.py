"""``thirtyone rating``: your rating and its changes from the profile's file, and the bots' ladder."""

from __future__ import annotations

import json

from thirtyone.i18n import set_language
from thirtyone.rating import LADDER, START
from thirtyone.storage import StoragePaths
from thirtyone.storage.rating_log import RatedGame, RatingLog, rating_file, save_rating

from tests.cli_support import run


def test_rating_prints_the_rating_its_changes_and_the_ladder(tmp_path, capsys) -> None:
    set_language("en")
    paths = StoragePaths.portable(tmp_path)
    save_rating(paths, RatingLog((RatedGame("g0123456789a", 1200.0, 1216.0), RatedGame("g0123456789b", 1216.0, 1199.3))))
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "rating")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Your rating: 1199 (-17 last game, 2 rated games)"
    assert lines[1] == "Last games: +16 -17"
    assert lines[2] == "The bots' ladder:"
    assert lines[3].split()[:3] == [str(round(LADDER["expert"])), "Lovelace", "(expert)"]
    assert len(lines) == 3 + len(LADDER)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "rating", "--json")
    data = json.loads(out)
    assert data["rating"] == 1199.3 and data["games"] == 2 and data["ladder"] == dict(LADDER)
    assert data["recent"][0] == {"game": "g0123456789a", "before": 1200.0, "after": 1216.0}


def test_no_games_yet_and_a_damaged_file(tmp_path, capsys) -> None:
    set_language("en")
    code, out, _err = run(capsys, "--data-dir", str(tmp_path), "rating")
    assert code == 0 and out.splitlines()[0] == f"Your rating: {round(START)} (no game against bots yet)"
    paths = StoragePaths.portable(tmp_path)
    rating_file(paths).parent.mkdir(parents=True, exist_ok=True)
    rating_file(paths).write_text('{"version": 1, "games": [{"game": "g0123456789a", "before": "x"}]}', encoding="utf-8")
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "rating")
    assert code == 0 and out.splitlines()[0].startswith(f"Your rating: {round(START)} ")
    assert err.count("\n") == 1 and "rating.json" in err and "cannot read" in err
    assert not rating_file(paths).exists()
