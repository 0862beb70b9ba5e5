"""Drawing the New game screen: players, difficulty, preset, house rules, buttons.

Sizes follow the interface size; where the players or the house rules do not fit at it, they scroll.
The drawing reads a ``NewGameView`` (what the scene shows, built by it) and answers a ``NewGameLayout``
(what scrolled where, what fits); it never reaches into the scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

import pygame

from ...i18n import _
from ...model import PRESETS
from ...model.options import RULE_OPTIONS
from ..game_setup import WINDOW_SEATS
from .house_rules import OptionGrid, option_grid
from ..layout import Box, ui_unit
from ..widgets import blit_text, draw_focus_ring, draw_panel, draw_screen, fit_size, fit_text, rect
from ..theme import SMALLEST_FIT, TEXT

if TYPE_CHECKING:
    from .confirm import Question
    from ..assets import Assets
    from ..text_field import TextField
    from ..theme import Theme
    from ..widgets import Button, Cycler


@dataclass(frozen=True)
class NewGameView:
    """What the New game screen shows in one frame; the scene builds it, the drawing only reads it.
    The controls are here to be placed (their boxes) and drawn."""

    title: str
    kinds: tuple[tuple[str, str], ...]
    """Every player type a seat can take, ``(value, label)`` (the panel is as wide as the longest)."""
    fields: tuple[TextField, ...]
    types: tuple[Cycler, ...]
    removes: tuple[Button, ...]
    add: Button
    start: Button
    back: Button
    rules_button: Button
    difficulty: Cycler
    preset: Cycler
    options: tuple[Cycler, ...]
    values: Mapping[str, Any]
    """The house rules as set, by field."""
    error: str
    hint: str
    seat_hint: str
    option_first: int
    seat_first: int
    """The first row of house rules and of players asked for; the drawing keeps them in range."""
    most_seats: int
    note: str | None
    """The preset's recommendation for this many players, if any."""
    focused: object
    """The control with the keyboard focus."""
    question: Question | None
    caret_on: bool
    ui_scale: float


@dataclass(frozen=True)
class NewGameLayout:
    """What the drawing settled: the house rules' grid and first row in view, the players' first row,
    rows in view and in all, and where the players' panel is (the wheel over it scrolls the players)."""

    option_grid: OptionGrid
    option_first: int
    seat_first: int
    seat_rows: tuple[int, int]
    left_box: Box


def draw_options(view: NewGameView, surface: pygame.Surface, theme: Theme, assets: Assets, right: Box, u: float,
                 offset: float, bottom: float) -> tuple[OptionGrid, int]:
    """Every house rule, whole, in as many columns as fit; scrolled (wheel, or the focus) when they do not all fit.
    Answers the grid and the first row in view."""
    top = right.y + offset
    width = right.w - 32 * u
    grid = option_grid(assets, view.options, width, bottom - top, u)
    first = max(0, min(view.option_first, grid.per_column - grid.visible))
    preset = PRESETS[view.preset.value].rules
    for i, (opt, cycler) in enumerate(zip(RULE_OPTIONS, view.options)):
        col, row = divmod(i, grid.per_column)
        if not first <= row < first + grid.visible:
            cycler.box = Box(0, 0, 0, 0)  # out of view: nothing to click
            continue
        left, label_w, col_w = grid.columns[col]
        x = right.x + 16 * u + left
        yy = top + (row - first) * grid.row_h
        changed = view.values[opt.field] != getattr(preset, opt.field)
        colour = theme.accent if changed else theme.text if cycler.enabled else theme.text_dim
        label_size = fit_size(assets, _(opt.label), 14 * u, label_w - 8 * u, changed)
        blit_text(surface, assets, fit_text(assets, _(opt.label), label_size, label_w - 8 * u, bold=changed),
                  label_size, colour, (x, yy + grid.row_h / 2), "midleft", bold=changed)
        cycler.box = Box(x + label_w, yy + 1 * u, col_w - label_w, grid.row_h - 2 * u)
        cycler.draw(surface, assets, theme, u)
    if grid.visible < grid.per_column:  # a scroll bar at the right edge, and "more" under the last row
        track = Box(right.right - 10 * u, top, 4 * u, grid.visible * grid.row_h)
        thumb_h = track.h * grid.visible / grid.per_column
        thumb_y = track.y + (track.h - thumb_h) * first / max(1, grid.per_column - grid.visible)
        pygame.draw.rect(surface, theme.table_shade, rect(track), border_radius=max(1, round(2 * u)))
        pygame.draw.rect(surface, theme.accent, rect(Box(track.x, thumb_y, track.w, thumb_h)),
                         border_radius=max(1, round(2 * u)))
    return grid, first


SEAT_ROW_MIN = 30
"""Design pixels a player's row needs to be read; with less the rows scroll."""

HINT_LINES = 3
"""Lines kept under the house rules for the hint of the one pointed at or focused."""


def seat_limit(most: int) -> str:
    """Why "+ Add player" is off: the rules' (or the deck's) limit, or the window's."""
    if most >= WINDOW_SEATS:
        return _("The window seats at most {most}.").format(most=WINDOW_SEATS)
    return _("At most {most} players with these rules.").format(most=most)


