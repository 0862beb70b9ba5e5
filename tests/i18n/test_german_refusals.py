"""Refusals and numbers in German: a clash of house rules, a move out of turn, a bad command line, a
broken file, a half point ("30½", as the rules write it)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.locations import ROOT
from tests.ui_support import make_app
from thirtyone import i18n
from thirtyone.controller import Match, Rejected
from thirtyone.model import DrawStock, RulesError, new_game, preset
from thirtyone.model.actions import DEAL
from thirtyone.model.record import Seat
from thirtyone.ui.game_setup import GameSetup
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.new_game import NewGameScene


@pytest.fixture(autouse=True)
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def test_new_game_refuses_quick_draw_without_old_west_in_german():
    app = make_app()
    i18n.set_language("de")  # the app speaks its settings' language; this player chose German
    scene = NewGameScene(app.ctx, GameSetup.default())
    app.apply(Push(scene))
    scene.values["quick_draw"] = True
    assert not scene.validate()
    assert scene.error == "Schnellziehen ist eine Spielart von Wilder Westen: schalte old_west (Wilder Westen) auch ein"
    assert not scene.start.enabled


def test_the_rules_engine_words_its_refusals_when_they_are_raised():
    with pytest.raises(RulesError, match="^Die Spieler brauchen verschiedene Namen$"):
        new_game(preset("classic"), ["Ada", "Ada"])
    i18n.set_language("en")
    with pytest.raises(RulesError, match="^players need different names$"):
        new_game(preset("classic"), ["Ada", "Ada"])


def test_a_move_out_of_turn_is_refused_in_german():
    match = Match.new(preset("classic"), [Seat("Bea"), Seat("Ada")], seed=3)
    match.submit(match.state.current, DEAL)
    waiting = 1 - match.state.current
    answer = match.submit(waiting, DrawStock())
    assert isinstance(answer, Rejected)
    current = match.names[match.state.current]
    assert answer.reason == f"{current} ist dran, nicht {match.names[waiting]}"


def _run(args, tmp_path):
    environment = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    # Run from tmp_path, the checkout under test must still be the one imported (not an installed copy).
    environment.update(LANG="de_DE.UTF-8", PYTHONIOENCODING="utf-8", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "thirtyone", *args], capture_output=True, text=True,
                          encoding="utf-8", env=environment, timeout=60, cwd=tmp_path)


def test_a_damaged_record_is_one_german_line(tmp_path):
    (tmp_path / "broken.json").write_text('{"version": 1, "rules": {"lives": "drei"}}', encoding="utf-8")
    done = _run(["replay", "broken.json"], tmp_path)
    assert done.returncode == 1
    assert done.stderr == 'thirtyone replay: broken.json: Zeile 1: keine thirtyone-Spielaufzeichnung (kein "format": ' \
                          '"thirtyone-record")\n'


def test_an_empty_record_is_one_german_line(tmp_path):
    (tmp_path / "empty.json").write_bytes(b"")
    done = _run(["replay", "empty.json"], tmp_path)
    assert done.returncode == 1
    assert done.stderr == "thirtyone replay: empty.json: keine Spielaufzeichnung: die Datei ist leer\n"


def test_a_bad_tournament_count_is_a_german_usage_error(tmp_path):
    done = _run(["tournament", "--games", "null"], tmp_path)
    assert done.returncode == 2
    assert "'null' ist keine ganze Zahl" in done.stderr and "Aufruf:" in done.stderr


def test_a_half_point_hand_reads_thirty_and_a_half_as_the_rules_write_it(tmp_path):
    done = _run(["score", "7H", "7S", "7C", "--preset", "london"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "30½"
