"""The guided first game's opponents: while the lesson runs they draw and throw the drawn card back
(the lesson's decks decide what they show), then they play at a real level."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..model import Action, Discard, DrawStock, Observation
from .base import Bot


@dataclass(frozen=True)
class LessonBot:
    """Plays the lesson's rounds by rote, the rest of the game as ``then`` does.

    Rote keeps the lesson's cards where its sentences say they are: each turn it draws from the
    stock and discards the card it drew. It sees only its seat's observation, like every bot.
    """

    then: Bot
    """The bot that plays every round after the lesson's."""
    lesson_rounds: int
    """How many rounds, from the first, the lesson scripts."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Draw, then throw the drawn card back, during the lesson; ``then``'s choice after it."""
        if observation.round_number <= self.lesson_rounds:
            legal = observation.legal_actions
            if DrawStock() in legal:
                return DrawStock()
            if observation.drawn is not None and Discard(observation.drawn) in legal:
                return Discard(observation.drawn)
        return self.then.choose(observation, rng)
