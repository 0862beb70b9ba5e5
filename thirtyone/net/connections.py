"""The host's open connections: who said hello, for which seat, who hears the table, and who is flooding.

Limits (``docs/network.md``): a client's refused messages and its messages per
second are counted over the last second; past either limit the host hangs up.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from ..i18n import N_
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
        self.cued = 0
        """The last Quick Draw cue handed to this connection: an answer to a later one came before its cue."""
        self.sent_observation: dict[str, Any] | None = None
        """The observation data of the last state sent (the next state is its delta); ``None``: none yet."""
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


class Connections:
    """Every open connection of one table, welcomed or not (at most ``limit`` at once)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: set[Client] = set()

    def __iter__(self) -> Iterator[Client]:
        return iter(list(self._open))

    @property
    def full(self) -> bool:
        """Whether another connection would be one too many."""
        return len(self._open) >= self.limit

    def add(self, client: Client) -> None:
        """A new connection, not yet welcomed."""
        self._open.add(client)

    def discard(self, client: Client) -> None:
        """The connection ended (or was replaced)."""
        self._open.discard(client)

    def holds(self, seat: int) -> bool:
        """Whether some open connection plays ``seat``."""
        return any(client.seat == seat for client in self._open)

    def listeners(self) -> list[Client]:
        """The connections that hear the table: those whose hello was answered."""
        return [client for client in self._open if client.welcomed]

    def take_over(self, seat: int, newcomer: Client) -> None:
        """The seat's token came back on a new connection: the old one (dead or stolen) is closed."""
        for client in list(self._open):
            if client is not newcomer and client.seat == seat:
                client.seat = None
                self._open.discard(client)
                asyncio.ensure_future(client.ws.close(1000, N_("your seat was taken over by a reconnect")))

    async def broadcast(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every listener at once."""
        await asyncio.gather(*(client.send(message) for client in self.listeners()))
