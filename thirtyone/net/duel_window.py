"""Quick Draw at a networked table: one draw's answer window, timed by the host's clock alone.

The window opens as the host starts sending the cue; each answer counts the
milliseconds from then until the host received it (so a player's round trip
counts against them, and no client's clock is ever asked: ``docs/old_west.md``).
It closes when every seat that may answer has answered, or after ``window_ms``.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


class DuelWindow:
    """The answers to one draw by ``shooter`` on ``target`` from the remote seats in ``answerers``."""

    def __init__(self, cue: int, shooter: int, target: int, answerers: set[int], window_ms: int) -> None:
        self.cue, self.shooter, self.target = cue, shooter, target
        self.answerers, self.window_ms = answerers, window_ms
        self._answers: dict[int, int] = {}
        self._opened_at: float | None = None
        self._all_in = asyncio.Event()

    def cue_message(self) -> dict[str, Any]:
        """What every connection is sent (public: who draws on whom, and the window)."""
        return {"type": "cue", "cue": self.cue, "shooter": self.shooter, "target": self.target,
                "window_ms": self.window_ms}

    def open(self, now: float) -> None:
        """The cue is about to be sent: the host's clock starts."""
        self._opened_at = now

    def answer(self, seat: int, cue: int, now: float) -> None:
        """A seat fired back; late, repeated or stray answers are ignored like a late key at a local table."""
        if (self._opened_at is None or cue != self.cue or seat not in self.answerers or seat in self._answers):
            return
        self._answers[seat] = int((now - self._opened_at) * 1000)
        if set(self._answers) >= self.answerers:
            self._all_in.set()

    def bar(self, seat: int) -> None:
        """``seat`` answered before it was cued (a pre-sent answer): it has no answer in this draw."""
        self.answerers.discard(seat)
        self._answers.pop(seat, None)
        if set(self._answers) >= self.answerers:
            self._all_in.set()

    async def close(self) -> list[tuple[int, int]]:
        """Wait for every answer or the end of the window; the answers as ``(seat, ms)``."""
        if self.answerers:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._all_in.wait(), self.window_ms / 1000)
        return sorted(self._answers.items())
