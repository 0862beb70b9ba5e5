"""New cards for a 7-8-9 middle in the window (issue 34): offered in the hint line, taken with R."""

from __future__ import annotations

import pygame

from tests.ui_support import key, make_app, match_of, open_table, run_until, setup
from thirtyone.model import Phase
from thirtyone.model.actions import NEW_CARDS
from thirtyone.model.events import NewCardsLaid
from thirtyone.model.rule_choices import Deck


def test_the_human_asks_for_new_cards_with_r_and_plays_on():
    app = make_app((1024, 600))
    game = setup(["human", "sharp", "casual", "casual"], preset="schwimmen", seed=12)
    # Seed 12 deals 8♠ 9♦ 7♦ to the middle with the human first (two packs: the 8♠ is the second pack's).
    game.rules = game.rules.replace(new_cards_789=True, deck=Deck.TWO_THIRTY_TWO, dealer_choice=False)
    table = open_table(app, game)
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 3000)
    obs = table.input.obs
    assert obs.phase is Phase.TURN and NEW_CARDS in obs.legal_actions
    assert "F new cards for the 7-8-9" in table.offers.hint()
    app.frame([key(pygame.K_f)], 0.016)
    assert run_until(app, lambda: not table.choreo.busy, 600)
    laid = [event for event in match_of(table).state.log if isinstance(event, NewCardsLaid)]
    assert len(laid) == 1 and laid[0].seat == 0
    assert [sprite.card for sprite in table.view.board] == list(laid[0].new)
    assert match_of(table).state.current == 0  # the turn goes on
    assert any("new cards" in line for line in table.log_lines)
