"""The guided first game at the table: the lesson's sentence in a panel, said aloud as it changes."""

from __future__ import annotations

import dataclasses

import pygame

from ...i18n import N_, _
from ...speech.speaker import ANSWER, TURN
from ...session.guided import SEATS, RULES, SKIPPED_LINE, GuidedSession, lesson_match
from ..game_setup import GameSetup, SeatChoice
from ..keys import TABLE, keys_of
from ..layout import Box
from ..scene import Context, Pop, Transition
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_panel
from .frame import TableFrame
from .layer import pile_label_size
from .scene import TableScene

LESSON_KEYS = ("draw", "take", "confirm", "knock")
"""The table keys the lesson's sentences name."""
LINE_SPACING = 1.35
"""The panel's line height, in text sizes."""


def lesson_setup() -> GameSetup:
    """The lesson's table as New game would describe it (the game-over screen's Play again starts it afresh)."""
    seats = [SeatChoice(seat.name, "human" if seat.player == "human" else seat.player[4:]) for seat in SEATS]
    return GameSetup(seats, "classic", RULES, None)


class GuidedTableScene(TableScene):
    """The table of the guided first game: every line of the lesson shown above the hand and spoken.

    The lesson is not saved or counted (no storage hooks): a first game is for learning.
    """

    name = "table"

    def __init__(self, ctx: Context) -> None:
        self.guide = GuidedSession(lesson_match(), keys_of(TABLE, *LESSON_KEYS))
        super().__init__(ctx, lesson_setup(), self.guide)
        self.guide_line = ""
        """The lesson's sentence on screen now (and last spoken)."""

    def pause_choices(self) -> list[tuple[str, Button]]:
        """The pause menu offers to skip the lesson while it runs."""
        if not self.guide.in_lesson:
            return []
        return [("skip_lesson", Button(N_("Skip the lesson"), self.skip_lesson, "L"))]

    def skip_lesson(self) -> Transition:
        """Leave the lesson and play on: the pause menu closes onto the same game."""
        self.guide.skip()
        self.guide_line = ""
        self.say(_(SKIPPED_LINE))
        return Pop()

    def update(self, dt: float) -> Transition:
        transition = super().update(dt)
        if not self.choreo.busy and self.pending_result is None:
            line = self.guide.line()
            if line != self.guide_line:
                self.guide_line = line
                if line:  # after the move's own words: the lesson waits its turn to speak
                    self.ctx.speech.say(line, TURN)
        return transition

    @property
    def busy(self) -> bool:
        return super().busy or (not self.choreo.busy and self.pending_result is None
                                and self.guide.line() != self.guide_line)

    def answer(self, command: str) -> bool:
        """R says the lesson's sentence again while the lesson runs; the other questions as at any table."""
        if command == "say_repeat" and self.guide_line:
            self.ctx.speech.say(self.guide_line, ANSWER)
            return True
        return super().answer(command)

    def frame(self) -> TableFrame:
        frame = super().frame()
        if not self.guide_line:
            return frame
        overlays = [o for o in frame.overlays if o != self.coach.draw]  # the lesson teaches instead of the coach
        covered = self.guide_panel()[0].bottom > self.view.layout.message.y
        return dataclasses.replace(frame, overlays=[*overlays, self.draw_guide], hint="" if covered else frame.hint)

    def guide_panel(self) -> tuple[Box, list[str], float]:
        """Where the lesson's panel goes, its wrapped lines and their size.

        As wide as the felt allows, above the message line; where that would reach the piles' labels (a
        small screen, a long language) it comes down over the message line instead, whose turn hint the
        lesson's sentence says better; a fresh message (a refusal) keeps its line, and the panel stays above.
        """
        ctx, layout = self.ctx, self.view.layout
        u = layout.unit
        width = max(layout.message.w, min(layout.table.w - 24 * u, 760 * u))
        size = TEXT.normal * u
        lines = ctx.assets.wrap(self.guide_line, size, width - 24 * u)
        height = len(lines) * size * LINE_SPACING + 14 * u
        top = layout.message.y - height - 8 * u
        if top < self.labels_bottom() and self.message_s <= 0:
            top = min(self.labels_bottom() + 2 * u, layout.message.bottom - height)
        return Box(layout.table.center[0] - width / 2, top, width, height), lines, size

    def labels_bottom(self) -> float:
        """The lowest pixel of the stock's and the discard pile's labels."""
        layout = self.view.layout
        return layout.stock.bottom + 4 * layout.unit + pile_label_size(self.ctx.assets, layout) * 1.3

    def draw_guide(self, surface: pygame.Surface) -> None:
        """The lesson's sentence in a panel above the message line, wrapped to fit, never cut."""
        ctx, u = self.ctx, self.view.layout.unit
        panel, lines, size = self.guide_panel()
        step = size * LINE_SPACING
        draw_panel(surface, panel, ctx.theme, u, alpha=235)
        for index, text in enumerate(lines):
            blit_text(surface, ctx.assets, text, size, ctx.theme.text, (panel.x + 12 * u, panel.y + 7 * u + index * step))
