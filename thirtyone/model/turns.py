"""How a turn ends, written once for the engine and the bots' fast play-outs.

``play`` ends every turn with these functions and ``bots.fastround`` calls the
same ones on its working copy of a round, so the two cannot drift apart: who
plays next, when a knock has come round (a shot knocker's seat included), when
a hand is shown as 31 at once, and when the turn limit shows the hands.
"""

from __future__ import annotations

from typing import Sequence

from .cards import Card
from .rules import Rules
from .scoring import hand_value
from .state import NO_SEAT, next_active


def following_seat(tokens: Sequence[int], seat: int) -> int:
    """The next seat still in the game after ``seat``, clockwise."""
    following = seat + 1 if seat + 1 < len(tokens) else 0
    return following if tokens[following] else next_active(tokens, seat)


def knock_comes_round(tokens: Sequence[int], seat: int, following: int, knocker: int) -> bool:
    """Whether play passing from ``seat`` to ``following`` reaches the knocker, ending the round.

    A knocker shot out of the game has no turn to come back to: the round ends
    when play goes past their empty seat.
    """
    if following == knocker:
        return True
    if knocker == NO_SEAT or tokens[knocker]:
        return False
    count = len(tokens)
    return 0 < (knocker - seat) % count < ((following - seat) % count or count)


def shows_31(hand: Sequence[Card], rules: Rules) -> bool:
    """Whether a three-card hand at the end of a turn is shown at once as 31 (``Rules.instant_31``)."""
    if not rules.instant_31:
        return False
    a, b, c = hand
    # Only one suit or one rank (``may_reach_31``, written out) can reach 31: the test spares most hands the count.
    return bool(a.kin & b.kin & c.kin) and hand_value(hand, rules) >= 31


def turn_limit_reached(rules: Rules, knocker: int, turns: int, players: int) -> bool:
    """Whether ``Rules.turn_limit`` shows the hands now: that many turns each and nobody knocked."""
    return bool(rules.turn_limit) and knocker == NO_SEAT and turns >= rules.turn_limit * players


__all__ = ["following_seat", "knock_comes_round", "shows_31", "turn_limit_reached"]
