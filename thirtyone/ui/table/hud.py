"""Small read-outs of the table for the player at the bottom: the hand's value and the turn hint."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...model import Discard, Fire, Knock, Observation, Pass, Phase, QuickDraw, Swap
from ...model.scoring import best_three, format_value, hand_value
from ..assets import Assets
from ..keys import TABLE, keys_of
from ..layout import Box, TableLayout
from ..theme import TEXT, Theme
from ..widgets import blit_text, draw_panel, fit_text
from ...model.actions import NEW_CARDS

if TYPE_CHECKING:
    from .host import TableParts


def turn_hint(obs: Observation, has_board: bool) -> str:
    """What the player may do now, in a line (after "Your turn: ")."""
    hint = _move_hint(obs, has_board)
    if any(isinstance(a, Fire) for a in obs.legal_actions):
        hint = hint[:-1] + _("; or fire your derringer ({gun}).").format(**keys_of(TABLE, "gun"))
    elif any(isinstance(a, QuickDraw) for a in obs.legal_actions):
        hint = hint[:-1] + _("; or draw your derringer ({gun}).").format(**keys_of(TABLE, "gun"))
    return hint


def _move_hint(obs: Observation, has_board: bool) -> str:
    legal = obs.legal_actions
    keys = keys_of(TABLE, "card", "knock", "swap", "pass", "draw", "take")
    knock = Knock() in legal
    if obs.phase is Phase.CHOOSE:
        return _("keep the hand you dealt yourself ({keep}), or lay it open in the middle and take the spare "
                 "({spare}), which nobody has seen.").format(**keys_of(TABLE, "keep", "spare"))
    if obs.phase is Phase.DISCARD:
        with_knock = any(isinstance(a, Discard) and a.knock for a in legal)
        return (_("pick a card to discard ({card} or drag it to the pile), {knock} to knock with it.") if with_knock
                else _("pick a card to discard ({card} or drag it to the pile).")).format(**keys)
    if has_board:
        moves = [_("swap a card with the board (click yours, then a board card, then {swap})").format(**keys)] if any(
            isinstance(a, Swap) for a in legal) else []
        moves += [_("{pass} pass").format(**keys)] if Pass() in legal else []
        moves += [_("{knock} knock").format(**keys)] if knock else []
        moves += [_("{new_cards} new cards for the 7-8-9").format(**keys_of(TABLE, "new_cards"))] if NEW_CARDS in legal else []
        return _("{moves}.").format(moves=", ".join(moves))
    if Pass() in legal:
        return _("the stock is empty: take the discard ({take}), or pass ({pass}) and the round ends.").format(**keys)
    return (_("draw from the stock ({draw}) or take the discard ({take}), or knock ({knock}).") if knock
            else _("draw from the stock ({draw}) or take the discard ({take}).")).format(**keys)


def fitted_lines(assets: Assets, text: str, size: float, width: float, min_size: float,
                 bold: bool = False) -> tuple[list[str], float]:
    """``text`` in one line at ``size`` or smaller (down to ``min_size``), else wrapped: it always fits ``width``."""
    def wide(line: str) -> int:
        return assets.font(int(size), bold).size(line)[0]
    while size > min_size and wide(text) > width:
        size *= 0.92
    if wide(text) <= width:
        return [text], size
    return assets.wrap(text, size, width, bold), size


def message_panel(assets: Assets, layout: TableLayout, text: str, alert: bool) -> tuple[Box, list[str], float]:
    """The hint's panel box, its lines and font size: always inside the table area."""
    u = layout.unit
    box = layout.message
    pad = 14 * u
    lines, size = fitted_lines(assets, text, TEXT.label * u, box.w - 2 * pad, TEXT.caption * u, alert)
    widest = max(assets.font(int(size), alert).size(line)[0] for line in lines)
    line_h = assets.font(int(size)).get_linesize()
    height = max(box.h, line_h * len(lines) + 10 * u)
    width = min(box.w, widest + 2 * pad)
    return Box.centered(box.center[0], box.bottom - height / 2, width, height), lines, size


def draw_message(surface: pygame.Surface, assets: Assets, theme: Theme, layout: TableLayout, text: str,
                 alert: bool = False) -> None:
    """One hint or notice under the table, shrunk or wrapped to fit its box (never cut at an edge)."""
    if not text:
        return
    u = layout.unit
    panel, lines, size = message_panel(assets, layout, text, alert)
    draw_panel(surface, panel, theme, u, alpha=210)
    line_h = assets.font(int(size)).get_linesize()
    top = panel.center[1] - line_h * len(lines) / 2
    for i, line in enumerate(lines):
        blit_text(surface, assets, line, size, theme.bad if alert else theme.text,
                  (panel.center[0], top + i * line_h), "midtop", bold=alert)


def draw_hand_value(surface: pygame.Surface, scene: TableParts) -> None:
    """The value of the cards on screen at the bottom (or the best three of four), if shown."""
    view, ctx = scene.view, scene.ctx
    seat = view.viewer
    if not ctx.settings.show_hand_value or view.face_seat != seat or view.revealed:
        return
    cards = [s.card for s in view.hands[seat] if s.card is not None and s.shows_face]
    if len(cards) not in (3, 4) or len(cards) != len(view.hands[seat]):
        return
    rules = scene.session.rules
    value = hand_value(cards, rules) if len(cards) == 3 else best_three(cards, rules)[0]
    label = _("Your hand") if len(cards) == 3 else _("Best keep")
    if scene.session.is_bot(seat):
        label = _("{name}'s hand").format(name=scene.session.names[seat]) if len(cards) == 3 else _("Best keep")
    layout = view.layout
    u = layout.unit
    box = layout.hand_value
    draw_panel(surface, box, ctx.theme, u, alpha=200)
    label = fit_text(ctx.assets, label, TEXT.caption * u, box.w - 8 * u)
    blit_text(surface, ctx.assets, label, TEXT.caption * u, ctx.theme.text_dim, (box.center[0], box.y + 3 * u), "midtop")
    blit_text(surface, ctx.assets, format_value(value), TEXT.subhead * u, ctx.theme.accent,
              (box.center[0], box.bottom - 2 * u), "midbottom", bold=True)
