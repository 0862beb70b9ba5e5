"""Plug-in bots: someone else's code in a seat, loaded by import path and kept on a short leash.

A plug-in is loaded and asked for every decision on a daemon thread with a time
bound, and its answer must be one of the legal actions. Whatever goes wrong
(an import that fails or hangs, a factory that raises, a ``choose`` that raises,
sleeps, or returns ``None`` or an illegal action) becomes one ``BotFailure``
naming the bot and the decision; a stuck thread is left behind as a daemon, so
it never keeps the process alive.
"""

from __future__ import annotations

import importlib
import random
import threading
from typing import Callable, TypeVar

from ..model import Action, Observation, Phase, format_cards
from .base import Bot

DECISION_TIMEOUT_S = 5.0
"""How long a plug-in may think about one decision (or take to load) before it counts as failed."""
TIMEOUT_RANGE_S = (0.01, 600.0)
"""The time bounds a caller may choose instead of the default."""

T = TypeVar("T")


class BotFailure(Exception):
    """A plug-in bot failed: the message names the bot, the decision and what went wrong."""


def is_plugin(spec: str) -> bool:
    """Whether a seat spec names a plug-in (``module.path:factory``) rather than a level."""
    return ":" in spec


class PluginBot:
    """A plug-in bot behind a time bound and a legality check; failures raise ``BotFailure``."""

    def __init__(self, spec: str, inner: Bot, timeout_s: float = DECISION_TIMEOUT_S) -> None:
        self.spec = spec
        self.inner = inner
        self.timeout_s = timeout_s

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The plug-in's answer, if it is legal and comes in time."""
        decision = describe_decision(observation)
        action = bounded_call(lambda: self.inner.choose(observation, rng), self.timeout_s,
                              f"bot {self.spec!r} failed on {decision}")
        if action not in observation.legal_actions:
            raise BotFailure(f"bot {self.spec!r} failed on {decision}: it returned {action!r}, not a legal action")
        return action


def load_plugin(spec: str, timeout_s: float = DECISION_TIMEOUT_S) -> PluginBot:
    """Import ``module.path:factory``, call the factory and check it made a bot; ``BotFailure`` if not."""
    module_name, _, attribute = spec.partition(":")

    def load() -> Bot:
        factory = getattr(importlib.import_module(module_name), attribute)
        return factory()  # type: ignore[no-any-return]

    bot = bounded_call(load, timeout_s, f"cannot load bot {spec!r}")
    if not callable(getattr(bot, "choose", None)):
        raise BotFailure(f"cannot load bot {spec!r}: it did not return a bot (it needs a choose(observation, rng) method)")
    return PluginBot(spec, bot, timeout_s)


def bounded_call(work: Callable[[], T], timeout_s: float, failing: str) -> T:
    """``work()`` on a daemon thread; its result, or ``BotFailure("<failing>: why")`` if it raises or overruns."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["result"] = work()
        except BaseException as error:  # SystemExit and the like from foreign code are failures too
            box["error"] = error

    thread = threading.Thread(target=run, name="plug-in bot", daemon=True)
    thread.start()
    thread.join(timeout_s)
    if thread.is_alive():
        raise BotFailure(f"{failing}: no answer within {timeout_s:g} s")
    if "error" in box:
        error = box["error"]
        raise BotFailure(f"{failing}: it raised {type(error).__name__}: {error}")
    return box["result"]  # type: ignore[return-value]


def describe_decision(observation: Observation) -> str:
    """The decision in a few words: round, turn, what the seat held and could do."""
    legal = ", ".join(str(a) for a in observation.legal_actions)
    if observation.phase is Phase.DEAL:
        return f"round {observation.round_number + 1}, the deal (seat {observation.seat + 1}; legal: {legal})"
    held = format_cards(observation.hand)
    return (f"round {observation.round_number}, turn {observation.turns_taken + 1} "
            f"(seat {observation.seat + 1} holding {held}; legal: {legal})")