def draw_new_game(view: NewGameView, surface: pygame.Surface, theme: Theme, assets: Assets) -> NewGameLayout:
    """The New game screen: players on the left, preset and house rules on the right, buttons below."""
    w, h = surface.get_size()
    u = ui_unit(w, h, view.ui_scale)
    draw_screen(surface, assets, theme, u, _(view.title))
    total_w = min(w - 30 * u, 1240 * u)
    # The players' panel is as wide as a name, the longest player type and × need (at most half).
    kind_need = max(assets.font(int(16 * u * SMALLEST_FIT)).size(_(label))[0] for _value, label in view.kinds) + 40 * u
    left_need = 28 * u + (kind_need + 8 * u + 46 * u) / 0.56  # the type takes 56% of a row, less the × and a gap
    left = Box(w / 2 - total_w / 2, 60 * u, min(total_w * 0.5, max(total_w * 0.35, left_need)), h - 140 * u)
    right = Box(left.right + 12 * u, 60 * u, total_w - left.w - 12 * u, h - 140 * u)
    draw_panel(surface, left, theme, u)
    draw_panel(surface, right, theme, u)
    heading = blit_text(surface, assets, _("Players ({count})").format(count=len(view.fields)), TEXT.subhead * u, theme.accent,
                        (left.x + 14 * u, left.y + 10 * u), bold=True)
    # Difficulty beside the heading: "Bots ‹ Normal ›", the label only where it fits.
    width = max(60 * u, min(170 * u, left.right - 14 * u - heading.right - 16 * u))
    view.difficulty.box = Box(left.right - 14 * u - width, left.y + 8 * u, width, 30 * u)
    label = assets.text(_("Bots"), TEXT.normal * u, theme.text_dim)
    if view.difficulty.box.x - 8 * u - label.get_width() > heading.right + 6 * u:
        surface.blit(label, label.get_rect(midright=(round(view.difficulty.box.x - 8 * u),
                                                     round(view.difficulty.box.center[1]))))
    view.difficulty.draw(surface, assets, theme, u)
    refusal = next((f.refusal for f in view.fields if f.focused and f.refusal), "")
    # Why Start is off: left of the buttons on two lines, or, where they leave too little room, in the hint's place.
    error_room = w / 2 + total_w / 2 - 580 * u - left.x - 20 * u
    error_below = bool(view.error) and len(assets.wrap(view.error, TEXT.body * u, error_room, bold=True)) <= 2
    if view.error and not error_below:
        refusal = view.error
    seat_hint = refusal or view.seat_hint or _("Two or more humans play pass-and-play. Hover a player type to learn more.")
    hint_lines = assets.wrap(seat_hint, TEXT.small * u, left.w - 28 * u, bold=bool(refusal))
    most = view.most_seats
    add_w = max(130 * u, assets.font(int(16 * u), True).size(_(view.add.label))[0] + 36 * u)  # as wide as its label
    beside = left.right - (left.x + 14 * u + add_w) - 24 * u  # the room beside "+ Add player"
    limit_lines = [] if view.add.enabled else assets.wrap(seat_limit(most), TEXT.small * u, beside)
    if len(limit_lines) > 2:  # too narrow beside the button: the first lines of the hint say it
        hint_lines = assets.wrap(seat_limit(most), TEXT.small * u, left.w - 28 * u) + hint_lines
        limit_lines = []
    note = view.note
    note_lines = assets.wrap(note, TEXT.normal * u, left.w - 40 * u, bold=True)[:3] if note else []
    # The seats share what the hints and the note leave; rows too tight to read scroll instead.
    note_h = len(note_lines) * 18 * u + 20 * u if note_lines else 0
    avail = left.h - (46 * u + 50 * u + note_h + len(hint_lines) * 17 * u + 14 * u)
    count = len(view.fields)
    if avail / count >= SEAT_ROW_MIN * u:
        row_h, visible = min(46 * u, avail / count), count
    else:
        visible = max(1, int(avail // (SEAT_ROW_MIN * u)))
        row_h = avail / visible
    first = seat_first = max(0, min(view.seat_first, count - visible))
    y = left.y + 46 * u
    inner = left.w - 28 * u
    for i, (field, kind, remove) in enumerate(zip(view.fields, view.types, view.removes)):
        if not first <= i < first + visible:  # scrolled out of view: nothing to click
            field.box = kind.box = remove.box = Box(0, 0, 0, 0)
            continue
        field.box = Box(left.x + 14 * u, y, inner * 0.44, row_h - 8 * u)
        kind.box = Box(field.box.right + 8 * u, y, inner * 0.56 - 8 * u - row_h, row_h - 8 * u)
        remove.box = Box(kind.box.right + 6 * u, y, row_h - 8 * u, row_h - 8 * u)
        field.draw(surface, assets, theme, u, view.caret_on)
        if not field.focused and view.focused is field:
            draw_focus_ring(surface, field.box, theme, u)
        kind.draw(surface, assets, theme, u)
        remove.draw(surface, assets, theme, u)
        y += row_h
    if visible < count:  # a scroll bar at the panel's right edge
        track = Box(left.right - 8 * u, left.y + 46 * u, 4 * u, visible * row_h)
        thumb_h = track.h * visible / count
        thumb = Box(track.x, track.y + (track.h - thumb_h) * first / (count - visible), track.w, thumb_h)
        pygame.draw.rect(surface, theme.table_shade, rect(track), border_radius=max(1, round(2 * u)))
        pygame.draw.rect(surface, theme.accent, rect(thumb), border_radius=max(1, round(2 * u)))
    view.add.box = Box(left.x + 14 * u, y + 4 * u, add_w, 36 * u)
    view.add.draw(surface, assets, theme, u)
    for i, line in enumerate(limit_lines):  # beside the button
        blit_text(surface, assets, line, TEXT.small * u, theme.text_dim,
                  (view.add.box.right + 10 * u, view.add.box.center[1] + (i - (len(limit_lines) - 1) / 2) * 15 * u),
                  "midleft")
    for i, line in enumerate(hint_lines):
        blit_text(surface, assets, line, TEXT.small * u, theme.bad if refusal else theme.text_dim,
                  (left.x + 14 * u, left.bottom - 10 * u - (len(hint_lines) - i) * 17 * u), bold=bool(refusal))
    # Wide enough for its title whole, "(modified)" too; the summary moves under it when that leaves too little.
    need = assets.font(int(min(16 * u, 30 * u * 0.55))).size(_(view.preset.label))[0] + 44 * u
    view.preset.box = Box(right.x + 14 * u, right.y + 12 * u, min(right.w - 28 * u, max(min(340 * u, right.w * 0.5), need)),
                          32 * u)
    view.preset.draw(surface, assets, theme, u)
    # The preset's summary beside it, or under it (the whole width) when beside it would take over four lines.
    summary = _(PRESETS[view.preset.value].summary)
    lines = assets.wrap(summary, TEXT.small * u, right.right - view.preset.box.right - 28 * u)
    summary_x, summary_y = view.preset.box.right + 14 * u, right.y + 8 * u
    if len(lines) > 4:
        lines = assets.wrap(summary, TEXT.small * u, right.w - 30 * u)
        summary_x, summary_y = right.x + 16 * u, view.preset.box.bottom + 6 * u
    for i, line in enumerate(lines):
        blit_text(surface, assets, line, TEXT.small * u, theme.text_dim, (summary_x, summary_y + i * 16 * u))
    offset = max(58 * u, summary_y - right.y + len(lines) * 16 * u + 8 * u)
    hint = view.hint or _("Click an option (right-click goes back) or Tab to it and press ← →. "
                           "Changed options are highlighted.")
    hint_lines = assets.wrap(hint, TEXT.small * u, right.w - 30 * u)
    if len(hint_lines) > HINT_LINES:
        hint_lines = hint_lines[:HINT_LINES - 1] + [fit_text(assets, " ".join(hint_lines[HINT_LINES - 1:]),
                                                              TEXT.small * u, right.w - 30 * u)]
    grid, option_first = draw_options(view, surface, theme, assets, right, u, offset,
                                      right.bottom - 16 * u - HINT_LINES * 16 * u)
    for i, line in enumerate(hint_lines):
        blit_text(surface, assets, line, TEXT.small * u, theme.text_dim,
                  (right.x + 16 * u, right.bottom - 22 * u - (len(hint_lines) - 1 - i) * 16 * u))
    bottom = h - 64 * u
    view.back.box = Box(w / 2 + total_w / 2 - 390 * u, bottom + 8 * u, 180 * u, 46 * u)
    view.start.box = Box(w / 2 + total_w / 2 - 200 * u, bottom + 8 * u, 200 * u, 46 * u)
    view.rules_button.box = Box(w / 2 + total_w / 2 - 580 * u, bottom + 8 * u, 180 * u, 46 * u)
    view.rules_button.draw(surface, assets, theme, u)
    view.back.draw(surface, assets, theme, u)
    view.start.draw(surface, assets, theme, u)
    if note_lines:
        lines = note_lines
        top = view.add.box.bottom + 14 * u
        draw_panel(surface, Box(left.x + 10 * u, top - 6 * u, left.w - 20 * u, len(lines) * 18 * u + 12 * u), theme, u,
                   alpha=160)
        for i, line in enumerate(lines):
            blit_text(surface, assets, line, TEXT.normal * u, theme.highlight, (left.x + 18 * u, top + i * 18 * u), bold=True)
    if error_below:
        for i, line in enumerate(assets.wrap(view.error, TEXT.body * u, error_room, bold=True)):
            blit_text(surface, assets, line, TEXT.body * u, theme.bad, (left.x, bottom + 10 * u + i * 19 * u), bold=True)
    if view.question is not None:
        view.question.draw(surface, assets, theme, view.ui_scale)
    return NewGameLayout(grid, option_first, seat_first, (visible, count), left)

