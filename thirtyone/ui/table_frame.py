"""One frame of the table scene as repaint items: the table, then the buttons and read-outs over it.

The table scene paints these whole (``draw``) or only where they changed (``draw_changed``).
What cannot say where it paints or when it changes (the aim, a Quick Draw standoff, the
coach's panel, the spread-out discard pile) covers the whole screen, so a frame showing
one is painted whole.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from .assets import Assets
from .repaint import Item
from .table_draw import table_items
from .table_hud import draw_hand_value, draw_message, message_panel
from .table_layer import static_layer
from .table_look import draw_discard_look
from .theme import Theme
from .widgets import Button, rect

if TYPE_CHECKING:
    from .scenes.table import TableScene


def table_background(scene: TableScene) -> pygame.Surface:
    """The still layer every frame of ``scene`` is painted over."""
    return static_layer(scene.view, scene.ctx.assets, scene.ctx.theme)


def frame_items(scene: TableScene) -> list[Item]:
    """Everything of ``scene``'s frame over ``table_background``, in painting order."""
    ctx, view = scene.ctx, scene.view
    layout = view.layout
    u = layout.unit
    items = table_items(view, ctx.assets, ctx.theme, ctx.settings.deck, scene.log_lines, ctx.clock_s)
    for name in scene.offers.shown_buttons():
        button = scene.buttons[name]
        button.box = layout.buttons[name]
        items.append(button_item(button, ctx.assets, ctx.theme, u))
    items.append(_hand_value_item(scene))
    whole = pygame.Rect(0, 0, layout.width, layout.height)
    gun = scene.gun
    if gun.aiming:
        items.append(Item(whole, None, lambda s: gun.draw(s)))
    elif layout.buttons.get("gun") is not None and gun.shown():
        gun.button.box = layout.buttons["gun"]
        items.append(button_item(gun.button, ctx.assets, ctx.theme, u, paint=gun.draw))
    if scene.quick.standoff is not None:
        items.append(Item(whole, None, lambda s: scene.quick.draw(s)))
    if scene.coach.mode != "off" and scene.input.obs is not None:
        items.append(Item(whole, None, lambda s: scene.coach.draw(s)))
    text, alert = scene.offers.hint(), scene.message_s > 0
    if text:
        panel = rect(message_panel(ctx.assets, layout, text, alert)[0]).inflate(4, 4)
        items.append(Item(panel, ("message", text, alert),
                          partial(draw_message, assets=ctx.assets, theme=ctx.theme, layout=layout, text=text,
                                  alert=alert)))
    if scene.looking:
        discards = scene.seen.discards
        items.append(Item(whole, None, partial(draw_discard_look, assets=ctx.assets, theme=ctx.theme,
                                               deck=ctx.settings.deck, layout=layout, discards=discards)))
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


def _hand_value_item(scene: TableScene) -> Item:
    view = scene.view
    seat = view.viewer
    shown = tuple(s.card if s.shows_face else None for s in view.hands[seat])
    look = ("hand value", scene.ctx.settings.show_hand_value, view.face_seat, seat, view.revealed, shown,
            scene.session.is_bot(seat), scene.session.names[seat])
    return Item(rect(view.layout.hand_value).inflate(4, 4), look, partial(draw_hand_value, scene=scene))
