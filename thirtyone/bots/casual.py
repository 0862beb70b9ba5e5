"""Casual and Beginner: greedy players, one steady and one fallible."""

from __future__ import annotations

import random

from ..model import Card, Observation
from .hands import keep_options, value_of
from .heuristic import HeuristicBot, knock_threshold_by_players


class CasualBot(HeuristicBot):
    """Improves its hand greedily and knocks at a fixed threshold set by the number of players."""


class BeginnerBot(HeuristicBot):
    """Plays sensibly but slips: now and then a worse discard, a late knock or a rash one."""

    slip_chance = 0.2
    """How often a discard or a swap is the second-best one."""
    rash_chance = 0.08
    """How often a middling hand knocks anyway."""

    def spare_margin(self, rng: random.Random) -> float:
        """A beginner judges the unseen spare by feel: up to three points either way."""
        return rng.uniform(-3.0, 3.0)

    def wants_knock(self, observation: Observation, value: float, rng: random.Random) -> bool:
        """Usually waits for a big hand; sometimes knocks on a middling one."""
        late = knock_threshold_by_players(len(observation.active_seats)) + 2
        if value >= late:
            return True
        return value >= 20 and rng.random() < self.rash_chance

    def wants_take(self, observation: Observation, top: Card, rng: random.Random) -> bool:
        """Takes a card that fits its best suit, or an ace; otherwise draws."""
        hand = observation.hand
        best_suit_card = max(hand, key=lambda c: (c.value, c.index))
        fits = top.suit == best_suit_card.suit or top.rank == 0
        return fits and super().wants_take(observation, top, rng)

    def rank_discards(self, observation: Observation, allowed: list[Card], rng: random.Random) -> list[Card]:
        """The greedy order, but sometimes the first two are swapped by mistake."""
        options = [card for _, card in keep_options(observation.hand, observation.rules) if card in allowed]
        if len(options) > 1 and rng.random() < self.slip_chance:
            options[0], options[1] = options[1], options[0]
        return options

    def swap_score(self, observation: Observation, after: tuple[Card, ...], give: Card | None,
                   rng: random.Random) -> float:
        """Hand value with a little noise: not every good swap is seen."""
        noise = rng.random() * 3 if rng.random() < self.slip_chance else 0.0
        return value_of(after, observation.rules) - noise
