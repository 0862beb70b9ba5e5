"""What the table scene drives: a game seen from the seats played at this screen.

The table never touches the game itself. It sends its player's actions with
``submit`` and gets back, in one trip, the public events they caused and what its
player sees afterwards (``Played``), or a refusal with its reason (``Refused``).
Other seats' moves (bots now, remote players later) arrive the same way from
``next_move``. ``LocalSession`` wraps a ``Match`` on this machine; a network session
talks to a host; a scripted session drives the scene in tests. See ``docs/session.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol, Union

from ..model import Action, Event, Observation, Rules
from ..model.seat_record import SeatRecord

if TYPE_CHECKING:
    from ..controller import Match


@dataclass(frozen=True)
class Played:
    """A move was made: the public events it caused and the viewer's observation after it."""

    seat: int
    """Who moved (a shooter, for a Quick Draw)."""
    events: tuple[Event, ...]
    observation: Observation
    """What the session's viewer sees once the move is made (never another seat's hidden card)."""


@dataclass(frozen=True)
class Refused:
    """The action was refused and nothing changed; ``reason`` says why, ready to show."""

    reason: str


@dataclass(frozen=True)
class Sent:
    """The action went to a host that decides it: the table goes on drawing frames, and the answer (``Played``,
    or ``Refused`` with the host's reason) comes from ``next_move`` like any other move."""


@dataclass(frozen=True)
class TakenBack:
    """The viewer's last move was taken back: the events it had caused, and the observation before it."""

    seat: int
    undone: tuple[Event, ...]
    observation: Observation


@dataclass(frozen=True)
class DrawCalled:
    """Quick Draw: ``shooter`` (a seat not played here) draws on ``target``.

    The table shows the drawn gun and opens the answer window for its own seats, then
    settles the duel with ``TableSession.quick_draw``.
    """

    shooter: int
    target: int


@dataclass(frozen=True)
class Notice:
    """Something the player should know that is no move (a plug-in bot failed and was replaced)."""

    line: str
    """One line to show."""
    detail: str
    """The whole story, for the table's log."""


CONNECTED, WAITING, STAND_IN = "connected", "waiting", "stand-in"
"""A remote seat's connection, as ``TableSession.connection`` reports it."""


@dataclass(frozen=True)
class Ending:
    """How a game whose record is kept elsewhere (at a network host) ended, for its game-over screen."""

    played_out: bool
    """The game was played to its end (else the table closed early: the host left, the connection was lost)."""
    message: str
    """Why the table closed, as the player reads it ("" when the game was played out)."""
    standings: tuple[tuple[int, int, str, int], ...] = ()
    """``(place, seat, name, lives)`` from the winner down."""


Outcome = Union[Played, Refused, Sent]
"""What an action of the table's own player comes to (``Sent``: at a network host, answered by ``next_move``)."""
Move = Union[Played, Refused, DrawCalled, Notice, None]
"""What ``next_move`` brings: another seat's move, its refusal, a draw out of turn, a notice, or nothing yet."""


