"""Bots that tell where they think: the bots' worker process imports them by name, so they live
in a module of their own (a test module is not importable by name in a spawned process)."""

from __future__ import annotations

import os
import random
import time

from thirtyone.model import Action, Observation

WINDOW_PID = "THIRTYONE_TEST_WINDOW_PID"
"""The environment variable holding the test's (the window's) process id; a spawned worker inherits it."""


class WhereBot:
    """Plays the first legal action in the window's process and the last one anywhere else."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        here = os.getpid() == int(os.environ[WINDOW_PID])
        return observation.legal_actions[0 if here else -1]


class SlowBot:
    """Sleeps in a worker process before answering (in the window's process it answers at once)."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if os.getpid() != int(os.environ[WINDOW_PID]):
            time.sleep(60)
        return observation.legal_actions[0]


def wait_for_file(path: str, most_s: float = 300.0) -> str:
    """A worker's task that answers only once ``path`` exists (the test creates it): work that takes as
    long as the test wants, with no guess at the machine's speed. ``most_s`` only bounds a hang."""
    deadline = time.monotonic() + most_s
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.01)
    return path
