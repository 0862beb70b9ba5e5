"""The network tests' shared check: no thread of a test (a connection's, a host's, a bot's) outlives it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

SETTLE_S = 10.0
"""How long a test's threads get to end after it (a closed connection's threads end within its close timeout)."""


@pytest.fixture(autouse=True)
def _no_thread_outlives_the_test() -> Iterator[None]:
    """Fail a test whose threads (a websocket client's ``recv_events`` or ``keepalive``, a host, a bot) still
    run ``SETTLE_S`` after it.

    A connection left open lives on into the next test of the same xdist worker and may print a traceback
    there. On CPython 3.11 a traceback's caret anchors come from ``ast.parse``, and two threads parsing at
    once break the ``ast`` module's shared recursion count: a test parsing sources at that moment failed
    with "AST constructor recursion depth mismatch"."""
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + SETTLE_S
    new = [thread for thread in threading.enumerate() if thread not in before]
    for thread in new:
        thread.join(max(0.0, deadline - time.monotonic()))
    alive = [thread.name for thread in new if thread.is_alive()]
    assert alive == [], f"threads of this test still running {SETTLE_S:.0f} s after it: {alive}"
