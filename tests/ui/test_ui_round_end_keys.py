"""Esc on the round-end panel does what Esc does at the table: it pauses, and resuming comes back to the panel."""

from __future__ import annotations

import pygame

from tests.ui_support import key, make_app, open_table, run_until, setup, top_name
from thirtyone.model import Knock


def test_esc_on_the_round_end_panel_opens_the_pause_menu_and_resume_returns_to_it() -> None:
    app = make_app()
    table = open_table(app, setup(["human", "sharp", "sharp"], seed=5))

    def round_over() -> bool:
        if top_name(app) == "table" and table.input.obs is not None and not table.choreo.busy:
            app.frame([key(pygame.K_k)] if Knock() in table.input.obs.legal_actions else
                      [key(pygame.K_d), key(pygame.K_1), key(pygame.K_RETURN)], 0.016)
        return top_name(app) == "round_end"
    assert run_until(app, round_over, 20000, wall_s=120)
    panel = app.stack[-1]
    rounds = table.session.match.state.round_number
    app.frame([], 0.5)  # past the moment in which a held key is ignored
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert top_name(app) == "pause" and app.stack[-2] is panel
    app.frame([key(pygame.K_ESCAPE)], 0.016)  # Resume
    assert app.stack[-1] is panel
    app.frame([key(pygame.K_RETURN)], 0.016)  # the panel still continues the game
    assert run_until(app, lambda: table.session.match.state.round_number == rounds + 1, 2000, wall_s=60)
    assert panel not in app.stack


def test_the_panel_headline_addresses_you_when_you_knocked_in_german_too() -> None:
    from tests.engine_support import deal, play
    from thirtyone import i18n
    from thirtyone.model import preset
    from thirtyone.model.events import RoundEnded
    from thirtyone.ui.table.round_end import RoundEndScene
    state, _ = deal(preset("classic"), ["TH AH 4H", "8D TD 9D", "2D 2H 3C"], "6S", "3S 5S 7C")
    state, events = play(state, "knock", "draw", "discard 3S", "draw", "discard 5S")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    app = make_app()
    scene = RoundEndScene(app.ctx, result, ("You", "Al", "Lou"), preset("classic"), you=0)
    assert scene.headline() == "Round 1: You knocked — hands are shown"
    i18n.set_language("de")
    try:
        assert scene.headline() == "Runde 1: Du hast geklopft — aufdecken"
        assert RoundEndScene(app.ctx, result, ("Kelly", "Al", "Lou"), preset("classic")).headline() == \
            "Runde 1: Kelly hat geklopft — aufdecken"
    finally:
        i18n.set_language("en")
