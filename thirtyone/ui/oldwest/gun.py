"""The viewer's derringer: the gun button and key, choosing a target, and firing.

Old West (on your turn): G (or the Fire button) opens the aim; a legal target
is picked by its number key, by arrows and Enter, or by a click on its seat;
Esc holsters. Quick Draw: the same aim, then ``QuickDrawControl`` runs the
answer window. The control never decides a rule: targets on a turn come from
``legal_actions``, and a refused shot shows the engine's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, seat_name
from ...model import Fire
from .gun_draw import draw_aim
from ..keys import AIM, TABLE, Intent, keys_of, label
from ..table.reader import DROP, HOVER, MOUSE, SEAT, TableIntent
from ..table.wants import Act, DrawOn, Hold, Say, Want
from ..widgets import Button

if TYPE_CHECKING:
    from ..table.host import GunHost



class GunControl:
    """Aiming and firing for the seat on screen; ``scene`` supplies the match, view and feedback."""

    def __init__(self, scene: GunHost) -> None:
        self.scene = scene
        self.rules = scene.session.rules
        self.enabled = self.rules.old_west
        self.aiming = False
        self.shooter = -1
        self.targets: list[int] = []
        self.chosen = -1
        self.button = Button(N_("Draw gun") if self.rules.quick_draw else N_("Fire"), None, label(TABLE, "gun"))

    # -- who may shoot whom ------------------------------------------------------------------
    def number(self, seat: int) -> int:
        """The key for a seat: its place clockwise from the viewer (1 = the next seat)."""
        layout = self.scene.view.placed
        return layout.relative(seat) if layout is not None else seat

    def ready(self) -> tuple[int, list[int]]:
        """The seat that may shoot now and its targets, or (-1, []) if nobody on screen may."""
        scene = self.scene
        if not self.enabled or scene.session.is_over:
            return -1, []
        if self.rules.quick_draw:
            return scene.quick.ready()
        obs = scene.input.obs
        if obs is None:
            return -1, []
        targets = [a.target for a in obs.legal_actions if isinstance(a, Fire)]
        return (obs.seat, sorted(targets, key=self.number)) if targets else (-1, [])

    # -- intents -----------------------------------------------------------------------------
    def press(self) -> Want:
        """G or the button: open the aim, or fire at the chosen target when already aiming."""
        if not self.enabled:
            return None
        if self.aiming:
            return self.confirm(self.chosen)
        shooter, targets = self.ready()
        if shooter < 0:
            return self.explain()
        self.aiming, self.shooter, self.targets = True, shooter, targets
        self.chosen = targets[0]
        self.scene.ctx.sound.play("draw_gun", 0.5)
        self._say_aim(_("Aiming."))
        return None

    def _say_aim(self, lead: str = "") -> None:
        """Speech: the seat aimed at and its number (the keys that fire at it)."""
        if self.chosen >= 0:
            name = seat_name(self.scene.session.names[self.chosen])
            self.scene.ctx.speech.answer(" ".join(filter(None, (lead, _("At {name}, number {number}: Enter fires, "
                                                                        "arrows aim, Esc holsters.").format(
                name=name, number=self.number(self.chosen))))))

    def explain(self) -> Want:
        """Why the gun stays holstered (the engine's reason where it has one)."""
        scene = self.scene
        if self.rules.quick_draw:
            return Say(scene.quick.why_not())
        obs = scene.input.obs
        if obs is None:
            seat = scene.session.current_seat
            if seat == scene.view.viewer and seat >= 0:
                return Hold(Intent("gun"))  # your turn, cards still moving: the aim opens once they settle
            who = scene.session.names[seat] if seat >= 0 else _("nobody")
            return Say(_("Wait: it is {name}'s turn. You fire at the start of your own turn.").format(name=who))
        others = [s for s, t in enumerate(obs.tokens) if t > 0 and s != obs.seat]
        if others:
            return Act(Fire(others[0]))  # not legal now: the session answers why, nothing changes
        return None

    def cancel(self, sound: bool = True) -> None:
        if self.aiming and sound:
            self.scene.ctx.sound.play("holster", 0.6)
        self.aiming, self.targets, self.chosen = False, [], -1

    def confirm(self, seat: int) -> Want:
        """Shoot ``seat`` if it is a target: a shot on your turn, or a Quick Draw's draw."""
        if seat not in self.targets:
            return None
        shooter = self.shooter
        self.cancel(sound=False)
        return DrawOn(shooter, seat) if self.rules.quick_draw else Act(Fire(seat))

    def refresh(self) -> None:
        """Drop the aim if the moment has passed (the turn moved on, a target fell)."""
        if not self.aiming:
            return
        shooter, targets = self.ready()
        if shooter != self.shooter or not targets:
            self.cancel(sound=False)
            return
        self.targets = targets
        if self.chosen not in targets:
            self.chosen = targets[0]

    # -- taking intents ----------------------------------------------------------------------
    def wants(self, intent: TableIntent) -> bool:
        """Whether ``intent`` is the gun's: G or its button, and while aiming every key and click."""
        if not self.enabled:
            return False
        if intent.command == "gun":
            return True
        return self.aiming and intent.command != HOVER

    def take(self, intent: TableIntent) -> Want:
        """What the player wants of the gun (``wants`` said it is the gun's)."""
        if intent.command == "gun":
            return self.press()
        if intent.command in (HOVER, DROP):
            return None
        if intent.place == MOUSE or intent.target.kind == "button":  # a click while aiming: on a target it shoots, elsewhere it holsters
            if intent.command == SEAT and intent.target.index in self.targets:
                return self.confirm(intent.target.index)
            self.cancel()
            return None
        command = intent.command
        if command == "holster":
            self.cancel()
        elif command == "target":
            number = intent.which + 1
            seat = next((s for s in self.targets if self.number(s) == number), -1)
            if seat < 0:
                return Say(_("No one to aim at under {number}: the red numbers are your targets.").format(
                    number=number))
            return self.confirm(seat)
        elif command in ("next", "previous") and self.targets:
            i = self.targets.index(self.chosen) if self.chosen in self.targets else 0
            self.chosen = self.targets[(i + (1 if command == "next" else -1)) % len(self.targets)]
            self._say_aim()
        elif command == "fire":
            return self.confirm(self.chosen)
        return None  # while aiming, other table keys wait

    def point(self, intent: TableIntent) -> None:
        """The pointer moved: while aiming, the seat under it is the one aimed at."""
        if self.aiming and intent.target.kind == "seat" and intent.target.index in self.targets:
            self.chosen = intent.target.index

    # -- showing -----------------------------------------------------------------------------
    def hint(self) -> str:
        """The line under the table while aiming."""
        if not self.aiming or self.chosen < 0:
            return ""
        names = self.scene.session.names
        chance = self.scene.view.seats[self.shooter].misfire
        return _("Aim at {name}: click, a red number or {fire} fires ({percent}% misfire). {holster} holsters.").format(
            name=names[self.chosen], percent=f"{chance * 100:.0f}", **keys_of(AIM, "fire", "holster"))

    def shown(self) -> bool:
        """Whether the seat on screen has a gun button: a person still in the game (the shot have none)."""
        scene = self.scene
        viewer = scene.view.viewer
        tokens = scene.seen.tokens
        return (self.enabled and viewer in scene.session.human_seats() and 0 <= viewer < len(tokens)
                and tokens[viewer] > 0)

    def update_button(self) -> None:
        standoff = self.scene.quick.standoff
        if standoff is not None:
            viewer = self.scene.view.viewer
            may = viewer in standoff.answerers and viewer not in standoff.answers
            self.button.enabled = self.button.lit = may
            self.button.label = N_("Fire back!") if may else N_("Draw gun")
            return
        shooter, _ = self.ready() if self.shown() else (-1, [])
        self.button.enabled = self.button.lit = shooter >= 0 or self.aiming
        self.button.label = N_("Fire!") if self.aiming else (N_("Draw gun") if self.rules.quick_draw else N_("Fire"))

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if not self.enabled:
            return
        ctx, view = scene.ctx, scene.view
        layout = view.layout
        box = layout.buttons.get("gun")
        if box is not None and self.shown():
            self.button.box = box
            self.button.draw(surface, ctx.assets, ctx.theme, layout.unit)
        if self.aiming:
            keys = {seat: self.number(seat) for seat in self.targets}
            draw_aim(surface, view, self.targets, self.chosen, keys, ctx.assets, ctx.theme, ctx.clock_s)

