"""The guided first game at the table: the lesson's sentence in a panel, said aloud as it changes."""

from __future__ import annotations

import dataclasses

import pygame

from ...i18n import N_, _
from ...session.guided import SEATS, RULES, SKIPPED_LINE, GuidedSession, lesson_match
from ..game_setup import GameSetup, SeatChoice
from ..keys import TABLE, keys_of
from ..layout import Box
from ..scene import Context, Pop, Transition
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_panel
from .frame import TableFrame
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
                    self.ctx.speech.say(line, interrupt=False)
        return transition

    @property
    def busy(self) -> bool:
        return super().busy or (not self.choreo.busy and self.pending_result is None
                                and self.guide.line() != self.guide_line)

    def answer(self, command: str) -> bool:
        """R says the lesson's sentence again while the lesson runs; the other questions as at any table."""
        if command == "say_repeat" and self.guide_line:
            self.ctx.speech.say(self.guide_line, interrupt=True)
            return True
        return super().answer(command)

    def frame(self) -> TableFrame:
        frame = super().frame()
        if not self.guide_line:
            return frame
        overlays = [o for o in frame.overlays if o != self.coach.draw]  # the lesson teaches instead of the coach
        return dataclasses.replace(frame, overlays=[*overlays, self.draw_guide])

    def guide_panel(self) -> tuple[Box, list[str], float]:
        """Where the lesson's panel goes (above the message line, as wide), its wrapped lines and their size."""
        ctx, layout = self.ctx, self.view.layout
        u = layout.unit
        width = layout.message.w
        size = TEXT.normal * u
        lines = ctx.assets.wrap(self.guide_line, size, width - 24 * u)
        height = len(lines) * size * LINE_SPACING + 14 * u
        return Box(layout.message.center[0] - width / 2, layout.message.y - height - 8 * u, width, height), lines, size

    def draw_guide(self, surface: pygame.Surface) -> None:
        """The lesson's sentence in a panel above the message line, wrapped to fit, never cut."""
        ctx, u = self.ctx, self.view.layout.unit
        panel, lines, size = self.guide_panel()
        step = size * LINE_SPACING
        draw_panel(surface, panel, ctx.theme, u, alpha=235)
        for index, text in enumerate(lines):
            blit_text(surface, ctx.assets, text, size, ctx.theme.text, (panel.x + 12 * u, panel.y + 7 * u + index * step))
