"""Finished games, newest first: each opens its replay and the coach's review.

Rows are read from the archived records' headers (cheap); each game's result and
the player's place come from replaying it on a worker thread (the rows say "…" until
then); a record that cannot be read says so in one line when opened.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from ...i18n import N_, _, seat_name
from ..pointer import WHEEL, pointer
from ...model import PRESETS, RecordError
from ...model.json_input import decode_json
from ...model.reasons import lone_human
from ...model.record import FINISHED_AT, GameRecord
from ...model.seat_record import NETWORK_KEY, NotASeatRecordError, SeatRecord
from ...paths import read_regular
from ...storage.saves import is_abandoned
from ...storage.stats import StatsError, finishing_places
from ..layout import Box, fitted_unit
from ..scene import BaseScene, Context, Pop, Push, Transition
from ..keys import GAMES, read
from ..widgets import Button, blit_text, draw_screen, draw_panel, fit_text
from .game_over import ordinal
from ...speech.menus import screen_line
from .review import ReviewScene
from ..theme import TEXT
from ...daily import META_KEY as DAILY_KEY, DailyDateError, parse_day

ROWS_SHOWN = 10
READ_AT_ONCE_BYTES = 100_000
"""Records up to this size (a few thousand actions; a typical game is a tenth of it) are read at once
when opened; longer ones on a thread, the window drawing on meanwhile."""
_log = logging.getLogger(__name__)


def describe_game(path: Path) -> str:
    """``22 Nov 2026 18:04 · Classic 31 · You, Ada, Bo, Cy`` from a record's header, or why it cannot be read."""
    data: dict[str, Any] = {}
    daily: Any = None
    try:  # capped in size, depth and encoding: a damaged or hostile file still gets its row
        loaded = decode_json(read_regular(path))
        data = loaded if isinstance(loaded, dict) else {}
        raw_meta = data.get("meta")
        meta = raw_meta if isinstance(raw_meta, dict) else {}
        daily = meta.get(DAILY_KEY)
        when = datetime.fromisoformat(str(meta.get(FINISHED_AT, ""))).strftime(_("%d %b %Y %H:%M")).lstrip("0")
    except (OSError, ValueError):  # JsonInputError is a ValueError: damaged, too deep, too big
        when = path.stem[:15]
    preset = data.get("preset")
    title = _(PRESETS[preset].title) if isinstance(preset, str) and preset in PRESETS else _("House rules")
    if is_abandoned(data.get("meta")):
        title = _("{title} (abandoned)").format(title=title)
    if isinstance(data.get("meta"), dict) and data["meta"].get(NETWORK_KEY) is True:
        title = _("{title} (network table)").format(title=title)
    if isinstance(daily, str) and len(daily) == 10:  # a Deal of the day says so (and which day)
        try:
            title = _("Deal of the day {date}").format(date=parse_day(daily).isoformat()) + f" · {title}"
        except DailyDateError:
            pass  # a hand-edited file: shown as the game it is
    raw_seats = data.get("seats")
    seats = raw_seats if isinstance(raw_seats, list) else []
    names = ", ".join(seat_name(str(s.get("name", "?"))) for s in seats if isinstance(s, dict))
    return " · ".join(part for part in (when, title, names) if part)


def game_result(record: GameRecord) -> str:
    """``You: 3rd of 4 · Ada won``, ``You won``, ``Ada won`` (no player at the table), ``not finished``."""
    events = [event for *_rest, step in record.replay() for event in step]
    try:
        places = finishing_places(events, len(record.seats))
    except StatsError:
        return _("not finished")
    winner = places.index(1)
    humans = [seat for seat, spec in enumerate(record.seats) if spec.player == "human" and seat != winner]
    names = [spec.name for spec in record.seats]
    won = _("You won") if winner == lone_human(record.human_seats()) else _("{name} won").format(name=names[winner])
    placed = [_("{name}: {place} of {players}").format(name=seat_name(names[seat]), place=ordinal(places[seat]),
                                                        players=len(names)) for seat in humans]
    return " · ".join(placed + [won])


def seat_result(record: SeatRecord) -> str:
    """``game_result`` of a game joined elsewhere, from the host's standings."""
    try:
        places = record.places()
    except RecordError:
        return _("not finished")
    names = [spec.name for spec in record.seats]
    seat = record.seat
    if places[seat] == 1:
        return _("You won")
    placed = _("{name}: {place} of {players}").format(name=seat_name(names[seat]), place=ordinal(places[seat]),
                                                     players=len(names))
    winners = [names[other] for other, place in enumerate(places) if place == 1]
    return " · ".join([placed] + [_("{name} won").format(name=name) for name in winners[:1]])


def read_archived(path: Path) -> GameRecord | SeatRecord:
    """An archived game: a whole record, or a seat's own record of a game joined elsewhere; ``RecordError``
    when it cannot be read (the reason of the kind of record it says it is)."""
    try:
        return GameRecord.from_file(path)  # refused by size before it is read in full
    except RecordError as error:
        try:
            return SeatRecord.from_file(path)
        except NotASeatRecordError:
            raise error from None


