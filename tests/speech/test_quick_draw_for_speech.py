"""Quick Draw for speech users: a longer answer window chosen in Settings, in the game's rules and its text,
and the cue said at once."""

from __future__ import annotations

import dataclasses

from tests.speech.listener import LogReader
from tests.ui_support import make_app, open_table, run_until, setup
from thirtyone.model.describe import rules_text
from thirtyone.speech import LogBackend, Speaker


def test_the_longer_answer_window_is_the_games_rule_and_the_rules_text_says_it():
    app = make_app(quick_draw_window="long")
    table = open_table(app, setup(["human", "random", "random"], "quick-draw", seed=2))
    assert table.match.rules.answer_window_ms == 2100  # three times the preset's 700 ms
    assert "for 2100 ms every other loaded player may fire back" in rules_text(table.match.rules)
    normal = open_table(make_app(), setup(["human", "random", "random"], "quick-draw", seed=2))
    assert normal.match.rules.answer_window_ms == 700


def test_the_quick_draw_cue_is_said_at_once_with_the_key_to_answer(tmp_path):
    from thirtyone.model.presets import PRESETS, QUICK_DRAW
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
