"""Drawing the review scene: seats with their hands face up, the middle, the log, the coach, the timeline."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ...i18n import _, ngettext, seat_name
from ...model import format_value, hand_value
from ..keys import REVIEW, label
from ..layout import CARD_RATIO, Box
from ..widgets import blit_text, draw_backdrop, draw_panel, fit_text
from ..theme import TEXT

if TYPE_CHECKING:
    from ...coach import GameReview
    from ...coach.replay import Replay
    from ..scene import Context
    from ..widgets import Button, Cycler


class ReviewPage(Protocol):
    """What the review's drawing reads of its screen, and where it lays out the controls it draws there."""

    ctx: Context
    title: str
    replay: Replay
    review: GameReview | None
    seat: int
    buttons: list[Button]
    speed: Cycler
    seat_picker: Cycler
    notes_first: int
    notes_rows: int
    timeline: Box
    """Where the timeline was drawn (a click there jumps)."""

    def status(self) -> str: ...

    def log_lines(self) -> list[str]: ...

    def coach_line(self) -> str: ...

    def review_lines(self) -> list[str]: ...


def draw_review(scene: ReviewPage, surface: pygame.Surface, u: float) -> None:
    """The whole review screen at unit ``u``."""
    ctx = scene.ctx
    theme, assets = ctx.theme, ctx.assets
    w, h = surface.get_size()
    draw_backdrop(surface, assets, theme, u)
    blit_text(surface, assets, fit_text(assets, scene.title, TEXT.heading * u, w - 40 * u, True), TEXT.heading * u, theme.accent,
              (w / 2, 10 * u), "midtop", True)
    blit_text(surface, assets, scene.status(), TEXT.label * u, theme.text_dim, (w / 2, 44 * u), "midtop")
    margin, top = 16 * u, 70 * u
    controls_h = 116 * u
    body = Box(margin, top, w - 2 * margin, h - top - controls_h)
    left = Box(body.x, body.y, body.w * 0.58, body.h)
    right = Box(left.right + 12 * u, body.y, body.w - left.w - 12 * u, body.h)
    draw_panel(surface, left, theme, u)
    draw_panel(surface, right, theme, u)
    _draw_seats(scene, surface, left, seat_rows(scene), u)
    _draw_side(scene, surface, right, u)
    _draw_controls(scene, surface, Box(margin, h - controls_h + 8 * u, w - 2 * margin, controls_h - 16 * u), u)


def _draw_seats(scene: ReviewPage, surface: pygame.Surface, box: Box, rows: list[tuple[str, int, tuple[Any, ...], str]],
                u: float) -> None:
    ctx = scene.ctx
    theme, assets = ctx.theme, ctx.assets
    state = scene.replay.state
    middle_h = box.h * 0.24
    row_h = (box.h - middle_h - 16 * u) / max(1, len(rows))
    card_h = min(row_h - 8 * u, 110 * u)
    card_w = card_h / CARD_RATIO
    for seat, (name, lives, hand, value) in enumerate(rows):
        y = box.y + 8 * u + seat * row_h
        current = seat == state.current
        colour = theme.highlight if current else (theme.accent if seat == scene.seat else theme.text)
        label = ("▸ " if current else "") + (_("{name} (reviewed)").format(name=name) if seat == scene.seat else name)
        blit_text(surface, assets, fit_text(assets, label, TEXT.label * u, box.w * 0.3, True), TEXT.label * u, colour,
                  (box.x + 14 * u, y + row_h / 2 - 10 * u), "midleft", True)
        lives_text = _("out") if lives <= 0 else ngettext("{count} life", "{count} lives", lives).format(count=lives)
        blit_text(surface, assets, lives_text, TEXT.normal * u, theme.text_dim, (box.x + 14 * u, y + row_h / 2 + 10 * u),
                  "midleft")
        x = box.x + box.w * 0.34
        for card in hand:
            image = assets.card(ctx.settings.deck, card, int(card_w))
            surface.blit(image, image.get_rect(midleft=(round(x), round(y + row_h / 2))))
            x += card_w * 0.8
        if value:
            blit_text(surface, assets, value, TEXT.lead * u, theme.text, (box.right - 16 * u, y + row_h / 2), "midright", True)
    mid = Box(box.x, box.bottom - middle_h, box.w, middle_h)
    pygame.draw.line(surface, theme.panel_edge, (mid.x + 10 * u, mid.y), (mid.right - 10 * u, mid.y), max(1, round(u)))
    cards = state.board or state.discards[-1:]
    what = _("Board") if state.board else _("Discard")
    mid_card_h = min(mid.h - 20 * u, 100 * u)
    blit_text(surface, assets, what, TEXT.body * u, theme.text_dim, (mid.x + 14 * u, mid.center[1]), "midleft")
    x = mid.x + 100 * u
    for card in cards:
        image = assets.card(ctx.settings.deck, card, int(mid_card_h / CARD_RATIO))
        surface.blit(image, image.get_rect(midleft=(round(x), round(mid.center[1]))))
        x += mid_card_h / CARD_RATIO + 6 * u
    blit_text(surface, assets, ngettext("Stock: {count} card", "Stock: {count} cards", len(state.stock)).format(count=len(state.stock)), TEXT.body * u, theme.text_dim,
              (mid.right - 16 * u, mid.center[1]), "midright")


NOTES_SHARE = 0.6
"""The part of the side panel the coach takes (its line and notes); the log has the rest."""


