"""The table session of a game at a network host: a ``TableSession`` the table scene drives as it drives a local one.

Frames arrive on a reader thread and wait in a queue; the table takes them in
order through ``next_move``, which never blocks: the other seats' moves and draws,
and the answer to its own action. ``submit`` only sends the action and returns
``Sent`` at once; the host's state (``Played``) or its refusal (``Refused``) comes
from ``next_move`` like any other move, or, after ``ANSWER_TIMEOUT_S`` without an
answer, a refusal saying the connection may be lost. The host decides everything; this side only shows what its
seat was sent, which never holds another seat's hidden card. Quick Draw: a
draw by another seat arrives as ``DrawCalled``; ``quick_draw`` sends this seat's
answer (if any); the host's shot comes from ``next_move``. Take-back never applies at a
networked table (another player may have seen the card).
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Callable

from ..controller import Match
from ..i18n import _, ngettext
from ..model import Action, Deal, Observation, Phase, Rules
from ..session.protocol import (CONNECTED, STAND_IN, WAITING, DrawCalled, Ending, GameHooks, Move, Notice, Outcome,
                                Played, Refused, Sent, TakenBack)
from .client import JoinError, TableClient
from .codec import read_event
from .refusals import refusal_text
from .seat_recorder import SeatRecorder

ANSWER_TIMEOUT_S = 10.0
"""How long after ``submit`` ``next_move`` waits for the host's answer before it says the connection may be lost."""
RECONNECT_S = 60.0
"""How long a dropped connection is tried again before the table is given up."""
_CLOSED: dict[str, Any] = {"type": "closed"}


