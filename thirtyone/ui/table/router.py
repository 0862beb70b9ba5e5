"""Which part of the table an intent belongs to: the answer window, the gun, the coach, the out seat, your moves.

``TableRouter.route`` hands each ``TableIntent`` (from ``reader``) to its part and returns
what that part wants (``wants``); the table scene carries it out. Keys are read in the
place of the moment (``place``), and a click may press the buttons on screen now
(``live_buttons``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...i18n import _
from ..keys import AIM, DUEL, OUT, TABLE
from ..scene import Push
from .reader import AWAY, DROP, HOVER, LOOK, MOUSE, SEAT, TableIntent
from .wants import Act, Hold, Say, Want

if TYPE_CHECKING:
    from ...session import TableSession
    from ..animation.choreography import Choreographer
    from ..game_setup import GameSetup
    from ..oldwest.gun import GunControl
    from ..oldwest.quick_draw import QuickDrawControl
    from ..scene import Context
    from ..widgets import Button
    from .coach import CoachPanel
    from .input import TableInput
    from .offers import TableOffers
    from .out import Spectator
    from .view import TableView


class RouterHost(Protocol):
    """The table's parts the router hands intents to, and the look at the pile it opens and closes."""

    looking: bool

    @property
    def ctx(self) -> Context: ...

    @property
    def setup(self) -> GameSetup: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def view(self) -> TableView: ...

    @property
    def choreo(self) -> Choreographer: ...

    @property
    def quick(self) -> QuickDrawControl: ...

    @property
    def gun(self) -> GunControl: ...

    @property
    def coach(self) -> CoachPanel: ...

    @property
    def input(self) -> TableInput: ...

    @property
    def offers(self) -> TableOffers: ...

    @property
    def spectator(self) -> Spectator: ...

    @property
    def buttons(self) -> dict[str, Button]: ...

    def answer(self, command: str) -> bool: ...

    def pause_choices(self) -> list[tuple[str, Button]]: ...


class TableRouter:
    """Hands the table's intents to its parts."""

    def __init__(self, host: RouterHost) -> None:
        self.host = host

    def place(self) -> str:
        """Where the keys are read now: a Quick Draw's answer window, aiming, watching after you are out, or your turn."""
        host = self.host
        if host.quick.standoff is not None:
            return DUEL
        if host.gun.aiming:
            return AIM
        return OUT if host.spectator.out else TABLE

    def live_buttons(self) -> list[tuple[str, Button]]:
        """The buttons a click may press now, by the command each gives (the same as its key)."""
        host = self.host
        live = [(name, button) for name, button in host.buttons.items() if button.enabled]
        if host.gun.enabled and host.gun.button.enabled and host.gun.shown():
            live.insert(0, ("gun", host.gun.button))
        if host.coach.mode != "off" and host.input.obs is not None:
            live.insert(0, ("hint", host.coach.button))
        return live

    def route(self, intent: TableIntent) -> Want:
        """Hand ``intent`` to the part it belongs to; what that part wants done."""
        from ..screens.pause import PauseScene
        host = self.host
        if host.quick.wants(intent):
            host.quick.take(intent)
            return None
        if host.gun.wants(intent):
            return host.gun.take(intent)
        if host.coach.take(intent):
            return None
        command = intent.command
        pressed = intent.target.kind == "button" or intent.place == MOUSE and command not in (HOVER, DROP)
        if pressed and host.looking and not host.choreo.busy:  # a click puts the spread pile back
            host.looking = False
            return None
        if command == "pause":
            if host.looking:
                host.looking = False
                return None
            if host.input.cancel():
                return Say(_("Cancelled."))
            return Push(PauseScene(host.ctx, host))
        if command == "look" and intent.place != MOUSE:
            host.looking = not host.looking
            return None
        if command == "take_back":
            return host.offers.take_back()
        if host.answer(command):  # a speech question: said at once, whatever moves
            return None
        choice = host.spectator.take(intent, host.session.local)
        if choice:
            return host.offers.spectate(choice)
        if command == "skip":
            host.choreo.skip()
            return None
        if command == "hand_value":
            host.ctx.change_settings(show_hand_value=not host.ctx.settings.show_hand_value)
            return None
        if host.choreo.busy:
            return Hold(intent.key) if intent.place != MOUSE else None
        if command == LOOK:
            host.looking = not host.view.has_board
            return None
        if command in (AWAY, SEAT):
            return None
        return self._move(intent)

    def _move(self, intent: TableIntent) -> Want:
        """Your moves; a card let go slides home unless its move is played."""
        host = self.host
        want = host.input.take(intent)
        dropped = host.input.take_dropped()
        if isinstance(want, Act):
            return Act(want.action, dropped)
        if dropped is not None:
            host.choreo.move(dropped, host.ctx.settings.duration_s(0.2))
        return want


__all__ = ["RouterHost", "TableRouter"]