def _draw_side(scene: ReviewPage, surface: pygame.Surface, box: Box, u: float) -> None:
    ctx = scene.ctx
    theme, assets = ctx.theme, ctx.assets
    x, width = box.x + 12 * u, box.w - 24 * u
    y = box.y + 10 * u
    blit_text(surface, assets, _("Coach"), TEXT.strong * u, theme.accent, (x, y), bold=True)
    y += 24 * u
    coach = scene.coach_line()
    for line in assets.wrap(coach, TEXT.normal * u, width) if coach else [_("(not this seat's decision)")]:
        blit_text(surface, assets, line, TEXT.normal * u, theme.highlight if coach else theme.text_dim, (x, y))
        y += 19 * u
    notes_bottom = max(y, box.y + box.h * NOTES_SHARE)
    _draw_notes(scene, surface, Box(x, y + 4 * u, width, notes_bottom - y - 4 * u), u)
    y = notes_bottom + 6 * u
    pygame.draw.line(surface, theme.panel_edge, (x, y), (box.right - 12 * u, y), max(1, round(u)))
    blit_text(surface, assets, _("Log"), TEXT.strong * u, theme.accent, (x, y + 6 * u), bold=True)
    y += 30 * u
    rows = int((box.bottom - 8 * u - y) // (17 * u))
    # Long sentences wrap rather than lose their ending; the newest lines stay in view.
    wrapped = [part for line in scene.log_lines() for part in assets.wrap(line, TEXT.small * u, width)]
    for part in wrapped[-rows:] if rows > 0 else []:
        blit_text(surface, assets, part, TEXT.small * u, theme.text_dim, (x, y))
        y += 17 * u


def _draw_notes(scene: ReviewPage, surface: pygame.Surface, box: Box, u: float) -> None:
    """The coach's notes, every sentence wrapped whole, scrolled to ``scene.notes_first``, with a scroll bar
    and a line saying how to see more while there is more below."""
    theme, assets = scene.ctx.theme, scene.ctx.assets
    line_h = 17 * u
    bar_w = 4 * u
    lines = [part for note in scene.review_lines() for part in assets.wrap(note, TEXT.small * u, box.w - 3 * bar_w)]
    room = max(1, int(box.h // line_h))
    overflow = len(lines) > room
    rows = max(1, room - 1) if overflow else room  # the last row tells how to see more
    scene.notes_rows = rows
    scene.notes_first = first = max(0, min(scene.notes_first, len(lines) - rows))
    y = box.y
    for part in lines[first:first + rows]:
        blit_text(surface, assets, part, TEXT.small * u, theme.text, (box.x, y))
        y += line_h
    if not overflow:
        return
    if first + rows < len(lines):
        more = _("▼ more: wheel or {keys}").format(keys=label(REVIEW, "notes_down"))
        blit_text(surface, assets, more, TEXT.small * u, theme.text_dim, (box.x, box.y + rows * line_h))
    track = Box(box.right - bar_w, box.y, bar_w, rows * line_h)
    pygame.draw.rect(surface, theme.table_shade, pygame.Rect(track.rounded()))
    thumb_h = max(12 * u, track.h * rows / len(lines))
    thumb_y = track.y + (track.h - thumb_h) * first / max(1, len(lines) - rows)
    pygame.draw.rect(surface, theme.accent, pygame.Rect(Box(track.x, thumb_y, track.w, thumb_h).rounded()))


def _draw_controls(scene: ReviewPage, surface: pygame.Surface, box: Box, u: float) -> None:
    ctx = scene.ctx
    theme, assets = ctx.theme, ctx.assets
    line = Box(box.x + 10 * u, box.y + 6 * u, box.w - 20 * u, 14 * u)
    scene.timeline = line
    pygame.draw.rect(surface, theme.table_shade, pygame.Rect(round(line.x), round(line.y), round(line.w), round(line.h)),
                     border_radius=max(1, round(4 * u)))
    replay = scene.replay
    length = max(1, replay.length)
    filled = line.w * replay.position / length
    pygame.draw.rect(surface, theme.button_hover, pygame.Rect(round(line.x), round(line.y), round(filled), round(line.h)),
                     border_radius=max(1, round(4 * u)))
    for start in replay.round_starts:
        x = line.x + line.w * start / length
        pygame.draw.line(surface, theme.text_dim, (x, line.y - 3 * u), (x, line.bottom + 3 * u), max(1, round(u)))
    if scene.review is not None:
        for rank, decision in enumerate(scene.review.costliest, start=1):
            x = line.x + line.w * (decision.index + 1) / length
            pygame.draw.circle(surface, theme.bad, (round(x), round(line.center[1])), max(3, round(6 * u)))
            blit_text(surface, assets, str(rank), TEXT.tiny * u, theme.bad, (x, line.bottom + 3 * u), "midtop", True)
    buttons = scene.buttons
    gap = 8 * u
    bw = min(150 * u, (box.w - 2 * 230 * u - gap * (len(buttons) + 2)) / len(buttons))
    by = line.bottom + 22 * u
    bh = min(44 * u, box.bottom - by)
    x = box.x + 10 * u
    scene.seat_picker.box = Box(x, by, 220 * u, bh)
    scene.seat_picker.draw(surface, assets, theme, u)
    x += 220 * u + gap
    for button in buttons:
        button.box = Box(x, by, bw, bh)
        button.draw(surface, assets, theme, u)
        x += bw + gap
    scene.speed.box = Box(box.right - 10 * u - 200 * u, by, 200 * u, bh)
    scene.speed.draw(surface, assets, theme, u)


def seat_rows(scene: ReviewPage) -> list[tuple[str, int, tuple[Any, ...], str]]:
    """``(name, lives, cards, value)`` for every seat at the cursor: all hands face up."""
    state = scene.replay.state
    rows = []
    for seat, name in enumerate(state.names):
        hand = state.hands[seat]
        value = format_value(hand_value(hand, state.rules)) if len(hand) == 3 else ""
        rows.append((seat_name(name), state.tokens[seat], hand, value))
    return rows