class NetworkSession:
    """A ``TableSession`` for the one seat this screen plays at a hosted table (see ``docs/session.md``)."""

    def __init__(self, client: TableClient, first_state_timeout_s: float = 600.0,
                 on_close: Callable[[], None] | None = None, hosting: bool = False) -> None:
        """Wrap a connected client; returns once the game has started (``JoinError`` if it never does).
        ``on_close`` runs when the table lets go (the window's host closes its table then: ``hosting``; a joiner
        forgets a finished game's seat token)."""
        if client.seat is None or client.rules is None:
            raise JoinError(_("a table at a host needs a seat: connect first"))
        self.client = client
        self._on_close = on_close
        self._hosting = hosting
        self._viewer = int(client.seat)
        self._rules: Rules = client.rules
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._moves: list[Move] = []
        self._lobby: dict[str, Any] = dict(client.lobby)
        self._end: dict[str, Any] | None = None
        self._closed = threading.Event()
        self._seen: Observation | None = None
        self._number = 0
        self._draw_targets: tuple[int, ...] = ()
        self._resync = False
        self._answered_cue = -1
        self._dealt_at = -1
        self._awaiting: tuple[int, float] | None = None
        """The seat whose action was sent and when (``time.monotonic``), until the host's answer comes."""
        """The action number at which this session last dealt for its player."""
        self.hooks: GameHooks | None = None
        """Who keeps the seat's own record of the game (``keep_network_game``): set by the window for a player who
        joined, never for the host's own seat (the host keeps the whole record)."""
        self._recorder = SeatRecorder(self._rules, self._viewer, client.welcome.get("preset"), str(client.token or ""))
        self._kept = False
        for early in self._early(client):
            self._inbox.put(early)
        self._reader = threading.Thread(target=self._read, name="table-session-reader", daemon=True)
        self._reader.start()
        deadline = time.monotonic() + first_state_timeout_s
        while self._seen is None:
            message = self._take(max(0.0, deadline - time.monotonic()))
            # The table closed first (the host cancelled): nothing more comes, so waiting on is pointless.
            if message is None or message.get("type") in ("closed", "end"):
                self._closed.set()
                raise JoinError(_("the game did not start"))
            self._absorb(message)

    @staticmethod
    def _early(client: TableClient) -> list[dict[str, Any]]:
        """What the client already read before the session took over (its last state, if any)."""
        return [client.last_state] if client.last_state is not None else []

    # -- the reader thread ------------------------------------------------------------------------
    def _read(self) -> None:
        while not self._closed.is_set():
            try:
                message = self.client.receive(1.0)
            except TimeoutError:
                continue
            except JoinError as error:
                self._inbox.put({"type": "error", "reason": str(error)})
                continue
            if message is None and self.client.end is None and not self._closed.is_set() and self._reconnect():
                continue
            self._inbox.put(_CLOSED if message is None else message)
            if message is None:
                return

    def _reconnect(self) -> bool:
        """The connection dropped with the game on: come back with the seat's token (the hand is the host's)."""
        deadline = time.monotonic() + RECONNECT_S
        while time.monotonic() < deadline and not self._closed.is_set():
            try:
                self.client.connect()
            except JoinError as error:
                if error.refusal:  # the host is there and says no: nothing to wait for
                    return False
                time.sleep(0.5)
                continue
            self._inbox.put({"type": "reconnected"})
            return True
        return False

    def _take(self, timeout_s: float) -> dict[str, Any] | None:
        try:
            return self._inbox.get(timeout=timeout_s) if timeout_s > 0 else self._inbox.get_nowait()
        except queue.Empty:
            return None

    def _absorb(self, message: dict[str, Any]) -> Move | Refused:
        """Take one frame into account; the move it brings the table, if any."""
        kind = message.get("type")
        if kind == "state":
            observation = self.client.observation_of(message)
            if self._recorder.state(message):
                self._keep_so_far()
            self._seen, self._number = observation, int(message["action_number"])
            self._draw_targets = tuple(int(t) for t in message.get("draw_targets", []))
            actor = message.get("actor")
            if self._awaiting is not None and actor == self._awaiting[0]:
                self._awaiting = None
            events = tuple(read_event(event) for event in message.get("events", []))
            if actor is None and not events:
                if not self._resync:
                    return None
                self._resync = False  # back after a drop: the table catches up with the table as it is now
                return Played(self._viewer, (), observation)
            return Played(self._viewer if actor is None else int(actor), events, observation)
        if kind == "lobby":
            before, self._lobby = self.lobby_rows(), message
            return self._seat_news(before, self.lobby_rows())
        elif kind == "cue" and message.get("shooter") != self._viewer:
            return DrawCalled(int(message["shooter"]), int(message["target"]))
        elif kind == "error":
            self._awaiting = None
            return Refused(refusal_text(message))
        elif kind == "end":
            self._awaiting = None
            self._end = message
            self._keep(message)
            return self._ending(message)
        elif kind == "reconnected":
            self._resync = True
            line = _("The connection dropped; you are reconnected to your seat.")
            return Notice(line, line)
        elif kind == "closed" and self._end is None:
            self._end = {"type": "end", "reason": "lost", "message": _("the connection to the table was lost")}
            return Notice(self._end["message"], self._end["message"])
        return None

    def _keep_so_far(self) -> None:
        """A round ended: hand the seat's record as it stands to whoever keeps it (a crash then loses no round)."""
        keep = self.hooks.keep_network_game if self.hooks is not None else None
        record = self._recorder.so_far(self.lobby_rows())
        if keep is not None and record is not None and not self._kept:
            keep(record)

    def _keep(self, end: dict[str, Any]) -> None:
        """The game is over: hand the seat's record to whoever keeps it (once)."""
        keep = self.hooks.keep_network_game if self.hooks is not None else None
        if keep is None or self._kept:
            return
        record = self._recorder.record(end, self.lobby_rows())
        if record is not None:
            self._kept = True
            keep(record)

    def _seat_news(self, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> Notice | None:
        """What changed at the other seats, in one line: a drop (and the wait), a stand-in, a return."""
        was = {row.get("seat"): row for row in before}
        for row in after:
            old = was.get(row.get("seat"))
            if old is None or row.get("seat") == self._viewer or row.get("kind") == "bot":
                continue
            name = str(row.get("name", ""))
            if old.get("connected") and not row.get("connected") and not row.get("stand_in"):
                line = _("{name} lost the connection: a bot plays for them in {seconds} s unless they come back.").format(
                    name=name, seconds=f"{float(row.get('stand_in_in_s') or 0):g}")
            elif row.get("stand_in") and not old.get("stand_in"):
                line = _("{name} is away: a bot plays for them until they come back.").format(name=name)
            elif row.get("connected") and not old.get("connected") and old.get("taken"):
                line = _("{name} is back at the table.").format(name=name)
            else:
                continue
            return Notice(line, line)
        return None

    def _ending(self, end: dict[str, Any]) -> Notice:
        """The host's last word as the table says it: the winner and the standings, or why the table closed."""
        if end.get("reason") != "game-over":
            line = _(str(end.get("message") or "")) or _("the table closed")
            return Notice(line, line)
        standings = [row for row in end.get("standings", []) if isinstance(row, dict)]
        winner = str(standings[0].get("name", "")) if standings else ""
        table = "; ".join(ngettext("{place}. {name}: {lives} life", "{place}. {name}: {lives} lives",
                                   int(row.get("lives", 0))).format(place=row.get("place"), name=row.get("name"),
                                                                   lives=int(row.get("lives", 0)))
                          for row in standings)
        line = _("Game over: {name} wins.").format(name=winner)
        return Notice(line, f"{line} {table}")

    # -- what the table reads -----------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        assert self._seen is not None
        return self._seen.names

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def viewer(self) -> int:
        return self._viewer

    def human_seats(self) -> tuple[int, ...]:
        return (self._viewer,)

    def is_bot(self, seat: int) -> bool:
        for row in self.lobby_rows():
            if row.get("seat") == seat:
                return row.get("kind") == "bot" or bool(row.get("stand_in"))
        return False

    @property
    def current_seat(self) -> int:
        return -1 if self.is_over else self.observation().current_player

    @property
    def is_over(self) -> bool:
        """Over once the host said its last word (which follows the last state)."""
        return self._end is not None

    @property
    def winner(self) -> int:
        return self.observation().winner

    @property
    def action_count(self) -> int:
        return self._number

    @property
    def thinking_seat(self) -> int:
        seat = self.current_seat
        return seat if seat != self._viewer and not self.is_over else -1

    def observation(self) -> Observation:
        assert self._seen is not None
        return self._seen

    def take_seat(self, seat: int) -> Observation:
        if seat != self._viewer:
            raise ValueError(f"seat {seat} is not played at this screen")
        return self.observation()

    def lobby_rows(self) -> list[dict[str, Any]]:
        """The host's latest word on the seats: who plays each (``kind``, ``level``), connected or not."""
        rows = self._lobby.get("seats", [])
        return [row for row in rows if isinstance(row, dict)] if isinstance(rows, list) else []

    @property
    def end(self) -> dict[str, Any] | None:
        """The host's last word (the standings, or why the table closed), once the game is over."""
        return self._end

    # -- moves ---------------------------------------------------------------------------------
    def submit(self, action: Action) -> Outcome:
        """Send the action and return ``Sent`` at once: the host's answer comes from ``next_move``."""
        if self.is_over:
            return Refused(_("the game is over"))
        return self._send(self._viewer, lambda: self.client.act(str(action), turn=self._number))

    def _send(self, seat: int, send: Callable[[], None]) -> Outcome:
        """Send ``seat``'s action (``send``); the host's answer to it is awaited by ``next_move``."""
        try:
            send()
        except JoinError:
            return Refused(_("the connection dropped: reconnecting, try again in a moment"))
        self._awaiting = (seat, time.monotonic())
        return Sent()

    @property
    def awaiting(self) -> bool:
        """An action of this seat (or its draw) is on its way to the host and not answered yet."""
        return self._awaiting is not None

    def next_move(self, dt: float, think_s: float) -> Move:
        self._deal_if_ours()
        while not self._moves:
            message = self._take(0)
            if message is None:
                return self._unanswered()
            move = self._absorb(message)
            if move is not None:
                self._moves.append(move)
        return self._moves.pop(0)

    def _unanswered(self) -> Refused | None:
        """The host did not answer the action sent ``ANSWER_TIMEOUT_S`` ago: say so (once)."""
        if self._awaiting is None or time.monotonic() - self._awaiting[1] < ANSWER_TIMEOUT_S:
            return None
        self._awaiting = None
        return Refused(_("the host did not answer: the connection may be lost"))

    def _deal_if_ours(self) -> None:
        """Deal for this seat's player, once per state, as a local game deals for a human dealer: a deal is no
        decision, and the table never sends one (the dealt state comes back like any other move)."""
        seen = self._seen
        if (seen is None or self.is_over or self._dealt_at == self._number or seen.phase is not Phase.DEAL
                or seen.current_player != self._viewer or Deal() not in seen.legal_actions):
            return
        self._dealt_at = self._number
        if isinstance(self._send(self._viewer, lambda: self.client.act(str(Deal()), turn=self._number)), Refused):
            self._dealt_at = -1  # the connection dropped: dealt again once the reader is back

    def take_back_reason(self) -> str:
        return _("moves cannot be taken back at a table over the network")

    def take_back(self) -> TakenBack | Refused:
        return Refused(self.take_back_reason())

    # -- Quick Draw ----------------------------------------------------------------------------
    def can_draw(self, seat: int) -> bool:
        return bool(self.draw_targets(seat))

    def draw_targets(self, seat: int) -> tuple[int, ...]:
        if seat != self._viewer or self.is_over:
            return ()
        return self._draw_targets

    def holster_reason(self, seat: int) -> str | None:
        return None

    def fire_back(self, seat: int) -> None:
        """Send the answer now: the host's window counts from its cue and closes by its own clock."""
        cue = self._last_cue()
        if seat != self._viewer or cue < 0 or cue == self._answered_cue:
            return
        self._answered_cue = cue
        try:
            self.client.send({"type": "answer", "cue": cue})
        except JoinError:
            pass  # the connection dropped: the reader reconnects; this answer is lost like a late key

    def quick_draw(self, shooter: int, target: int, answers: tuple[tuple[int, int], ...]) -> Outcome:
        """Send this seat's draw (or its answer to another's) and return ``Sent``: the shot comes from
        ``next_move`` (the shooter's state)."""
        if shooter == self._viewer:
            return self._send(shooter, lambda: self.client.act(f"quickdraw {shooter} {target}"))
        if any(seat == self._viewer for seat, _ms in answers):
            self.fire_back(self._viewer)  # only if the table did not pass it on as it happened
        return Sent()

    def _last_cue(self) -> int:
        for text in reversed(self.client.received):
            if '"type":"cue"' in text:
                from ..model.json_input import decode_json
                return int(decode_json(text)["cue"])
        return -1

    # -- the rest ------------------------------------------------------------------------------
    def count_hint(self) -> None:
        """Hints are this screen's business; the host's record does not count them."""

    def finished(self) -> Match | None:
        return None

    local = False

    @property
    def hosting(self) -> bool:
        """The table is hosted by this window: closing this session closes it for everyone."""
        return self._hosting

    def connection(self, seat: int) -> str:
        """From the host's latest word on the seats: a remote player's link; "" for the host's bots."""
        for row in self.lobby_rows():
            if row.get("seat") == seat and row.get("kind") != "bot":
                if row.get("connected"):
                    return CONNECTED
                return STAND_IN if row.get("stand_in") else WAITING
        return ""

    def ending(self) -> Ending | None:
        """The host's last word as the game-over screen shows it."""
        end = self._end
        if end is None:
            return None
        if end.get("reason") != "game-over":
            return Ending(False, _(str(end.get("message") or "")) or _("the table closed"))
        rows = [row for row in end.get("standings", []) if isinstance(row, dict)]
        try:
            standings = tuple((int(row["place"]), int(row["seat"]), str(row["name"]), int(row["lives"])) for row in rows)
        except (KeyError, TypeError, ValueError):
            standings = ()
        return Ending(True, "", standings)

    def close(self) -> None:
        self._closed.set()
        self.client.close()
        if self._on_close is not None:
            on_close, self._on_close = self._on_close, None
            on_close()


__all__ = ["NetworkSession"]
