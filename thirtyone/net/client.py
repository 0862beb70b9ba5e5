"""A client of a hosted table: connect, say hello, receive states, send actions; reconnect with the seat's token.

``TableClient`` is synchronous (``websockets.sync``): ``thirtyone join --bot``
and the tests drive it from a plain thread. ``BotPlayer`` plays a seat with any
bot, which runs here, on the joiner's machine, never on the host's.
"""

from __future__ import annotations

import contextlib
import random
import socket
import ssl
import threading
import time
from typing import Any, Callable
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from ..bots import Bot
from ..i18n import _
from ..model import Observation, Rules, RulesError
from ..model.json_input import JsonInputError, clip, decode_json
from .codec import CodecError, read_observation
from .delta import DeltaError, patch
from .protocol import MAX_HOST_MESSAGE_BYTES, PROTOCOL, encode, normal_code
from .refusals import MAX_SHOWN_CHARS, refusal_text


class JoinError(Exception):
    """The table could not be joined or was lost; the message says why in one sentence."""

    def __init__(self, message: str, refusal: str = "") -> None:
        super().__init__(message)
        self.refusal = refusal
        """The key of the host's refusal (``net.refusals``), when the host refused us; its reason when it sent no key."""


def unreachable(url: str, error: BaseException, timeout_s: float) -> str:
    """Why nothing at ``url`` took the connection, in the player's language (the system's words only for
    causes this program does not know)."""
    if isinstance(error, ConnectionRefusedError):
        return _("cannot reach {url}: no table is open at that address and port").format(url=url)
    if isinstance(error, socket.gaierror):
        return _("cannot reach {url}: the computer {host} is not known (check the address)").format(
            url=url, host=urlsplit(url).hostname or url)
    if isinstance(error, TimeoutError):
        return _("cannot reach {url}: no answer within {seconds} s").format(url=url, seconds=f"{timeout_s:g}")
    if isinstance(error, ssl.SSLCertVerificationError):
        return _("cannot reach {url}: its certificate is not trusted ({detail})").format(
            url=url, detail=error.verify_message or error.reason)
    if isinstance(error, ssl.SSLError):
        return _("cannot reach {url}: no secure connection (a table without TLS has ws://)").format(url=url)
    if isinstance(error, InvalidHandshake):
        return _("cannot reach {url}: no table there (a table with TLS has wss://)").format(url=url)
    return _("cannot reach {url}: {error}").format(url=url, error=error)


def closed_by_host(reason: str, seated: bool) -> str:
    """The host closed the connection (``seated``: after letting us in), with its ``reason`` in our language."""
    shown = clip(_(reason), MAX_SHOWN_CHARS) if reason else ""  # the host's words are English on the wire
    if seated:
        return (_("the host closed the connection ({reason})").format(reason=shown) if shown
                else _("the host closed the connection"))
    return (_("the host closed the connection before letting you in ({reason})").format(reason=shown) if shown
            else _("the host closed the connection before letting you in"))


