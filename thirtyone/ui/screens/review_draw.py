"""Drawing the review scene: seats with their hands face up, the middle, the log, the coach, the timeline.

The drawing reads a ``ReviewPicture`` (what one frame shows, built by the scene) and answers with a
``ReviewLayout`` (where the timeline went, how many lines of notes fit); it never reaches into the scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _, ngettext, seat_name
from ...model import format_value, hand_value
from ..keys import REVIEW, label
from ..layout import CARD_RATIO, Box
from ..widgets import blit_text, draw_backdrop, draw_panel, fit_text
from ..theme import TEXT

if TYPE_CHECKING:
    from ...model import GameState
    from ..assets import Assets
    from ..theme import Theme
    from ..widgets import Button, Cycler
    from .review_bot import BotPanelView


@dataclass(frozen=True)
class ReviewPicture:
    """What one frame of the review shows; the scene builds it, the drawing only reads it."""

    title: str
    status: str
    state: GameState
    """The game at the cursor."""
    seat: int
    """The reviewed seat."""
    deck: str
    position: int
    length: int
    round_starts: tuple[int, ...]
    costliest: tuple[int, ...]
    """The action index of each of the coach's costliest decisions, costliest first (none while it reviews)."""
    coach_line: str
    notes: tuple[str, ...]
    notes_first: int
    """The first line of notes asked for; the drawing keeps it in range and says where it settled."""
    log: tuple[str, ...]
    seat_picker: Cycler
    buttons: tuple[Button, ...]
    speed: Cycler
    """The controls, which the drawing places (their boxes) as it draws them."""
    bot_view: BotPanelView | None = None
    """What did the bot think? Drawn in place of the coach and the log while open."""
    bot_button: Button | None = None


@dataclass(frozen=True)
class ReviewLayout:
    """What the drawing settled: where the timeline is (a click there jumps) and the notes in view."""

    timeline: Box
    notes_first: int
    notes_rows: int


def draw_review(picture: ReviewPicture, surface: pygame.Surface, theme: Theme, assets: Assets, u: float) -> ReviewLayout:
    """The whole review screen at unit ``u``."""
    w, h = surface.get_size()
    draw_backdrop(surface, assets, theme, u)
    blit_text(surface, assets, fit_text(assets, picture.title, TEXT.heading * u, w - 40 * u, True), TEXT.heading * u, theme.accent,
              (w / 2, 10 * u), "midtop", True)
    blit_text(surface, assets, picture.status, TEXT.label * u, theme.text_dim, (w / 2, 44 * u), "midtop")
    margin, top = 16 * u, 70 * u
    controls_h = 116 * u
    body = Box(margin, top, w - 2 * margin, h - top - controls_h)
    left = Box(body.x, body.y, body.w * 0.58, body.h)
    right = Box(left.right + 12 * u, body.y, body.w - left.w - 12 * u, body.h)
    draw_panel(surface, left, theme, u)
    draw_panel(surface, right, theme, u)
    _draw_seats(picture, surface, theme, assets, left, seat_rows(picture.state), u)
    first, rows = _draw_side(picture, surface, theme, assets, right, u)
    timeline = _draw_controls(picture, surface, theme, assets,
                              Box(margin, h - controls_h + 8 * u, w - 2 * margin, controls_h - 16 * u), u)
    return ReviewLayout(timeline, first, rows)


def _draw_seats(picture: ReviewPicture, surface: pygame.Surface, theme: Theme, assets: Assets, box: Box,
                rows: list[tuple[str, int, tuple[Any, ...], str]], u: float) -> None:
    state = picture.state
    middle_h = box.h * 0.24
    row_h = (box.h - middle_h - 16 * u) / max(1, len(rows))
    card_h = min(row_h - 8 * u, 110 * u)
    card_w = card_h / CARD_RATIO
    for seat, (name, lives, hand, value) in enumerate(rows):
        y = box.y + 8 * u + seat * row_h
        current = seat == state.current
        colour = theme.highlight if current else (theme.accent if seat == picture.seat else theme.text)
        label = ("▸ " if current else "") + (_("{name} (reviewed)").format(name=name) if seat == picture.seat else name)
        blit_text(surface, assets, fit_text(assets, label, TEXT.label * u, box.w * 0.3, True), TEXT.label * u, colour,
                  (box.x + 14 * u, y + row_h / 2 - 10 * u), "midleft", True)
        lives_text = _("out") if lives <= 0 else ngettext("{count} life", "{count} lives", lives).format(count=lives)
        blit_text(surface, assets, lives_text, TEXT.normal * u, theme.text_dim, (box.x + 14 * u, y + row_h / 2 + 10 * u),
                  "midleft")
        x = box.x + box.w * 0.34
        for card in hand:
            image = assets.card(picture.deck, card, int(card_w))
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
        image = assets.card(picture.deck, card, int(mid_card_h / CARD_RATIO))
        surface.blit(image, image.get_rect(midleft=(round(x), round(mid.center[1]))))
        x += mid_card_h / CARD_RATIO + 6 * u
    blit_text(surface, assets, ngettext("Stock: {count} card", "Stock: {count} cards", len(state.stock)).format(count=len(state.stock)), TEXT.body * u, theme.text_dim,
              (mid.right - 16 * u, mid.center[1]), "midright")


