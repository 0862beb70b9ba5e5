"""Opponent styles the bots were never tuned on, for ``bench_unseen.py`` (not shipped with the game).

Each is a plain ``HeuristicBot`` with one temper changed, written from how people are
seen to play 31 rather than from our own levels: they count their hand, never track
the pile and never bluff. Load them as plug-ins: ``unseen_opponents:early_knocker``.
"""

from __future__ import annotations

import random

from thirtyone.bots.hands import best_with, suit_points, value_of
from thirtyone.bots.heuristic import HeuristicBot
from thirtyone.bots.sharp import SharpBot
from thirtyone.model import Action, Card, Observation
from thirtyone.model.actions import KEEP


class EarlyKnocker(HeuristicBot):
    """Knocks as soon as it holds 21, at any table: the player who hates long rounds."""

    def wants_knock(self, observation: Observation, value: float, rng: random.Random) -> bool:
        return value >= 21


class LateKnocker(HeuristicBot):
    """Knocks only on 29 or better: the passive player who waits for a near-perfect hand."""

    def wants_knock(self, observation: Observation, value: float, rng: random.Random) -> bool:
        return value >= 29


class GreedyTaker(HeuristicBot):
    """Takes every face-up card of its best suit or worth ten, and knocks on 25: builds fast, shows it."""

    def wants_take(self, observation: Observation, top: Card, rng: random.Random) -> bool:
        hand = observation.hand
        points = suit_points(hand)
        best_suit = max(range(len(points)), key=points.__getitem__)
        return (top.suit == best_suit or top.value >= 10
                or best_with(hand, top, observation.rules) > value_of(hand, observation.rules))

    def wants_knock(self, observation: Observation, value: float, rng: random.Random) -> bool:
        return value >= 25


class Wildcard(HeuristicBot):
    """Knocks anywhere from 20 to 28, drawn afresh each turn: the player nobody can read."""

    def wants_knock(self, observation: Observation, value: float, rng: random.Random) -> bool:
        return value >= rng.randint(20, 28)


def early_knocker() -> EarlyKnocker:
    """Plug-in factory: ``unseen_opponents:early_knocker``."""
    return EarlyKnocker()


def late_knocker() -> LateKnocker:
    """Plug-in factory: ``unseen_opponents:late_knocker``."""
    return LateKnocker()


def greedy_taker() -> GreedyTaker:
    """Plug-in factory: ``unseen_opponents:greedy_taker``."""
    return GreedyTaker()


def wildcard() -> Wildcard:
    """Plug-in factory: ``unseen_opponents:wildcard``."""
    return Wildcard()


class AlwaysKeeps(SharpBot):
    """Sharp in every way but one: as dealer it always keeps the hand it dealt itself and never takes
    the spare. ``bench_dealer_choice.py`` compares it with Sharp to measure the dealer's choice."""

    def dealer_choice(self, observation: Observation, rng: random.Random) -> Action:
        return KEEP


def always_keeps() -> AlwaysKeeps:
    """Plug-in factory: Sharp that never takes the spare hand."""
    return AlwaysKeeps()
