"""Finished games, newest first: each opens its replay and the coach's review.

Rows are read from the archived records' headers (cheap); a record is replayed
in full only when opened, and one that cannot be read says so in one line.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from ...i18n import N_, _, seat_name
from ...model import PRESETS, RecordError
from ...model.json_input import decode_json
from ...model.record import GameRecord
from ...paths import read_regular
from ..layout import Box, fitted_unit
from ..scene import BaseScene, Context, Pop, Push, Transition
from ..keys import GAMES, read
from ..widgets import Button, blit_text, draw_screen, draw_panel, fit_text
from .review import ReviewScene
from ..theme import TEXT

ROWS_SHOWN = 10


def describe_game(path: Path) -> str:
    """``22 Nov 2026 18:04 · Classic 31 · You, Ada, Bo, Cy`` from a record's header, or why it cannot be read."""
    data: dict[str, Any] = {}
    try:
        loaded = decode_json(read_regular(path))
        data = loaded if isinstance(loaded, dict) else {}
        raw_meta = data.get("meta")
        meta = raw_meta if isinstance(raw_meta, dict) else {}
        when = datetime.fromisoformat(str(meta.get("finished_at", ""))).strftime(_("%d %b %Y %H:%M")).lstrip("0")
    except (OSError, ValueError):  # JsonInputError is a ValueError: damaged, too deep, too big
        when = path.stem[:15]
    preset = data.get("preset")
    title = _(PRESETS[preset].title) if isinstance(preset, str) and preset in PRESETS else _("House rules")
    raw_seats = data.get("seats")
    seats = raw_seats if isinstance(raw_seats, list) else []
    names = ", ".join(seat_name(str(s.get("name", "?"))) for s in seats if isinstance(s, dict))
    return " · ".join(part for part in (when, title, names) if part)


class GameListScene(BaseScene):
    """The list of finished games; ``files`` newest first (``storage.archived_games``)."""

    name = "game_list"

    def __init__(self, ctx: Context, files: list[Path]) -> None:
        super().__init__(ctx)
        self.files = files
        self.rows = [describe_game(path) for path in files]
        self.focus = 0
        self.first = 0
        self.message = ""
        self.back = Button(N_("Back"), lambda: Pop(), "Esc")
        self._boxes: list[Box] = []

    def open(self, index: int) -> Transition:
        """The replay and review of game ``index``, or a one-line reason it cannot be read."""
        path = self.files[index]
        try:
            record = GameRecord.from_file(path)
        except RecordError as error:
            self.message = _("{file} cannot be replayed: {problem}").format(file=path.name, problem=error)
            return None
        self.message = ""
        return Push(ReviewScene(self.ctx, record, self.rows[index]))

    def handle_event(self, event: pygame.event.Event) -> Transition:
        result = self.back.handle(event)
        if result is not None:
            return result if result is not True else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for offset, box in enumerate(self._boxes):
                if box.contains(*event.pos):
                    self.focus = self.first + offset
                    return self.open(self.focus)
        if event.type == pygame.MOUSEWHEEL:
            self._move(-event.y)
        intent = read(event, GAMES)
        command = intent.command if intent is not None else ""
        if command == "back":
            return Pop()
        if command in ("next", "previous"):
            self._move(1 if command == "next" else -1)
        elif command == "open" and self.files:
            return self.open(self.focus)
        return None

    def _move(self, delta: int) -> None:
        if not self.files:
            return
        self.focus = max(0, min(len(self.files) - 1, self.focus + delta))
        self.first = min(max(self.first, self.focus - ROWS_SHOWN + 1), self.focus)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = fitted_unit(w, h, ctx.settings.ui_scale)
        theme, assets = ctx.theme, ctx.assets
        draw_screen(surface, assets, theme, u, _("Finished games"))
        blit_text(surface, assets, _("Newest first. Open one to replay it with the coach's review."), TEXT.label * u,
                  theme.text_dim, (w / 2, 58 * u), "midtop")
        width = min(w - 40 * u, 900 * u)
        panel = Box(w / 2 - width / 2, 90 * u, width, h - 170 * u)
        draw_panel(surface, panel, theme, u)
        self._boxes = []
        if not self.files:
            blit_text(surface, assets, _("No finished games yet: play one to the end and it is kept here."), TEXT.strong * u,
                      theme.text_dim, panel.center, "center")
        row_h = min(46 * u, (panel.h - 16 * u) / ROWS_SHOWN)
        for offset, text in enumerate(self.rows[self.first:self.first + ROWS_SHOWN]):
            index = self.first + offset
            box = Box(panel.x + 8 * u, panel.y + 8 * u + offset * row_h, panel.w - 16 * u, row_h - 4 * u)
            self._boxes.append(box)
            if index == self.focus:
                pygame.draw.rect(surface, theme.button, pygame.Rect(round(box.x), round(box.y), round(box.w),
                                                                    round(box.h)), border_radius=max(2, round(6 * u)))
            blit_text(surface, assets, fit_text(assets, f"{index + 1}.  {text}", TEXT.label * u, box.w - 16 * u), TEXT.label * u,
                      theme.text, (box.x + 10 * u, box.center[1]), "midleft")
        if self.message:
            blit_text(surface, assets, fit_text(assets, self.message, TEXT.normal * u, width), TEXT.normal * u, theme.bad,
                      (w / 2, panel.bottom + 6 * u), "midtop")
        self.back.box = Box(w / 2 - 90 * u, h - 56 * u, 180 * u, 44 * u)
        self.back.draw(surface, assets, theme, u)
