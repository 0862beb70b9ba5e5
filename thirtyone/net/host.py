"""The host of a networked table: a WebSocket server in its own thread, with the one ``Match`` that decides.

This module holds the table's connections: it accepts sockets (at most
``MAX_CONNECTIONS``), waits for each one's hello (``admission`` says who comes
in), seats it, takes a dropped seat's player back with the seat's token, lets
the stand-in bot play a seat whose player stayed away, broadcasts the lobby and
says farewell when the game ends or the host quits. What a seated client's
messages do to the game, and the states every connection gets after an action,
are ``host_game.HostedGame``'s; the host's own bots think in a worker thread
(``host_bots.HostBots``).

Everything that touches the match happens on the host's event loop thread.
Callers use ``start``, ``wait`` and ``stop``, which never block on the network.
"""

from __future__ import annotations

import asyncio
import asyncio.sslproto
import contextlib
import inspect
import logging
import ssl
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, cast

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..controller import Match
from ..i18n import N_
from ..model import Rules
from ..model.record import GameRecord, Seat
from . import messages
from .admission import CodeGuard, admit
from .connections import Client, Connections
from .host_bots import HostBots
from .host_game import HostedGame
from .hosted_save import Autosaver, saved_tokens
from .protocol import MAX_CLIENT_MESSAGE_BYTES
from .refusals import Refusal
from .seating import Seating

log = logging.getLogger(__name__)

HELLO_TIMEOUT_S = 5.0
"""A connection that has not said hello by then is closed (half-open connections hold nothing)."""
MAX_CONNECTIONS = 64
"""Open connections at once; more are closed at once (a table has at most 9 seats and a few spectators)."""
TLS_READ_BUFFER_BYTES = 32 * 1024
"""asyncio's TLS read buffer per connection (its default is 256 KiB, made at accept, before any handshake):
a burst of 1,200 connections to a ``wss://`` table grew the host from 33 MB to 213 MB, and glibc kept it.
A client's frame is at most 4 KiB; a TLS record at most 16 KiB."""
TRIM_EVERY_S = 5.0


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or ``None`` elsewhere (other C libraries give memory back by themselves)."""
    try:
        import ctypes
        return cast(Callable[[int], int], ctypes.CDLL("libc.so.6").malloc_trim)
    except (OSError, AttributeError):
        return None


_MALLOC_TRIM = _malloc_trim()
HOST_QUIT = N_("The host left the table, so the game stops here for everyone. The host keeps it: when the table opens again, join again to play on.")


@dataclass
class TablePlan:
    """What the host chose: rules, seats (``remote`` or a bot level), seed and the stand-in bot's level."""

    rules: Rules
    kinds: list[str]
    preset: str | None = None
    seed: int | None = None
    stand_in: str = "sharp"
    grace_s: float = 10.0
    """How long a dropped player's seat waits, visibly, before the stand-in bot plays it."""
    start_after_s: float | None = None
    """Start this long after opening even if remote seats are still free: bots of the stand-in level take them."""
    names: list[str] | None = None
    """The host's names for the seats (New game's): bots keep theirs; ``None``: numbered names."""