class TableClient:
    """One connection to a table, for a seat (or as a spectator)."""

    def __init__(self, url: str, code: str, name: str = "", seat: int | None = None, token: str | None = None,
                 spectate: bool = False, ssl_context: ssl.SSLContext | None = None,
                 protocol: int = PROTOCOL) -> None:
        self.url, self.code, self.name = url, normal_code(code), name
        self.seat, self.token, self.spectate = seat, token, spectate
        self._ssl, self._protocol = ssl_context, protocol
        self._ws: ClientConnection | None = None
        self.received: list[str] = []
        """Every frame this client received, in order (the tests check them for hidden cards)."""
        self.welcome: dict[str, Any] = {}
        self.lobby: dict[str, Any] = {}
        self.last_state: dict[str, Any] | None = None
        self.end: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.rules: Rules | None = None
        """The table's rules, from the welcome (states leave them out)."""
        self._send_lock = threading.Lock()
        self.close_reason = ""
        """What the host said as it closed the connection last (English on the wire; ``""``: nothing)."""

    def connect(self, timeout_s: float = 10.0) -> dict[str, Any]:
        """Open the connection and say hello; the welcome, or ``JoinError`` with the host's reason."""
        try:
            opened = connect(self.url, ssl=self._ssl if self.url.startswith("wss:") else None,
                             max_size=MAX_HOST_MESSAGE_BYTES, open_timeout=timeout_s, close_timeout=2)
            self._ws = opened.__enter__()  # closed by ``close`` or ``drop``, not at the end of a block
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            raise JoinError(unreachable(self.url, error, timeout_s)) from None
        hello: dict[str, Any] = {"type": "hello", "protocol": self._protocol, "code": self.code, "name": self.name}
        if self.spectate:
            hello["spectate"] = True
        else:
            hello["seat"] = self.seat
            hello["token"] = self.token
        message = self._hello(hello, timeout_s)
        if message is None:
            raise JoinError(closed_by_host(self.close_reason, seated=False))
        if message["type"] == "refused":
            key = message.get("key")
            raise JoinError(refusal_text(message), refusal=key if isinstance(key, str) else str(message.get("reason")))
        if message["type"] != "welcome":
            raise JoinError(_("the host answered {kind} instead of a welcome").format(kind=repr(message["type"])))
        self.welcome = message
        self.last_state = None  # a new connection: its first state holds the whole observation
        try:
            self.rules = Rules.from_dict(message.get("rules", {}))
        except (RulesError, TypeError, ValueError) as error:
            raise JoinError(_("the host's rules cannot be read: {error}").format(error=error)) from None
        self.seat, self.token = message.get("seat"), message.get("token")
        return message

    def _hello(self, hello: dict[str, Any], timeout_s: float) -> dict[str, Any] | None:
        """Say ``hello``; the host's answer, or ``None`` if it closed the connection first."""
        assert self._ws is not None
        try:
            with self._send_lock:
                self._ws.send(encode(hello))
        except ConnectionClosed as closed:
            self._closed(closed)
            return None
        return self.receive(timeout_s)

    def _closed(self, closed: ConnectionClosed) -> None:
        self.close_reason = closed.rcvd.reason if closed.rcvd is not None else ""

    def send(self, message: dict[str, Any]) -> None:
        """Send one message (any thread)."""
        if self._ws is None:
            raise JoinError(_("not connected"))
        try:
            with self._send_lock:
                self._ws.send(encode(message))
        except ConnectionClosed as closed:
            self._closed(closed)
            raise JoinError(closed_by_host(self.close_reason, seated=True)) from None

    def act(self, action: str, turn: int | None = None) -> None:
        """Send an action in its record text form (``"discard QS"``)."""
        message: dict[str, Any] = {"type": "act", "action": action}
        if turn is not None:
            message["turn"] = turn
        self.send(message)

    def receive(self, timeout_s: float | None = None) -> dict[str, Any] | None:
        """The next message (kept in ``received``, and the latest state, lobby or end remembered);
        ``None`` when the connection closed; ``TimeoutError`` if nothing came in time."""
        assert self._ws is not None
        try:
            raw = self._ws.recv(timeout_s)
        except ConnectionClosed as closed:
            self._closed(closed)
            return None
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        self.received.append(text)
        try:
            message = decode_json(text)
        except JsonInputError as error:
            raise JoinError(_("the host sent something that is not JSON: {error}").format(error=error)) from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise JoinError(_("the host sent a message without a type"))
        kind = message["type"]
        if kind == "state":
            self._whole(message)
            self.last_state = message
        elif kind == "lobby":
            self.lobby = message
        elif kind == "end":
            self.end = message
        elif kind == "error":
            self.errors.append(str(message.get("reason")))
        return message

    def _whole(self, state: dict[str, Any]) -> None:
        """Give a state that holds only what changed (``net.delta``) its whole ``observation``."""
        if "observation" not in state:
            if self.last_state is None:
                raise JoinError(_("the host sent a change to a state this program never had"))
            try:
                state["observation"] = patch(self.last_state["observation"], state, state.get("events", []))
            except DeltaError as error:
                raise JoinError(_("the host sent a state this program cannot read: {error}").format(error=error)) from None
        state.pop("changes", None)
        state.pop("extend", None)

    def observation(self) -> Observation | None:
        """The latest state's observation, read back into the engine's type."""
        return None if self.last_state is None else self.observation_of(self.last_state)

    def observation_of(self, state: dict[str, Any]) -> Observation:
        """A state message's observation, read back into the engine's type."""
        try:
            return read_observation(state["observation"], self.rules)
        except (CodecError, KeyError) as error:
            raise JoinError(_("the host sent a state this program cannot read: {error}").format(error=error)) from None

    def close(self) -> None:
        """Leave the table (the seat waits for a reconnect, then a bot plays it)."""
        if self._ws is not None:
            self._ws.close()

    def drop(self) -> None:
        """Lose the connection abruptly, as a pulled cable would (for tests): no closing handshake.

        The socket is shut down, not closed: its reader thread, waiting in ``select`` on it, wakes to the
        end of the stream and closes the connection (its keepalive thread ends with it). Closing the
        socket under that wait woke nothing; both threads lived on into the next test until a ping found
        the socket gone (20 s)."""
        if self._ws is not None:
            with contextlib.suppress(OSError):  # already gone
                self._ws.socket.shutdown(socket.SHUT_RDWR)


