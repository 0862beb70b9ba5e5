"""What a part of the table asks for when it takes an intent: the scene carries it out in one place.

A part never calls up into the scene: it returns ``Act`` (an action for the session),
``Say`` (a line under the table), ``Hold`` (keep a key for when the cards settle),
``DrawOn`` (Quick Draw: open the answer window) or a scene transition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ...model import Action
from ..animation.sprites import CardSprite
from ..keys import Intent
from ..scene import Transition


@dataclass(frozen=True)
class Act:
    """Send ``action`` for the viewer."""

    action: Action
    dropped: CardSprite | None = None
    """A card let go for this move: it slides back to the hand if the move is refused."""


@dataclass(frozen=True)
class Say:
    """Show ``text`` on the message line."""

    text: str


@dataclass(frozen=True)
class Hold:
    """Your turn but the cards still move: act on ``intent`` once they settle."""

    intent: Intent


@dataclass(frozen=True)
class DrawOn:
    """Quick Draw: ``shooter`` draws on ``target`` (the answer window opens)."""

    shooter: int
    target: int


Want = Union[Act, Say, Hold, DrawOn, Transition]
"""Everything a part may ask for; ``None`` (a ``Transition``) asks for nothing."""

__all__ = ["Act", "DrawOn", "Hold", "Say", "Want"]
