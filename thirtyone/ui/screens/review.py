"""Replay and review of a finished game: every hand face up, the log beside it, the coach's marks.

Step by action (← →) or by round (↑ ↓), play and pause (Space) at a chosen speed,
pick the reviewed seat (Tab). The coach reviews the seat on a worker thread (a review with
nothing kept sends its rounds on to worker processes: ``coach.what_if.review_in_rounds``); its
costliest three decisions are marked on the timeline and listed with a line per
round of where lives were won and lost, notes that scroll (wheel, Page Up and Down).
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

import pygame

from ...i18n import N_, _, seat_name
from ..pointer import WHEEL, pointer
from ...coach import GameReview
from ...coach.review import game_key
from ...coach.what_if import KEPT_LINES_KEY, WhatIf, kept_lines_entry, kept_what_ifs, review_with_what_ifs, what_if_lines
from ...model.errors import RecordError
from ...storage.atomic import write_atomic
from ...storage.saves import with_meta
from ...coach.advice import percent
from ...coach.replay import Replay
from ...model.record import GameRecord
from ..layout import Box, fitted_unit
from ..narration import narrate
from ...speech.menus import screen_line
from ..scene import BaseScene, Context, Pop, Transition
from ..keys import REVIEW, read
from ..widgets import Button, Cycler
from .review_bot import BotPanel
from .review_draw import ReviewPicture, draw_review, seat_rows

_log = logging.getLogger(__name__)
READ_SLICE_S = 0.008
"""How long a frame may spend reading a long record (a slice of ``READ_STEP`` actions at a time)."""
READ_STEP = 32
READ_AT_ONCE = 1024
"""Actions read before the first frame: a typical game's few hundred take a few tens of milliseconds."""
NOTES_PER_WHEEL_STEP = 3
"""Lines of the coach's notes one step of the mouse wheel scrolls."""
SPEEDS = ((0.5, N_("½ move/s")), (1.0, N_("1 move/s")), (2.0, N_("2 moves/s")), (5.0, N_("5 moves/s")))


class _Cancelled(Exception):
    pass


