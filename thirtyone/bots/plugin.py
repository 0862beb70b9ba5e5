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
from concurrent.futures import Future, InvalidStateError
from typing import Callable, TypeVar

from ..model import Action, Observation, Phase, format_cards
from .base import Bot

DECISION_TIMEOUT_S = 5.0
"""How long a plug-in may think about one decision (or take to load) before it counts as failed."""
TIMEOUT_RANGE_S = (0.01, 600.0)
"""The time bounds a caller may choose instead of the default."""

T = TypeVar("T")


class BotFailure(Exception):
    """A plug-in bot failed: the message names the bot, the decision and what went wrong; ``reason`` is the last."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


def is_plugin(spec: str) -> bool:
    """Whether a seat spec names a plug-in (``module.path:factory``) rather than a level."""
    return ":" in spec


class PluginBot:
    """A plug-in bot behind a time bound and a legality check; failures raise ``BotFailure``."""

    def __init__(self, spec: str, inner: Bot, timeout_s: float | None = None) -> None:
        self.spec = spec
        self.inner = inner
        self.timeout_s = DECISION_TIMEOUT_S if timeout_s is None else timeout_s

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The plug-in's answer, if it is legal and comes in time."""
        return self.choose_later(observation, rng).result()

    def choose_later(self, observation: Observation, rng: random.Random) -> Future[Action]:
        """The same answer as a future that is done (with the action or a ``BotFailure``) within the bound.

        Nothing waits on the plug-in's thread: the window asks this way, so a plug-in
        that never answers holds up neither a frame nor the end of the program.
        """
        decision = describe_decision(observation)

        def decide() -> Action:
            action = self.inner.choose(observation, rng)
            if action not in observation.legal_actions:
                reason = f"it returned {action!r}, not a legal action"
                raise BotFailure(f"bot {self.spec!r} failed on {decision}: {reason}", reason)
            return action
        return bounded(decide, self.timeout_s, f"bot {self.spec!r} failed on {decision}")


def load_plugin(spec: str, timeout_s: float | None = None) -> PluginBot:
    """Import ``module.path:factory``, call the factory and check it made a bot; ``BotFailure`` if not."""
    module_name, _, attribute = spec.partition(":")

    def load() -> Bot:
        factory = getattr(importlib.import_module(module_name), attribute)
        return factory()  # type: ignore[no-any-return]

    bot = bounded(load, DECISION_TIMEOUT_S if timeout_s is None else timeout_s, f"cannot load bot {spec!r}").result()
    if not callable(getattr(bot, "choose", None)):
        raise BotFailure(f"cannot load bot {spec!r}: it did not return a bot (it needs a choose(observation, rng) method)")
    return PluginBot(spec, bot, timeout_s)


def bounded(work: Callable[[], T], timeout_s: float, failing: str) -> Future[T]:
    """``work()`` on a daemon thread, as a future: its result, or ``BotFailure("<failing>: why")``
    if it raises or is not done within ``timeout_s`` (a daemon timer decides; the thread is abandoned)."""
    future: Future[T] = Future()

    def settle(outcome: Callable[[], None]) -> None:
        try:
            outcome()
        except InvalidStateError:
            pass  # the timer and the work raced; the first one counts

    def run() -> None:
        try:
            result = work()
        except BotFailure as failure:
            caught = failure  # the except name is unbound after the block; settle runs now, but say so
            settle(lambda: future.set_exception(caught))
        except BaseException as error:  # SystemExit and the like from foreign code are failures too
            reason = f"it raised {type(error).__name__}: {error}"
            settle(lambda: future.set_exception(BotFailure(f"{failing}: {reason}", reason)))
        else:
            settle(lambda: future.set_result(result))

    def overrun() -> None:
        reason = f"no answer within {timeout_s:g} s"
        settle(lambda: future.set_exception(BotFailure(f"{failing}: {reason}", reason)))

    timer = threading.Timer(timeout_s, overrun)
    timer.daemon = True
    future.add_done_callback(lambda _: timer.cancel())
    timer.start()
    threading.Thread(target=run, name="plug-in bot", daemon=True).start()
    return future


def describe_decision(observation: Observation) -> str:
    """The decision in a few words: round, turn, what the seat held and could do."""
    legal = ", ".join(str(a) for a in observation.legal_actions)
    if observation.phase is Phase.DEAL:
        return f"round {observation.round_number + 1}, the deal (seat {observation.seat + 1}; legal: {legal})"
    held = format_cards(observation.hand)
    return (f"round {observation.round_number}, turn {observation.turns_taken + 1} "
            f"(seat {observation.seat + 1} holding {held}; legal: {legal})")
