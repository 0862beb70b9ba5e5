"""The host of a networked table: a WebSocket server in its own thread, with the one ``Match`` that decides.

Clients send actions; ``Match.submit`` checks them exactly as in a local game.
After every action each connection gets its own message: a seat its own
``observation`` (``observe`` is the only door to hidden cards), a spectator
the public view with no hand at all. Nothing from the network is ever run:
actions are read with ``parse_action`` and checked by the engine.

Everything that touches the match happens on the host's event loop thread;
bots think in a worker thread on an observation (``host_bots.HostBots``) and their
answer is dropped if the table moved on meanwhile. Who comes in is ``admission``'s. Callers use ``start``, ``wait`` and ``stop``, which
never block on the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import ssl
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .. import duels
from ..i18n import N_
from ..controller import Accepted, Match, Rejected
from ..model import Action, IllegalActionError, InvalidActionError, QuickDraw, Rules, parse_action
from ..model.record import GameRecord, Seat
from . import messages
from .admission import admit
from .connections import Client
from .host_bots import HostBots
from .duel_window import DuelWindow
from .hosted_save import META_KEY
from .protocol import MAX_CLIENT_MESSAGE_BYTES, ProtocolError, read_client_message
from .refusals import Refusal
from .seating import Seating

log = logging.getLogger(__name__)

HELLO_TIMEOUT_S = 5.0
"""A connection that has not said hello by then is closed (half-open connections hold nothing)."""
MAX_CONNECTIONS = 64
"""Open connections at once; more are closed at once (a table has at most 9 seats and a few spectators)."""
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


class TableHost:
    """One hosted table. ``start()`` opens it; ``wait()`` until the game ends; ``stop()`` is the host quitting."""

    def __init__(self, plan: TablePlan, code: str, host: str = "127.0.0.1", port: int = 0,
                 ssl_context: ssl.SSLContext | None = None, resume: GameRecord | None = None,
                 save: Callable[[GameRecord, list[str | None]], None] | None = None,
                 hello_timeout_s: float = HELLO_TIMEOUT_S, max_connections: int = MAX_CONNECTIONS) -> None:
        self.plan, self.code = plan, code
        self._bind, self._port, self._ssl = host, port, ssl_context
        self._save = save
        self._hello_timeout_s, self._max_connections = hello_timeout_s, max_connections
        self.match: Match | None = None
        if resume is not None:
            tokens = resume.meta.get(META_KEY, {}).get("tokens", []) if isinstance(resume.meta.get(META_KEY), dict) else []
            self.seating = Seating.resumed(tuple(s.name for s in resume.seats), tuple(s.player for s in resume.seats),
                                           tokens)
            self._resume: GameRecord | None = resume
        else:
            self.seating = Seating.planned(plan.kinds)
            self._resume = None
        self._clients: set[Client] = set()
        self.bots = HostBots(plan.stand_in)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._finished = threading.Event()
        self._wake: asyncio.Event | None = None
        self._duel: DuelWindow | None = None
        self._cue_number = 0
        self._actor: int | None = None
        """The seat whose action the next states show (``None`` before the first)."""
        self._saver = ThreadPoolExecutor(1, thread_name_prefix="table-save")
        """Autosaves are written in order on their own thread: a slow disk never delays the table."""
        self._failure: BaseException | None = None
        self.port = 0
        self.quit_by_host = False
        self.cpu_s = 0.0
        """Host CPU time spent handling messages and playing (for the benchmark)."""

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
        self._saver.shutdown(wait=True)

    def begin(self) -> None:
        """Start now, bots filling the remote seats nobody took (the host's Start in the lobby)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._begin, True)

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
        try:
            self._server = await serve(self._handle, self._bind, self._port, ssl=self._ssl,
                                       max_size=MAX_CLIENT_MESSAGE_BYTES, max_queue=4,
                                       ping_interval=10, ping_timeout=20, close_timeout=2,
                                       open_timeout=self._hello_timeout_s)
        except OSError as error:
            self._failure = error
            return
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else self._port
        if self._resume is not None:
            self.match = Match.from_record(self._resume)
            for seat in self.seating.absent:  # nobody is back yet: each seat waits, visibly, like a drop
                self.seating.slots[seat].dropped_at = time.monotonic()
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
            await self._play_bots()
            if self.match is not None and self.match.is_over:
                await self._broadcast_end("game-over", "")
                self._finished.set()

    def _poke(self) -> None:
        if self._wake is not None:
            self._wake.set()

    # -- connections ---------------------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        started = time.process_time()
        client = Client(ws)
        if len(self._clients) >= self._max_connections:
            await ws.close(1013, "too many connections: try again later")
            return
        self._clients.add(client)
        try:
            try:
                raw = await asyncio.wait_for(ws.recv(), self._hello_timeout_s)
            except asyncio.TimeoutError:
                await ws.close(1008, "no hello in time")
                return
            if not await self._greet(client, raw):
                return
            self.cpu_s += time.process_time() - started
            async for raw in ws:
                started = time.process_time()
                if not await self._take(client, raw):
                    return
                self.cpu_s += time.process_time() - started
        except ConnectionClosed:
            pass
        finally:
            self._clients.discard(client)
            self._dropped(client)

    async def _greet(self, client: Client, raw: Any) -> bool:
        admitted = await admit(raw, self.code, self.seating, self.match is not None)
        if isinstance(admitted, Refusal):
            return await client.refuse(admitted)
        seat = admitted.seat
        if admitted.returning:
            assert seat is not None
            self._take_over(seat, client)
        client.seat = seat
        slot = self.seating.slots[seat] if seat is not None else None
        if slot is not None and seat is not None:
            slot.connected, slot.dropped_at = True, None
            if slot.stand_in:
                slot.stand_in = False
                self.bots.give_back(seat)
        rules = self.plan.rules if self.match is None else self.match.rules
        await client.send(messages.welcome(seat, slot.token if slot is not None else None, rules, self.plan.preset))
        client.welcomed = True
        playing = self.match is not None
        if self.match is None and not self.seating.waiting_for:
            self._begin(False)
        await self._broadcast_lobby()
        if playing and self.match is not None:
            client.sent_events = len(self.match.events)  # the observation's log holds the round so far
            await self._send_state(client, joining=True)
        self._poke()
        return True

    def _take_over(self, seat: int, newcomer: Client) -> None:
        """The seat's token came back on a new connection: the old one (dead or stolen) is closed."""
        for client in list(self._clients):
            if client is not newcomer and client.seat == seat:
                client.seat = None
                self._clients.discard(client)
                asyncio.ensure_future(client.ws.close(1000, "your seat was taken over by a reconnect"))

    def _dropped(self, client: Client) -> None:
        seat = client.seat
        if seat is None or self._finished.is_set():
            return
        if any(other.seat == seat for other in self._clients):
            return
        slot = self.seating.slots[seat]
        slot.connected = False
        if self.match is None:
            self.seating.release(seat, seat + 1)
            asyncio.ensure_future(self._broadcast_lobby())
            return
        slot.dropped_at = time.monotonic()
        assert self._loop is not None
        self._loop.call_later(self.plan.grace_s, self._stand_in, seat)
        asyncio.ensure_future(self._broadcast_lobby())

    def _stand_in(self, seat: int) -> None:
        slot = self.seating.slots[seat]
        if slot.connected or slot.dropped_at is None or time.monotonic() - slot.dropped_at < self.plan.grace_s - 0.05:
            return
        slot.stand_in = True
        self.bots.stand_in(seat)
        asyncio.ensure_future(self._broadcast_lobby())
        self._poke()

    async def _take(self, client: Client, raw: Any) -> bool:
        if client.flooding():
            return await client.refuse(Refusal("flooding"))
        try:
            message = read_client_message(raw)
        except ProtocolError as error:
            return await client.refuse(error.refusal)
        kind = message["type"]
        if kind == "bye":
            await client.ws.close(1000, "bye")
            return False
        if kind == "hello":
            return await client.refuse(Refusal("hello-twice"))
        if client.seat is None or self.match is None:
            await client.error(Refusal("spectator" if client.seat is None else "not-started"))
            return True
        if kind == "answer":
            self._answer(client.seat, message["cue"])
            return True
        await self._act(client, message)
        return True

    async def _act(self, client: Client, message: dict[str, Any]) -> None:
        assert self.match is not None and client.seat is not None
        seat = client.seat
        if self._duel is not None:
            await client.error(Refusal("duel-on"))
            return
        if "turn" in message and message["turn"] != self.match.action_count:
            await client.error(Refusal("stale"))
            return
        try:
            action = parse_action(message["action"])
        except InvalidActionError as error:
            await client.error(Refusal("unreadable-action", {"detail": str(error)}))
            return
        if isinstance(action, QuickDraw):
            if action.shooter != seat or action.answers:
                await client.error(Refusal("quickdraw-form"))
                return
            if action.target not in self.match.draw_targets(seat):
                await client.error(Refusal("no-draw-target"))
                return
            asyncio.ensure_future(self._run_duel(self._open_duel(seat, action.target), client))
            return
        outcome = self._submit(seat, action)
        if not isinstance(outcome, Accepted):
            await client.error(Refusal("illegal", {"reason": outcome.reason}))
            return
        await self._after_action()

    def _submit(self, seat: int, action: Action) -> Accepted | Rejected:
        """The match's answer to ``seat``'s action; who acted goes into the states that follow."""
        assert self.match is not None
        outcome = self.match.submit(seat, action)
        if isinstance(outcome, Accepted):
            self._actor = seat
        return outcome

    async def _after_action(self) -> None:
        await self._broadcast_state()
        self._autosave()
        self._poke()

    # -- Quick Draw ----------------------------------------------------------------------------------------

    def _open_duel(self, shooter: int, target: int) -> DuelWindow:
        """Start a draw: from now on other actions wait (refused) until the shot."""
        assert self.match is not None
        self._cue_number += 1
        answerers = {seat for seat, slot in enumerate(self.seating.slots)
                     if slot.is_remote and slot.connected and duels.may_answer(self.match.state, seat, shooter)}
        self._duel = DuelWindow(self._cue_number, shooter, target, answerers, self.match.rules.answer_window_ms)
        return self._duel

    async def _run_duel(self, duel: DuelWindow, drawer: Client | None = None) -> None:
        """Cue everyone, wait for the remote answers (the host's clock), merge the bots' and shoot."""
        assert self.match is not None and self._loop is not None
        # The clock starts before the cue goes out: the broadcast yields between connections, so
        # a quick answerer's reply can be read before the last send returns; it must count, and
        # from a moment no later than the one it answered.
        duel.open(self._loop.time())
        await self._broadcast(duel.cue_message())
        answers = await duel.close()
        self._duel = None
        outcome = self._submit(duel.shooter, self.match.quick_draw(duel.shooter, duel.target, answers))
        if isinstance(outcome, Accepted):
            await self._after_action()
        elif drawer is not None:
            await drawer.error(Refusal("illegal", {"reason": outcome.reason}))

    def _answer(self, seat: int, cue: int) -> None:
        if self._duel is not None and self._loop is not None:
            self._duel.answer(seat, cue, self._loop.time())

    # -- bots ----------------------------------------------------------------------------------------------

    async def _play_bots(self) -> None:
        match = self.match
        assert self._loop is not None
        while match is not None and not match.is_over and self._duel is None:
            draw = match.pending_bot_draw()
            if draw is not None:
                await self._run_duel(self._open_duel(draw.shooter, draw.target))
                continue
            seat, number = match.current_seat, match.action_count
            action = await self.bots.decide(self._loop, match)
            if action is None:
                return  # a remote player's turn
            if match.action_count != number or self._duel is not None:
                continue  # the table moved on while the bot thought (a draw out of turn): think again
            if isinstance(action, QuickDraw):
                await self._run_duel(self._open_duel(seat, action.target))
                continue
            outcome = self._submit(seat, action)
            if not isinstance(outcome, Accepted):
                raise IllegalActionError(f"a bot chose an illegal move: {outcome.reason}")
            await self._after_action()

    # -- starting, saving and ending -----------------------------------------------------------------------

    def _begin(self, fill: bool) -> None:
        if self.match is not None:
            return
        if self.seating.waiting_for and not fill:
            return
        for seat in self.seating.waiting_for:
            self.seating.fill(seat, self.plan.stand_in)
        seats = [Seat(slot.name, slot.record_player) for slot in self.seating.slots]
        self.match = Match.new(self.plan.rules, seats, seed=self.plan.seed, preset=self.plan.preset)
        self._actor = None
        self._autosave()
        for client in self._clients:
            client.sent_events = 0
        asyncio.ensure_future(self._broadcast_state())
        self._poke()

    def _autosave(self) -> None:
        if self._save is not None and self.match is not None:
            self._saver.submit(self._save_quietly, self.match.record, self.seating.tokens())

    def _save_quietly(self, record: GameRecord, tokens: list[str | None]) -> None:
        assert self._save is not None
        try:
            self._save(record, tokens)
        except OSError as error:  # the game goes on; the host is told once per failure in the log
            log.warning("could not autosave the hosted game: %s", error)

    async def _close(self, message: str) -> None:
        if self.match is None or not self.match.is_over:
            self.quit_by_host = True
            await self._broadcast_end("host-quit", message)
        for client in list(self._clients):
            with contextlib.suppress(Exception):
                await client.ws.close(1001, "the host left")
        self._finished.set()
        self._poke()

    # -- sending -------------------------------------------------------------------------------------------

    def _listeners(self) -> list[Client]:
        return [client for client in self._clients if client.welcomed]

    async def _broadcast(self, message: dict[str, Any]) -> None:
        await asyncio.gather(*(client.send(message) for client in self._listeners()))

    async def _broadcast_lobby(self) -> None:
        await self._broadcast(messages.lobby(self.code, self.match is not None, self.seating, time.monotonic(),
                                             self.plan.grace_s))

    async def _broadcast_state(self) -> None:
        started = time.process_time()
        await asyncio.gather(*(self._send_state(client) for client in self._listeners()))
        self.cpu_s += time.process_time() - started

    async def _send_state(self, client: Client, joining: bool = False) -> None:
        assert self.match is not None
        since, client.sent_events = client.sent_events, len(self.match.events)
        await client.send(messages.state(self.match, client.seat, since, None if joining else self._actor))

    async def _broadcast_end(self, reason: str, message: str) -> None:
        if reason == "game-over":
            self._autosave()
        await self._broadcast(messages.end(self.match, reason, message))

