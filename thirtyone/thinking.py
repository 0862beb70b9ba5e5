"""Thinking in a worker process the window never waits for: the coach's answers, a game's review.

A search holds Python's interpreter while it runs, so run in the window's process it
stops the frames (issue 37: frames of 22-157 ms while the coach thought). A
``Thinker`` owns one spawned worker process that answers requests in order;
``start(task, argument)`` hands one over and returns a ``Ticket`` at once, and
``Ticket.result()`` (or ``Thinker.poll()``) never blocks: requests reach the pipe
through a sending thread, so a big one or a full pipe never holds the caller. The task is a top-level
function and its argument and answer plain data (they cross a pipe). The worker
starts at the first request and stays for the next ones (starting a Python and
importing the coach costs far more than one answer); a task that raises fails
only its ticket; a worker that dies fails the tickets still open, and the next
request starts a new one. ``close`` stops it; ``workers`` owns the process (the window's
close and the program's exit stop it too).
"""

from __future__ import annotations

import itertools
import logging
import queue
import threading
from typing import Any, Callable

from . import workers

log = logging.getLogger(__name__)

Task = Callable[[Any], Any]


def _serve(requests: Any, answers: Any) -> None:
    """The worker's loop: one request at a time, answered in order, until the pipe closes."""
    while True:
        try:
            number, task, argument = requests.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (number, True, task(argument))
        except Exception as error:  # noqa: BLE001 — a failed request, told to its ticket, never a dead worker
            reply = (number, False, repr(error))
        try:
            answers.send(reply)
        except (OSError, ValueError):
            return


def _send(outbox: queue.SimpleQueue[tuple[Any, tuple[int, Task, Any]] | None]) -> None:
    """The sending thread: requests to the worker's pipe in order, until told to stop (``None``)."""
    while True:
        item = outbox.get()
        if item is None:
            return
        pipe, request = item
        try:
            pipe.send(request)
        except (OSError, ValueError) as error:  # the worker is gone: poll fails the open tickets
            log.warning("cannot send a request to the worker: %s", error)
            return


class Ticket:
    """One request's answer: ``result()`` is ``None`` until it is in (or if it failed: ``failed``)."""

    def __init__(self, thinker: Thinker, number: int) -> None:
        self._thinker, self.number = thinker, number
        self.done = False
        self.failed = False
        self._value: Any = None

    def result(self) -> Any:
        """The answer, or ``None`` while the worker thinks; never waits."""
        if not self.done:
            self._thinker.poll()
        return self._value

    def _settle(self, ok: bool, value: Any) -> None:
        self.done, self.failed = True, not ok
        self._value = value if ok else None


class Thinker:
    """One worker process answering ``start``'s requests in order; nothing here ever blocks."""

    def __init__(self, name: str = "thirtyone-thinker") -> None:
        self.name = name
        self._numbers = itertools.count(1)
        self._open: dict[int, Ticket] = {}
        self._process: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._outbox: queue.SimpleQueue[tuple[Any, tuple[int, Task, Any]] | None] | None = None
        self.starts = 0
        """How many worker processes were started (a dead one is replaced at the next request)."""

    def start(self, task: Task, argument: Any) -> Ticket:
        """Hand ``task(argument)`` to the worker; its ``Ticket`` at once (failed if no worker can start)."""
        ticket = Ticket(self, next(self._numbers))
        if not self._alive() and not self._spawn():
            ticket._settle(False, None)
            return ticket
        self._open[ticket.number] = ticket
        assert self._outbox is not None  # a live worker has its sending thread
        self._outbox.put((self._requests, (ticket.number, task, argument)))
        return ticket

    def poll(self) -> int:
        """Take in the answers that have arrived; how many. A dead worker fails its open tickets."""
        taken = 0
        answers = self._answers
        try:
            while answers is not None and answers.poll():
                number, ok, value = answers.recv()
                ticket = self._open.pop(number, None)
                if ticket is not None:
                    ticket._settle(ok, value)
                    taken += 1
        except (EOFError, OSError):
            self._fail_open()
            return taken
        if self._open and not self._alive():
            self._fail_open()
        return taken

    @property
    def busy(self) -> bool:
        """Whether some request is still unanswered."""
        return bool(self._open)

    @property
    def running(self) -> bool:
        """Whether the worker process is alive (it starts at the first request)."""
        return self._alive()

    def close(self) -> None:
        """Stop the worker (busy or not); open tickets fail."""
        if self._outbox is not None:
            self._outbox.put(None)
            self._outbox = None
        if self._process is not None:
            workers.stop_process(self._process)
        for end in (self._requests, self._answers):
            if end is not None:
                end.close()
        self._process = self._requests = self._answers = None
        self._fail_open()

    def _alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _spawn(self) -> bool:
        if self._process is not None:
            self.close()
        # Spawn, not fork: the window's threads and pygame are not copied into the worker.
        context = workers.context()
        request_reader, request_writer = context.Pipe(duplex=False)
        answer_reader, answer_writer = context.Pipe(duplex=False)
        try:
            process = workers.start_process(_serve, (request_reader, answer_writer), self.name)
        except (OSError, RuntimeError) as error:  # no process to be had (limits, a locked-down system)
            log.warning("cannot start %s: %s", self.name, error)
            for end in (request_reader, request_writer, answer_reader, answer_writer):
                end.close()
            return False
        request_reader.close()
        answer_writer.close()
        self._process, self._requests, self._answers = process, request_writer, answer_reader
        self._outbox = queue.SimpleQueue()
        threading.Thread(target=_send, args=(self._outbox,), name=f"{self.name}-send", daemon=True).start()
        self.starts += 1
        return True

    def _fail_open(self) -> None:
        for ticket in self._open.values():
            ticket._settle(False, None)
        self._open.clear()


_SHARED: dict[str, Thinker] = {}


def shared_thinker(name: str) -> Thinker:
    """The one ``Thinker`` of this name in this process (the coach's, the review's): every table and
    game of a run use the same worker, which stays until the window closes or the program ends
    (``workers.stop_all``; the next request after that starts a new one)."""
    thinker = _SHARED.get(name)
    if thinker is None:
        thinker = _SHARED[name] = Thinker(name)
    return thinker


__all__ = ["Thinker", "Ticket", "shared_thinker"]
