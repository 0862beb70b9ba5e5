"""Small read-outs of the table for the player at the bottom: the hand's value and the turn hint."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..model import Fire, Observation, Pass, Phase
from ..model.scoring import best_three, format_value, hand_value
from .widgets import blit_text, draw_panel

if TYPE_CHECKING:
    from .scenes.table import TableScene


def turn_hint(obs: Observation, has_board: bool) -> str:
    """What the player may do now, in a line (after "Your turn: ")."""
    hint = _move_hint(obs, has_board)
    if any(isinstance(a, Fire) for a in obs.legal_actions):
        hint = hint[:-1] + "; or fire your derringer (G)."
    return hint


def _move_hint(obs: Observation, has_board: bool) -> str:
    if obs.phase is Phase.DISCARD:
        return "pick a card to discard (1–4 or drag it to the pile)."
    if has_board:
        return "swap a card with the board (click yours, then a board card), P pass, K knock."
    if Pass() in obs.legal_actions:
        return "the stock is empty: take the discard (T), or pass (P) and the round ends."
    return "draw from the stock (D) or take the discard (T), or knock (K)."


def draw_hand_value(surface: pygame.Surface, scene: TableScene) -> None:
    """The value of the cards on screen at the bottom (or the best three of four), if shown."""
    view, ctx = scene.view, scene.ctx
    seat = view.viewer
    if not ctx.settings.show_hand_value or view.face_seat != seat or view.revealed:
        return
    cards = [s.card for s in view.hands[seat] if s.card is not None and s.shows_face]
    if len(cards) not in (3, 4) or len(cards) != len(view.hands[seat]):
        return
    rules = scene.match.rules
    value = hand_value(cards, rules) if len(cards) == 3 else best_three(cards, rules)[0]
    label = "Your hand" if len(cards) == 3 else "Best keep"
    if scene.match.is_bot(seat):
        label = f"{scene.match.names[seat]}'s hand" if len(cards) == 3 else "Best keep"
    layout = view.layout
    u = layout.unit
    box = layout.hand_value
    draw_panel(surface, box, ctx.theme, u, alpha=200)
    blit_text(surface, ctx.assets, label, 12 * u, ctx.theme.text_dim, (box.center[0], box.y + 3 * u), "midtop")
    blit_text(surface, ctx.assets, format_value(value), 22 * u, ctx.theme.accent,
              (box.center[0], box.bottom - 2 * u), "midbottom", bold=True)
