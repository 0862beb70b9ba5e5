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
    rounds = table.match.state.round_number
    app.frame([], 0.5)  # past the moment in which a held key is ignored
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert top_name(app) == "pause" and app.stack[-2] is panel
    app.frame([key(pygame.K_ESCAPE)], 0.016)  # Resume
    assert app.stack[-1] is panel
    app.frame([key(pygame.K_RETURN)], 0.016)  # the panel still continues the game
    assert run_until(app, lambda: table.match.state.round_number == rounds + 1, 2000, wall_s=60)
    assert panel not in app.stack
