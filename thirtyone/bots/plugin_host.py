"""A plug-in bot's own process: the only place its code runs, ended when it overruns its bound.

A thread cannot stop foreign code, and one long call in C (``sum(range(10**11))``)
holds the interpreter so no timer thread even runs. So each plug-in (``module:factory``) runs in
a worker process of its own (the ``spawn`` context: the same on every platform,
nothing inherited): it imports the module, calls the factory, and answers each
decision it is sent, which holds only the seat's observation and its generator.
The program waits for an answer with a bound and kills the process if none comes;
the next load of that plug-in starts a fresh one.

The worker prints to stderr (its stdout is the program's, which may carry JSON),
ignores Ctrl+C (the program decides when it ends) and is a daemon process owned by
``workers``, so it never outlives a program that exits normally. On Linux it also dies
with a program that is killed (``kill -9``): the kernel is asked to kill it when the
thread that started it ends, so workers are started from one thread that lives as
long as the program.

Messages are tuples. To the worker: ``("make", bot_id)``, ``("choose", bot_id,
observation, rng)``, each with a list of bot ids to forget. From it: ``("started",)``,
``("ok",)``, ``("action", index into legal_actions)`` or ``("failed", reason)``.
"""

from __future__ import annotations

import importlib
import itertools
import os
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

from .. import workers
from ..model import Action, Observation
from ..model.legality import index_among

START_BOUND_S = 60.0
"""How long the worker may take to start Python and import the game, before the plug-in's own bound
starts (not the plug-in's time: a busy machine can take seconds to start a process)."""
REASON_CHARS = 200
"""The longest quoted part of a failure (what the plug-in returned or raised)."""


class HostFailure(Exception):
    """The plug-in's process did not answer as it should; the message is the reason."""


def shorten(text: str, limit: int = REASON_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def describe_object(value: object) -> str:
    """A short ``repr`` of something a plug-in handed back, even if its ``repr`` raises."""
    try:
        return shorten(repr(value))
    except Exception:
        return f"a {type(value).__name__}"


def describe_error(error: BaseException) -> str:
    """``"it raised KeyError: 'no idea'"``, cut short."""
    try:
        text = str(error)
    except Exception:
        text = ""
    return shorten(f"it raised {type(error).__name__}: {text}")


def serve(connection: Connection, spec: str) -> None:
    """The worker process: load and ask the plug-in's bots as told, until the pipe closes."""
    try:
        os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # even a C extension's output stays off stdout
    except (AttributeError, OSError, ValueError):
        pass  # no console (a windowed build): there is no stdout to keep clean
    sys.stdout = sys.stderr
    module_name, _, attribute = spec.partition(":")
    bots: dict[int, Any] = {}
    connection.send(("started",))
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        for forgotten in message[-1]:
            bots.pop(forgotten, None)
        try:
            if message[0] == "make":
                bot = getattr(importlib.import_module(module_name), attribute)()
                if not callable(getattr(bot, "choose", None)):
                    reply: tuple[Any, ...] = ("failed", "it did not return a bot (it needs a choose(observation, rng) method)")
                else:
                    bots[message[1]] = bot
                    reply = ("ok",)
            else:
                _, bot_id, observation, rng, _ = message
                action = bots[bot_id].choose(observation, rng)
                index = index_among(action, observation.legal_actions)
                reply = ("action", index) if index >= 0 else (
                    "failed", f"it returned {describe_object(action)}, not a legal action")
        except BaseException as error:  # SystemExit and the like from foreign code are failures too
            reply = ("failed", describe_error(error))
        try:
            connection.send(reply)
        except OSError:  # the program gave up on this worker or ended: nothing to answer
            return


class PluginHost:
    """The program's end of one plug-in's worker process; one exchange at a time."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._connection, child_end = workers.context().Pipe()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._forgotten: list[int] = []
        try:  # from the starter thread, which lives as long as the program: the worker follows it
            self._process = workers.start_process(serve, (child_end, spec), f"plug-in {spec}", follow=True)
        finally:
            child_end.close()
        self._expect(time.monotonic() + START_BOUND_S, f"its process did not start within {START_BOUND_S:g} s")

    @property
    def alive(self) -> bool:
        """Whether the worker is still there to ask."""
        return self._process.is_alive()

    def make(self, timeout_s: float) -> int:
        """Import the module (the first time) and call the factory: the new bot's id."""
        bot_id = next(self._ids)
        self._exchange(("make", bot_id), timeout_s)
        return bot_id

    def choose(self, bot_id: int, observation: Observation, rng: random.Random, timeout_s: float) -> Action:
        """Bot ``bot_id``'s legal answer to ``observation``; ``HostFailure`` with the reason if none comes."""
        reply = self._exchange(("choose", bot_id, observation, rng), timeout_s)
        index = reply[1] if len(reply) == 2 else -1
        if type(index) is not int or not 0 <= index < len(observation.legal_actions):
            raise HostFailure(f"its process answered {describe_object(reply)}")
        return observation.legal_actions[index]

    def forget(self, bot_id: int) -> None:
        """Let the worker drop a bot no one asks any more (told with the next message)."""
        self._forgotten.append(bot_id)

    def end(self) -> None:
        """Kill the worker, whatever it is doing."""
        if self._process.is_alive():
            self._process.kill()
        self._process.join(5)
        self._connection.close()

    def _exchange(self, message: tuple[Any, ...], timeout_s: float) -> tuple[Any, ...]:
        deadline = time.monotonic() + timeout_s
        # A decision the window gave up on may still be running; it counts against this one's bound.
        if not self._lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise HostFailure(f"no answer within {timeout_s:g} s")
        try:
            forgotten, self._forgotten = self._forgotten, []
            try:
                self._connection.send((*message, forgotten))
            except (OSError, ValueError):
                raise HostFailure(self._ended()) from None
            reply = self._expect(deadline, f"no answer within {timeout_s:g} s")
        finally:
            self._lock.release()
        if reply[0] == "failed":
            raise HostFailure(str(reply[1]))
        return reply

    def _expect(self, deadline: float, overrun: str) -> tuple[Any, ...]:
        """The worker's next message, or ``HostFailure`` (and the worker killed) if none comes by ``deadline``."""
        try:
            ready = self._connection.poll(max(0.0, deadline - time.monotonic()))
            reply = self._connection.recv() if ready else None
        except (EOFError, OSError, ValueError):
            raise HostFailure(self._ended()) from None
        if reply is None:
            self.end()
            raise HostFailure(overrun)
        if not isinstance(reply, tuple) or not reply or reply[0] not in ("started", "ok", "action", "failed"):
            self.end()
            raise HostFailure(f"its process answered {describe_object(reply)}")
        return reply

    def _ended(self) -> str:
        self.end()
        return f"its process ended (exit status {self._process.exitcode})"


_hosts: dict[str, PluginHost] = {}
_hosts_lock = threading.Lock()
_starter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="plug-in starter")
"""Starts every worker, from a thread that lives as long as the program (see ``workers.follow_parent``)."""


def host_for(spec: str) -> PluginHost:
    """The running worker for plug-in ``spec``, started if there is none (or the last one was ended)."""
    with _hosts_lock:
        host = _hosts.get(spec)
        if host is None or not host.alive:
            host = _hosts[spec] = _starter.submit(PluginHost, spec).result()
        return host
