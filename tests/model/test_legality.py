"""``is_legal`` and ``apply`` agree with the listed legal actions on every preset, and refusals say why
(the same under random house rules: ``test_one_legality.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from thirtyone.model import (FULL_DECK, PRESETS, Action, Deal, Discard, DrawStock, GameState, IllegalActionError, Knock, Pass,
                             SwapAll, TakeDiscard, apply, legal_actions, new_game)
from thirtyone.model.cards import Card
from thirtyone.model.legality import is_legal

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed")
EVERY_SIMPLE = (Deal(), DrawStock(), TakeDiscard(), Knock(), Pass(), SwapAll())
EVERY_DISCARD = tuple(Discard(card, knock) for card in FULL_DECK for knock in (False, True))


def random_play(preset_id: str, games: int) -> Iterator[tuple[GameState, tuple[Action, ...]]]:
    """Every state of ``games`` seeded random games of the preset, with its legal actions."""
    rules = PRESETS[preset_id].rules
    for seed in range(games):
        state = new_game(rules, NAMES[:min(4, rules.max_players)], seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = legal_actions(state)
            yield state, legal
            state = apply(state, rng.choice(legal))[0]


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_is_legal_answers_as_the_legal_list_does_in_random_games(preset_id: str) -> None:
    checked = refused = 0
    for state, legal in random_play(preset_id, games=6):
        for action in (*EVERY_SIMPLE, *EVERY_DISCARD, *legal):
            assert is_legal(state, action) == (action in legal), (preset_id, str(action), state.phase)
            checked += 1
            refused += action not in legal
    assert checked > 1000 and refused > 1000


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_apply_accepts_exactly_the_listed_actions_in_random_games(preset_id: str) -> None:
    accepted = refused = 0
    tries: tuple[Action, ...] = (*EVERY_SIMPLE, *EVERY_DISCARD)
    for state, legal in random_play(preset_id, games=3):
        for action in tries:
            try:
                apply(state, action)
            except IllegalActionError as error:
                assert action not in legal and str(error), (preset_id, str(action), state.phase)
                refused += 1
            else:
                assert action in legal, (preset_id, str(action), state.phase)
                accepted += 1
    assert accepted > 100 and refused > 1000


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_play_tells_cards_apart_by_identity_never_by_comparing_them(preset_id: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # There is one object per card, so ``is`` answers; ``==`` (``hand.index``, ``in``) runs ``Card``'s
    # Python-level comparison for every other card it passes: the dearest part of a discard.
    def compared(card: Card, other: object) -> bool:
        raise AssertionError(f"the engine compared {card} with {other} by value")

    monkeypatch.setattr(Card, "__eq__", compared)
    monkeypatch.setattr(Card, "__ne__", compared)
    moves = 0
    for _state, _legal in random_play(preset_id, games=3):
        moves += 1
    assert moves > 30


def test_an_illegal_move_is_refused_with_the_reason() -> None:
    state = apply(new_game(PRESETS["classic"].rules, NAMES[:3], seed=1), Deal())[0]
    held = state.hands[state.current][0]
    with pytest.raises(IllegalActionError, match="draw a card before you discard"):
        apply(state, Discard(held))
    drawn = apply(state, DrawStock())[0]
    stranger = next(card for card in FULL_DECK if card not in drawn.hands[drawn.current])
    with pytest.raises(IllegalActionError, match=f"you do not hold {stranger.symbol}"):
        apply(drawn, Discard(stranger))


def test_a_draw_from_an_empty_stock_and_a_take_from_an_empty_pile_are_refused() -> None:
    dealt = apply(new_game(PRESETS["classic"].rules, NAMES[:3], seed=1), Deal())[0]
    no_stock = dealt.evolve(stock=(), stock_unsettled=0)
    with pytest.raises(IllegalActionError, match="the stock is empty"):
        apply(no_stock, DrawStock())
    no_pile = dealt.evolve(discards=())
    with pytest.raises(IllegalActionError, match="the discard pile is empty"):
        apply(no_pile, TakeDiscard())
    assert apply(no_stock, TakeDiscard())[0].hands[dealt.current][-1] == dealt.discards[-1]
