"""Old West, Quick Draw and the coach by ear: a longer answer window chosen in Settings (the game's rule and
its text), the cue said at once, the aim said as it moves, the coach's hint said when ready."""

from __future__ import annotations

import dataclasses

import pygame

from tests.speech.listener import LogReader
from tests.ui_support import key, make_app, open_table, run_until, setup
from thirtyone.model.presets import PRESETS, QUICK_DRAW
from thirtyone.model.describe import rules_text
from thirtyone.speech import LogBackend, Speaker


def test_the_longer_answer_window_is_the_games_rule_and_the_rules_text_says_it():
    app = make_app(quick_draw_window="long")
    table = open_table(app, setup(["human", "random", "random"], "quick-draw", seed=2))
    assert table.session.rules.answer_window_ms == 2100  # three times the preset's 700 ms
    assert "for 2100 ms every other loaded player may fire back" in rules_text(table.session.rules)
    normal = open_table(make_app(), setup(["human", "random", "random"], "quick-draw", seed=2))
    assert normal.session.rules.answer_window_ms == 700


def test_the_quick_draw_cue_is_said_at_once_with_the_key_to_answer(tmp_path):
    app = make_app()
    app.ctx.speech = Speaker(LogBackend(tmp_path / "speech.log"), forced=True)
    rules = PRESETS["old-west-seed"].rules.replace(**QUICK_DRAW)  # the guns out from the first turn
    game = setup(["human", "random", "random", "random"], seed=4)
    table = open_table(app, dataclasses.replace(game, rules=rules))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
    heard = LogReader(tmp_path / "speech.log")
    heard.new()
    table.quick.open(2, 0)  # Ben draws on you
    assert heard.new() == ["Draw! Ben draws on you! Press G to fire back."]


def test_the_aim_is_said_and_follows_the_arrows(tmp_path):
    app = make_app()
    app.ctx.speech = Speaker(LogBackend(tmp_path / "speech.log"), forced=True)
    game = setup(["human", "random", "random", "random"], seed=4)
    table = open_table(app, dataclasses.replace(game, rules=PRESETS["old-west-seed"].rules))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
    heard = LogReader(tmp_path / "speech.log")
    heard.new()
    app.frame([key(pygame.K_g)], 0.01)
    first = heard.new()
    assert first and first[-1].startswith("Aiming. At ") and "Enter fires, arrows aim, Esc holsters." in first[-1]
    app.frame([key(pygame.K_RIGHT)], 0.01)
    second = heard.new()
    assert second and second[-1].startswith("At ") and second[-1].split(",")[0] != first[-1][8:].split(",")[0]


def test_the_coachs_hint_is_said_when_it_is_ready(tmp_path):
    app = make_app()
    app.ctx.speech = Speaker(LogBackend(tmp_path / "speech.log"), forced=True)
    table = open_table(app, setup(["human", "random"], seed=3))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
    heard = LogReader(tmp_path / "speech.log")
    heard.new()
    app.frame([key(pygame.K_F1)], 0.01)
    assert run_until(app, lambda: any(line.startswith("Coach: ") for line in heard.new()), 2000)
