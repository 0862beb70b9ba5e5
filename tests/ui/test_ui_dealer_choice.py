"""The dealer's choice in the window (issue 34): two buttons and two keys, nothing else, until it is made."""

from __future__ import annotations

import time

import pygame
import pytest

from tests.ui_support import key, make_app, open_table, run_until, setup, step_game, top
from thirtyone.model import Phase
from thirtyone.model.actions import KEEP, TAKE_SPARE
from thirtyone.model.events import DealerChose


def _choosing(app, table):
    """Frames until the human (seat 0, the first dealer with seed 1) is to make the dealer's choice."""
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 3000)
    obs = table.input.obs
    assert obs.phase is Phase.CHOOSE and obs.legal_actions == (KEEP, TAKE_SPARE)
    return obs


@pytest.mark.parametrize("press, took_spare", [(pygame.K_y, False), (pygame.K_n, True)])
def test_the_dealer_chooses_by_keyboard(press, took_spare):
    app = make_app((1024, 600))
    table = open_table(app, setup(["human", "sharp", "casual", "casual"], preset="schwimmen", seed=1))
    obs = _choosing(app, table)
    assert table.offers.shown_buttons() == ["keep", "spare"]
    assert table.buttons["keep"].enabled and table.buttons["spare"].enabled
    assert "yourself (Y)" in table.offers.hint() and "take the spare (N)" in table.offers.hint()
    assert [sprite.card for sprite in table.view.board] == [None, None, None]  # the spare lies face down
    hand = obs.hand
    app.frame([key(press)], 0.016)
    assert run_until(app, lambda: not table.choreo.busy, 600)
    state = table.session.match.state
    assert state.phase is not Phase.CHOOSE
    chose = [event for event in state.log if isinstance(event, DealerChose)]
    assert chose == [DealerChose(0, took_spare, hand if took_spare else chose[0].board)]
    said = "take the spare" if took_spare else "keep your hand"
    assert any(said in line for line in table.log_lines)
    assert all(sprite.card is not None for sprite in table.view.board)  # the middle is face up now
    assert table.offers.shown_buttons()[:1] != ["keep"]


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_whole_schwimmen_game_by_keyboard(size):
    """Played to the end by keys only: the human deals now and then and chooses with Y or N."""
    app = make_app(size)
    table = open_table(app, setup(["human", "sharp", "casual", "casual"], preset="schwimmen", seed=1))
    chose = 0
    deadline = time.monotonic() + 240.0
    while not table.session.match.is_over and time.monotonic() < deadline:
        if top(app) is table and table.input.obs is not None and not table.choreo.busy \
                and table.input.obs.phase is Phase.CHOOSE:
            chose += 1
        step_game(app)
    state = table.session.match.state
    assert state.is_terminal and state.winner >= 0
    assert chose >= 1, "the human never made the dealer's choice"


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1008, 504), (1920, 1080)])
def test_the_dealer_s_two_buttons_show_their_whole_labels(size, language):
    """Seen at 1024×600: "Keep h…" and "Take sp…" — a player could not read the choice on the buttons."""
    from thirtyone import i18n

    try:
        app = make_app(size, language=language)
        assert i18n._("Keep hand") != "Keep hand" or language == "en"
        table = open_table(app, setup(["human", "sharp", "casual", "casual"], preset="schwimmen", seed=1))
        _choosing(app, table)
        app.frame([], 0.05)
        unit = table.view.layout.unit
        for name in ("keep", "spare"):
            button = table.buttons[name]
            shown = button.text_places(app.ctx.assets, unit)[0]
            assert shown == i18n._(button.label), f"{name}: {shown!r} at {size} in {language}"
        log = table.view.layout.log
        assert all(table.buttons[name].box.right <= log.x for name in ("keep", "spare"))
    finally:
        i18n.set_language("en")
