"""Work in a worker process that the window polls and never waits for (the daily's par, a game's accuracy).

``ProcessJob(task, argument)`` runs the top-level function ``task(argument)`` in a spawned
daemon process (spawn, not fork: the window's threads and pygame are not copied; the frozen
build calls ``multiprocessing.freeze_support``). The answer must be plain data. ``result()``
never blocks; a task that raises, or a worker that dies, sets ``failed``. Closing the window
stops a worker still busy (it is a daemon, and ``cancel`` terminates it).
"""

from __future__ import annotations

import logging
import multiprocessing
from typing import Any, Callable

log = logging.getLogger(__name__)


def _run(task: Callable[[Any], Any], argument: Any, sender: Any) -> None:
    try:
        sender.send((True, task(argument)))
    except Exception as error:  # noqa: BLE001 — reported as a failed job, never as a traceback in the window
        sender.send((False, repr(error)))
    finally:
        sender.close()


class ProcessJob:
    """``task(argument)`` in a worker process; ``result()`` is ``None`` until its answer is in."""

    def __init__(self, task: Callable[[Any], Any], argument: Any, name: str = "thirtyone-job") -> None:
        self.failed = False
        self.done = False
        self._value: Any = None
        context = multiprocessing.get_context("spawn")
        self._receiver, sender = context.Pipe(duplex=False)
        self._process = context.Process(target=_run, args=(task, argument, sender), daemon=True, name=name)
        try:
            self._process.start()
        except (OSError, RuntimeError) as error:  # no process to be had (limits, a locked-down system)
            log.warning("cannot start %s: %s", name, error)
            self.failed = self.done = True
        finally:
            sender.close()

    def result(self) -> Any:
        """The task's answer, or ``None`` while it works (or if it failed: see ``failed``)."""
        if self.done:
            return self._value
        try:
            if not self._receiver.poll():
                if not self._process.is_alive() and not self._receiver.poll():
                    self.failed = self.done = True
                return None
            ok, value = self._receiver.recv()
        except (EOFError, OSError):
            ok, value = False, None
        self.done, self.failed = True, not ok
        self._value = value if ok else None
        self._process.join(timeout=0)
        return self._value

    def cancel(self) -> None:
        """Stop the worker if it is still busy."""
        if self._process.pid is not None and self._process.is_alive():
            self._process.terminate()
        self._receiver.close()
