"""A fast, rules-faithful simulator of the rest of one round, for the Expert's play-outs.

The engine keeps every state immutable and logs every event; a play-out needs
neither. ``finish_round`` plays on from an engine state with plain lists of
card indexes and the same greedy policy as ``rollout.quick_action``, then lets
the engine's own judge settle the round, so lives are always counted by the
real rules. Tests check it against the engine move for move.
"""

from __future__ import annotations

import random

from ..model import FULL_DECK, GameState, Phase
from ..model import judge
from ..model.dealing import stock_in_order
from ..model.events import RoundEnd
from ..model.rules import MAX_SEATS, Exchange, KnockTiming, StockOut
from ..model.state import next_active

VALUES = [card.value for card in FULL_DECK]
SUITS = [card.suit for card in FULL_DECK]
RANKS = [card.rank for card in FULL_DECK]
MAX_TURNS = 200
"""Safety stop: a round still going after this many turns is shown as it stands."""


def value3(a: int, b: int, c: int, triple: float | None, aces: float | None, lone: bool = True) -> float:
    """``hand_value`` for three card indexes; ``triple`` and ``aces`` are the special-hand values,
    ``lone`` is ``Rules.lone_card_beside_pair``."""
    if RANKS[a] == RANKS[b] == RANKS[c]:
        if RANKS[a] == 0 and aces is not None:
            return aces
        if triple is not None:
            return triple
    sa, sb, sc = SUITS[a], SUITS[b], SUITS[c]
    va, vb, vc = VALUES[a], VALUES[b], VALUES[c]
    if sa == sb:
        return float(va + vb + vc) if sb == sc else float(max(va + vb, vc if lone else 0))
    if sa == sc:
        return float(max(va + vc, vb if lone else 0))
    if sb == sc:
        return float(max(vb + vc, va if lone else 0))
    return float(max(va, vb, vc))


ROLLOUT_KNOCK = {2: 25.0, 3: 24.5, 4: 24.0, 5: 23.5, 6: 23.0, 7: 22.5, 8: 22.5}
"""Play-out knocking thresholds by players still in, a little later than Sharp's early knock."""


def knock_threshold(turns: int, players: int) -> float:
    """The play-out knocking threshold: later as the round goes on."""
    laps = turns / players
    return ROLLOUT_KNOCK.get(players, 22.5) + min(2.5, 0.7 * laps) - (1.0 if laps < 1 else 0.0)


_TABLES: dict[tuple[float | None, float | None, bool], list[float]] = {}


def value_table(triple: float | None, aces: float | None, lone: bool = True) -> list[float]:
    """Every three-card value, at ``a * 2704 + b * 52 + c``: a list lookup beats a call in play-outs."""
    table = _TABLES.get((triple, aces, lone))
    if table is None:
        table = _TABLES[triple, aces, lone] = [value3(a, b, c, triple, aces, lone)
                                               for a in range(52) for b in range(52) for c in range(52)]
    return table


_THRESHOLD_TURNS = 64
"""Thresholds stop rising after a few laps; later turns use the last entry."""
_THRESHOLDS = {players: [knock_threshold(turns, players) for turns in range(_THRESHOLD_TURNS)]
               for players in range(2, MAX_SEATS + 1)}


def finish_round(state: GameState, rng: random.Random) -> GameState:
    """Play the round of ``state`` to its end with the play-out policy; returns the settled state."""
    if state.phase not in (Phase.TURN, Phase.DISCARD):
        return state
    return _Round(state, rng).play()


