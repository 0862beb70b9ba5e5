"""Bots think on a worker thread so frames never wait; answers come back on the main thread."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from ..bots import BotFailure, PluginBot
from ..controller import BotRequest, Match
from ..model import Action
from .plugin_seats import replace_failed_bot


class BotRunner:
    """One pending bot decision at a time, shown for at least ``min_delay_s``."""

    def __init__(self, on_failure: Callable[[str, str], None] | None = None) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._match: Match | None = None
        self.on_failure = on_failure
        """Told ``(notice, detail)`` when a plug-in bot fails and its seat's level takes over."""
        self.request: BotRequest | None = None
        self._future: Future[Action] | None = None
        self.elapsed_s = 0.0

    @property
    def pending(self) -> bool:
        return self.request is not None

    @property
    def seat(self) -> int:
        return self.request.seat if self.request is not None else -1

    def start(self, match: Match) -> bool:
        """Ask the bot to act if one is to play; returns whether it started."""
        if self.request is not None:
            return True
        request = match.bot_request()
        if request is None:
            return False
        self.request = request
        self._match = match
        self.elapsed_s = 0.0
        if isinstance(request.bot, PluginBot):  # on its own daemon thread, bounded in time: never waited for
            self._future = request.bot.choose_later(request.observation, random.Random(request.seed))
        else:
            self._future = self._pool.submit(request.decide)
        return True

    def poll(self, dt: float, min_delay_s: float) -> tuple[BotRequest, Action] | None:
        """The finished decision once it is ready and has been shown long enough."""
        if self.request is None or self._future is None:
            return None
        self.elapsed_s += dt
        if not self._future.done() or self.elapsed_s < min_delay_s:
            return None
        request, future = self.request, self._future
        self.request = self._future = None
        try:
            action = future.result()
        except BotFailure as failure:  # a plug-in: its seat's level plays on (the next start asks it)
            if self._match is not None:
                notice, detail = replace_failed_bot(self._match, request.seat, failure)
                if self.on_failure is not None:
                    self.on_failure(notice, detail)
            return None
        return request, action

    def cancel(self) -> None:
        self.request = self._future = None

    def shutdown(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
