"""What the round and duel animation steps use of the choreographer they belong to, declared once.

``RoundSteps`` and ``DuelSteps`` are parts of ``Choreographer`` (it holds one of each and
hands itself over as their host); each reaches for the table view, the tweener, the sound
board and a few helpers. Declaring them here as a protocol makes every step's needs
visible and type-checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from ...model import Card, Rules
    from ...model.events import Event
    from ...storage.settings import Settings
    from ..sound import SoundBoard
    from .sprites import CardSprite
    from ..table.view import TableView
    from .tween import Tweener


class StepHost(Protocol):
    """The choreographer's parts that the steps use."""

    view: TableView
    rules: Rules
    settings: Settings
    sound: SoundBoard
    tweener: Tweener
    log: Callable[[Event, int | None], object]

    def d(self, base_s: float) -> float:
        """A base duration at the chosen animation speed."""

    def move(self, sprite: CardSprite, duration_s: float, delay_s: float = 0.0, lift: float = 0.0,
             flip: float | None = None, ease: Callable[[float], float] = ...) -> None:
        """Tween ``sprite`` to its place in the view."""

    def popup(self, text: str, x: float, y: float, size: float, colour: Any, hold_s: float = 0.9,
              background: Any = (20, 20, 20)) -> float:
        """Show a floating word; the seconds it takes."""

    def seat_xy(self, seat: int) -> tuple[float, float]:
        """The middle of ``seat``'s hand on screen."""

    def new_card(self, card: Card | None = None) -> CardSprite:
        """A card sprite on the stock."""

    def remove_transit(self, sprite: CardSprite) -> None:
        """Forget a sprite that has arrived."""
