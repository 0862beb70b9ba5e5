"""The seats a hosted table's host plays itself: its own bots, and a stand-in for each player who is away.

A bot thinks on a worker thread on its seat's observation (the host's event loop never
waits); a stand-in of the host's chosen level plays a dropped player's seat until the
player is back. The host drops an answer that comes after the table moved on.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

from ..bots import Bot, make_bot
from ..controller import Match
from ..model import Action
from ..model.rng import bot_seed


class HostBots:
    """Who decides for the seats nobody plays from afar just now."""

    def __init__(self, stand_in_level: str) -> None:
        self.level = stand_in_level
        self.stand_ins: dict[int, Bot] = {}
        self._thinker = ThreadPoolExecutor(1, thread_name_prefix="table-bot")

    def stand_in(self, seat: int) -> None:
        """A bot of the host's chosen level takes ``seat`` while its player is away."""
        self.stand_ins[seat] = make_bot(self.level)

    def give_back(self, seat: int) -> None:
        """The player is back: the stand-in leaves ``seat``."""
        self.stand_ins.pop(seat, None)

    async def decide(self, loop: asyncio.AbstractEventLoop, match: Match) -> Action | None:
        """The current seat's action if the host plays it (a stand-in or one of its bots), else ``None``."""
        seat, number = match.current_seat, match.action_count
        bot = self.stand_ins.get(seat)
        if bot is not None:
            observation = match.observation(seat)
            rng = random.Random(bot_seed(match.record.seed, seat, "turn", number))
            return await loop.run_in_executor(self._thinker, bot.choose, observation, rng)
        request = match.bot_request()
        if request is None:
            return None
        return await loop.run_in_executor(self._thinker, request.decide)

    def shutdown(self) -> None:
        """The table closed: nobody thinks any more."""
        self._thinker.shutdown(wait=False, cancel_futures=True)


__all__ = ["HostBots"]
