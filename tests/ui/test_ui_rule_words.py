"""What the window says about lost lives reads the match's rules and the round's result:
004's "still in at zero lives", a kitty only where there is one, and the lives actually lost."""

from typing import Any

import pygame

from thirtyone.model import events as ev, preset
from thirtyone.model.events import RoundEnded

from tests.engine_support import deal, play
from tests.ui_support import drawn_texts, make_app, open_table, run_until, setup


def test_round_end_panel_says_the_one_life_a_last_life_knocker_loses(monkeypatch):
    from thirtyone.ui.table import round_end
    state, _ = deal(preset("classic"), ["TH AH 4H", "8D TD 9D", "2D 2H 2C"], "6S", "3C 5S 7C", tokens=(1, 3, 3))
    state, events = play(state, "knock", "draw", "discard 3C", "draw", "discard 5S")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    app = make_app()
    scene = round_end.RoundEndScene(app.ctx, result, ("Kelly", "Al", "Lou"), preset("classic"))
    texts = drawn_texts(monkeypatch, round_end)
    scene.draw(pygame.Surface((1280, 720)))
    panel = " ".join(texts)
    assert "loses a life and is out of the game." in panel
    assert "2 lives" not in panel
    assert state.tokens[0] == 0


def _popups_after(table, events) -> dict[str, Any]:
    from thirtyone.ui.animation.snapshot import Snapshot
    snap = Snapshot(table.session.match.observation(0), True)
    table.choreo.play(events, snap)
    texts = {}
    for _ in range(60):
        table.choreo.update(0.05)
        texts.update({p.text: p for p in table.view.popups})
    return texts


def test_open_table_says_still_in_at_zero_lives_in_popup_plate_and_log():
    from thirtyone.ui.table.draw import seat_status
    app = make_app(fast=False, bot_speed="instant")
    table = open_table(app, setup(["human", "casual", "casual"], preset="open-table", seed=3))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 3000)
    popups = _popups_after(table, (ev.OnHonor(1), ev.OnHonor(0)))
    assert "Still in at zero lives" in popups and "Ada: at zero lives" in popups
    assert not any("honor" in text for text in popups)
    table.view.current = table.view.thinking = -1
    assert seat_status(table.view, 1) == "at zero lives"
    assert seat_status(table.view, 0) == "at zero lives"
    assert "Ada is still in at zero lives: one more loss and out." in table.log_lines
    assert "You are still in at zero lives: one more loss and out." in table.log_lines


def test_classic_keeps_its_honor_words_and_no_kitty_in_the_log():
    from thirtyone.ui.table.draw import seat_status
    app = make_app(fast=False, bot_speed="instant")
    table = open_table(app, setup(["human", "casual", "casual"], preset="classic", seed=3))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 3000)
    popups = _popups_after(table, (ev.OnHonor(1), ev.LifeLost(1, 1, 1)))
    assert "Ada: on honor" in popups
    table.view.current = table.view.thinking = -1
    assert seat_status(table.view, 1) == "on honor"
    assert "Ada loses a life (1 left)." in table.log_lines
    assert not any("kitty" in line for line in table.log_lines)


def test_kitty_game_pays_lives_to_the_kitty_in_the_log():
    app = make_app(fast=False, bot_speed="instant")
    table = open_table(app, setup(["human", "casual", "casual"], preset="kitty", seed=3))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 3000)
    _popups_after(table, (ev.LifeLost(2, 2, 1),))
    assert "Ben loses 2 lives to the kitty (1 left)." in table.log_lines


def test_the_bowl_is_called_a_kitty_only_where_the_rules_have_one(monkeypatch):
    from thirtyone.ui.table import layer as table_layer
    for preset_id, label in (("kitty", "kitty"), ("classic", "lives lost"), ("london", "lives lost")):
        app = make_app()
        open_table(app, setup(["human", "casual", "casual"], preset=preset_id, seed=2))
        texts = drawn_texts(monkeypatch, table_layer)
        app.ctx.assets._scaled.clear()  # the still layer is drawn anew, under the spy
        app.frame([], 0.016)
        assert label in texts and ({"kitty", "lives lost"} - {label}).isdisjoint(texts), (preset_id, texts)