NOTES_SHARE = 0.6
"""The part of the side panel the coach takes (its line and notes); the log has the rest."""


def _draw_side(picture: ReviewPicture, surface: pygame.Surface, theme: Theme, assets: Assets, box: Box,
               u: float) -> tuple[int, int]:
    """The coach's line and notes above the log (or the bot's view); answers the notes' first line and rows in view."""
    x, width = box.x + 12 * u, box.w - 24 * u
    y = box.y + 10 * u
    if picture.bot_button is not None:
        # Beside the heading and above the coach's line (which begins 34 units down).
        picture.bot_button.box = Box(box.right - 10 * u - min(170 * u, box.w * 0.45), box.y + 5 * u,
                                     min(170 * u, box.w * 0.45), 26 * u)
        picture.bot_button.draw(surface, assets, theme, u)
    if picture.bot_view is not None:
        return _draw_bot_view(picture, picture.bot_view, surface, theme, assets, Box(x, y, width, box.bottom - 8 * u - y), u)
    blit_text(surface, assets, _("Coach"), TEXT.strong * u, theme.accent, (x, y), bold=True)
    y += 24 * u
    coach = picture.coach_line
    for line in assets.wrap(coach, TEXT.normal * u, width) if coach else [_("(not this seat's decision)")]:
        blit_text(surface, assets, line, TEXT.normal * u, theme.highlight if coach else theme.text_dim, (x, y))
        y += 19 * u
    notes_bottom = max(y, box.y + box.h * NOTES_SHARE)
    notes = _draw_notes(picture, surface, theme, assets, Box(x, y + 4 * u, width, notes_bottom - y - 4 * u), u)
    y = notes_bottom + 6 * u
    pygame.draw.line(surface, theme.panel_edge, (x, y), (box.right - 12 * u, y), max(1, round(u)))
    blit_text(surface, assets, _("Log"), TEXT.strong * u, theme.accent, (x, y + 6 * u), bold=True)
    y += 30 * u
    rows = int((box.bottom - 8 * u - y) // (17 * u))
    # Long sentences wrap rather than lose their ending; the newest lines stay in view.
    wrapped = [part for line in picture.log for part in assets.wrap(line, TEXT.small * u, width)]
    for part in wrapped[-rows:] if rows > 0 else []:
        blit_text(surface, assets, part, TEXT.small * u, theme.text_dim, (x, y))
        y += 17 * u
    return notes


def _draw_bot_view(picture: ReviewPicture, view: BotPanelView, surface: pygame.Surface, theme: Theme, assets: Assets,
                   box: Box, u: float) -> tuple[int, int]:
    """The bot's guesses per opponent, each beside what it held, under a heading kept clear of the button;
    a table too long for the panel scrolls as the notes do. Answers the first line and the rows in view."""
    right_of_button = box.w - min(170 * u, (box.w + 24 * u) * 0.45) - 8 * u
    y = box.y
    for line in assets.wrap(view.heading, TEXT.normal * u, right_of_button, bold=True):
        blit_text(surface, assets, line, TEXT.normal * u, theme.accent, (box.x, y), bold=True)
        y += 20 * u
    y = max(y, box.y + 28 * u) + 4 * u
    items: list[tuple[str, tuple[int, int, int], bool, float]] = []
    for name, lines in view.rows:
        items.append((name, theme.highlight, True, 0.0))
        for index, text in enumerate(lines):  # the last line is what the opponent really held
            colour = theme.text_dim if index == len(lines) - 1 else theme.text
            items.extend((part, colour, False, 12 * u) for part in assets.wrap(text, TEXT.small * u, box.w - 12 * u))
    items.extend((part, theme.text_dim, False, 0.0) for part in assets.wrap(view.note, TEXT.small * u, box.w))
    line_h = 17 * u
    room = max(1, int((box.bottom - y) // line_h))
    overflow = len(items) > room
    rows = max(1, room - 1) if overflow else room
    first = max(0, min(picture.notes_first, len(items) - rows))
    for text, colour, bold, indent in items[first:first + rows]:
        blit_text(surface, assets, text, TEXT.small * u, colour, (box.x + indent, y), bold=bold)
        y += line_h
    if overflow and first + rows < len(items):
        more = _("▼ more: wheel or {keys}").format(keys=label(REVIEW, "notes_down"))
        blit_text(surface, assets, more, TEXT.small * u, theme.text_dim, (box.x, y))
    return first, rows


def _draw_notes(picture: ReviewPicture, surface: pygame.Surface, theme: Theme, assets: Assets, box: Box,
                u: float) -> tuple[int, int]:
    """The coach's notes, every sentence wrapped whole, scrolled to ``picture.notes_first`` (kept in range),
    with a scroll bar and a line saying how to see more while there is more below; answers the first line
    and the rows in view."""
    line_h = 17 * u
    bar_w = 4 * u
    lines = [part for note in picture.notes for part in assets.wrap(note, TEXT.small * u, box.w - 3 * bar_w)]
    room = max(1, int(box.h // line_h))
    overflow = len(lines) > room
    rows = max(1, room - 1) if overflow else room  # the last row tells how to see more
    first = max(0, min(picture.notes_first, len(lines) - rows))
    y = box.y
    for part in lines[first:first + rows]:
        blit_text(surface, assets, part, TEXT.small * u, theme.text, (box.x, y))
        y += line_h
    if not overflow:
        return first, rows
    if first + rows < len(lines):
        more = _("▼ more: wheel or {keys}").format(keys=label(REVIEW, "notes_down"))
        blit_text(surface, assets, more, TEXT.small * u, theme.text_dim, (box.x, box.y + rows * line_h))
    track = Box(box.right - bar_w, box.y, bar_w, rows * line_h)
    pygame.draw.rect(surface, theme.table_shade, pygame.Rect(track.rounded()))
    thumb_h = max(12 * u, track.h * rows / len(lines))
    thumb_y = track.y + (track.h - thumb_h) * first / max(1, len(lines) - rows)
    pygame.draw.rect(surface, theme.accent, pygame.Rect(Box(track.x, thumb_y, track.w, thumb_h).rounded()))
    return first, rows


def _draw_controls(picture: ReviewPicture, surface: pygame.Surface, theme: Theme, assets: Assets, box: Box,
                   u: float) -> Box:
    """The timeline and the buttons under it; answers where the timeline is."""
    line = Box(box.x + 10 * u, box.y + 6 * u, box.w - 20 * u, 14 * u)
    pygame.draw.rect(surface, theme.table_shade, pygame.Rect(round(line.x), round(line.y), round(line.w), round(line.h)),
                     border_radius=max(1, round(4 * u)))
    length = max(1, picture.length)
    filled = line.w * picture.position / length
    pygame.draw.rect(surface, theme.button_hover, pygame.Rect(round(line.x), round(line.y), round(filled), round(line.h)),
                     border_radius=max(1, round(4 * u)))
    for start in picture.round_starts:
        x = line.x + line.w * start / length
        pygame.draw.line(surface, theme.text_dim, (x, line.y - 3 * u), (x, line.bottom + 3 * u), max(1, round(u)))
    for rank, index in enumerate(picture.costliest, start=1):
        x = line.x + line.w * (index + 1) / length
        pygame.draw.circle(surface, theme.bad, (round(x), round(line.center[1])), max(3, round(6 * u)))
        blit_text(surface, assets, str(rank), TEXT.tiny * u, theme.bad, (x, line.bottom + 3 * u), "midtop", True)
    buttons = picture.buttons
    gap = 8 * u
    bw = min(150 * u, (box.w - 2 * 230 * u - gap * (len(buttons) + 2)) / len(buttons))
    by = line.bottom + 22 * u
    bh = min(44 * u, box.bottom - by)
    x = box.x + 10 * u
    picture.seat_picker.box = Box(x, by, 220 * u, bh)
    picture.seat_picker.draw(surface, assets, theme, u)
    x += 220 * u + gap
    for button in buttons:
        button.box = Box(x, by, bw, bh)
        button.draw(surface, assets, theme, u)
        x += bw + gap
    picture.speed.box = Box(box.right - 10 * u - 200 * u, by, 200 * u, bh)
    picture.speed.draw(surface, assets, theme, u)
    return line


def seat_rows(state: GameState) -> list[tuple[str, int, tuple[Any, ...], str]]:
    """``(name, lives, cards, value)`` for every seat of ``state``: all hands face up."""
    rows = []
    for seat, name in enumerate(state.names):
        hand = state.hands[seat]
        value = format_value(hand_value(hand, state.rules)) if len(hand) == 3 else ""
        rows.append((seat_name(name), state.tokens[seat], hand, value))
    return rows