class TableSession(Protocol):
    """One game as a table on this screen plays it.

    What every implementation guarantees (a network session included):

    - an ``Observation`` it hands out is the viewer's (``viewer``) and holds no other
      seat's hidden card; ``observation``/``take_seat`` are the only other ways to get one;
    - ``submit`` enters the game once and answers with the events and the new observation, or, where another
      machine decides (a network host), returns ``Sent`` at once and the answer arrives from ``next_move``;
    - no call blocks the frame loop on the network;
    - events are public, past tense, in the order they happened, each delivered once
      (``submit``, ``quick_draw`` or ``next_move``);
    - a refusal changes nothing;
    - ``next_move`` never blocks: a bot thinks, or a remote move travels, off the caller's thread.
    """

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, in seat order."""
        ...

    @property
    def rules(self) -> Rules:
        """The rules of this game (they never change during it)."""
        ...

    @property
    def viewer(self) -> int:
        """The seat the screen shows: its hand face up, its actions sent by ``submit``."""
        ...

    def human_seats(self) -> tuple[int, ...]:
        """The seats whose players sit at this screen (two or more: pass-and-play)."""
        ...

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` (here or at the host)."""
        ...

    @property
    def current_seat(self) -> int:
        """Whose turn it is; -1 once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        ...

    @property
    def winner(self) -> int:
        """The winning seat, or -1 while the game goes on."""
        ...

    @property
    def action_count(self) -> int:
        """Actions played so far: it changes with every move, so a stale answer can be recognised."""
        ...

    @property
    def thinking_seat(self) -> int:
        """The seat visibly deciding now (a bot in its worker process), or -1."""
        ...

    def observation(self) -> Observation:
        """What the viewer sees now (the table's first look; afterwards results carry it)."""
        ...

    def take_seat(self, seat: int) -> Observation:
        """Pass-and-play: ``seat`` (one of ``human_seats``) takes the screen; what it sees."""
        ...

    def submit(self, action: Action) -> Outcome:
        """The viewer's action: applied if the rules allow it, else refused with the reason (``Sent``: the answer,
        either of them, comes from ``next_move``)."""
        ...

    def next_move(self, dt: float, think_s: float) -> Move:
        """Another seat's move once it is ready (``None`` until then; ``dt`` is the frame's seconds).

        ``think_s`` is how long a bot visibly thinks (the bot-speed setting; 0 to hurry).
        Also deals for a human dealer here: a deal is no decision.
        """
        ...

    def take_back_reason(self) -> str:
        """Why the viewer may not take back its last move now, or "" when it may."""
        ...

    def take_back(self) -> TakenBack | Refused:
        """Undo the viewer's last discard or swap where the session's rules allow it."""
        ...

    def can_draw(self, seat: int) -> bool:
        """Quick Draw: whether ``seat`` may draw now."""
        ...

    def draw_targets(self, seat: int) -> tuple[int, ...]:
        """Quick Draw: the seats ``seat`` may draw on now (empty: it may not)."""
        ...

    def holster_reason(self, seat: int) -> str | None:
        """Quick Draw: the rules' reason ``seat``'s gun stays holstered now, if they give one."""
        ...

    def fire_back(self, seat: int) -> None:
        """Quick Draw: this screen's ``seat`` fired back at the open draw just now. A network session
        sends it at once (the host times answers by its own clock); a local one waits for ``quick_draw``."""
        ...

    def quick_draw(self, shooter: int, target: int, answers: tuple[tuple[int, int], ...]) -> Outcome:
        """Settle a draw: ``answers`` are this screen's seats firing back, as ``(seat, ms)``;
        the other seats' answers are added by the session."""
        ...

    def count_hint(self) -> None:
        """The coach's hint was shown for this turn: count it with the game (statistics read it)."""
        ...

    def finished(self) -> Match | None:
        """The whole game once it is over (for the game-over screen); ``None`` before."""
        ...

    @property
    def local(self) -> bool:
        """The game lives on this machine: this screen may skip its rest or leave it for a new one."""
        ...

    def connection(self, seat: int) -> str:
        """A seat played from another machine: ``CONNECTED``, ``WAITING`` (dropped; the table waits for it) or
        ``STAND_IN`` (a bot plays it until its player is back); "" for every other seat."""
        ...

    def ending(self) -> Ending | None:
        """A game kept elsewhere, once over: how it ended (``finished`` is ``None`` for it); ``None`` otherwise."""
        ...

    def close(self) -> None:
        """The table is gone: stop thinking, let go of the connection."""
        ...


@dataclass(frozen=True)
class GameHooks:
    """Who listens to a local game: storage saves it after each move and files it at its end.

    Set at the App level (``StorageBridge.install``); the session calls them, never a scene.
    """

    after_action: Callable[[Match], None] | None = None
    """After every accepted action and every take-back (the autosave)."""
    after_game: Callable[[Match], None] | None = None
    """Once the game is over (archive and statistics)."""
    keep_network_game: Callable[[SeatRecord], None] | None = None
    """A game joined at a table hosted elsewhere: the seat's own record as it stands, at each round's end (kept
    on disk) and finished once the game is over (archive and statistics). Called on the window's thread: it
    must return at once."""


__all__ = ["CONNECTED", "DrawCalled", "Ending", "STAND_IN", "WAITING", "GameHooks", "Move", "Notice", "Outcome", "Played", "Refused", "Sent", "TableSession", "TakenBack"]
