"""A fast simulator of the rest of one round, for the Expert's play-outs.

The engine keeps every state immutable and logs every event; a play-out needs
neither. ``finish_round`` plays on from an engine state with plain lists of
card indexes and a greedy policy, then lets the engine's own judge settle the
round. It shares the engine's rules rather than copying them: hands are valued
by ``scoring.hand_value`` (through a table), and a turn ends through the
engine's own ``model.turns`` (next seat, a knock coming round, a shown 31, the
turn limit). Given a ``moves`` list it writes down each move as an engine
action, so tests replay a play-out through the engine move for move.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..model import GameState, Phase
from ..model.cards import ALL_CARDS
from ..model import judge
from ..model.actions import DRAW, KNOCK, PASS, TAKE, Action, SwapAll, discard_action, swap_action
from ..model.dealing import is_laundry, stock_in_order
from ..model.events import RoundEnd, Showed31
from ..model.rule_choices import MAX_SEATS, Exchange, KnockTiming, StockOut, deck_packs
from ..model.rules import Rules
from ..model.scoring import hand_value
from ..model.turns import following_seat, knock_comes_round, shows_31, turn_limit_reached

VALUES = [card.value for card in ALL_CARDS]
SUITS = [card.suit for card in ALL_CARDS]
MAX_TURNS = 200
"""Safety stop: a round still going after this many turns is shown as it stands."""

SWAP_ALL = SwapAll()


ROLLOUT_KNOCK = {2: 25.0, 3: 24.5, 4: 24.0, 5: 23.5, 6: 23.0, 7: 22.5, 8: 22.5}
"""Play-out knocking thresholds by players still in, a little later than Sharp's early knock."""


def knock_threshold(turns: int, players: int) -> float:
    """The play-out knocking threshold: later as the round goes on."""
    laps = turns / players
    return ROLLOUT_KNOCK.get(players, 22.5) + min(2.5, 0.7 * laps) - (1.0 if laps < 1 else 0.0)


class Lean(NamedTuple):
    """How one seat's play-outs tilt the knocking thresholds: its own, and everyone else's.

    The plain play-out (no lean) is the coach's, calibrated against real games.
    """

    seat: int = -1
    """The seat whose thresholds move by ``mine``; every other seat's move by ``others``."""
    mine: float = 0.0
    others: float = 0.0


NO_LEAN = Lean()


_TABLES: dict[Rules, list[float]] = {}
_last: tuple[Rules | None, list[float]] = (None, [])
"""The rules and table asked for last."""
_TABLE_CACHE = 16
"""Value tables kept, one per rule set (a game uses one; tests try many)."""


def table_width(rules: Rules) -> int:
    """The stride of ``value_table``: 52 card indexes for one pack, 104 for two."""
    return 52 * deck_packs(rules.deck)


def value_table(rules: Rules) -> list[float]:
    """``hand_value`` of every three-card hand of the deck, at ``(a * w + b) * w + c`` for the
    ``table_width`` w (52 with one pack): a list lookup beats a call."""
    global _last
    if _last[0] is rules:  # a search asks for one game's rules thousands of times: skip hashing them
        return _last[1]
    table = _TABLES.get(rules)
    if table is None:
        width = table_width(rules)
        table = [0.0] * (width * width * width)
        deck = rules.cards
        count = len(deck)
        for i in range(count):
            for j in range(i + 1, count):
                for k in range(j + 1, count):
                    value = hand_value((deck[i], deck[j], deck[k]), rules)
                    a, b, c = deck[i].index, deck[j].index, deck[k].index
                    for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                        table[(x * width + y) * width + z] = value
        if len(_TABLES) >= _TABLE_CACHE:
            _TABLES.pop(next(iter(_TABLES)))
        _TABLES[rules] = table
    _last = (rules, table)
    return table


_THRESHOLD_TURNS = 64
"""Thresholds stop rising after a few laps; later turns use the last entry."""
_THRESHOLDS = {players: [knock_threshold(turns, players) for turns in range(_THRESHOLD_TURNS)]
               for players in range(2, MAX_SEATS + 1)}


def finish_round(state: GameState, rng: random.Random, moves: list[Action] | None = None,
                 lean: Lean = NO_LEAN) -> GameState:
    """Play the round of ``state`` to its end with the play-out policy; returns the settled state.

    ``moves``, if given, receives every move as an engine action, in order; ``lean``
    moves the knocking thresholds of one seat and of the others.
    """
    if state.phase not in (Phase.TURN, Phase.DISCARD):
        return state
    return _Round(state, rng, moves, lean).play()


