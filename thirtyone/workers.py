"""Every worker process the program starts is owned here: started, tracked, and stopped.

The bots' and the coach's thinker (``thinking``), a background job (``background``), a
plug-in's host (``bots/plugin_host``), a tournament's and the daily's pools all start
their processes through this module, and ``stop_all`` ends every one still alive: the
window calls it when it closes, and it runs at exit (before ``multiprocessing``'s own
exit handler, which waits for its daemon children and so hung for good on one that
ignored SIGTERM).

Each worker is a ``spawn`` child (the same on every platform; the window's threads and
pygame are not copied). Before its task it takes SIGTERM's default back (a script
without ``if __name__ == "__main__"`` is run again in the child, and SDL's handler,
installed if it opens a window, swallows SIGTERM), ignores Ctrl+C (the program decides
when it ends) and, on Linux, asks the kernel to kill it when the thread that started it
ends (``PR_SET_PDEATHSIG``) if that thread is the program's main thread: a parent killed
outright (``kill -9``) then leaves no worker behind either.

A command that may run long wraps its work in ``ending_on_sigterm()``: SIGTERM then raises
``Terminated`` in the main thread, the ``with`` blocks that own pools end them on the way
out, and ``thirtyone`` exits with status 143 and one line that says why.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import weakref
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import SpawnContext, SpawnProcess
from multiprocessing.pool import Pool
from typing import Any, Callable, Iterator

STOP_GRACE_S = 1.0
"""How long a worker has to end after SIGTERM before it is killed outright."""
TERMINATED_STATUS = 128 + signal.SIGTERM
"""The exit status of a command ended by SIGTERM (as a shell reports a process it killed)."""
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>

_processes: weakref.WeakSet[SpawnProcess] = weakref.WeakSet()
_executors: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
_pools: weakref.WeakSet[Pool] = weakref.WeakSet()
_lock = threading.Lock()


class _SigtermState:
    deferring = 0
    """How many ``starting_workers`` blocks are open: SIGTERM waits for the last one to end."""
    pending = False
    """A SIGTERM came while workers were starting."""


class Terminated(SystemExit):
    """SIGTERM arrived while a command ran (``ending_on_sigterm``); its ``code`` is the exit status."""

    def __init__(self) -> None:
        super().__init__(TERMINATED_STATUS)


def context() -> SpawnContext:
    """The one way worker processes start: ``spawn``."""
    return multiprocessing.get_context("spawn")


def follow_parent(parent_pid: int) -> None:
    """Linux: be killed when the thread that started this process ends (``PR_SET_PDEATHSIG``); elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent_pid:  # the parent ended before the request took hold
        os._exit(0)


def prepare_worker(parent_pid: int, follow: bool) -> None:
    """What every worker does first: SIGTERM ends it, Ctrl+C does not, and (``follow``) it dies with its parent."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if follow:
        follow_parent(parent_pid)


def _run_worker(parent_pid: int, follow: bool, target: Callable[..., Any], args: tuple[Any, ...]) -> None:
    prepare_worker(parent_pid, follow)
    target(*args)


def _from_main_thread() -> bool:
    """Whether the calling thread is the main one, which lives as long as the program (see ``follow_parent``)."""
    return threading.current_thread() is threading.main_thread()


def start_process(target: Callable[..., Any], args: tuple[Any, ...], name: str, daemon: bool = True,
                  follow: bool | None = None) -> SpawnProcess:
    """Start ``target(*args)`` in a new worker process, owned here; ``OSError``/``RuntimeError`` if none can start.

    ``follow`` (default: whether this is the main thread) has the kernel kill the worker when the
    starting thread ends; pass ``True`` only from a thread that lives as long as the program.
    """
    follow = _from_main_thread() if follow is None else follow
    process = context().Process(target=_run_worker, args=(os.getpid(), follow, target, args), name=name,
                                daemon=daemon)
    with starting_workers():
        process.start()
        with _lock:
            _processes.add(process)
    return process


def stop_process(process: Any, grace_s: float = STOP_GRACE_S) -> None:
    """End ``process``: SIGTERM, and after ``grace_s`` SIGKILL; returns once it is gone."""
    if process.pid is None:
        return
    if process.is_alive():
        process.terminate()
        process.join(grace_s)
    if process.is_alive():
        process.kill()
    process.join()


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` workers, owned here (its workers are not daemons: a plug-in bot can start its own
    process in one). Leave it with ``end_pool``, not its own ``shutdown``, if something went wrong."""
    pool = ProcessPoolExecutor(jobs, mp_context=context(), initializer=prepare_worker,
                               initargs=(os.getpid(), _from_main_thread()))  # workers start at submit
    with _lock:
        _executors.add(pool)
    return pool


def end_pool(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: queued work is dropped and the games under way are cut off."""
    workers = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        stop_process(worker)
    pool.shutdown(wait=True)


def task_pool(jobs: int) -> Pool:
    """A ``multiprocessing`` pool of ``jobs`` daemon workers, owned here; its ``with`` ends it (``terminate``)."""
    with starting_workers():
        pool = context().Pool(jobs, initializer=prepare_worker, initargs=(os.getpid(), _from_main_thread()))
        with _lock:
            _pools.add(pool)
    return pool


def live_workers() -> list[Any]:
    """The worker processes started here that are still running."""
    found: list[Any] = []
    with _lock:
        found += [process for process in _processes if process.is_alive()]
        for executor in _executors:
            found += [p for p in (executor._processes or {}).values() if p.is_alive()]
        for pool in _pools:
            found += [p for p in getattr(pool, "_pool", ()) if p.is_alive()]
    return found


def stop_all() -> None:
    """End every worker process this program started that is still running (the window's close, and at exit)."""
    with _lock:
        executors, pools, processes = list(_executors), list(_pools), list(_processes)
        _executors.clear()
        _pools.clear()
        _processes.clear()
    for executor in executors:
        end_pool(executor)
    for pool in pools:
        pool.terminate()
    for process in processes:
        stop_process(process)


atexit.register(stop_all)  # registered after multiprocessing's handler, so it runs before it


@contextlib.contextmanager
def starting_workers() -> Iterator[None]:
    """Workers start in this block (a pool's construction, its ``submit``): a SIGTERM meanwhile raises
    ``Terminated`` only at its end, once they are up and owned (a worker cut off while it started
    could not read what it was sent, and said so with a traceback)."""
    _SigtermState.deferring += 1
    try:
        yield
    finally:
        _SigtermState.deferring -= 1
        if not _SigtermState.deferring and _SigtermState.pending:
            _SigtermState.pending = False
            raise Terminated()


def _on_sigterm(_number: int, _frame: Any) -> None:
    if _SigtermState.deferring:
        _SigtermState.pending = True
        return
    raise Terminated()


@contextlib.contextmanager
def ending_on_sigterm() -> Iterator[None]:
    """SIGTERM raises ``Terminated`` in the main thread while the block runs (elsewhere: nothing changes)."""
    if not _from_main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


__all__ = ["STOP_GRACE_S", "TERMINATED_STATUS", "Terminated", "context", "end_pool", "ending_on_sigterm",
           "follow_parent", "live_workers", "process_pool", "prepare_worker", "start_process", "starting_workers",
           "stop_all", "stop_process", "task_pool"]
