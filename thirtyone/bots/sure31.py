"""The one rule every level shares: a move that shows 31 at once is always made.

With ``Rules.instant_31`` a turn that ends on 31 (or on fire, three aces counted above 31)
ends the round there and then, and the player who shows it cannot lose a life by it. No
hand is safer, so no level, the weakest included, plays on past it: a person at the table,
however new, lays down a 31 that lies face up in front of them, and a bot that swaps past
one looks broken, not weak. Measured before this rule (issue 45): the Expert passed 8 of 58
such chances on ``schwimmen``, Sharp 49 of 662 (it knocked on a good hand before looking at
the swaps).

``sure_31`` is asked first by every bot (``RandomBot``, ``HeuristicBot`` and its levels, the
Expert); the Expert's play-outs (``fastround``) play the same rule for every seat.
"""

from __future__ import annotations

from itertools import combinations

from ..model import Action, Card, Discard, Observation, Phase, Swap, SwapAll
from ..model.actions import TAKE
from ..model.scoring import hand_value
from ..model.turns import shows_31

Hand = tuple[Card, Card, Card]


def sure_31(observation: Observation) -> Action | None:
    """The legal move that shows the highest 31 at once (``Rules.instant_31``), or None if none does.

    A swap or a swap of all three that leaves a 31 in hand; a discard that keeps one; taking the
    face-up card when it and two cards of the hand make 31 (the discard that keeps it follows).
    """
    rules = observation.rules
    if not rules.instant_31 or observation.phase not in (Phase.TURN, Phase.DISCARD):
        return None
    best: tuple[float, Action] | None = None
    for action in observation.legal_actions:
        for three in _kept_after(observation, action):
            if shows_31(three, rules):
                value = hand_value(three, rules)
                if best is None or value > best[0]:
                    best = (value, action)
    return None if best is None else best[1]


def _kept_after(observation: Observation, action: Action) -> list[Hand]:
    """The three-card hands ``action`` can end this turn with (none for a blind draw, a knock or a pass;
    a discard with a knock is left to the plain discard of the same card, which is always legal beside it)."""
    hand = observation.hand
    if isinstance(action, Swap):
        if len(hand) != 3:
            return []
        a, b, c = (action.take if card is action.give else card for card in hand)
        return [(a, b, c)]
    if isinstance(action, SwapAll):
        board = observation.board
        return [(board[0], board[1], board[2])] if len(board) == 3 else []
    if isinstance(action, Discard) and not action.knock and len(hand) == 4:
        a, b, c = (card for card in hand if card is not action.card)
        return [(a, b, c)]
    top = observation.top_discard
    if action is TAKE and top is not None and len(hand) == 3:
        return [(a, b, top) for a, b in combinations(hand, 2)]
    return []


__all__ = ["sure_31"]