class _Round:
    """Mutable working copy of one round in card indexes."""

    def __init__(self, state: GameState, rng: random.Random, moves: list[Action] | None, lean: Lean) -> None:
        rules = state.rules
        self.state = state
        self.rng = rng
        self.moves = moves
        self.rules = rules
        self.table = value_table(rules)
        self.width = width = table_width(rules)
        self.square = width * width
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
        self.passed = list(state.passed)
        self.taken = state.taken.index if state.taken is not None else -1
        self.in_discard = state.phase is Phase.DISCARD
        self.lean = lean
        self.knock_threshold = _THRESHOLDS[self.players]
        self.second_knocker = -1
        self.shown: list[Showed31] = [event for event in state.log if isinstance(event, Showed31)]
        """31s shown this round that did not end it (``Rules.last_lap_after_31``)."""
        self.instant_31 = rules.instant_31

    def threshold(self) -> float:
        """The play-out knocking threshold now (rounds can run long on a stale board)."""
        lean = self.lean
        shift = lean.mine if self.current == lean.seat else lean.others
        return self.knock_threshold[min(self.turns, _THRESHOLD_TURNS - 1)] + shift

    def value(self, hand: list[int]) -> float:
        return self.table[hand[0] * self.square + hand[1] * self.width + hand[2]]

    def may_knock(self, hand: list[int]) -> bool:
        if self.knocker != -1:
            return False
        return self.knock_allowed(hand)

    def may_knock_second(self, hand: list[int]) -> bool:
        """Whether a second knock, ending the round, is legal and stops someone (``Rules.second_knock_ends``)."""
        if self.knocker == -1 or not self.rules.second_knock_ends:
            return False
        seat = self.current
        if knock_comes_round(self.tokens, seat, following_seat(self.tokens, seat), self.knocker):
            return False  # the last to play: a knock would only give up the turn
        return self.knock_allowed(hand)

    def knock_second(self) -> RoundEnd:
        self.second_knocker = self.current
        self.record(KNOCK)
        return RoundEnd.KNOCK

    def knock_allowed(self, hand: list[int]) -> bool:
        """The table's conditions on a knock (``legality.knock_problem``), a knock already made aside."""
        rules = self.rules
        if rules.no_knock_first_lap:
            # A knock after a discard ends that turn: the turn counts as finished (``legality.first_lap``).
            finished = self.turns + (1 if rules.knock_timing is KnockTiming.AFTER_DISCARD else 0)
            if finished < self.players:
                return False
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
            settled = self.end_turn(hand)
            if settled is not None:
                return settled
        return self.settle(RoundEnd.TURN_LIMIT, ())

    def draw_turn(self, hand: list[int], after_discard: bool) -> RoundEnd | None:
        value = self.value(hand)
        top = self.discards[-1] if self.discards else -1
        gain = 0.0
        if top >= 0:
            a, b, c = hand
            table, square, width = self.table, self.square, self.width
            gain = max(value, table[a * square + b * width + top], table[a * square + c * width + top],
                       table[b * square + c * width + top]) - value
        sure_31 = self.instant_31 and gain > 0 and value + gain >= 31  # every level shows a sure 31 (``bots.sure31``)
        if not sure_31 and self.may_knock_second(hand) and value >= self.threshold():
            return self.knock_second()
        if not sure_31 and not after_discard and self.may_knock(hand) and value >= self.threshold():
            self.knocker = self.current
            self.record(KNOCK)
            return None
        if top >= 0:
            if sure_31 or gain >= 1.5 or (not self.stock and gain > 0):
                hand.append(self.discards.pop())
                self.taken = top
                self.record(TAKE)
                self.discard(hand, after_discard)
                return None
        if self.stock:
            hand.append(self.stock.pop())
            self.taken = -1
            self.record(DRAW)
            self.discard(hand, after_discard)
            return None
        self.record(PASS)
        return RoundEnd.STOCK_OUT  # declines the discard with an empty stock

    def discard(self, hand: list[int], after_discard: bool) -> None:
        a, b, c, d = hand
        blocked = -1 if self.rules.may_discard_taken else self.taken
        table, square, width = self.table, self.square, self.width
        best_value, best = -1.0, -1
        for card, rest in ((a, (b, c, d)), (b, (a, c, d)), (c, (a, b, d)), (d, (a, b, c))):
            if card == blocked:
                continue
            value = table[rest[0] * square + rest[1] * width + rest[2]]
            if value > best_value or (value == best_value and VALUES[card] < VALUES[best]):
                best_value, best = value, card
        hand.remove(best)
        self.discards.append(best)
        self.in_discard = False
        knocks = after_discard and self.may_knock(hand) and best_value >= self.threshold()
        if knocks:
            self.knocker = self.current
        if self.moves is not None:
            self.moves.append(discard_action(ALL_CARDS[best], knocks))

    def board_turn(self, hand: list[int]) -> RoundEnd | None:
        value = self.value(hand)
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
        board_value = self.value(board) if self.rules.exchange is Exchange.COMMERCE else 0.0
        swap_all = board_value > best_score
        # A swap to 31 is shown at once: every level makes it rather than knock (``bots.sure31``).
        sure_31 = self.instant_31 and ((best is not None and best_score >= 31) or (swap_all and board_value >= 31))
        if not sure_31 and self.may_knock(hand) and value >= self.threshold():
            self.knocker = self.current
            self.record(KNOCK)
            return None
        if not swap_all and best is None and self.may_knock_second(hand):
            return self.knock_second()  # nothing to gain: stop the players after us instead
        if not swap_all and best is None and not self.may_pass():
            if self.knocker == -1 and self.may_knock(hand):
                self.knocker = self.current
                self.record(KNOCK)
                return None
            best = max(pairs, key=lambda ij: self.value(hand[:ij[0]] + [board[ij[1]]] + hand[ij[0] + 1:]))
        if swap_all:
            self.record(SWAP_ALL)
            hand[:], board[:] = list(board), list(hand)
            self.passes = 0
        elif best is not None:
            self.swap(hand, *best)
        elif self.passes >= self.players - 1 and self.knocker == -1 and self.may_knock(hand):
            self.knocker = self.current
            self.record(KNOCK)
        elif self.passes >= self.players - 1 and self.knocker == -1 and not self.rules.board_refresh:
            i, j = max(pairs, key=lambda ij: self.value(hand[:ij[0]] + [board[ij[1]]] + hand[ij[0] + 1:]))
            self.swap(hand, i, j)
        else:
            self.passes += 1
            if self.rules.pass_once:
                self.passed[self.current] = True
            self.record(PASS)
        return None

    def may_pass(self) -> bool:
        """Whether the current player may pass (``legality.pass_problem`` on the working copy)."""
        rules = self.rules
        if rules.pass_once and self.passed[self.current]:
            return False
        return not (rules.pass_first_and_last_lap and self.knocker == -1 and self.turns >= self.players)

    def swap(self, hand: list[int], i: int, j: int) -> None:
        board = self.board
        if self.moves is not None:
            self.moves.append(swap_action(ALL_CARDS[hand[i]], ALL_CARDS[board[j]]))
        hand[i], board[j] = board[j], hand[i]
        self.passes = 0

    def record(self, action: Action) -> None:
        if self.moves is not None:
            self.moves.append(action)

    def end_turn(self, hand: list[int]) -> GameState | None:
        rules = self.rules
        seat = self.current
        if rules.instant_31 and self.value(hand) >= 31 and shows_31([ALL_CARDS[c] for c in hand], rules):
            if not rules.last_lap_after_31:
                return self.settle(RoundEnd.THIRTY_ONE, (seat,))
            self.shown.append(Showed31((seat,), (tuple(ALL_CARDS[c] for c in hand),)))  # the judge reads it
            if self.knocker == -1:
                self.knocker = seat  # the 31 closes the round as a knock does
        self.turns += 1
        following = following_seat(self.tokens, seat)
        if knock_comes_round(self.tokens, seat, following, self.knocker):
            return self.settle(RoundEnd.KNOCK, ())
        self.current = following
        self.taken = -1
        if turn_limit_reached(rules, self.knocker, self.turns, self.players):
            return self.settle(RoundEnd.TURN_LIMIT, ())
        if rules.board_refresh and self.passes >= self.players:
            if len(self.stock) < 3 and rules.refresh_short is not StockOut.RESHUFFLE:
                return self.settle(RoundEnd.STOCK_OUT, ())
            old = self.board
            pile = self.discards + old
            if len(self.stock) < 3:
                self.rng.shuffle(pile)
                self.stock = pile + self.stock
                pile = []
            self.board = [self.stock.pop() for _ in range(3)]
            self.discards = pile
            self.passes = 0
        while rules.dirty_laundry and len(self.stock) >= 3 and is_laundry(tuple(ALL_CARDS[c] for c in self.board)):
            self.discards = self.discards + self.board
            self.board = [self.stock.pop() for _ in range(3)]
        if not self.stock and not rules.has_board and rules.stock_out is StockOut.RESHUFFLE and len(self.discards) > 1:
            self.stock = self.discards[:-1]
            self.rng.shuffle(self.stock)
            self.discards = self.discards[-1:]
        return None

    def settle(self, reason: RoundEnd, showed: tuple[int, ...]) -> GameState:
        hands = tuple(tuple(ALL_CARDS[c] for c in hand) for hand in self.hands)
        state = self.state.evolve(hands=hands, knocker=self.knocker, log=tuple(self.shown))
        return judge.settle(state, reason, showed, [], self.second_knocker)[0]
