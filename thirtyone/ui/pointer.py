"""The one place that reads the mouse: a pygame event becomes a ``Pointer`` (or nothing).

Keys are read by ``keys.read`` from the key table; the mouse is read here. Scenes and
widgets hit-test a ``Pointer`` against their own boxes; the table hit-tests it once
against its layout (``table.reader``). A speech or network front end never sees either.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

PRESS, RELEASE, MOVE, WHEEL = "press", "release", "move", "wheel"
LEFT, RIGHT = 1, 3
"""Mouse buttons as pygame numbers them."""


class Pointer(NamedTuple):
    """What the mouse did: pressed or released ``button`` at ``pos``, moved to ``pos``, or turned the wheel."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    wheel: int = 0
    """Wheel steps: up (away from the player) positive."""

    @property
    def left_press(self) -> bool:
        return self.kind == PRESS and self.button == LEFT


_KINDS = {pygame.MOUSEBUTTONDOWN: PRESS, pygame.MOUSEBUTTONUP: RELEASE, pygame.MOUSEMOTION: MOVE}


def pointer(event: pygame.event.Event) -> Pointer | None:
    """The mouse's part of ``event``, or ``None`` for anything else (keys, window events)."""
    kind = _KINDS.get(event.type)
    if kind is not None:
        x, y = event.pos
        return Pointer(kind, (int(x), int(y)), getattr(event, "button", 0) if kind != MOVE else 0)
    if event.type == pygame.MOUSEWHEEL:
        return Pointer(WHEEL, wheel=int(event.y))
    return None


def click_events(pos: tuple[float, float], button: int = LEFT) -> list[pygame.event.Event]:
    """A move to ``pos`` and a click there, as the window would deliver them (the self-test's tour clicks)."""
    p = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button)]


__all__ = ["LEFT", "MOVE", "PRESS", "Pointer", "RELEASE", "RIGHT", "WHEEL", "click_events", "pointer"]
