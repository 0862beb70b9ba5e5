"""One frame of the table scene as repaint items: the table, then the buttons and read-outs over it.

The table scene paints these whole (``draw``) or only where they changed (``draw_changed``).
What cannot say where it paints or when it changes (the aim, a Quick Draw standoff, the
coach's panel, the spread-out discard pile) covers the whole screen, so a frame showing
one is painted whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from ..assets import Assets
from ..repaint import Item
from .draw import table_items
from .hud import draw_hand_value, draw_message, message_panel
from .layer import static_layer
from .look import draw_discard_look
from ..theme import Theme
from ..widgets import Button, rect

if TYPE_CHECKING:
    from ...model import Card
    from ..scene import Context
    from .host import TableParts
    from .view import TableView


@dataclass(frozen=True)
class TableFrame:
    """What one frame of the table shows, gathered by the table scene (``TableScene.frame``)."""

    ctx: Context
    view: TableView
    log_lines: list[str]
    buttons: list[tuple[str, Button]]
    """The move buttons on screen, by name (each goes in the layout's box of that name)."""
    gun: tuple[Button, Callable[[pygame.Surface], None]] | None
    """The gun button and its painter, when it shows."""
    overlays: list[Callable[[pygame.Surface], None]]
    """Painters that cover the whole screen: the aim, a Quick Draw standoff, the coach's panel."""
    hint: str
    alert: bool
    """The hint line is a fresh message."""
    looked_at: tuple[Card, ...] | None
    """The discard pile spread out for a look, or None."""
    hand_value: TableParts
    """Whose hand value is read out (the table's parts)."""


def table_background(view: TableView, ctx: Context) -> pygame.Surface:
    """The still layer every frame of the table is painted over."""
    return static_layer(view, ctx.assets, ctx.theme)


def frame_items(frame: TableFrame) -> list[Item]:
    """Everything of ``frame`` over ``table_background``, in painting order."""
    ctx, view = frame.ctx, frame.view
    layout = view.layout
    u = layout.unit
    items = table_items(view, ctx.assets, ctx.theme, ctx.settings.deck, frame.log_lines, ctx.clock_s)
    for name, button in frame.buttons:
        button.box = layout.buttons[name]
        items.append(button_item(button, ctx.assets, ctx.theme, u))
    items.append(_hand_value_item(frame.hand_value))
    whole = pygame.Rect(0, 0, layout.width, layout.height)
    if frame.gun is not None and layout.buttons.get("gun") is not None:
        button, paint = frame.gun
        button.box = layout.buttons["gun"]
        items.append(button_item(button, ctx.assets, ctx.theme, u, paint=paint))
    for overlay in frame.overlays:
        items.append(Item(whole, None, overlay))
    text, alert = frame.hint, frame.alert
    if text:
        panel = rect(message_panel(ctx.assets, layout, text, alert)[0]).inflate(4, 4)
        items.append(Item(panel, ("message", text, alert),
                          partial(draw_message, assets=ctx.assets, theme=ctx.theme, layout=layout, text=text,
                                  alert=alert)))
    if frame.looked_at is not None:
        items.append(Item(whole, None, partial(draw_discard_look, assets=ctx.assets, theme=ctx.theme,
                                               deck=ctx.settings.deck, layout=layout, discards=frame.looked_at)))
    return items


def button_item(button: Button, assets: Assets, theme: Theme, u: float,
                paint: Callable[[pygame.Surface], None] | None = None) -> Item:
    """A button as an item: its box with the shadow and focus ring, and everything its look depends on."""
    area = rect(button.box).inflate(round(12 * u) + 4, round(12 * u) + 4)
    look = ("button", button.label, button.hint, button.enabled, button.hover, button.lit, button.focused,
            button.box.rounded())
    if paint is None:
        paint = partial(button.draw, assets=assets, theme=theme, unit=u)
    return Item(area, look, paint)


def _hand_value_item(scene: TableParts) -> Item:
    view = scene.view
    seat = view.viewer
    shown = tuple(s.card if s.shows_face else None for s in view.hands[seat])
    look = ("hand value", scene.ctx.settings.show_hand_value, view.face_seat, seat, view.revealed, shown,
            scene.session.is_bot(seat), scene.session.names[seat])
    return Item(rect(view.layout.hand_value).inflate(4, 4), look, partial(draw_hand_value, scene=scene))
