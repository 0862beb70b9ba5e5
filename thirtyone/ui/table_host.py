"""What the table's controls may use of the table scene, declared as small protocols.

``GunControl``, ``QuickDrawControl``, ``CoachPanel``, ``TableOffers``, ``HandOff`` and the hand-value read-out are parts
of ``TableScene``; each gets the scene as a host typed by one of these protocols, so what
a part can reach is written down and type-checked, and a test can hand it a stand-in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..model import Action, Observation
    from ..model.events import RoundResult
    from ..session import Played, Refused, TableSession
    from .choreography import Choreographer
    from .keys import Intent
    from .game_setup import GameSetup
    from .gun_control import GunControl
    from .quick_draw import QuickDrawControl
    from .scene import Context
    from .table_input import TableInput
    from .table_out import Spectator
    from .table_view import TableView
    from .tween import Tweener
    from .widgets import Button


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
    def input(self) -> TableInput: ...


class GunHost(CoachHost, Protocol):
    """The gun aims, says why not, fires and asks the Quick Draw control whether a draw may start."""

    @property
    def quick(self) -> QuickDrawControl: ...

    def say(self, text: str) -> None: ...

    def act(self, action: Action) -> bool: ...

    def hold(self, intent: Intent) -> None: ...


class DuelHost(TableParts, Protocol):
    """A Quick Draw shows the duel through the choreographer, uses the gun's seats and shows the session's answer."""

    @property
    def choreo(self) -> Choreographer: ...

    @property
    def gun(self) -> GunControl: ...

    def show(self, outcome: Played | Refused) -> bool: ...


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
    def log_lines(self) -> list[str]: ...

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


__all__ = ["CoachHost", "DuelHost", "GunHost", "HandOffHost", "OffersHost", "TableParts"]
