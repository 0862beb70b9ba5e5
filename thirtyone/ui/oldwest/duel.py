"""Old West on the table: derringers drawn, muzzle flashes, smoke, misfires and seats shot dark.

``GunSprite``, ``Puff`` and ``Tracer`` are plain numbers that tweens animate
(``gun_draw`` draws them). ``DuelSteps`` is a part of ``Choreographer`` (see
``choreography``) turning GunDrawn, Fired, Misfired, Hit and a shot seat's
Eliminated into timed steps; it reaches the choreographer as a ``StepHost``:
its ``view``, ``tweener``, ``sound``, ``popup`` and duration helper ``d``.
"""

from __future__ import annotations

from functools import partial
import math

from ...i18n import N_, _
from ...model import events as ev
from ..animation import easing
from .duel_fx import GUN_W, GunSprite, Puff, Tracer
from ..animation.snapshot import Snapshot
from ..animation.step_host import StepHost

class DuelSteps:
    """Steps for the Old West events."""

    def __init__(self, host: StepHost) -> None:
        self.host = host

    def gun_step(self, event: ev.Event, snap: Snapshot) -> float:
        if isinstance(event, ev.GunDrawn):
            gun = self.host.view.fx.gun(event.shooter)
            if gun is not None:  # already shown when the answer window opened
                self._aim(gun, event.target)
                return self.host.d(0.1)
            self.show_draw(event.shooter, event.target)
            return self.host.d(0.45)
        if isinstance(event, ev.Fired):
            gun = self.host.view.fx.gun(event.shooter)
            if gun is None:
                self._draw_gun(event.shooter, event.target)
                return self.host.d(0.6)
            self._aim(gun, event.target)
            return self.host.d(0.15)
        if isinstance(event, ev.Misfired):
            return self._misfired(event)
        if isinstance(event, ev.Hit):
            return self._hit(event)
        return 0.0

    # -- the gun -------------------------------------------------------------------------------
    def show_draw(self, seat: int, target: int, popup: str = N_("Draw!")) -> None:
        """A gun comes out at ``seat`` aimed at ``target``, with a word over the seat (at once, not queued)."""
        gun = self._draw_gun(seat, target)
        u = self.host.view.layout.unit
        self.host.popup(popup, gun.x, gun.y - 34 * u, 26 * u, (255, 214, 90), 0.5, background=(90, 30, 20))

    def holster_all(self) -> None:
        """Put every drawn gun away (a draw the match refused)."""
        for gun in list(self.host.view.fx.guns):
            self._holster(gun, 0.0)
        if self.host.view.fx.guns:
            self.host.sound.play("holster")

    def _draw_gun(self, seat: int, target: int) -> GunSprite:
        view = self.host.view
        u = view.layout.unit
        gun = GunSprite(seat, target, 0.0, 0.0, 0.0, GUN_W * u)
        self._aim(gun, target)
        view.fx.guns = [g for g in view.fx.guns if g.seat != seat] + [gun]
        self.host.tweener.animate(gun, self.host.d(0.3), easing.out_back, scale=1.0)
        self.host.sound.play("draw_gun")
        return gun

    def _aim(self, gun: GunSprite, target: int) -> None:
        """Turn the gun toward the target; it stands just off the shooter's seat, toward the table's middle."""
        layout = self.host.view.layout
        sx, sy = self.host.seat_xy(gun.seat)
        tx, ty = self.host.seat_xy(target)
        cx, cy = layout.oval.center
        dx, dy = cx - sx, cy - sy
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        box = layout.seat_geo[gun.seat].box
        # Toward the middle is always open felt: the gun never covers a seat's cards or name there.
        exits = [(edge - s) / v for edge, s, v in ((box.x, sx, ux), (box.right, sx, ux), (box.y, sy, uy),
                                                    (box.bottom, sy, uy)) if abs(v) > 1e-6 and (edge - s) / v > 0]
        reach = min(min(exits or [0.0]) + gun.width * 0.4, dist * 0.7)
        gun.target = target
        gun.x, gun.y = sx + ux * reach, sy + uy * reach
        gun.angle = math.degrees(math.atan2(-(ty - gun.y), tx - gun.x))

    def _holster(self, gun: GunSprite, delay_s: float) -> None:
        def gone() -> None:
            if gun in self.host.view.fx.guns:
                self.host.view.fx.guns.remove(gun)
        self.host.tweener.animate(gun, self.host.d(0.35), easing.accelerate, delay_s, on_finished=gone, alpha=0.0, scale=0.6)

    def _smoke(self, x: float, y: float, angle: float, count: int, size: float, delay_s: float = 0.0) -> None:
        a = math.radians(angle)
        for k in range(count):
            puff = Puff(x, y, size * (0.6 + 0.15 * k), 0.0)
            self.host.view.fx.puffs.append(puff)
            drift = size * (0.5 + 0.45 * k)
            end_x = x + math.cos(a) * drift + (k - count / 2) * size * 0.2
            end_y = y - math.sin(a) * drift - size * (0.6 + 0.3 * k)

            def fade(p: Puff = puff) -> None:
                self.host.tweener.animate(p, self.host.d(0.9), easing.linear, on_finished=lambda: self._drop_puff(p), alpha=0.0)
            self.host.tweener.animate(puff, self.host.d(0.12), easing.linear, delay_s + self.host.d(0.04) * k, alpha=210.0)
            self.host.tweener.animate(puff, self.host.d(1.3), easing.out_cubic, delay_s + self.host.d(0.04) * k, on_finished=fade,
                                 x=end_x, y=end_y, size=size * (1.3 + 0.3 * k))

    def _drop_puff(self, puff: Puff) -> None:
        if puff in self.host.view.fx.puffs:
            self.host.view.fx.puffs.remove(puff)

    # -- outcomes ------------------------------------------------------------------------------
    def _hit(self, event: ev.Hit) -> float:
        view = self.host.view
        u = view.layout.unit
        gun = view.fx.gun(event.shooter) or self._draw_gun(event.shooter, event.target)
        gun.flash, gun.kick = 1.0, 1.0
        self.host.tweener.animate(gun, self.host.d(0.22), easing.decelerate, flash=0.0)
        self.host.tweener.animate(gun, self.host.d(0.3), easing.out_cubic, kick=0.0)
        self.host.sound.play("gunshot")
        mx, my = gun.muzzle()
        tx, ty = self.host.seat_xy(event.target)
        tracer = Tracer(mx, my, tx, ty)
        view.fx.tracers.append(tracer)
        self.host.tweener.animate(tracer, self.host.d(0.12), easing.linear, t=1.0)
        self.host.tweener.animate(tracer, self.host.d(0.2), easing.linear, self.host.d(0.1),
                             on_finished=lambda: view.fx.tracers.remove(tracer) if tracer in view.fx.tracers else None,
                             alpha=0.0)
        self._smoke(mx, my, gun.angle, 4, 44 * u, self.host.d(0.05))
        seat = view.seats[event.target]
        seat.shot = True
        seat.hit_flash = 1.0
        self.host.tweener.animate(seat, self.host.d(0.6), easing.decelerate, self.host.d(0.1), hit_flash=0.0)
        view.seats[event.shooter].bullet = False
        self._holster(gun, self.host.d(0.9))
        return self.host.d(0.45)

    def _misfired(self, event: ev.Misfired) -> float:
        view = self.host.view
        u = view.layout.unit
        gun = view.fx.gun(event.shooter) or self._draw_gun(event.shooter, event.shooter)
        gun.kick = 0.35
        self.host.tweener.animate(gun, self.host.d(0.25), easing.out_elastic, kick=0.0)
        self.host.sound.play("misfire")
        mx, my = gun.muzzle()
        self._smoke(mx, my, gun.angle, 3, 34 * u)
        # Beside the muzzle, on the side away from the target, so the puff stays in sight.
        side = -1.0 if math.cos(math.radians(gun.angle)) > 0.3 else 1.0
        self.host.popup(_("Click!"), mx + side * 56 * u, my + 10 * u, 24 * u, (230, 230, 230), 0.6, background=(40, 40, 40))
        view.seats[event.shooter].bullet = not event.bullet_spent
        self._holster(gun, self.host.d(0.9))
        self.sound_later("holster", self.host.d(0.9))
        return self.host.d(1.0)

    def sound_later(self, name: str, delay_s: float) -> None:
        """Play an effect after ``delay_s``, in step with the animation."""
        self.host.tweener.after(delay_s, lambda: self.host.sound.play(name), animates=True)

    def eliminated(self, event: ev.Eliminated, snap: Snapshot) -> float:
        """A seat is out: it falls dark; a shot seat's cards go face down under the stock."""
        view = self.host.view
        seat = view.seats[event.seat]
        seat.out = True
        self.host.tweener.animate(seat, self.host.d(0.8), easing.accel_decel, dim=1.0)
        self.host.sound.play("eliminated")
        x, y = self.host.seat_xy(event.seat)
        gun = view.fx.gun(event.seat)
        if gun is not None:
            self._holster(gun, self.host.d(0.2))
        if not seat.shot:
            return self.host.popup(_("Out"), x, y, 30 * view.layout.unit, (255, 120, 100), 0.8)
        hand = view.hands[event.seat]
        view.hands[event.seat] = []
        for i, sprite in enumerate(hand):
            view.transit.append(sprite)
            self.host.move(sprite, self.host.d(0.45), delay_s=self.host.d(0.3 + 0.05 * i), flip=0.0, ease=easing.accel_decel)
            self.host.tweener.after(self.host.d(0.8 + 0.05 * i), partial(self.host.remove_transit, sprite), animates=True)
        view.stock_count += len(hand)
        self.host.popup(_("Shot!"), x, y, 30 * view.layout.unit, (255, 120, 100), 0.8, background=(70, 10, 10))
        return self.host.d(1.0)
