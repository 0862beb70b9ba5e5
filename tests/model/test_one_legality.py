"""``apply`` accepts exactly ``legal_actions``, under random house rules and random play (hypothesis).

One definition of legality: every action ``apply`` accepts is listed by ``legal_actions``, every
listed action is accepted, and ``apply_trusted`` (no check) reaches the very same state and events.
The rules are drawn from the whole option space the house-rules screen offers, on every preset.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from thirtyone.model import PRESETS, GameState, IllegalActionError, Rules, RulesError, apply, apply_trusted
from thirtyone.model import legal_actions, new_game
from thirtyone.model.actions import (DEAL, DRAW, KNOCK, NEW_CARDS, PASS, SWAP_ALL, TAKE, Action, Fire, KeepHand,
                                     QuickDraw, TakeSpare, discard_action, swap_action)
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.model.state import NO_SEAT

from tests.engine_support import NAMES

STEPS = 160
"""Moves played per drawn game: enough for several rounds, deals and knocks included."""


@st.composite
def house_rules(draw: Any) -> Rules:
    """A preset with any of the house-rules screen's options changed to any of its choices."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))].rules
    for option in RULE_OPTIONS:
        if draw(st.integers(0, 3)) == 0:  # about a quarter of the options changed in each rule set
            value = draw(st.sampled_from([value for value, _label in option.choices]))
            try:
                rules = rules.replace(**{option.field: value})
            except RulesError:
                pass  # a clash with an option already drawn: this one stays as it was
    return rules


def _foreign_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """Actions to offer ``apply`` besides the listed ones: every kind of move, with cards from
    everywhere (held, on the board, in the stock, not in play) and seats in and out of the game."""
    cards = list(state.rules.cards)
    hand = list(state.hands[state.current]) if state.current != NO_SEAT and state.hands else []
    somewhere = hand + list(state.board) + rng.sample(cards, 4)
    out: list[Action] = [DEAL, DRAW, TAKE, PASS, KNOCK, SWAP_ALL, NEW_CARDS, KeepHand(), TakeSpare()]
    out += [discard_action(card, knock) for card in somewhere for knock in (False, True)]
    out += [swap_action(give, take) for give in somewhere[:5] for take in somewhere[-6:]]
    out += [Fire(seat) for seat in range(len(state.tokens) + 1)]
    return out


def _same(a: tuple[GameState, tuple[Any, ...]], b: tuple[GameState, tuple[Any, ...]]) -> bool:
    return tuple(a[0]) == tuple(b[0]) and a[1] == b[1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(house_rules(), st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_apply_accepts_exactly_the_legal_actions(rules: Rules, players: int, seed: int) -> None:
    assume(players in range(rules.min_players, rules.max_players + 1))
    try:
        state = new_game(rules, NAMES[:players], seed=seed)
    except RulesError:
        assume(False)
    rng = random.Random(seed)
    for _ in range(STEPS):
        if state.is_terminal:
            break
        legal = legal_actions(state)
        for action in legal:
            checked = apply(state, action)  # raises if a listed action is refused
            assert _same(checked, apply_trusted(state, action)), (str(action), state.phase)
        for action in _foreign_candidates(state, rng):
            if action in legal:
                continue
            with pytest.raises(IllegalActionError):
                apply(state, action)
        if not legal:  # Quick Draw's answers only: nothing listed for the current seat
            break
        state = apply(state, rng.choice(legal))[0]


def test_a_rule_written_only_in_legal_actions_binds_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new house rule forbidding the knock, written in ``legal_actions`` alone: ``apply`` refuses the knock.
    (The old fast path in ``play`` answered a knock's legality on its own and played it.)"""
    import thirtyone.model.legality as legality
    import thirtyone.model.play as play

    listed = legality.legal_actions

    def no_knocking(state: GameState) -> tuple[Action, ...]:
        return tuple(action for action in listed(state) if action is not KNOCK)

    state = apply(new_game(PRESETS["classic"].rules, NAMES[:3], seed=7), DEAL)[0]
    assert KNOCK in legal_actions(state)
    monkeypatch.setattr(legality, "legal_actions", no_knocking)
    monkeypatch.setattr(play, "legal_actions", no_knocking, raising=False)
    with pytest.raises(IllegalActionError):
        apply(state, KNOCK)


def test_quick_draw_is_judged_by_why_illegal_as_any_seat_may_draw() -> None:
    """The one move outside the list: any seat may draw at any moment, with answer times in ms."""
    rules = PRESETS["quick-draw"].rules.replace(holster=PRESETS["old-west-seed"].rules.holster,
                                                 safe_until_played=False)
    state = apply(new_game(rules, NAMES[:4], seed=3), DEAL)[0]
    other = (state.current + 1) % 4
    assert QuickDraw(other, state.current) not in legal_actions(state)
    apply(state, QuickDraw(other, state.current))  # accepted: not the current seat's, yet allowed
