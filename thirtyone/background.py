"""Work in a worker process that the window polls and never waits for (the daily's par, a game's accuracy).

``ProcessJob(task, argument)`` runs the top-level function ``task(argument)`` in a spawned
daemon process (spawn, not fork: the window's threads and pygame are not copied; the frozen
build calls ``multiprocessing.freeze_support``), owned by ``workers``. The answer must be plain
data. ``result()`` never blocks; a task that raises, or a worker that dies, sets ``failed``.
``cancel`` stops a worker still busy, and so does closing the window (``workers.stop_all``).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from . import workers

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
        self._receiver, sender = workers.context().Pipe(duplex=False)
        self._process: Any = None
        try:
            self._process = workers.start_process(_run, (task, argument, sender), name)
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
                if (self._process is None or not self._process.is_alive()) and not self._receiver.poll():
                    self.failed = self.done = True
                return None
            ok, value = self._receiver.recv()
        except (EOFError, OSError):
            ok, value = False, None
        self.done, self.failed = True, not ok
        self._value = value if ok else None
        if self._process is not None:
            self._process.join(timeout=0)
        return self._value

    def cancel(self) -> None:
        """Stop the worker if it is still busy."""
        if self._process is not None:
            workers.stop_process(self._process)
        self._receiver.close()
