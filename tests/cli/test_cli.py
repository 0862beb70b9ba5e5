"""The headless command line: score, rules, replay, and usage errors (exit 2)."""

import json
import subprocess
import sys

import pytest

from thirtyone.model import PRESETS

from tests.engine_support import scripted_record
from tests.cli_support import run
from tests.locations import DATA


@pytest.mark.parametrize("argv, first", [
    (["score", "QS", "7S", "5S"], "22"),
    (["score", "7H", "7S", "7C", "--preset", "london"], "30½"),
    (["score", "10h", "AH", "j♣"], "21"),
    (["score", "AS", "AH", "AD", "--preset", "commerce"], "33"),
])
def test_score_prints_the_value_first(capsys, argv, first):
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.split()[0] == first


@pytest.mark.parametrize("argv, message", [
    (["score", "1X", "AS", "KS"], "has no suit"),
    (["score", "AS", "KS"], "score needs three cards, for example QS 7S 5S; 2 were given"),
    (["score"], "score needs three cards, for example QS 7S 5S; 0 were given"),
    (["score", "AS", "KS", "QS", "JS"], "score needs three cards, for example QS 7S 5S; 4 were given"),
    (["score", "AS", "KS", "AS"], "appears more than once"),
    (["score", "AS", "KS", "QS", "--preset", "poker"], "invalid choice"),
    (["rules", "poker"], "unknown preset 'poker'"),
    (["--bogus"], "unrecognized arguments"),
])
def test_bad_arguments_exit_2_with_usage(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err and message in err


def test_rules_list_and_text(capsys):
    code, out, _ = run(capsys, "rules", "--list")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(PRESETS)
    code, out, _ = run(capsys, "rules", "scat")
    assert code == 0
    assert "Everyone starts with 5 lives." in out and "does not hold the highest hand" in out


def test_replay_text_and_json(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(scripted_record().to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "Round 1: Lou deals, You play first." in out  # Kelly, the one human, reads her game back
    assert "You knocked and had the lowest hand, 25: lose 2 lives." in out
    assert "stops before the game is over" in out
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert data == {"rounds": [{"scores": {"Kelly": 25, "Al": 27, "Lou": 30},
                                "lives_lost": {"Kelly": 2, "Al": 0, "Lou": 0},
                                "reasons": data["rounds"][0]["reasons"]}], "winner": None}
    assert len(data["rounds"][0]["reasons"]) == 3


def test_replay_refuses_bad_files(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{ nope", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and "line 1: not valid JSON" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json: no such file" in err and "usage:" in err


def test_module_entry_point_runs():
    done = subprocess.run([sys.executable, "-m", "thirtyone", "score", "AS", "KS", "QS"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("31 ")


@pytest.mark.parametrize("preset_id", ["classic", "london", "old-west", "kitty"])
def test_version_1_records_replay_as_they_were_played(capsys, preset_id):
    """Records written before the lazy shuffle (version 1) deal their old cards.

    The files in tests/data were written by the version 1 engine, with its own
    ``replay --json`` output beside them.
    """

    data = DATA
    code, out, _ = run(capsys, "replay", str(data / f"record_v1_{preset_id}.json"), "--json")
    assert code == 0
    expected = json.loads((data / f"record_v1_{preset_id}.replay.json").read_text(encoding="utf-8"))
    assert json.loads(out) == expected
    assert expected["winner"] is not None


def test_replay_says_who_shot_whom_hit_or_miss_and_their_lives(capsys, tmp_path):
    """Issue 30: the replay said only "Cleo is out." after a shot."""
    from thirtyone.controller import Match
    from thirtyone.model import DrawStock, QuickDraw, preset
    from thirtyone.model.actions import DEAL
    from thirtyone.model.presets import QUICK_DRAW, SEED_GUNS
    from thirtyone.model.record import Seat

    rules = preset("scat").replace(**SEED_GUNS, **QUICK_DRAW).replace(misfire_start=0.0, misfire_step=0.0)
    match = Match.new(rules, [Seat(name) for name in ("Ada", "Ben", "Cleo", "Dan")], seed=5, first_dealer=3)
    match.submit(3, DEAL)
    match.submit(0, DrawStock())
    match.submit(1, QuickDraw(1, 2, ((2, 400),)))  # Ben draws on Cleo; her answer comes too late
    match.submit(3, QuickDraw(3, 0, ((0, 300),)))  # Dan draws on Ada, who answers first
    path = tmp_path / "shots.json"
    path.write_text(match.record.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    shot = lines.index("Ben (5 lives) fires at Cleo (5 lives) 350 ms after the draw (0% misfire chance): hit.")
    assert lines[shot - 1] == "Ben draws on Cleo." and lines[shot + 1] == "Cleo is out."
    answer = lines.index("Ada (5 lives) fires at Dan (5 lives) 300 ms after the draw (0% misfire chance): hit.")
    assert lines[answer - 1] == "Dan draws on Ada." and lines[answer + 1] == "Dan is out."


def test_rules_with_a_house_rule_prints_it(capsys):
    """``thirtyone rules ID --set NAME=VALUE``: a preset's rules with house rules, as the New game screen makes them."""
    code, out, _ = run(capsys, "rules", "schwimmen", "--set", "second_knock_ends=true")
    assert code == 0
    assert "Schwimmen (schwimmen), with second_knock_ends=true" in out
    assert "any player still to play may knock too" in out and "Only one player may knock" not in out
    code, out, _ = run(capsys, "rules", "classic", "--set", "lives=5", "--set", "deck=32")
    assert code == 0 and "Everyone starts with 5 lives." in out and "32-card deck (7 to ace)" in out


@pytest.mark.parametrize("argv, message", [
    (["rules", "schwimmen", "--set", "second_knock_ends"], "--set takes NAME=VALUE, not 'second_knock_ends'"),
    (["rules", "schwimmen", "--set", "loud=true"], "unknown rule option: loud"),
    (["rules", "schwimmen", "--set", "second_knock_ends=maybe"], "second_knock_ends must be true or false"),
    (["rules", "schwimmen", "--set", "second_knock_ends=true", "--set", "knock_again_passes=true"],
     "either ends the round or counts as a pass"),
    (["rules", "--list", "--set", "lives=2"], "--set needs a preset id"),
])
def test_rules_with_a_bad_house_rule_exit_2_with_one_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err and message in err and "Traceback" not in err
