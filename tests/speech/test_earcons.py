"""Earcons: short sounds for frequent events while speech is on, so the spoken lines can stay short."""

from __future__ import annotations

import pygame

from tests.speech.listener import LogReader
from tests.ui_support import key, make_app, open_table, run_until, setup
from thirtyone.speech import LogBackend, Speaker


def table_at_my_turn(speech: Speaker | None):
    app = make_app()
    if speech is not None:
        app.ctx.speech = speech
    table = open_table(app, setup(["human", "random"], seed=3))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, wall_s=30)
    app.frame([], 0.01)
    return app, table


def test_your_turn_and_a_refused_move_have_their_earcons_and_their_lines(tmp_path):
    app, _table = table_at_my_turn(Speaker(LogBackend(tmp_path / "speech.log"), forced=True))
    assert "your_turn" in app.ctx.sound.played
    heard = LogReader(tmp_path / "speech.log")
    heard.new()
    app.frame([key(pygame.K_p)], 0.01)  # pass: not a move of classic 31 while the stock has cards
    assert app.ctx.sound.played[-1] == "refused"
    assert heard.new() and "pass" in heard.all[-1].lower()


def test_without_speech_there_are_no_earcons():
    app, _table = table_at_my_turn(None)
    app.frame([key(pygame.K_p)], 0.01)
    assert "your_turn" not in app.ctx.sound.played and "refused" not in app.ctx.sound.played


def test_a_player_who_is_out_hears_the_keys_of_the_out_seat_once(tmp_path):
    from tests.ui.test_ui_menus import lost_match
    from thirtyone.session import LocalSession
    from thirtyone.ui.scene import Push
    from thirtyone.ui.table.scene import TableScene
    app = make_app()
    app.ctx.speech = Speaker(LogBackend(tmp_path / "speech.log"), forced=True)
    table = TableScene(app.ctx, setup(["human", "sharp", "sharp"]), LocalSession(lost_match(stop_when_out=True)))
    app.apply(Push(table))
    for _ in range(5):
        app.frame([], 0.01)
    heard = LogReader(tmp_path / "speech.log")
    said = heard.new()
    assert said.count("You are out. W watch the bots play on; S skip to the result; N new game.") == 1
    app.frame([key(pygame.K_i)], 0.01)  # the question keys work while watching too
    assert any(line.startswith("You: out; Ada: ") for line in heard.new())
