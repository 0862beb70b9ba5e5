"""A plug-in bot for the tests (``--bot tests.net.slow_bot:make``): Casual's moves, 20 ms each, so a game lasts
long enough for a test to stop its host in the middle."""

from __future__ import annotations

import random
import time

from thirtyone.bots import make_bot
from thirtyone.model import Action, Observation


class SlowBot:
    """Casual, thinking 20 ms per decision."""

    def __init__(self) -> None:
        self._inner = make_bot("casual")

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        time.sleep(0.02)
        return self._inner.choose(observation, rng)


def make() -> SlowBot:
    """The factory ``thirtyone join --bot tests.net.slow_bot:make`` calls."""
    return SlowBot()
