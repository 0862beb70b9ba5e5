"""The table's one input boundary: every pygame event becomes at most one ``TableIntent``.

Keys are read once from the key table (``keys.read``: the table's own place, and the
place of the moment when it differs: aiming, a Quick Draw's answer window, watching
after you are out); the mouse is read once (``pointer``) and hit-tested once against the
layout: a button, a card of your hand, a board card, the stock, the discard pile, a seat.
A clicked button gives the same intent as its key. The parts of the table receive
intents and return what they want (``table.wants``); none of them sees a pygame event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import pygame

from ..keys import AIM, DUEL, OUT, TABLE, Intent, read
from ..layout import Box
from ..pointer import LEFT, MOVE, PRESS, RELEASE, RIGHT, pointer
from .view import TableView
from ..widgets import Button

PRESS_CARD, PILE, SEAT, HOVER, DROP, AWAY, LOOK = "press_card", "pile", "seat", "hover", "drop", "away", "look"
"""The mouse's commands besides the keys' own: press a card of your hand (to pick or drag it), click the
discard pile, click a seat, the pointer moved, a card let go, a click on nothing, a right click on the pile."""
MOUSE = "mouse"
"""The place of a mouse gesture (a clicked button gives its key's intent, in the key's place)."""


@dataclass(frozen=True)
class Target:
    """What lies under the pointer: ``kind`` is "button", "hand", "board", "stock", "pile", "seat" or ""."""

    kind: str = ""
    index: int = -1
    """The card's place in the hand or on the board, or the seat."""
    name: str = ""
    """The button's name (its command)."""


NOTHING = Target()


@dataclass(frozen=True)
class TableIntent:
    """What the player asks of the table, from a key or the mouse."""

    command: str
    which: int = 0
    """For numbered keys and cards: which one (0 for the first)."""
    place: str = TABLE
    """The key table's place the command belongs to (``TABLE``, ``AIM``, ``DUEL``, ``OUT``)."""
    pos: tuple[int, int] | None = None
    """Where the pointer was (mouse intents only)."""
    target: Target = NOTHING
    """What the pointer was over (mouse intents only)."""

    @property
    def key(self) -> Intent:
        """The key table's intent this one stands for."""
        return Intent(self.command, self.which)


class TableReader:
    """Turns events into intents for one table view; ``buttons`` are the named buttons on screen now."""

    def __init__(self, view: TableView) -> None:
        self.view = view

    def read(self, event: pygame.event.Event, place: str, buttons: Iterable[tuple[str, Button]] = ()) -> TableIntent | None:
        """The intent of ``event`` where the table is now (``place``: ``TABLE``, ``AIM``, ``DUEL`` or ``OUT``)."""
        if event.type == pygame.KEYDOWN:
            return self._key(event, place)
        mouse = pointer(event)
        if mouse is None or mouse.kind not in (PRESS, RELEASE, MOVE):
            return None
        target = self.hit(mouse.pos, buttons, dropping=mouse.kind == RELEASE)
        if mouse.kind == MOVE:
            return TableIntent(HOVER, target.index, MOUSE, mouse.pos, target)
        if mouse.kind == RELEASE:
            return TableIntent(DROP, target.index, MOUSE, mouse.pos, target) if mouse.button == LEFT else None
        if mouse.button == RIGHT:
            return TableIntent(LOOK if target.kind == "pile" else AWAY, target.index, MOUSE, mouse.pos, target)
        if mouse.button != LEFT:
            return None
        if target.kind == "button":
            return TableIntent(target.name, 0, TABLE, mouse.pos, target)
        command = {"hand": PRESS_CARD, "board": "board", "stock": "draw", "pile": PILE, "seat": SEAT}.get(target.kind, AWAY)
        return TableIntent(command, max(0, target.index), MOUSE, mouse.pos, target)

    def _key(self, event: pygame.event.Event, place: str) -> TableIntent | None:
        """One read of the table's keys, and one of the moment's place when it is another."""
        table = read(event, TABLE)
        if place == TABLE:
            return TableIntent(table.command, table.which) if table is not None else None
        special = read(event, place)
        if place == AIM and table is not None and table.command == "gun":
            return TableIntent("gun")  # G again fires at the seat aimed at
        if place == OUT and table is not None and table.command in ("pause", "look", "take_back"):
            return TableIntent(table.command, table.which)
        if special is not None:
            return TableIntent(special.command, special.which, place)
        if place in (AIM, DUEL):
            return TableIntent("", 0, place)  # while aiming or answering, other keys wait
        return TableIntent(table.command, table.which) if table is not None else None

    def hit(self, pos: tuple[int, int], buttons: Iterable[tuple[str, Button]] = (), dropping: bool = False) -> Target:
        """What is under ``pos``: the one hit test of the table.

        A dropped card (``dropping``) lands on a board card or the pile, which it finds from further off;
        the hand it was lifted from and the buttons are no targets for it."""
        view, layout = self.view, self.view.layout
        for name, button in () if dropping else buttons:
            if button.enabled and button.box.contains(*pos):
                return Target("button", name=name)
        hand = view.hands[view.viewer] if 0 <= view.viewer < len(view.hands) and not dropping else []
        for i in range(len(hand) - 1, -1, -1):
            if hand[i].rect().collidepoint(pos):
                return Target("hand", i)
        for i, sprite in enumerate(view.board):
            if sprite.rect().collidepoint(pos):
                return Target("board", i)
        if not view.has_board:
            pile = layout.discard.inflate(24 * layout.unit, 24 * layout.unit) if dropping else layout.discard
            if _near(layout.stock, pos) and not dropping:
                return Target("stock")
            if _near(pile, pos):
                return Target("pile")
        pad = 8 * layout.unit
        for seat, geo in enumerate(layout.seat_geo):
            if geo.box.inflate(pad, pad).contains(*pos):
                return Target("seat", seat)
        return NOTHING


def _near(box: Box, pos: tuple[int, int]) -> bool:
    return box.inflate(8, 8).contains(*pos)


__all__ = ["AWAY", "DROP", "HOVER", "LOOK", "MOUSE", "NOTHING", "PILE", "PRESS_CARD", "SEAT", "TableIntent", "TableReader", "Target"]
