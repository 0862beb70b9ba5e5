"""The coach at the table: a Hint button and key on the player's turn, thinking in a worker process.

The setting ``coach_hints`` decides: ``off`` (no button), ``on-request`` (the
button and key ask), ``always`` (asked at the start of every turn). The answer
comes from ``thirtyone.coach.advise`` on the player's own observation only. Unless
hints are off it is worked out as soon as the turn is the player's, and shown only
when asked: a search takes 130-190 ms of a core at 8 seats, and a player who asks
after looking at the cards for a moment has the answer on the key's own frame.
Each turn on which a hint is shown counts once in the record's ``hints_used``
note, which the statistics read.

The search runs in a worker process (``thinking.Thinker``), not on a thread of the
window: a thread holds the window's interpreter while it searches, and frames took
22-157 ms while a hint was worked out. One worker serves every table of the run; it
is started (and the coach imported in it) when the first table with hints opens, so
the first hint does not wait for a Python to start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, language
from ...coach import Advice
from ...coach.advice import percent, advise_in
from ..assets import Assets
from ..layout import Box
from .reader import TableIntent
from ..widgets import Button, blit_text, draw_panel, fit_text
from ...thinking import Thinker, Ticket, shared_thinker

if TYPE_CHECKING:
    from .host import CoachHost


def coach_thinker() -> Thinker:
    """The one worker process that answers every table's hints in this run (started on first use)."""
    return shared_thinker("thirtyone-coach")


