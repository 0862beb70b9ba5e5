"""What the table's controls may use of the table scene, declared as small protocols.

``GunControl``, ``QuickDrawControl``, ``CoachPanel``, ``TableOffers``, ``HandOff`` and the hand-value read-out are parts
of ``TableScene``; each gets the scene as a host typed by one of these protocols, so what
a part can reach is written down and type-checked, and a test can hand it a stand-in.
The parts that read each other do so through protocols of their own here (``TurnInput``,
``Gun``, ``DrawGate``): this module names no implementer, so none of them imports another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ...model import Observation
    from ...model.events import RoundResult
    from ...narration import Transcript
    from ...session import TableSession
    from ..animation.choreography import Choreographer
    from ..game_setup import GameSetup
    from ...model import Card
    from ..scene import Context
    from ..oldwest.standoff import Standoff
    from .out import Spectator
    from .view import TableView
    from ..animation.tween import Tweener
    from ..widgets import Button


class TurnInput(Protocol):
    """What the parts read of the viewer's move input (``TableInput``)."""

    obs: Observation | None
    hover_text: str

    def lit(self) -> dict[str, bool]: ...

    def pending_swap(self) -> tuple[Card, Card] | None: ...


class Gun(Protocol):
    """What the other parts read of the viewer's derringer (``GunControl``)."""

    aiming: bool

    def number(self, seat: int) -> int: ...

    def cancel(self, sound: bool = True) -> None: ...

    def refresh(self) -> None: ...

    def update_button(self) -> None: ...

    def hint(self) -> str: ...


class DrawGate(Protocol):
    """What the gun reads of the Quick Draw control (``QuickDrawControl``)."""

    standoff: Standoff | None

    def ready(self) -> tuple[int, list[int]]: ...

    def why_not(self) -> str: ...


class TableParts(Protocol):
    """What every part reads: the window's context, the session, what the viewer sees and the table on screen."""

    @property
    def ctx(self) -> Context: ...

    @property
    def session(self) -> TableSession: ...

    seen: Observation
    """What the viewer sees now (the session's last answer)."""

    @property
    def view(self) -> TableView: ...


class CoachHost(TableParts, Protocol):
    """The coach also reads the viewer's turn from the input."""

    @property
    def input(self) -> TurnInput: ...


class GunHost(CoachHost, Protocol):
    """The gun aims, and asks the Quick Draw control whether a draw may start and why not."""

    @property
    def quick(self) -> DrawGate: ...


class DuelHost(TableParts, Protocol):
    """A Quick Draw shows the duel through the choreographer and uses the gun's seats."""

    @property
    def choreo(self) -> Choreographer: ...

    @property
    def gun(self) -> Gun: ...


class OffersHost(CoachHost, DuelHost, Protocol):
    """What the table offers reads of the scene (the coach's and the duel's parts and more), and what it changes.

    Taking back a move clears the round result waiting to be shown, appends to the log
    and ends the current message; everything else is read.
    """

    pending_result: RoundResult | None
    message_s: float

    @property
    def setup(self) -> GameSetup: ...

    @property
    def kinds(self) -> list[str]: ...

    @property
    def spectator(self) -> Spectator: ...

    @property
    def buttons(self) -> dict[str, Button]: ...

    @property
    def log(self) -> Transcript: ...

    @property
    def message(self) -> str: ...

    @property
    def pass_and_play(self) -> bool: ...

    def say(self, text: str) -> None: ...


class HandOffHost(TableParts, Protocol):
    """Pass-and-play turns hands over through the choreographer and the tweener, with the seats' kinds."""

    @property
    def choreo(self) -> Choreographer: ...

    @property
    def tweener(self) -> Tweener: ...

    @property
    def kinds(self) -> list[str]: ...

    @property
    def pass_and_play(self) -> bool: ...


__all__ = ["CoachHost", "DrawGate", "DuelHost", "Gun", "GunHost", "HandOffHost", "OffersHost", "TableParts", "TurnInput"]
