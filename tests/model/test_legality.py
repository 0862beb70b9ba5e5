"""``apply``'s quick legality answer agrees with the listed legal actions, and refusals say why."""

from __future__ import annotations

import random

import pytest

from thirtyone.model import (FULL_DECK, PRESETS, Deal, Discard, DrawStock, IllegalActionError, Knock, Pass,
                             SwapAll, TakeDiscard, apply, legal_actions, new_game)
from thirtyone.model.legality import is_legal

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed")
EVERY_SIMPLE = (Deal(), DrawStock(), TakeDiscard(), Knock(), Pass(), SwapAll())
EVERY_DISCARD = tuple(Discard(card, knock) for card in FULL_DECK for knock in (False, True))


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_is_legal_answers_as_the_legal_list_does_in_random_games(preset_id: str) -> None:
    rules = PRESETS[preset_id].rules
    checked = refused = 0
    for seed in range(6):
        state = new_game(rules, NAMES[:min(4, rules.max_players)], seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = legal_actions(state)
            for action in (*EVERY_SIMPLE, *EVERY_DISCARD, *legal):
                assert is_legal(state, action) == (action in legal), (preset_id, str(action), state.phase)
                checked += 1
                refused += action not in legal
            state = apply(state, rng.choice(legal))[0]
    assert checked > 1000 and refused > 1000


def test_an_illegal_move_is_refused_with_the_reason() -> None:
    state = apply(new_game(PRESETS["classic"].rules, NAMES[:3], seed=1), Deal())[0]
    held = state.hands[state.current][0]
    with pytest.raises(IllegalActionError, match="draw a card before you discard"):
        apply(state, Discard(held))
    drawn = apply(state, DrawStock())[0]
    stranger = next(card for card in FULL_DECK if card not in drawn.hands[drawn.current])
    with pytest.raises(IllegalActionError, match=f"you do not hold {stranger.symbol}"):
        apply(drawn, Discard(stranger))