class _Round:
    """Mutable working copy of one round in card indexes."""

    def __init__(self, state: GameState, rng: random.Random) -> None:
        rules = state.rules
        self.state = state
        self.rng = rng
        self.rules = rules
        self.triple, self.aces = rules.three_of_a_kind, rules.three_aces
        self.table = value_table(self.triple, self.aces, rules.lone_card_beside_pair)
        self.hands = [[c.index for c in hand] for hand in state.hands]
        self.stock = [c.index for c in reversed(stock_in_order(state))]  # pop() draws the top card
        self.discards = [c.index for c in state.discards]
        self.board = [c.index for c in state.board]
        self.tokens = state.tokens
        self.players = sum(1 for t in state.tokens if t > 0)
        self.current = state.current
        self.knocker = state.knocker
        self.turns = state.turns_taken
        self.passes = state.passes_in_row
        self.taken = state.taken.index if state.taken is not None else -1
        self.in_discard = state.phase is Phase.DISCARD
        self.knock_threshold = _THRESHOLDS[self.players]

    def threshold(self) -> float:
        """The play-out knocking threshold now (rounds can run long on a stale board)."""
        return self.knock_threshold[min(self.turns, _THRESHOLD_TURNS - 1)]

    def value(self, hand: list[int]) -> float:
        return self.table[hand[0] * 2704 + hand[1] * 52 + hand[2]]

    def may_knock(self, hand: list[int]) -> bool:
        if self.knocker != -1:
            return False
        rules = self.rules
        if rules.suited_knock and not SUITS[hand[0]] == SUITS[hand[1]] == SUITS[hand[2]]:
            return False
        return not rules.knock_minimum or self.value(hand) >= rules.knock_minimum

    def play(self) -> GameState:
        rules = self.rules
        board_game = rules.has_board
        after_discard = rules.knock_timing is KnockTiming.AFTER_DISCARD
        for _ in range(MAX_TURNS):
            seat = self.current
            hand = self.hands[seat]
            ended = None
            if self.in_discard:
                self.discard(hand, after_discard)
            elif board_game:
                ended = self.board_turn(hand)
            else:
                ended = self.draw_turn(hand, after_discard)
            if ended is not None:
                return self.settle(ended, ())
            ended = self.end_turn(hand)
            if ended is not None:
                return ended
        return self.settle(RoundEnd.TURN_LIMIT, ())

    def draw_turn(self, hand: list[int], after_discard: bool) -> RoundEnd | None:
        value = self.value(hand)
        if not after_discard and self.may_knock(hand) and value >= self.threshold():
            self.knocker = self.current
            return None
        top = self.discards[-1] if self.discards else -1
        if top >= 0:
            a, b, c = hand
            table = self.table
            gain = max(value, table[a * 2704 + b * 52 + top], table[a * 2704 + c * 52 + top],
                       table[b * 2704 + c * 52 + top]) - value
            if gain >= 1.5 or (not self.stock and gain > 0):
                hand.append(self.discards.pop())
                self.taken = top
                self.discard(hand, after_discard)
                return None
        if self.stock:
            hand.append(self.stock.pop())
            self.taken = -1
            self.discard(hand, after_discard)
            return None
        return RoundEnd.STOCK_OUT  # declines the discard with an empty stock

    def discard(self, hand: list[int], after_discard: bool) -> None:
        a, b, c, d = hand
        blocked = -1 if self.rules.may_discard_taken else self.taken
        table = self.table
        best_value, best = -1.0, -1
        for card, rest in ((a, (b, c, d)), (b, (a, c, d)), (c, (a, b, d)), (d, (a, b, c))):
            if card == blocked:
                continue
            value = table[rest[0] * 2704 + rest[1] * 52 + rest[2]]
            if value > best_value or (value == best_value and VALUES[card] < VALUES[best]):
                best_value, best = value, card
        hand.remove(best)
        self.discards.append(best)
        self.in_discard = False
        if after_discard and self.may_knock(hand) and best_value >= self.threshold():
            self.knocker = self.current

    def board_turn(self, hand: list[int]) -> RoundEnd | None:
        value = self.value(hand)
        if self.may_knock(hand) and value >= self.threshold():
            self.knocker = self.current
            return None
        best_score, best = value + 0.5, None
        board = self.board
        # The engine lists swaps by card index; ties must break the same way.
        pairs = [(i, j) for i in sorted(range(3), key=hand.__getitem__) for j in sorted(range(len(board)), key=board.__getitem__)]
        for i, j in pairs:
            trial = list(hand)
            trial[i] = board[j]
            score = self.value(trial)
            if score > best_score:
                best_score, best = score, (i, j)
        swap_all = self.rules.exchange is Exchange.COMMERCE and self.value(board) > best_score
        if swap_all:
            hand[:], board[:] = list(board), list(hand)
            self.passes = 0
        elif best is not None:
            i, j = best
            hand[i], board[j] = board[j], hand[i]
            self.passes = 0
        elif self.passes >= self.players - 1 and self.knocker == -1 and self.may_knock(hand):
            self.knocker = self.current
        elif self.passes >= self.players - 1 and self.knocker == -1 and not self.rules.board_refresh:
            i, j = max(pairs, key=lambda ij: self.value(hand[:ij[0]] + [board[ij[1]]] + hand[ij[0] + 1:]))
            hand[i], board[j] = board[j], hand[i]
            self.passes = 0
        else:
            self.passes += 1
        return None

    def end_turn(self, hand: list[int]) -> GameState | None:
        rules = self.rules
        seat = self.current
        if rules.instant_31 and self.value(hand) >= 31:
            return self.settle(RoundEnd.THIRTY_ONE, (seat,))
        self.turns += 1
        following = next_active(self.tokens, seat)
        if following == self.knocker:
            return self.settle(RoundEnd.KNOCK, ())
        self.current = following
        self.taken = -1
        if rules.turn_limit and self.knocker == -1 and self.turns >= rules.turn_limit * self.players:
            return self.settle(RoundEnd.TURN_LIMIT, ())
        if rules.board_refresh and self.passes >= self.players:
            old = self.board
            pile = self.discards + old
            if len(self.stock) < 3:
                self.rng.shuffle(pile)
                self.stock = pile + self.stock
                pile = []
            self.board = [self.stock.pop() for _ in range(3)]
            self.discards = pile
            self.passes = 0
        if not self.stock and not rules.has_board and rules.stock_out is StockOut.RESHUFFLE and len(self.discards) > 1:
            self.stock = self.discards[:-1]
            self.rng.shuffle(self.stock)
            self.discards = self.discards[-1:]
        return None

    def settle(self, reason: RoundEnd, showed: tuple[int, ...]) -> GameState:
        hands = tuple(tuple(FULL_DECK[c] for c in hand) for hand in self.hands)
        state = self.state.evolve(hands=hands, knocker=self.knocker, log=())
        return judge.settle(state, reason, showed, [])[0]
