"""Sharp: remembers every public card, reads what opponents collect, knocks by the situation."""

from __future__ import annotations

import functools
import random

from ..model import Card, KnockFails, Observation, Rules
from ..model.rule_choices import Deck
from .hands import best_with, expected_after_draw, expected_hand, keep_options, suit_points, value_of
from .heuristic import HeuristicBot
from .tracking import TableMemory, next_seats, remember

BASE_KNOCK = {2: 25.0, 3: 24.0, 4: 23.5, 5: 23.0, 6: 22.5, 7: 22.0, 8: 22.0}
"""Knocking threshold early in a round, by players still in: fitted on the 52-card deck."""
KNOCK_RAISE_PER_POINT = 1.9
"""How much later Sharp knocks on a short deck, per point a dealt hand is worth there above one dealt
from 52 cards (``deck_raise``): short decks deal higher hands, so a knock must be higher to be safe.

Fitted on ``schwimmen`` (32 cards, where a dealt hand is worth 15.8 against 13.1), Sharp against three
Casual: docs/bots.md, "Sharp's knocks on 32 cards"."""
LAP_STEP = 0.8
"""How much the threshold rises per lap of turns: others' hands improve as the round goes on."""
LAP_CAP = 3.0


def sharp_knock_threshold(observation: Observation, memory: TableMemory | None = None) -> float:
    """The hand value Sharp wants before knocking, from players, seat, turn, lives and penalties."""
    rules = observation.rules
    active = observation.active_seats
    players = len(active)
    if rules.under_the_gun and observation.turns_taken == 0:
        return 17.0 + 8.0 / players  # everyone shows dealt hands at once
    threshold = BASE_KNOCK.get(players, 22.0) + deck_raise(rules.deck)
    laps = observation.turns_taken / players
    if laps < 1:
        threshold -= 1.0  # others have not improved yet
    threshold += min(LAP_CAP, LAP_STEP * laps)
    threshold += 0.75 * (rules.knocker_penalty - 1)
    if rules.knock_fails is KnockFails.NOT_HIGHEST and players > 2:
        threshold += 2.0
    if rules.instant_31:
        threshold += 0.25 * (rules.knocker_penalty_on_31 - 1)
    mine = observation.tokens[observation.seat]
    if mine == 1:
        threshold += 1.5  # cautious on the last life
    if any(observation.tokens[s] == 1 for s in active if s != observation.seat):
        threshold -= 1.0  # a knock now may put someone out
    if memory is not None:
        for seat in active:
            if seat != observation.seat and memory.known[seat]:
                shown = value_of(memory.known[seat], observation.rules)
                threshold = max(threshold, shown + 4.0)  # visibly collecting something big
    return threshold


@functools.cache
def deck_raise(deck: Deck) -> float:
    """Points added to ``BASE_KNOCK`` on ``deck``: 0 on 52 cards, more the higher its dealt hands run."""
    if deck is Deck.FIFTY_TWO:
        return 0.0
    on_deck, on_52 = Rules(deck=deck), Rules()
    return KNOCK_RAISE_PER_POINT * (expected_hand(on_deck.cards, on_deck) - expected_hand(on_52.cards, on_52))


class SharpBot(HeuristicBot):
    """Card-counting, feed-avoiding, situation-aware; every decision from the observation."""

    feed_weight = 0.15
    """How much a card's use to the next player counts against discarding it.

    Small on purpose: it breaks near-ties. Against three Casual bots (800 games,
    same deals) a weight of 0.5 won 30.7% and 0 won 32.8%: giving up hand value
    to starve a neighbour costs more than it saves.
    """

    def wants_knock(self, observation: Observation, value: float, rng: random.Random) -> bool:
        """Knock when the hand beats a threshold shaped by the table."""
        return value >= sharp_knock_threshold(observation, remember(observation))

    def wants_take(self, observation: Observation, top: Card, rng: random.Random) -> bool:
        """Take the face-up card if it beats the average blind draw over the unseen cards."""
        rules = observation.rules
        memory = remember(observation)
        take = best_with(observation.hand, top, rules)
        draw = expected_after_draw(observation.hand, memory.unseen, rules)
        return take > value_of(observation.hand, rules) and take >= draw

    def rank_discards(self, observation: Observation, allowed: list[Card], rng: random.Random) -> list[Card]:
        """Keep the best hand with room to grow; avoid feeding the next player's suit."""
        rules = observation.rules
        memory = remember(observation)
        follower = next_seats(observation)[:1]
        scored = []
        for kept_value, card in keep_options(observation.hand, rules):
            if card not in allowed:
                continue
            rest = tuple(c for c in observation.hand if c is not card)
            room = expected_after_draw(rest, memory.unseen, rules) - kept_value
            score = kept_value + 0.5 * room - self.feed_risk(memory, follower, card)
            scored.append((score, -card.value, card))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [card for _, _, card in scored]

    def swap_score(self, observation: Observation, after: tuple[Card, ...], give: Card | None,
                   rng: random.Random) -> float:
        """Hand value plus a little room, minus what the given card does for the others."""
        score = self._with_room(after, observation.rules)
        if give is not None:
            memory = remember(observation)
            score -= self.feed_risk(memory, next_seats(observation), give)
        return score

    def hold_score(self, observation: Observation) -> float:
        """The hand held now with the same room a swap is scored with: a swap for a card worth the
        same (J♠ for J♣) gains nothing over passing, and is not made lap after lap."""
        return self._with_room(observation.hand, observation.rules)

    @staticmethod
    def _with_room(hand: tuple[Card, ...], rules: Rules) -> float:
        """Hand value plus a little for the second suit's points (room to grow)."""
        return value_of(hand, rules) + 0.1 * sorted(suit_points(hand))[-2]

    def pass_margin(self, observation: Observation) -> float:
        """A swap must gain at least a point over passing."""
        return 0.5

    def feed_risk(self, memory: TableMemory, opponents: list[int], card: Card) -> float:
        """How much handing ``card`` to these opponents (the first matters most) is likely to help them."""
        risk = 0.0
        for rank, seat in enumerate(opponents):
            interest = memory.interest[seat][card.suit]
            if interest > 0:
                risk += self.feed_weight * min(interest, 4.0) * card.value / 11 / (1 + rank)
        return risk
