"""Plug-in bots: someone else's code in a seat, loaded by import path and kept on a short leash.

A plug-in runs in a worker process of its own (``plugin_host``), is loaded and asked
for every decision with a time bound, and its answer must be one of the legal
actions (by type and value). Whatever goes wrong (an import that fails or hangs, a
factory that raises, a ``choose`` that raises, sleeps, computes for ever even in one
call in C, or returns ``None`` or an illegal action) becomes one ``BotFailure``
naming the bot and the decision; a process that overruns its bound is killed.
"""

from __future__ import annotations

import random
import threading
import weakref
from concurrent.futures import Future

from ..model import Action, Observation, Phase, format_cards
from .plugin_host import HostFailure, PluginHost, host_for

DECISION_TIMEOUT_S = 5.0
"""How long a plug-in may think about one decision (or take to load) before it counts as failed."""
TIMEOUT_RANGE_S = (0.01, 600.0)
"""The time bounds a caller may choose instead of the default."""


class BotFailure(Exception):
    """A plug-in bot failed: the message names the bot, the decision and what went wrong; ``reason`` is the last."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


def is_plugin(spec: str) -> bool:
    """Whether a seat spec names a plug-in (``module.path:factory``) rather than a level."""
    return ":" in spec


class PluginBot:
    """A plug-in bot in its worker process, behind a time bound and a legality check; failures raise ``BotFailure``.

    Plug-ins answer only ``choose``: they never draw out of turn or answer a Quick Draw
    (those calls stay in the game's own bots), though a plug-in may draw on its own turn
    when a ``QuickDraw`` is among its legal actions.
    """

    def __init__(self, spec: str, timeout_s: float | None = None) -> None:
        self.spec = spec
        self.timeout_s = DECISION_TIMEOUT_S if timeout_s is None else timeout_s
        self._host: PluginHost | None = None
        self._bot_id = 0

    def load(self) -> PluginHost:
        """Start (or reuse) the plug-in's process and have the factory make this bot there, once;
        ``BotFailure`` (naming the bot) if that fails or overruns the bound."""
        if self._host is not None:
            return self._host
        try:
            host = host_for(self.spec)
            self._bot_id = host.make(self.timeout_s)
        except HostFailure as failure:
            raise BotFailure(f"cannot load bot {self.spec!r}: {failure}", str(failure)) from None
        self._host = host
        weakref.finalize(self, host.forget, self._bot_id)
        return host

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The plug-in's answer, if it is legal and comes in time (loading it first if need be)."""
        host = self.load()
        try:
            return host.choose(self._bot_id, observation, rng, self.timeout_s)
        except HostFailure as failure:
            reason = str(failure)
            raise BotFailure(f"bot {self.spec!r} failed on {describe_decision(observation)}: {reason}", reason) from None

    def choose_later(self, observation: Observation, rng: random.Random) -> Future[Action]:
        """The same answer as a future that is done (with the action or a ``BotFailure``) within the bound.

        A daemon thread waits for the plug-in's process, so nothing else does: the window
        asks this way, and a plug-in that never answers holds up neither a frame nor the
        end of the program (its process is killed when its time is up).
        """
        future: Future[Action] = Future()

        def wait() -> None:
            try:
                future.set_result(self.choose(observation, rng))
            except BaseException as error:
                future.set_exception(error)
        threading.Thread(target=wait, name="plug-in bot", daemon=True).start()
        return future


def load_plugin(spec: str, timeout_s: float | None = None) -> PluginBot:
    """A plug-in bot, loaded now (its process started, the factory called); ``BotFailure`` if it cannot be."""
    bot = PluginBot(spec, timeout_s)
    bot.load()
    return bot


def describe_decision(observation: Observation) -> str:
    """The decision in a few words: round, turn, what the seat held and could do."""
    legal = ", ".join(str(a) for a in observation.legal_actions)
    if observation.phase is Phase.DEAL:
        return f"round {observation.round_number + 1}, the deal (seat {observation.seat + 1}; legal: {legal})"
    held = format_cards(observation.hand)
    return (f"round {observation.round_number}, turn {observation.turns_taken + 1} "
            f"(seat {observation.seat + 1} holding {held}; legal: {legal})")
