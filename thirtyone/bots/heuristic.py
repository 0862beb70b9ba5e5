"""The shape every heuristic bot shares: one decision per phase, each a hook to override.

``HeuristicBot.choose`` routes a turn to ``draw_turn`` (stock and discard pile),
``board_turn`` (board and commerce), ``discard`` or the dealer's ``dealer_choice``; levels differ in the hooks
``wants_knock``, ``wants_take``, ``rank_discards`` and ``swap_score``.
"""

from __future__ import annotations

import random

from ..model import Action, Card, Discard, Observation, Phase, Swap, SwapAll
from ..model.actions import DRAW, KEEP, KNOCK, NEW_CARDS, PASS, TAKE, TAKE_SPARE, discard_action
from ..model.turns import following_seat, knock_comes_round
from .hands import best_with, expected_after_draw, expected_hand, keep_options, value_of
from .sure31 import sure_31
from .tracking import passes_in_row, remember


LONG_ROUND_LAPS = 10
"""After this many turns per player a bot knocks whenever it may.

Two bots on a board can trade the same cards back and forth for ever (measured:
8 of 24 heads-up London games between Sharp and Beginner or Casual never ended);
a person at the table would knock long before that.
"""


def round_drags_on(observation: Observation) -> bool:
    """Whether the round has gone on so long that any knock beats playing on."""
    return observation.turns_taken >= LONG_ROUND_LAPS * len(observation.active_seats)


def may_knock_second(observation: Observation) -> bool:
    """Whether a knock now would be the lap's second, ending the round at once (``Rules.second_knock_ends``)."""
    return observation.knocker != -1 and observation.rules.second_knock_ends and KNOCK in observation.legal_actions


def others_still_to_play(observation: Observation) -> bool:
    """Whether anyone plays after this seat before the knock comes round: a second knock stops only them."""
    tokens, seat = observation.tokens, observation.seat
    return not knock_comes_round(tokens, seat, following_seat(tokens, seat), observation.knocker)


