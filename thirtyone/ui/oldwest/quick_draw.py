"""Quick Draw in real time: a draw opens an answer window in which humans may fire back.

A draw (a human's pick, or another seat's draw that the session reports as
``DrawCalled``) opens a ``Standoff``: the drawn gun is shown at once and, for
``rules.answer_window_ms`` of real time, every other human with a bullet may
answer — G for the human whose cards are at the bottom of the screen, the
number shown on their name plate for the others (pass-and-play). Each answer
goes to the session as it happens (``fire_back``: a network host times it by
its own clock and will not wait for this screen's window). When the
window closes, the session's ``quick_draw`` merges the humans' answers with the bots'
and plays that one ``QuickDraw``; the duel then plays in speed
order. Nothing waits.

Fairness to a human: the window, and every answer's time, count from the frame
flip that first put the cue on screen (``Context.flipped_s``), not from the
draw and not from the frame after; a key's time is the middle of the poll
interval it arrived in (``Context.input_s``). Nobody may draw while cards are
still moving (the deal or any other animation). Without a real window (tests,
``Context.flipped_s`` 0) the frames' ``dt`` count instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...speech.speaker import CUE
from ..keys import DUEL, label
from ..table.reader import HOVER, TableIntent
from ..layout import Box
from ..narration import drawn_on
from .standoff import Standoff
from ..widgets import blit_text, draw_panel, rect
from ..theme import TEXT

if TYPE_CHECKING:
    from ..table.host import DuelHost


class QuickDrawControl:
    """Opens, times and closes the answer window for the table scene."""

    def __init__(self, scene: DuelHost) -> None:
        self.scene = scene
        self.rules = scene.session.rules
        self.enabled = self.rules.old_west and self.rules.quick_draw
        self.standoff: Standoff | None = None

    # -- who may draw ----------------------------------------------------------------------
    def drawer(self) -> int:
        """The human on screen who may draw now, or -1."""
        scene = self.scene
        seat = scene.view.face_seat
        if (not self.enabled or self.standoff is not None or seat < 0 or seat not in scene.session.human_seats()
                or scene.choreo.busy):
            return -1
        return seat if scene.session.can_draw(seat) else -1

    def ready(self) -> tuple[int, list[int]]:
        """For ``GunControl``: the drawing seat and its targets, clockwise from the viewer."""
        seat = self.drawer()
        if seat < 0:
            return -1, []
        targets = list(self.scene.session.draw_targets(seat))
        return seat, sorted(targets, key=self.scene.gun.number)

    def why_not(self) -> str:
        scene = self.scene
        seat = scene.view.face_seat
        if self.standoff is not None:
            return _("A draw is on: fire back with G if you can, or hold still.")
        if seat < 0 or seat not in scene.session.human_seats():
            return _("Wait until your cards are on screen to draw.")
        if scene.choreo.busy:
            return _("Nobody draws while cards are moving: wait for them to settle.")
        obs = scene.seen
        if obs.tokens[seat] == 0:
            return _("You are out of the game.")
        if not obs.bullets[seat]:
            return _("Your derringer is empty.")
        holster = scene.session.holster_reason(seat)
        if holster is not None:
            return holster[0].upper() + holster[1:] + "."
        return _("The guns stay holstered now (between rounds, or after a knock in these rules).")

    # -- the window ------------------------------------------------------------------------
    def open(self, shooter: int, target: int) -> None:
        """A draw: show the gun now and start the answer window if a human could answer."""
        session = self.scene.session
        answerers = tuple(seat for seat in session.human_seats() if seat != shooter and session.can_draw(seat))
        self.scene.gun.cancel(sound=False)
        self.standoff = Standoff(shooter, target, self.rules.answer_window_ms / 1000, answerers)
        self.scene.choreo.duels.show_draw(shooter, target)
        if self.scene.view.viewer in answerers:  # the cue: said at once, over anything being said
            self.scene.ctx.speech.say(_("Draw! {drawn} Press {key} to fire back.").format(
                drawn=drawn_on(session.names, shooter, target, self.scene.view.viewer), key=label(DUEL, "answer")), CUE)

    def answer(self, seat: int) -> None:
        """``seat`` fires back now (if it may and has not yet)."""
        standoff = self.standoff
        if standoff is None or seat not in standoff.answerers or seat in standoff.answers:
            return
        self._clock(standoff)
        ms = round(standoff.elapsed_s * 1000)
        standoff.answers[seat] = ms
        self.scene.session.fire_back(seat)  # a host times it by its own clock: it must hear it now
        self.scene.choreo.duels.show_draw(seat, standoff.shooter, popup=_("{ms} ms").format(ms=ms))

    def update(self, dt: float) -> Standoff | None:
        """Count the window down; the standoff once it has closed (the table then settles the draw)."""
        standoff = self.standoff
        if standoff is None:
            return None
        if not self._clock(standoff):  # no real window: count frames
            standoff.elapsed_s += dt
        if not standoff.closed:
            return None
        self.standoff = None
        return standoff

    def _clock(self, standoff: Standoff) -> bool:
        """Time the standoff from the flip that showed its cue; False without a real window."""
        ctx = self.scene.ctx
        if not ctx.flipped_s or not ctx.input_s:
            return False
        if standoff.cue_drawn and not standoff.shown_s:
            standoff.shown_s = ctx.flipped_s  # the first flip since the cue was drawn
        if standoff.shown_s:
            standoff.elapsed_s = max(0.0, ctx.input_s - standoff.shown_s)
        return True

    # -- keys ------------------------------------------------------------------------------
    def answer_keys(self) -> dict[int, str]:
        """Seat → the key that answers for it during the window."""
        standoff = self.standoff
        if standoff is None:
            return {}
        viewer = self.scene.view.viewer
        return {seat: label(DUEL, "answer") if seat == viewer else str(self.scene.gun.number(seat))
                for seat in standoff.answerers}

    def wants(self, intent: TableIntent) -> bool:
        """While the window is open every key and click belongs to it (Esc still pauses; the pointer still moves)."""
        return self.standoff is not None and intent.command not in ("pause", HOVER)

    def take(self, intent: TableIntent) -> None:
        """G (or the Fire back! button) for the viewer, a seat's number for another player here."""
        standoff = self.standoff
        if standoff is None:
            return
        viewer = self.scene.view.viewer
        if intent.command == "answer" or intent.command == "gun" and intent.target.kind == "button":
            self.answer(viewer)
        elif intent.command == "answer_for" and intent.place == DUEL:
            seat = next((s for s in standoff.answerers if self.scene.gun.number(s) == intent.which + 1
                         and s != viewer), -1)
            self.answer(seat)

    # -- showing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        standoff = self.standoff
        if standoff is None:
            return
        standoff.cue_drawn = True
        scene = self.scene
        ctx, view = scene.ctx, scene.view
        theme, assets, layout = ctx.theme, ctx.assets, view.layout
        u = layout.unit
        names = scene.session.names
        keys = self.answer_keys()
        for seat, key in keys.items():
            if seat in standoff.answers or seat == view.viewer:
                continue  # the viewer's own call to answer is the lit button and the banner
            plate = layout.seat_geo[seat].plate
            image = assets.text(_("{key}: fire back!").format(key=key), TEXT.normal * u, (255, 255, 255), bold=True)
            r = image.get_rect(midbottom=(round(plate.center[0]), round(plate.y - 6 * u))).inflate(round(12 * u), round(6 * u))
            pygame.draw.rect(surface, (160, 30, 20), r, border_radius=max(3, round(6 * u)))
            surface.blit(image, image.get_rect(center=r.center))
        panel_h = 58 * u
        # Over the piles, which matter to no one while guns are out; the guns stand off the seats.
        middle = ((layout.stock.x + layout.kitty.right) / 2, layout.stock.center[1])
        panel = Box.centered(middle[0], middle[1], min(layout.table.w - 40 * u, 440 * u), panel_h)
        draw_panel(surface, panel, theme, u, alpha=235)
        title = drawn_on(names, standoff.shooter, standoff.target, self.scene.view.you)
        blit_text(surface, assets, title, TEXT.subhead * u, theme.accent, (panel.center[0], panel.y + 6 * u), "midtop", True)
        mine = [key for seat, key in keys.items() if seat not in standoff.answers]
        hint = _("Fire back: {keys}").format(keys=" / ".join(mine)) if mine else _("Hold still…")
        blit_text(surface, assets, hint, TEXT.small * u, theme.text, (panel.center[0], panel.y + 31 * u), "midtop")
        bar = Box(panel.x + 14 * u, panel.bottom - 9 * u, panel.w - 28 * u, 4 * u)
        pygame.draw.rect(surface, theme.table_shade, rect(bar))
        frac = standoff.left_s / standoff.window_s if standoff.window_s else 0.0
        pygame.draw.rect(surface, theme.bad, rect(Box(bar.x, bar.y, bar.w * frac, bar.h)))