class ReviewScene(BaseScene):
    """One finished game, replayed from its record, with the coach's review of one seat."""

    name = "review"

    def __init__(self, ctx: Context, record: GameRecord, title: str = "", seat: int | None = None,
                 path: Path | None = None) -> None:
        super().__init__(ctx)
        self.path = path
        """The archived file the record was read from: the coach's could-have-won lines are kept there."""
        self.replay = Replay(record, build=False)
        self.replay.build_some(READ_AT_ONCE)  # a typical game at once; a longer one a slice per frame (``update``)
        self.title = title or _("Replay: {title}").format(title=record.preset or _("house rules"))
        humans = [i for i, s in enumerate(record.seats) if s.player == "human"]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.playing = False
        self.clock_s = 0.0
        self.speed = Cycler(SPEEDS, 1)
        self.seat_picker = Cycler([(i, _("Review: {name}").format(name=seat_name(s.name))) for i, s in enumerate(record.seats)], self.seat,
                                  lambda value: self._review(value))
        self.buttons = [Button(N_("◀◀ Round"), self.replay.previous_round, "↑"), Button(N_("◀ Step"), self._back, "←"),
                        Button(N_("Play"), self.toggle, N_("Space")), Button(N_("Step ▶"), self._forward, "→"),
                        Button(N_("Round ▶▶"), self.replay.next_round, "↓"), Button(N_("Back"), self.leave, "Esc")]
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self._cancel = threading.Event()
        self._future: Future[tuple[GameReview, tuple[WhatIf, ...]]] | None = None
        self.review: GameReview | None = None
        self.what_ifs: tuple[WhatIf, ...] = ()
        """Could you have won? Each lost round's costliest decision, replayed the coach's way."""
        self.progress = (0, 0)
        self.notes_first = 0
        """The first line of the coach's notes in view (the notes scroll; the drawing keeps it in range)."""
        self.notes_rows = 1
        """How many lines of notes the last frame had room for (a page)."""
        self._log: tuple[int, list[str], list[int]] = (self.seat, [], [])
        """The game log narrated so far for a seat: its lines, and after each action how many there were."""
        self.bot_panel = BotPanel(self.replay)
        """What did the bot think? Its guesses at the other hands, beside what they held (``W``)."""
        self.bot_panel.button.on_click = self._toggle_bot_view
        self._review(self.seat)

    # -- the coach's review, off the render thread ----------------------------------------------
    def _review(self, seat: int) -> None:
        self._cancel.set()
        self._cancel = cancel = threading.Event()
        self.seat, self.review, self.progress, self.notes_first = seat, None, (0, 0), 0
        self.what_ifs = ()

        def told(done: int, total: int) -> None:
            if cancel.is_set():
                raise _Cancelled
            self.progress = (done, total)
        self._future = self._pool.submit(self._reviewed, self.replay.record, seat, told)

    def _reviewed(self, record: GameRecord, seat: int, told: Callable[[int, int], None]
                  ) -> tuple[GameReview, tuple[WhatIf, ...]]:
        """The review and its lines (on the worker); lines worked out now are kept in the archived file,
        so the next opening reads them instead of playing the rounds again."""
        review, found = review_with_what_ifs(record, seat, told)
        if self.path is not None and kept_what_ifs(record, review) is None:
            try:
                current = GameRecord.from_file(self.path)
                if game_key(current) == game_key(record):
                    write_atomic(self.path, with_meta(current, **{KEPT_LINES_KEY: kept_lines_entry(current, found, seat)}).to_json())
            except (RecordError, OSError) as error:  # the review is shown all the same; only the keeping failed
                _log.warning("could not keep the coach's lines in %s: %s", self.path, error)
        return review, found

    def _collect(self) -> None:
        future = self._future
        if future is not None and future.done():
            self._future = None
            if future.exception() is None:
                review, found = future.result()
                if review.seat == self.seat:
                    self.review, self.what_ifs = review, found

    # -- controls --------------------------------------------------------------------------------
    def toggle(self) -> None:
        if self.replay.at_end:
            self.replay.go(0)
        self.playing, self.clock_s = not self.playing, 0.0

    def _back(self) -> None:
        self.playing = False
        self.replay.step(-1)

    def _forward(self) -> None:
        self.playing = False
        self.replay.step(1)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        for button in (*self.buttons, self.bot_panel.button):
            result = button.handle(event)
            if result is not None:
                self.ctx.sound.play("click")
                return result if result is not True else None
        if self.speed.handle(event) or self.seat_picker.handle(event):
            return None
        mouse = pointer(event)
        if mouse is not None and mouse.kind == WHEEL:
            self.scroll_notes(-mouse.wheel * NOTES_PER_WHEEL_STEP)
            return None
        if mouse is not None and mouse.left_press and self.timeline.contains(*mouse.pos):
            fraction = (mouse.pos[0] - self.timeline.x) / max(1.0, self.timeline.w)
            self.replay.go(round(fraction * self.replay.length))
            return None
        intent = read(event, REVIEW)
        if intent is None:
            return None
        if intent.command == "leave" and not self.bot_panel.open:
            return self.leave()
        commands: dict[str, Callable[[], object]] = {
            "back": self._back, "forward": self._forward, "play": self.toggle,
            "previous_round": self.replay.previous_round, "next_round": self.replay.next_round,
            "start": lambda: self.replay.go(0), "end": lambda: self.replay.go(self.replay.length),
            "next_seat": lambda: self.seat_picker.step(1), "bot_view": self._toggle_bot_view,
            "leave": self._toggle_bot_view,  # Esc closes the open bot's view first
            "notes_up": lambda: self.scroll_notes(-self.page_of_notes), "notes_down": lambda: self.scroll_notes(self.page_of_notes)}
        commands[intent.command]()
        return None

    def _toggle_bot_view(self) -> None:
        """Open or close the bot's view, from its top (it scrolls as the notes do)."""
        self.bot_panel.toggle()
        self.notes_first = 0

    @property
    def page_of_notes(self) -> int:
        """Page Up and Down move the notes by this many lines: a page, less one line kept in view."""
        return max(1, self.notes_rows - 1)

    def scroll_notes(self, lines: int) -> None:
        """Move the coach's notes ``lines`` down (negative: up); the drawing stops them at either end."""
        self.notes_first = max(0, self.notes_first + lines)

    def update(self, dt: float) -> Transition:
        self._collect()
        self.bot_panel.update()
        if not self.replay.ready:
            began = time.perf_counter()
            while not self.replay.ready and time.perf_counter() - began < READ_SLICE_S:
                self.replay.build_some(READ_STEP)
            return None
        if self.playing:
            self.clock_s += dt
            interval = 1.0 / self.speed.value
            while self.clock_s >= interval and not self.replay.at_end:
                self.clock_s -= interval
                self.replay.step(1)
            if self.replay.at_end:
                self.playing = False
        self.buttons[2].label = N_("Pause") if self.playing else N_("Play")
        return None

    @property
    def busy(self) -> bool:
        return self.playing or self._future is not None or not self.replay.ready or self.bot_panel.busy

    def pause(self) -> None:
        self.playing = False

    @property
    def spoken_focus(self) -> str:
        """Speech: where the replay is, the move just played and the coach's word on it; or the open bot's view."""
        shown = self.bot_panel.view()
        if shown is not None:  # said whole once the guesses are in (not at each step of the progress)
            said = shown.lines()[1:] if shown.rows or not self.bot_panel.busy else []
            return screen_line(shown.heading, " ".join(line if line.endswith((".", ":", "…")) else line + "." for line in said))
        log = self.log_lines()
        parts = (self.status().replace(" · ", ", ") + ".", log[-1] if log else "", self.coach_line())
        return screen_line(_("Review: {name}").format(name=seat_name(self.replay.record.seats[self.seat].name)),
                           " ".join(part for part in parts if part))

    # -- what is shown (tests read these) --------------------------------------------------------
    def status(self) -> str:
        """``Action 37 of 388 · Round 3``."""
        replay = self.replay
        if not replay.ready:
            return _("Reading the game… {done} of {length} actions").format(done=replay.built, length=replay.length)
        return _("Action {position} of {length} · Round {number}").format(
            position=replay.position, length=replay.length, number=replay.state.round_number)

    def log_lines(self) -> list[str]:
        """The game log up to the cursor, oldest first."""
        replay = self.replay
        seat, lines, ends = self._log
        if seat != self.seat:
            self._log = seat, lines, ends = self.seat, [], []
        names, rules = tuple(s.name for s in replay.record.seats), replay.record.rules
        while len(ends) < replay.position:  # each action is narrated once, however often the log is drawn
            lines.extend(line for event in replay.events[len(ends)] for line in narrate(event, names, rules, seat))
            ends.append(len(lines))
        return lines[:ends[replay.position - 1]] if replay.position else []

    def coach_line(self) -> str:
        """The coach on the move just played, when it was the reviewed seat's decision."""
        if self.review is None:
            done, total = self.progress
            return _("The coach is reviewing {name}'s game… {done}/{total}").format(
                name=seat_name(self.replay.state.names[self.seat]), done=done, total=total or "?")
        decision = next((d for d in self.review.decisions if d.index == self.replay.position - 1), None)
        if decision is None:
            return ""
        made, best = decision.move_chance, decision.advice.best
        text = decision.move_label if made is None else _("{move} (keeps a life {percent})").format(
            move=decision.move_label, percent=percent(made))
        if best.action != decision.move:
            text += _(" · best: {move}").format(move=best.label) + (
                f" ({percent(best.keep_chance)})" if best.keep_chance is not None else "")
        else:
            text += _(" · the coach's choice too")
        return text

    def review_lines(self) -> list[str]:
        """The costliest three, each round's lives, and what the coach's move would have done in each lost round."""
        if self.review is None:
            return []
        worst = [f"{i}. {d.sentence()}" for i, d in enumerate(self.review.costliest, start=1)]
        lives = [_("Lives by round:")] + list(self.review.round_lines) if self.review.round_lines else []
        found = what_if_lines(self.what_ifs, self.replay.state.names)
        return ([_("Costliest decisions:")] + worst if worst else [_("No costly decisions.")]) + lives + found

    # -- drawing ---------------------------------------------------------------------------------
    timeline = Box(0, 0, 0, 0)
    """Where the timeline was drawn last (a click there jumps)."""

    def picture(self) -> ReviewPicture:
        """What this frame shows, for the drawing to read."""
        replay = self.replay
        costliest = tuple(d.index for d in self.review.costliest) if self.review is not None else ()
        return ReviewPicture(self.title, self.status(), replay.state, self.seat, self.ctx.settings.deck, replay.position,
                             replay.length, tuple(replay.round_starts), costliest, self.coach_line(),
                             tuple(self.review_lines()), self.notes_first, tuple(self.log_lines()), self.seat_picker,
                             tuple(self.buttons), self.speed, self.bot_panel.view(), self.bot_panel.button)

    def draw(self, surface: pygame.Surface) -> None:
        layout = draw_review(self.picture(), surface, self.ctx.theme, self.ctx.assets,
                             fitted_unit(*surface.get_size(), self.ctx.settings.ui_scale))
        self.timeline, self.notes_first, self.notes_rows = layout.timeline, layout.notes_first, layout.notes_rows

    def leave(self) -> Transition:
        """Back to where the review was opened (the app then shuts this scene down)."""
        return Pop()

    def shutdown(self) -> None:
        """The coach stops reviewing."""
        self._cancel.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.bot_panel.shutdown()


__all__ = ["ReviewScene", "SPEEDS", "seat_rows"]  # seat_rows: re-exported from review_draw