def _result_of(path: Path) -> str:
    """``game_result`` of an archived file; empty when it cannot be read (opening it says why)."""
    try:
        record = read_archived(path)
    except RecordError:
        return ""
    return seat_result(record) if isinstance(record, SeatRecord) else game_result(record)


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
        self.results: list[str | None] = [None] * len(files)
        """Each game's result (``game_result``), ``None`` while the worker has not read it yet."""
        self._stop = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="game-list")
        self._pool.submit(self._read_results)
        self._opener = ThreadPoolExecutor(max_workers=1, thread_name_prefix="game-open")
        self._opening: tuple[int, Future[GameRecord | SeatRecord]] | None = None
        """The game being opened and its reading, while a long record is read (``open``)."""

    def _read_results(self) -> None:
        """Newest first, so the rows in view are ready first."""
        for index, path in enumerate(self.files):
            if self._stop.is_set():
                return
            try:
                self.results[index] = _result_of(path)
            except Exception:  # no row may wait forever; opening the game says what is wrong with it
                _log.exception("cannot read the result of %s", path)
                self.results[index] = ""

    @property
    def busy(self) -> bool:
        return self._opening is not None or (not self._stop.is_set() and None in self.results)

    def shutdown(self) -> None:
        """The worker stops reading results."""
        self._stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._opener.shutdown(wait=False, cancel_futures=True)

    def open(self, index: int) -> Transition:
        """The replay and review of game ``index``, or a one-line reason it cannot be read.

        A long record (over ``READ_AT_ONCE_BYTES``) is read on a thread, "Opening …" shown meanwhile,
        and the review follows from ``update`` when it is read: the window never waits for it."""
        path = self.files[index]
        try:
            size = path.stat().st_size
        except OSError:
            size = 0  # reading it says what is wrong
        if size > READ_AT_ONCE_BYTES:
            self.message = _("Opening {file}…").format(file=path.name)
            self._opening = (index, self._opener.submit(read_archived, path))
            return None
        try:
            record = read_archived(path)
        except RecordError as error:
            return self._unreadable(path, error)
        return self._review(index, record)

    def _review(self, index: int, record: GameRecord | SeatRecord) -> Transition:
        """The review of an archived game: a whole record's, or a seat record's (only what the seat saw)."""
        path = self.files[index]
        if isinstance(record, SeatRecord):
            from .seat_review import SeatReviewScene
            try:
                scene = SeatReviewScene(self.ctx, record, self.rows[index])
            except RecordError as error:
                return self._unreadable(path, error)
            self.message = ""
            return Push(scene)
        self.message = ""
        return Push(ReviewScene(self.ctx, record, self.rows[index], path=path))

    def _unreadable(self, path: Path, error: RecordError) -> Transition:
        self.message = _("{file} cannot be replayed: {problem}").format(file=path.name, problem=error)
        return None

    def update(self, dt: float) -> Transition:
        """The review of a long record, once the thread has read it."""
        if self._opening is None or not self._opening[1].done():
            return None
        (index, future), self._opening = self._opening, None
        error = future.exception()
        if isinstance(error, RecordError):
            return self._unreadable(self.files[index], error)
        if error is not None:
            raise error
        return self._review(index, future.result())

    @property
    def spoken_focus(self) -> str:
        """Speech: the game the focus is on (up and down move it, Enter opens it)."""
        if not self.files:
            return screen_line(_("Finished games"), _("No finished games yet. Esc: back."))
        row = _("Game {number} of {count}: {game}. Enter replays it.").format(
            number=self.focus + 1, count=len(self.files), game=self.rows[self.focus].replace(" · ", ", "))
        return " ".join(filter(None, (screen_line(_("Finished games"), row), self.message)))

    def handle_event(self, event: pygame.event.Event) -> Transition:
        result = self.back.handle(event)
        if result is not None:
            return result if result is not True else None
        mouse = pointer(event)
        if mouse is not None and mouse.left_press:
            for offset, box in enumerate(self._boxes):
                if box.contains(*mouse.pos):
                    self.focus = self.first + offset
                    return self.open(self.focus)
        if mouse is not None and mouse.kind == WHEEL:
            self._move(-mouse.wheel)
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
            result = self.results[index]
            result = "…" if result is None else result
            result_w = min(assets.font(int(TEXT.label * u)).size(result)[0], box.w * 0.5) if result else 0.0
            if result:
                blit_text(surface, assets, fit_text(assets, result, TEXT.label * u, result_w), TEXT.label * u,
                          theme.accent if result == _("You won") else theme.text_dim, (box.right - 10 * u, box.center[1]),
                          "midright")
            blit_text(surface, assets, fit_text(assets, f"{index + 1}.  {text}", TEXT.label * u, box.w - 36 * u - result_w),
                      TEXT.label * u, theme.text, (box.x + 10 * u, box.center[1]), "midleft")
        if self.message:
            blit_text(surface, assets, fit_text(assets, self.message, TEXT.normal * u, width), TEXT.normal * u, theme.bad,
                      (w / 2, panel.bottom + 6 * u), "midtop")
        self.back.box = Box(w / 2 - 90 * u, h - 56 * u, 180 * u, 44 * u)
        self.back.draw(surface, assets, theme, u)
