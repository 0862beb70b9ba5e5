"""The host's open connections: who said hello, for which seat, and who is flooding.

Limits (``docs/network.md``): a client's refused messages and its messages per
second are counted over the last second; past either limit the host hangs up.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import messages
from .protocol import encode
from .refusals import Refusal

MESSAGES_PER_S = 200
"""A client sending more than this in one second is flooding and is disconnected (a bot playing fast sends
a few dozen: one action per turn of its own)."""
REFUSALS_PER_S = 10
"""A client whose messages were refused more often than this in one second is disconnected: a player
clicks out of turn now and then, only a broken or hostile program does it over and over."""
SEND_TIMEOUT_S = 2.0
"""A message not handed to the network in this long means a reader that stopped reading: it is cut off."""
CLOSE_REASON_BYTES = 120
"""A WebSocket close reason is at most 123 bytes."""


class Client:
    """One open connection: its seat (``None`` for a spectator) once it said hello."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.welcomed = False
        """Whether the hello was answered: only welcomed clients hear the table."""
        self.sent_events = 0
        """How many of the match's events this connection has been sent."""
        self._stamps: list[float] = []
        self._refusals: list[float] = []

    def flooding(self) -> bool:
        """Count one more message; whether this client is now over a limit."""
        now = time.monotonic()
        self._stamps = [stamp for stamp in self._stamps if now - stamp < 1.0] + [now]
        self._refusals = [stamp for stamp in self._refusals if now - stamp < 1.0]
        return len(self._stamps) > MESSAGES_PER_S or len(self._refusals) > REFUSALS_PER_S

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message; a connection that closed meanwhile is left to its handler, and one that
        stopped reading is cut off (its handler ends and its seat counts as dropped)."""
        try:
            await asyncio.wait_for(self.ws.send(encode(message)), SEND_TIMEOUT_S)
        except ConnectionClosed:
            pass
        except asyncio.TimeoutError:
            self.ws.transport.abort()

    async def error(self, reason: Refusal) -> None:
        """Refuse the last message (it changed nothing) and count the refusal."""
        self._refusals.append(time.monotonic())
        await self.send(messages.error(reason))

    async def refuse(self, reason: Refusal) -> bool:
        """Tell the client why and hang up; ``False``, for the handler to stop."""
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(encode(messages.refused(reason)))
            await self.ws.close(1008, str(reason).encode("utf-8")[:CLOSE_REASON_BYTES].decode("utf-8", "ignore"))
        return False
