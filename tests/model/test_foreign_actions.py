"""Objects that only pretend to be actions are refused with a reason, never crash the engine.

A plug-in (or any caller) may hand ``apply`` an object whose ``__eq__`` says yes to
everything, or a real action class carrying something other than a card or a seat.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from thirtyone.model import (PRESETS, Deal, Discard, DrawStock, Fire, IllegalActionError, QuickDraw, apply,
                             legal_actions, new_game)
from thirtyone.model.legality import is_legal

NAMES = ("Ann", "Ben", "Cy")


class AgreesWithEverything:
    """Equal to any action, hashed like one: ``x in legal_actions`` is true for it."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(DrawStock())

    index = 0  # looks like a card to code that reads ``.index``


def _dealt(**options: Any):
    rules = dataclasses.replace(PRESETS["classic"].rules, **options)
    return apply(new_game(rules, NAMES, seed=3), Deal())[0]


@pytest.mark.parametrize("phase", ["turn", "discard", "deal"])
def test_an_object_equal_to_everything_is_refused_with_a_reason(phase: str) -> None:
    state = _dealt()
    if phase == "discard":
        state = apply(state, DrawStock())[0]
    elif phase == "deal":
        state = new_game(state.rules, NAMES, seed=3)
    fake = AgreesWithEverything()
    assert fake in legal_actions(state)  # the trap: ``in`` asks the fake
    assert not is_legal(state, fake)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="AgreesWithEverything is not a move of this game"):
        apply(state, fake)  # type: ignore[arg-type]


def test_a_discard_carrying_no_card_is_refused() -> None:
    state = apply(_dealt(), DrawStock())[0]
    before = state.hands
    with pytest.raises(IllegalActionError, match="a move with cards needs real cards"):
        apply(state, Discard(AgreesWithEverything()))  # type: ignore[arg-type]
    assert state.hands == before


@pytest.mark.parametrize("make", [
    lambda: Fire(AgreesWithEverything()),  # type: ignore[arg-type]
    lambda: QuickDraw(AgreesWithEverything(), 1),  # type: ignore[arg-type]
    lambda: QuickDraw(0, 1, ((AgreesWithEverything(), 100),)),  # type: ignore[arg-type]
])
def test_a_gun_action_whose_seats_are_not_numbers_is_refused(make) -> None:
    state = _dealt(old_west=True, quick_draw=isinstance(make(), QuickDraw))
    with pytest.raises(IllegalActionError, match="a gun.s seats and times must be whole numbers"):
        apply(state, make())
