"""Fast play-outs for search and the value of a round's end.

The play-out policy (in ``fastround``) looks only at the acting seat's own hand
and the face-up cards, so a play-out in a sampled world is a fair guess at how
the round would go.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from ..model import GameState, Phase
from .fastround import NO_LEAN, Lean, finish_round


def equity(tokens: tuple[int, ...], seat: int, winner: int = -1) -> float:
    """A seat's chance to win the game, from everyone's lives (exact once there is a winner).

    Modelled as if every later round cost one life to a player picked at
    random: then losing a life early is much worse than a simple share of the
    lives says (4 players: one life down from 4 each is 13%, not 19%).
    """
    if winner >= 0:
        return 1.0 if winner == seat else 0.0
    mine = tokens[seat]
    if mine <= 0:
        return 0.0
    return _win_chance(mine, tuple(sorted(t for s, t in enumerate(tokens) if s != seat and t > 0)))


@lru_cache(maxsize=None)
def _win_chance(mine: int, others: tuple[int, ...]) -> float:
    if mine <= 0:
        return 0.0
    if not others:
        return 1.0
    total = _win_chance(mine - 1, others)
    for index, lives in enumerate(others):
        rest = others[:index] + ((lives - 1,) if lives > 1 else ()) + others[index + 1:]
        total += _win_chance(mine, tuple(sorted(rest)))
    return total / (1 + len(others))


def play_out(state: GameState, seat: int, rng: random.Random | None = None,
             value: Callable[[tuple[int, ...], int, int], float] = equity, lean: Lean = NO_LEAN) -> float:
    """Play the round to its end with the play-out policy and return ``seat``'s equity afterwards.

    Uses the fast simulator (``fastround``, knocking as ``lean`` tilts it); ``rng``
    shuffles only if the stock must be rebuilt.
    """
    if state.phase is Phase.TURN or state.phase is Phase.DISCARD:
        state = finish_round(state, rng or random.Random(0), lean=lean)
    return value(state.tokens, seat, state.winner)


__all__ = ["equity", "play_out"]