class HeuristicBot:
    """A bot built from per-phase hooks; subclasses set the style."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """One of ``observation.legal_actions``."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        thirty_one = sure_31(observation)
        if thirty_one is not None:
            return thirty_one
        if observation.phase is Phase.DISCARD:
            return self.discard(observation, rng)
        if observation.phase is Phase.CHOOSE:
            return self.dealer_choice(observation, rng)
        if observation.rules.has_board:
            return self.board_turn(observation, rng)
        return self.draw_turn(observation, rng)

    # -- the dealer's choice ---------------------------------------------------

    def dealer_choice(self, observation: Observation, rng: random.Random) -> Action:
        """Keep the dealt hand unless the unseen spare is worth more on average (``spare_margin``:
        how much more it must be worth; a careless bot's margin wobbles)."""
        value = value_of(observation.hand, observation.rules)
        spare = expected_hand(remember(observation).unseen, observation.rules)
        return TAKE_SPARE if spare > value + self.spare_margin(rng) else KEEP

    def spare_margin(self, rng: random.Random) -> float:
        """Points the spare must be worth above the dealt hand before it is taken."""
        return 0.0

    # -- draw-and-discard play -------------------------------------------------

    def draw_turn(self, observation: Observation, rng: random.Random) -> Action:
        """Knock, take the face-up card, draw blind, or (empty stock) pass."""
        legal = observation.legal_actions
        value = value_of(observation.hand, observation.rules)
        top = observation.top_discard
        if may_knock_second(observation):
            rules = observation.rules
            drawn = expected_after_draw(observation.hand, remember(observation).unseen, rules)
            taken = best_with(observation.hand, top, rules) if top is not None and TAKE in legal else value
            if self.wants_second_knock(observation, max(drawn, taken) - value):
                return KNOCK
        elif KNOCK in legal and self._knocks(observation, value, rng):
            return KNOCK
        if TAKE in legal and top is not None:
            if DRAW not in legal:  # empty stock: declining ends the round
                gain = best_with(observation.hand, top, observation.rules) > value
                return TAKE if gain or PASS not in legal else PASS
            if self.wants_take(observation, top, rng):
                return TAKE
        if DRAW in legal:
            return DRAW
        return PASS if PASS in legal else legal[0]

    def discard(self, observation: Observation, rng: random.Random) -> Action:
        """Throw the card ``rank_discards`` likes least; knock with it if allowed and wanted."""
        legal = observation.legal_actions
        allowed = [a.card for a in legal if isinstance(a, Discard) and not a.knock]
        card = self.rank_discards(observation, allowed, rng)[0]
        knock = discard_action(card, True)
        if knock in legal:
            rest = tuple(c for c in observation.hand if c is not card)
            if self._knocks(observation, value_of(rest, observation.rules), rng):
                return knock
        return discard_action(card)

    # -- board play --------------------------------------------------------------

    def board_turn(self, observation: Observation, rng: random.Random) -> Action:
        """Swap with the board when it helps enough, otherwise knock or pass."""
        legal = observation.legal_actions
        rules = observation.rules
        hand = observation.hand
        value = value_of(hand, rules)
        may_knock = KNOCK in legal and observation.knocker == -1
        if may_knock and self._knocks(observation, value, rng):
            return KNOCK
        best: tuple[float, Action] = (self.hold_score(observation) + self.pass_margin(observation), PASS)
        for action in legal:
            if isinstance(action, Swap):
                after = tuple(action.take if c is action.give else c for c in hand)
                score = self.swap_score(observation, after, action.give, rng)
            elif isinstance(action, SwapAll):
                score = self.swap_score(observation, observation.board, None, rng)
            else:
                continue
            if score > best[0]:
                best = (score, action)
        if may_knock_second(observation):
            if self.wants_second_knock(observation, _value_after(observation, best[1]) - value):
                return KNOCK
        if best[1] is PASS and NEW_CARDS in legal:
            return NEW_CARDS  # nothing in a 7-8-9 middle helps: three new cards, and the turn goes on
        if best[1] is PASS and passes_in_row(observation) >= len(observation.active_seats) - 1:
            return self.break_stalemate(observation, legal, rng)
        if best[1] is PASS and PASS not in legal:
            return self.least_harm(observation, legal)
        return best[1]

    @staticmethod
    def least_harm(observation: Observation, legal: tuple[Action, ...]) -> Action:
        """The swap that leaves the best hand, when passing is not allowed (``pass_once``,
        ``pass_first_and_last_lap``) and nothing helps."""
        swaps = [a for a in legal if isinstance(a, Swap)]
        if not swaps:
            return legal[0]
        hand = observation.hand
        return max(swaps, key=lambda a: (value_of(tuple(a.take if c is a.give else c for c in hand),
                                                  observation.rules), -a.give.index, -a.take.index))

    def break_stalemate(self, observation: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        """Everyone passed since our last turn and the board will not change by itself:
        knock if we may, else make the least harmful swap so the round can move on."""
        if KNOCK in legal and observation.knocker == -1:
            return KNOCK
        if (observation.knocker != -1 or observation.rules.board_refresh) and PASS in legal:
            return PASS
        if not any(isinstance(a, Swap) for a in legal) and PASS in legal:
            return PASS
        return self.least_harm(observation, legal)

    # -- hooks ---------------------------------------------------------------------

    def _knocks(self, observation: Observation, value: float, rng: random.Random) -> bool:
        """The style's wish to knock, overruled once the round drags on."""
        return self.wants_knock(observation, value, rng) or round_drags_on(observation)

    def wants_knock(self, observation: Observation, value: float, rng: random.Random) -> bool:
        """Whether to knock holding a hand worth ``value``."""
        return value >= knock_threshold_by_players(len(observation.active_seats))

    def wants_second_knock(self, observation: Observation, gain: float) -> bool:
        """After a knock, whether to knock too and end the round at once, when our own best move would
        add ``gain`` to the hand: the players still to play after us then get no last turn to improve."""
        return others_still_to_play(observation) and gain <= self.second_knock_margin(observation)

    def second_knock_margin(self, observation: Observation) -> float:
        """The largest gain of our own move we give up to end the round with a second knock.

        0 for the plain levels: they knock second only when nothing improves their hand, where the
        knock costs nothing (the players after them can only catch up)."""
        return 0.0

    def wants_take(self, observation: Observation, top: Card, rng: random.Random) -> bool:
        """Whether to take the face-up card instead of drawing blind."""
        return best_with(observation.hand, top, observation.rules) > value_of(observation.hand, observation.rules)

    def rank_discards(self, observation: Observation, allowed: list[Card], rng: random.Random) -> list[Card]:
        """Allowed discards, the one to throw first."""
        options = [card for _, card in keep_options(observation.hand, observation.rules) if card in allowed]
        return options

    def swap_score(self, observation: Observation, after: tuple[Card, ...], give: Card | None,
                   rng: random.Random) -> float:
        """How good the hand ``after`` a swap is (``give`` is the card put on the board)."""
        return value_of(after, observation.rules)

    def hold_score(self, observation: Observation) -> float:
        """How good the hand held now is, on ``swap_score``'s scale: passing is compared with it."""
        return value_of(observation.hand, observation.rules)

    def pass_margin(self, observation: Observation) -> float:
        """How much better than the current hand a swap must score to be made."""
        return 0.0


def _value_after(observation: Observation, action: Action) -> float:
    """The hand's value after a board move (a pass leaves it as it is)."""
    hand, rules = observation.hand, observation.rules
    if isinstance(action, Swap):
        return value_of(tuple(action.take if c is action.give else c for c in hand), rules)
    if isinstance(action, SwapAll):
        return value_of(observation.board, rules)
    return value_of(hand, rules)


def knock_threshold_by_players(players: int) -> float:
    """A plain knocking threshold: more players, less risk of being the lowest."""
    return float(max(22, 29 - players))