class TableHost:
    """One hosted table. ``start()`` opens it; ``wait()`` until the game ends; ``stop()`` is the host quitting."""

    def __init__(self, plan: TablePlan, code: str, host: str = "127.0.0.1", port: int = 0,
                 ssl_context: ssl.SSLContext | None = None, resume: GameRecord | None = None,
                 save: Callable[[GameRecord, list[str | None]], None] | None = None,
                 hello_timeout_s: float = HELLO_TIMEOUT_S, max_connections: int = MAX_CONNECTIONS) -> None:
        self.plan, self.code = plan, code
        self._bind, self._port, self._ssl = host, port, ssl_context
        self._saver = Autosaver(save)
        self._hello_timeout_s = hello_timeout_s
        if resume is not None:
            self.seating = Seating.resumed(tuple(s.name for s in resume.seats), tuple(s.player for s in resume.seats),
                                           saved_tokens(resume))
            self._resume: GameRecord | None = resume
        else:
            self.seating = Seating.planned(plan.kinds, plan.names)
            self._resume = None
        self._connections = Connections(max_connections)
        self._guard = CodeGuard()
        self.bots = HostBots(plan.stand_in)
        self.game = HostedGame(self.seating, self.bots, self._connections, self._changed)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._finished = threading.Event()
        self._wake: asyncio.Event | None = None
        self._failure: BaseException | None = None
        self.port = 0
        self.quit_by_host = False
        self._cpu_s = 0.0

    # -- the caller's side ---------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """The address clients join (``ws://`` or ``wss://``)."""
        scheme = "wss" if self._ssl else "ws"
        address = self._bind if self._bind not in ("", "0.0.0.0", "::") else "127.0.0.1"
        return f"{scheme}://{address}:{self.port}"

    def start(self, timeout_s: float = 10.0) -> None:
        """Open the table in its own thread; returns once it listens (``OSError`` if it cannot)."""
        self._thread = threading.Thread(target=self._run, name="table-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout_s):
            raise OSError("the table did not open in time")
        if self._failure is not None:
            raise OSError(str(self._failure))

    def wait(self, timeout_s: float | None = None) -> bool:
        """Whether the game ended (or the table closed) within ``timeout_s``."""
        return self._finished.wait(timeout_s)

    def stop(self, message: str = HOST_QUIT) -> None:
        """The host leaves: everyone is told ``message`` and disconnected; the game is kept as it stands."""
        loop = self._loop
        closing = None
        if loop is not None and not loop.is_closed() and self._thread and self._thread.is_alive():
            closing = self._close(message)
            future = asyncio.run_coroutine_threadsafe(closing, loop)
            with contextlib.suppress(Exception):
                future.result(10)
        if self._thread is not None:
            self._thread.join(10)
        if closing is not None and inspect.getcoroutinestate(closing) == inspect.CORO_CREATED:
            closing.close()  # the loop had ended on its own (the game was over): nobody is left to tell
        self.bots.shutdown()
        self._saver.close()

    def begin(self) -> None:
        """Start now, bots filling the remote seats nobody took (the host's Start in the lobby)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._begin, True)

    @property
    def match(self) -> Match | None:
        """The game (``None`` before it started)."""
        return self.game.match

    @property
    def cpu_s(self) -> float:
        """Host CPU time spent handling messages and playing (for the benchmark)."""
        return self._cpu_s + self.game.cpu_s

    @property
    def record(self) -> GameRecord | None:
        """The game so far (``None`` before it started)."""
        return None if self.match is None else self.match.record

    # -- the loop ------------------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # noqa: BLE001 - reported to start() or logged; the host thread ends
            self._failure = error
            log.exception("the table host stopped")
        finally:
            self._ready.set()
            self._finished.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        tls: dict[str, Any] = {}
        if self._ssl is not None:
            # A connection that never finishes its TLS handshake is closed like one that never says hello (the
            # default wait is 60 s), and each holds a small read buffer, not 256 KiB (a process-wide class
            # attribute: this program's only asyncio TLS is this server's).
            asyncio.sslproto.SSLProtocol.max_size = TLS_READ_BUFFER_BYTES
            tls["ssl_handshake_timeout"] = self._hello_timeout_s
        try:
            self._server = await serve(self._handle, self._bind, self._port, ssl=self._ssl, **tls,
                                       max_size=MAX_CLIENT_MESSAGE_BYTES, max_queue=4,
                                       ping_interval=10, ping_timeout=20, close_timeout=2,
                                       open_timeout=self._hello_timeout_s)
        except OSError as error:
            self._failure = error
            return
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else self._port
        if self._ssl is not None:
            self._trim_memory()
        if self._resume is not None:
            self.game.start(Match.from_record(self._resume))
            for seat in self.seating.absent:  # nobody is back yet: each seat waits, visibly, like a drop
                self.seating.away(seat, time.monotonic())
                self._loop.call_later(self.plan.grace_s, self._stand_in, seat)
        if self.match is None and self.plan.start_after_s is not None:
            self._loop.call_later(self.plan.start_after_s, self._begin, True)
        self._ready.set()
        async with self._server:
            await self._drive()

    async def _drive(self) -> None:
        """Play the bots' turns whenever the table changed, until the game ends or the host quits."""
        assert self._wake is not None
        while not self._finished.is_set():
            await self._wake.wait()
            self._wake.clear()
            await self.game.play_bots()
            if self.match is not None and self.match.is_over:
                await self._broadcast_end("game-over", "")
                self._finished.set()

    def _trim_memory(self) -> None:
        """Give the memory of closed TLS connections back to the system every ``TRIM_EVERY_S`` (glibc keeps
        freed OpenSSL buffers otherwise: the host's size stayed at its biggest burst)."""
        if _MALLOC_TRIM is not None:
            _MALLOC_TRIM(0)
        if self._loop is not None and not self._finished.is_set():
            self._loop.call_later(TRIM_EVERY_S, self._trim_memory)

    def _poke(self) -> None:
        if self._wake is not None:
            self._wake.set()

    # -- connections ---------------------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        started = time.process_time()
        client = Client(ws)
        if self._connections.full:
            # Closing words travel in English (N_): the joiner shows them in its own language.
            await ws.close(1013, N_("too many connections: try again later"))
            return
        self._connections.add(client)
        try:
            try:
                raw = await asyncio.wait_for(ws.recv(), self._hello_timeout_s)
            except asyncio.TimeoutError:
                await ws.close(1008, N_("no hello in time"))
                return
            if not await self._greet(client, raw):
                return
            self._cpu_s += time.process_time() - started
            async for raw in ws:
                started = time.process_time()
                if not await self.game.take(client, raw):
                    return
                self._cpu_s += time.process_time() - started
        except ConnectionClosed:
            pass
        finally:
            self._connections.discard(client)
            self._dropped(client)

    async def _greet(self, client: Client, raw: Any) -> bool:
        peer = client.ws.remote_address
        admitted = await admit(raw, self.code, self.seating, self.match is not None, self._guard,
                               str(peer[0]) if peer else "")
        if isinstance(admitted, Refusal):
            return await client.refuse(admitted)
        seat = admitted.seat
        if admitted.returning:
            assert seat is not None
            self._connections.take_over(seat, client)
        client.seat = seat
        if seat is not None and self.seating.back(seat):
            self.bots.give_back(seat)
        token = self.seating.slots[seat].token if seat is not None else None
        rules = self.plan.rules if self.match is None else self.match.rules
        await client.send(messages.welcome(seat, token, rules, self.plan.preset))
        client.welcomed = True
        playing = self.match is not None
        if self.match is None and not self.seating.waiting_for:
            self._begin(False)
        await self._broadcast_lobby()
        if playing and self.match is not None:
            client.sent_events = len(self.match.events)  # the observation's log holds the round so far
            await self.game.send_state(client, joining=True)
        self._poke()
        return True

    def _dropped(self, client: Client) -> None:
        seat = client.seat
        if seat is None or self._finished.is_set():
            return
        if self._connections.holds(seat):
            return
        if self.match is None:
            self.seating.release(seat, seat + 1)
            asyncio.ensure_future(self._broadcast_lobby())
            return
        self.seating.away(seat, time.monotonic())
        assert self._loop is not None
        self._loop.call_later(self.plan.grace_s, self._stand_in, seat)
        asyncio.ensure_future(self._broadcast_lobby())

    def _stand_in(self, seat: int) -> None:
        if not self.seating.hand_to_stand_in(seat, time.monotonic(), self.plan.grace_s):
            return
        self.bots.stand_in(seat)
        asyncio.ensure_future(self._broadcast_lobby())
        self._poke()

    # -- starting, saving and ending -----------------------------------------------------------------------

    def _begin(self, fill: bool) -> None:
        if self.match is not None:
            return
        if self.seating.waiting_for and not fill:
            return
        for seat in self.seating.waiting_for:
            self.seating.fill(seat, self.plan.stand_in)
        seats = [Seat(slot.name, slot.record_player) for slot in self.seating.slots]
        self.game.start(Match.new(self.plan.rules, seats, seed=self.plan.seed, preset=self.plan.preset))
        self._autosave()
        for client in self._connections:
            client.sent_events, client.sent_observation = 0, None
        asyncio.ensure_future(self.game.broadcast_state())
        self._poke()

    def _changed(self) -> None:
        """An action was taken and its states sent: keep the game, and let the bots see the new table."""
        self._autosave()
        self._poke()

    def _autosave(self) -> None:
        if self.match is not None:
            self._saver.keep(self.match.record, self.seating.tokens())

    async def _close(self, message: str) -> None:
        if self.match is None or not self.match.is_over:
            self.quit_by_host = True
            await self._broadcast_end("host-quit", message)
        for client in self._connections:
            with contextlib.suppress(Exception):
                await client.ws.close(1001, N_("the host left"))
        self._finished.set()
        self._poke()

    # -- sending -------------------------------------------------------------------------------------------

    async def _broadcast_lobby(self) -> None:
        await self._connections.broadcast(messages.lobby(self.code, self.match is not None, self.seating,
                                                         time.monotonic(), self.plan.grace_s))

    async def _broadcast_end(self, reason: str, message: str) -> None:
        if reason == "game-over":
            self._autosave()
        await self._connections.broadcast(messages.end(self.match, reason, message))
