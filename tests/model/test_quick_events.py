"""The events the engine makes quickly are the same values as their dataclasses make, and as frozen."""

from __future__ import annotations

import dataclasses

import pytest

from thirtyone.model.cards import Card
from thirtyone.model.events import Dealt, RoundEnd, RoundEnded, RoundResult, dealt, round_ended


def test_quick_events_equal_the_dataclasses_own_and_stay_frozen() -> None:
    upcard = Card.from_code("QS")
    assert dealt(2, (3, 0, 1, 2), upcard, ()) == Dealt(2, (3, 0, 1, 2), upcard, ())
    assert repr(dealt(1, (2, 0, 1), None, (upcard,))) == repr(Dealt(1, (2, 0, 1), None, (upcard,)))
    result = RoundResult(1, RoundEnd.KNOCK, (), (), None, (), (), ())
    assert round_ended(result) == RoundEnded(result) and hash(round_ended(result)) == hash(RoundEnded(result))
    with pytest.raises(dataclasses.FrozenInstanceError):
        dealt(0, (1, 0), None, ()).dealer = 1  # type: ignore[misc]