class BotPlayer:
    """Plays one seat of a table with ``bot`` until the game ends; reconnects with the token when dropped."""

    def __init__(self, client: TableClient, bot: Bot, seed: int = 0,
                 on_message: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.client, self.bot = client, bot
        self._rng = random.Random(seed)
        self._on_message = on_message
        self._acted_at = -1

    def play(self, timeout_s: float = 600.0, reconnect_s: float = 30.0) -> dict[str, Any]:
        """Play to the end; the ``end`` message, or ``JoinError`` if the table is lost for good."""
        deadline = time.monotonic() + timeout_s
        self._maybe_act()  # the state that arrived before play began may be this seat's turn
        while time.monotonic() < deadline:
            try:
                message = self.client.receive(max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            if message is None:
                if self.client.end is not None:
                    return self.client.end
                self._reconnect(reconnect_s)
                continue
            if self._on_message is not None:
                self._on_message(message)
            if message["type"] == "end":
                return message
            if message["type"] == "state":
                self._maybe_act()
            elif message["type"] == "cue":
                self._maybe_answer(message)
        raise JoinError(_("the game did not end in time"))

    def _maybe_act(self) -> None:
        observation = self.client.observation()
        state = self.client.last_state
        if observation is None or state is None or not observation.legal_actions:
            return
        number = state["action_number"]
        if number == self._acted_at:
            return
        self._acted_at = number
        action = self.bot.choose(observation, self._rng)
        try:
            self.client.act(str(action), turn=number)
        except JoinError:
            pass  # the connection closed meanwhile: the next receive says why (an end, or a drop to reconnect)

    def _maybe_answer(self, cue: dict[str, Any]) -> None:
        observation = self.client.observation()
        decide = getattr(self.bot, "answer_draw", None)
        if observation is None or decide is None:
            return
        after_ms = decide(observation, cue["shooter"], cue["target"], self._rng)
        if after_ms is None:
            return
        timer = threading.Timer(max(0, int(after_ms)) / 1000, self._send_quietly, ({"type": "answer", "cue": cue["cue"]},))
        timer.daemon = True
        timer.start()

    def _send_quietly(self, message: dict[str, Any]) -> None:
        try:
            self.client.send(message)
        except (ConnectionClosed, JoinError, OSError):
            pass

    def _reconnect(self, within_s: float) -> None:
        until = time.monotonic() + within_s
        while True:
            try:
                self.client.connect()
                self._acted_at = -1
                return
            except JoinError as error:
                if time.monotonic() > until or error.refusal:  # the host is there and says no: nothing to wait for
                    raise JoinError(_("the table was lost: {error}").format(error=error)) from None
                time.sleep(0.5)
