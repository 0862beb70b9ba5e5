"""Fast play-outs for search: a quick greedy policy and the value of a round's end.

The policy looks only at the acting seat's own hand and the face-up cards, so a
play-out in a sampled world is a fair guess at how the round would go.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from ..model import Action, GameState, Phase, Swap, SwapAll, hand_value
from ..model.actions import DRAW, KNOCK, PASS, TAKE, discard_action
from .fastround import finish_round, knock_threshold

TAKE_MARGIN = 1.5
"""How much the face-up card must raise a hand before a play-out takes it."""
MAX_STEPS = 400
"""Safety stop for play-outs; a stalled round is scored as if shown now."""


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


def _threshold(state: GameState, players: int) -> float:
    return knock_threshold(state.turns_taken, players)


def quick_action(state: GameState) -> Action:
    """The play-out policy's move for the seat to act."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    rules = state.rules
    hand = state.hands[state.current]
    players = sum(1 for t in state.tokens if t > 0)
    if state.phase is Phase.DISCARD:
        best_value, best_card = -1.0, None
        a, b, c, d = hand
        for card, rest in ((a, (b, c, d)), (b, (a, c, d)), (c, (a, b, d)), (d, (a, b, c))):
            if discard_action(card) not in legal:
                continue
            value = hand_value(rest, rules)
            if value > best_value or (value == best_value and best_card is not None and card.value < best_card.value):
                best_value, best_card = value, card
        assert best_card is not None
        knock = discard_action(best_card, True)
        if knock in legal and best_value >= _threshold(state, players):
            return knock
        return discard_action(best_card)
    value = hand_value(hand, rules)
    if KNOCK in legal and state.knocker == -1 and value >= _threshold(state, players):
        return KNOCK
    if not rules.has_board:
        top = state.discards[-1] if state.discards else None
        if top is not None and TAKE in legal:
            gain = _best_with(hand, top, rules) - value
            if gain >= TAKE_MARGIN or (DRAW not in legal and gain > 0):
                return TAKE
        if DRAW in legal:
            return DRAW
        return PASS if PASS in legal else legal[0]
    best_score, best_action = value + 0.5, PASS if PASS in legal else legal[0]
    for action in legal:
        if isinstance(action, Swap):
            score = hand_value(tuple(action.take if x is action.give else x for x in hand), rules)
        elif isinstance(action, SwapAll):
            score = hand_value(state.board, rules)
        else:
            continue
        if score > best_score:
            best_score, best_action = score, action
    if best_action is PASS and state.passes_in_row >= players - 1 and state.knocker == -1:
        if KNOCK in legal:
            return KNOCK
        if not rules.board_refresh:  # nothing else will change the board
            swaps = [a for a in legal if isinstance(a, Swap)]
            if swaps:
                return max(swaps, key=lambda a: hand_value(tuple(a.take if x is a.give else x for x in hand), rules))
    return best_action


def _best_with(hand: tuple, extra: object, rules: object) -> float:
    a, b, c = hand
    return max(hand_value((a, b, c), rules), hand_value((a, b, extra), rules),  # type: ignore[arg-type]
               hand_value((a, c, extra), rules), hand_value((b, c, extra), rules))  # type: ignore[arg-type]


def play_out(state: GameState, seat: int, rng: random.Random | None = None,
             value: Callable[[tuple[int, ...], int, int], float] = equity) -> float:
    """Play the round to its end with the play-out policy and return ``seat``'s equity afterwards.

    Uses the fast simulator (``fastround``); ``rng`` shuffles only if the stock must be rebuilt.
    """
    if state.phase is Phase.TURN or state.phase is Phase.DISCARD:
        state = finish_round(state, rng or random.Random(0))
    return value(state.tokens, seat, state.winner)


def play_out_with_engine(state: GameState, seat: int) -> GameState:
    """The same play-out move by move through the engine (slower; tests compare the two)."""
    round_number = state.round_number
    for _ in range(MAX_STEPS):
        if state.phase not in (Phase.TURN, Phase.DISCARD) or state.round_number != round_number:
            return state
        state = state.apply(quick_action(state))[0]
    return state


__all__ = ["equity", "play_out", "play_out_with_engine", "quick_action"]