class CoachPanel:
    """Owns the Hint button, the coach's pending answer and the advice panel for one table scene."""

    def __init__(self, scene: CoachHost) -> None:
        self.scene = scene
        self._future: Ticket | None = None
        self._for: tuple[int, int] | None = None
        """``(action count, seat)`` of the turn the pending or worked-out answer is for."""
        self.ready: Advice | None = None
        """The answer worked out for ``_for``, shown once the player asks."""
        self._asked: tuple[int, int] | None = None
        """The turn the player asked about (or ``always`` asked for them)."""
        self.advice: Advice | None = None
        """The answer on screen."""
        self.button = Button(N_("Hint"), None, "?")
        if self.mode != "off" and not coach_thinker().busy:
            coach_thinker().start(percent, 0.5)  # the worker starts and imports the coach before any hint

    @property
    def mode(self) -> str:
        mode: str = self.scene.ctx.settings.coach_hints
        return mode

    def _turn(self) -> tuple[int, int] | None:
        obs = self.scene.input.obs
        return None if obs is None else (self.scene.session.action_count, obs.seat)

    @property
    def thinking(self) -> bool:
        """Whether the player asked about the turn on screen and the answer is not there yet."""
        turn = self._turn()
        return turn is not None and self._asked == turn and self.advice is None and self._future is not None

    def _work_out(self, turn: tuple[int, int]) -> None:
        obs = self.scene.input.obs
        if obs is not None:
            self._for, self.ready = turn, None
            self._future = coach_thinker().start(advise_in, (language(), obs))

    def request(self) -> None:
        """Ask the coach about the turn on screen (ignored when it is not the player's turn)."""
        turn = self._turn()
        if turn is None or self.mode == "off" or self._asked == turn:
            return
        self._asked, self.advice = turn, None
        if self._for != turn or (self._future is None and self.ready is None):
            self._work_out(turn)
        self._collect(turn)

    def take(self, intent: TableIntent) -> bool:
        """The Hint key or button; whether the intent was the coach's."""
        if self.mode == "off" or self.scene.input.obs is None or intent.command != "hint":
            return False
        self.request()
        return True

    def update(self) -> None:
        """Work out the answer for a new turn, show it when asked, forget answers of past turns."""
        turn = self._turn()
        # One search at a time: a turn that passed while the last one was worked out is not searched
        # after it (the turn on screen would wait behind it); the next search is for the turn then shown.
        if self.mode != "off" and turn is not None and self._for != turn and self._future is None:
            self._work_out(turn)
        if self.mode == "always" and turn is not None and self._asked != turn:
            self.request()
        self._collect(turn)
        if self.advice is not None and self._asked != turn:
            self.advice = None

    def _collect(self, turn: tuple[int, int] | None) -> None:
        future = self._future
        if future is not None and (future.result() is not None or future.done):
            self._future = None  # the answer is kept for its own turn (``_for``), whatever is on screen now
            if not future.failed:
                self.ready = future.result()
            elif self._asked == self._for:
                self._asked = None  # the worker failed: the player may ask again
        if self.ready is not None and self.advice is None and turn is not None and self._asked == turn == self._for:
            self.advice = self.ready
            self.scene.ctx.speech.answer(" ".join(line for line, _colour in self.lines()))
            self.scene.session.count_hint()

    @property
    def busy(self) -> bool:
        """True while an answer is being worked out (the window keeps drawing the thinking state)."""
        return self._future is not None

    def shutdown(self) -> None:
        """The table closes: its pending answer is forgotten (the worker stays for the next table)."""
        self._future, self.ready = None, None

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The Hint button beside the hand, and the answer (or "thinking") above the message line."""
        scene = self.scene
        if self.mode == "off" or scene.input.obs is None:
            return
        ctx, layout = scene.ctx, scene.view.layout
        u, theme = layout.unit, ctx.theme
        value = layout.hand_value
        self.button.box = Box(value.x, value.bottom + 8 * u, value.w, 34 * u)
        self.button.enabled = not self.thinking and self.advice is None
        self.button.label = N_("Thinking…") if self.thinking else N_("Hint")
        self.button.draw(surface, ctx.assets, theme, u)
        width = layout.message.w
        size = 15 * u
        lines = self.wrapped(ctx.assets, size, width - 24 * u)
        if not lines:
            return
        height = (len(lines) * 22 + 14) * u
        panel = Box(layout.message.center[0] - width / 2, layout.message.y - height - 8 * u, width, height)
        draw_panel(surface, panel, theme, u, alpha=225)
        for index, (text, colour, bold) in enumerate(lines):
            blit_text(surface, ctx.assets, text, size, getattr(theme, colour),
                      (panel.x + 12 * u, panel.y + (7 + 22 * index) * u), bold=bold)

    def wrapped(self, assets: Assets, size: float, width: float) -> list[tuple[str, str, bool]]:
        """The panel's lines fitted to ``width`` as ``(text, colour, bold)``: options packed whole, never cut."""
        if self.thinking or self.advice is None:
            return [(fit_text(assets, text, size, width, bold=True), colour, True) for text, colour in self.lines()]
        advice = self.advice
        first, *_rest = self.lines()
        out = [(line, first[1], True) for line in assets.wrap(first[0], size, width, bold=True)]
        font = assets.font(int(size))
        row = ""
        for part in (f"{o.label}: {o.odds()}" if o.odds() else o.label for o in advice.options[1:]):
            joined = f"{row} · {part}" if row else part
            if font.size(joined)[0] <= width:
                row = joined
                continue
            if row:
                out.append((row, "text", False))
            pieces = assets.wrap(part, size, width)
            out += [(piece, "text", False) for piece in pieces[:-1]]
            row = pieces[-1]
        if row:
            out.append((row, "text", False))
        if advice.note:
            note = _(advice.note)
            out += [(line, "text_dim", False) for line in assets.wrap(note[0].upper() + note[1:] + ".", size, width)]
        return out

    def lines(self) -> list[tuple[str, str]]:
        """The panel's text as ``(line, theme colour name)``: the best move first, then the others."""
        if self.thinking:
            dots = "." * (1 + int(self.scene.ctx.clock_s * 3) % 3)
            return [(_("Coach: thinking") + dots, "text_dim")]
        advice = self.advice
        if advice is None:
            return []
        best = advice.best
        if best.keep_chance is not None:
            first = _("Coach: {move} — you keep your life {percent} of the time").format(
                move=best.label, percent=percent(best.keep_chance))
        elif best.odds():
            first = _("Coach: {move} — {odds}").format(move=best.label, odds=best.odds())
        else:
            first = _("Coach: {move}").format(move=best.label)
        others = [f"{o.label}: {o.odds()}" if o.odds() else o.label for o in advice.options[1:]]
        out = [(first, "highlight")]
        for start in range(0, len(others), 3):
            out.append((" · ".join(others[start:start + 3]), "text"))
        if advice.note:
            note = _(advice.note)
            out.append((note[0].upper() + note[1:] + ".", "text_dim"))
        return out
