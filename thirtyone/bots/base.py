"""The one protocol every bot follows, and the uniformly random bot.

A bot is handed a seat's ``Observation`` (never the game state) and a seeded
``random.Random``; it returns one of ``observation.legal_actions``. The same
observation and the same generator state always give the same action.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Protocol, runtime_checkable

from ..model import Action, Observation
from .sure31 import sure_31

PLAY_VERSION = 2
"""Raise when any level, or the play-out policy, would play a position otherwise: the coach's kept
answers and lines are keyed by it (``coach.review.KEPT_VERSION``). 2: every level shows a sure 31
(``sure31``), the Expert searches its swaps."""


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(observation, rng) -> action`` can take a seat."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Pick one of ``observation.legal_actions``."""
        ...


@dataclass(frozen=True)
class BotLevel:
    """A bot level as players see it: id, display name, a one-line personality, and a maker."""

    id: str
    name: str
    personality: str
    make: Callable[[], Bot]


class RandomBot:
    """Picks uniformly among the legal actions, except that it always shows a sure 31 (``sure31``).
    For tests and as a baseline."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """A uniformly random legal action, or the move that shows 31 at once when there is one."""
        thirty_one = sure_31(observation)
        return thirty_one if thirty_one is not None else rng.choice(observation.legal_actions)
