"""Replay of a game joined at a table hosted elsewhere, from the seat's own record: only what that seat saw.

A seat record (``model.seat_record``) has no deal, so there is no whole table to show and no
coach (who would need the hidden cards). The screen steps through the moves as the seat saw
them (← →, by round ↑ ↓): its own cards after each, the round's log, and at a round's end the
hands the rules turned face up.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ...i18n import N_, _, seat_name
from ...model import Event, RecordError
from ...model.cards import format_cards
from ...model.events import RoundStarted
from ...model.seat_record import SeatRecord
from ...net.codec import CodecError, read_event
from ...speech.menus import screen_line
from ..keys import REVIEW, read
from ..layout import Box, fitted_unit
from ..narration import narrate
from ..scene import BaseScene, Context, Pop, Transition
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_backdrop, draw_panel, fit_text


def read_steps(record: SeatRecord) -> list[tuple[Event, ...]]:
    """Each step's events read back into the engine's events; ``RecordError`` if one cannot be read."""
    try:
        return [tuple(read_event(dict(event)) for event in step.events) for step in record.steps]
    except CodecError as error:
        raise RecordError(_("an event of the seat record cannot be read: {problem}").format(problem=error)) from None


class SeatReviewScene(BaseScene):
    """One joined game, stepped through as its seat saw it."""

    name = "seat_review"

    def __init__(self, ctx: Context, record: SeatRecord, title: str = "") -> None:
        """``RecordError`` if an event of the record cannot be read."""
        super().__init__(ctx)
        self.record = record
        self.events = read_steps(record)
        self.names = tuple(seat.name for seat in record.seats)
        self.title = title or _("Replay: {title}").format(title=record.preset or _("house rules"))
        self.position = len(self.events)
        """Steps shown (0: before the first); the game's end at first, as a finished game is reviewed."""
        self.round_starts = [index for index, events in enumerate(self.events)
                             if any(isinstance(event, RoundStarted) for event in events)]
        self.lines: list[list[str]] = [[line for event in events
                                        for line in narrate(event, self.names, record.rules, record.seat)]
                                       for events in self.events]
        self.buttons = [Button(N_("◀◀ Round"), lambda: self._round(-1), "↑"), Button(N_("◀ Step"), lambda: self.go(-1), "←"),
                        Button(N_("Step ▶"), lambda: self.go(1), "→"), Button(N_("Round ▶▶"), lambda: self._round(1), "↓"),
                        Button(N_("Back"), lambda: Pop(), "Esc")]

    # -- moving ------------------------------------------------------------------------------------
    def go(self, delta: int) -> None:
        """Forward (or back) by steps, within the record."""
        self.position = max(0, min(len(self.events), self.position + delta))

    def _round(self, direction: int) -> None:
        """To the next round's start (or the end), or back to this round's start (or the one before)."""
        if direction > 0:
            later = [start + 1 for start in self.round_starts if start + 1 > self.position]
            self.position = later[0] if later else len(self.events)
        else:
            earlier = [start + 1 for start in self.round_starts if start + 1 < self.position]
            self.position = earlier[-1] if earlier else 0

    def handle_event(self, event: pygame.event.Event) -> Transition:
        clicked = self.click_buttons(self.buttons, event)
        if clicked is not None:
            return clicked
        intent = read(event, REVIEW)
        if intent is None:
            return None
        if intent.command == "leave":
            return Pop()
        commands: dict[str, Callable[[], None]] = {
            "back": lambda: self.go(-1), "forward": lambda: self.go(1),
            "previous_round": lambda: self._round(-1), "next_round": lambda: self._round(1),
            "start": lambda: self.go(-len(self.events)), "end": lambda: self.go(len(self.events))}
        command = commands.get(intent.command)
        if command is not None:
            command()
        return None

    # -- what is shown (tests read these) ---------------------------------------------------------
    def status(self) -> str:
        """``Action 37 of 388 · Round 3`` (an action of any seat the host sent)."""
        started = [start for start in self.round_starts if start < self.position]
        return _("Action {position} of {length} · Round {number}").format(
            position=self.position, length=len(self.events), number=len(started) or 1)

    def hand_line(self) -> str:
        """The seat's own cards after the step shown."""
        if not self.position:
            return ""
        hand = self.record.steps[self.position - 1].hand
        return _("Your cards: {cards}").format(cards=format_cards(hand, symbols=True) if hand else "–")

    def log_lines(self) -> list[str]:
        """The log of the round shown, up to the step shown."""
        first = max([start for start in self.round_starts if start < self.position], default=0)
        return [line for lines in self.lines[first:self.position] for line in lines]

    @property
    def spoken_focus(self) -> str:
        """Speech: where the replay is, the seat's cards and the last line of the log."""
        log = self.log_lines()
        parts = (self.status().replace(" · ", ", ") + ".", self.hand_line(), log[-1] if log else "")
        return screen_line(self.title, " ".join(part for part in parts if part))

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = fitted_unit(w, h, ctx.settings.ui_scale)
        theme, assets = ctx.theme, ctx.assets
        draw_backdrop(surface, assets, theme, u)
        blit_text(surface, assets, fit_text(assets, self.title, TEXT.heading * u, w - 40 * u, True), TEXT.heading * u,
                  theme.accent, (w / 2, 14 * u), "midtop", True)
        width = min(w - 40 * u, 1000 * u)
        note = _("Only what {name} saw at the table: other hands as the rules showed them at each round's end.").format(
            name=seat_name(self.names[self.record.seat]))
        blit_text(surface, assets, fit_text(assets, note, TEXT.label * u, width), TEXT.label * u, theme.text_dim,
                  (w / 2, 58 * u), "midtop")
        panel = Box(w / 2 - width / 2, 90 * u, width, h - 170 * u)
        draw_panel(surface, panel, theme, u)
        x, y = panel.x + 14 * u, panel.y + 10 * u
        for text, size, colour in ((self.status(), TEXT.normal, theme.text), (self.hand_line(), TEXT.strong, theme.accent)):
            if text:
                blit_text(surface, assets, fit_text(assets, text, size * u, panel.w - 28 * u), size * u, colour, (x, y))
                y += (size + 10) * u
        row_h = (TEXT.label + 6) * u
        log = self.log_lines()
        rows = max(0, int((panel.bottom - y - 8 * u) // row_h))
        for line in log[-rows:] if rows else []:
            blit_text(surface, assets, fit_text(assets, line, TEXT.label * u, panel.w - 28 * u), TEXT.label * u,
                      theme.text, (x, y))
            y += row_h
        button_w = min(170 * u, (w - 20 * u) / len(self.buttons) - 8 * u)
        left = w / 2 - (len(self.buttons) * (button_w + 8 * u) - 8 * u) / 2
        for index, button in enumerate(self.buttons):
            button.box = Box(left + index * (button_w + 8 * u), h - 60 * u, button_w, 44 * u)
            button.draw(surface, assets, theme, u)


__all__ = ["SeatReviewScene", "read_steps"]
