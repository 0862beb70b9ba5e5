"""What a gunfight shows on the table: the drawn derringers, the smoke and the bullets' streaks.

Plain records the table view holds (``TableView.fx``) and the duel steps animate
(``duel.DuelSteps``); drawn by ``gun_draw``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

GUN_W = 92.0
"""Width of a drawn derringer in design pixels (× layout unit)."""
MUZZLE = (0.465, -0.15)
"""The muzzle in the derringer image, from its centre, as fractions of width and height."""
GUN_RATIO = 120 / 200


@dataclass(eq=False)
class GunSprite:
    """A derringer out of its holster at ``seat``, aimed at ``target``."""

    seat: int
    target: int
    x: float
    y: float
    angle: float
    """Degrees, counter-clockwise from pointing right (pygame's sense)."""
    width: float
    scale: float = 0.0
    alpha: float = 255.0
    kick: float = 0.0
    """Recoil, 0 → 1 → 0 as the shot goes off."""
    flash: float = 0.0
    """Muzzle flash brightness, 0 → 1 → 0."""

    @property
    def facing_left(self) -> bool:
        return abs(self.angle) > 90

    def muzzle(self) -> tuple[float, float]:
        """Screen point of the muzzle (the flash and the smoke start there)."""
        w = self.width * self.scale
        mx, my = MUZZLE[0] * w - self.kick * w * 0.12, MUZZLE[1] * w * GUN_RATIO
        if self.facing_left:
            my = -my
        a = math.radians(self.angle)
        return (self.x + mx * math.cos(a) + my * math.sin(a), self.y - mx * math.sin(a) + my * math.cos(a))


@dataclass(eq=False)
class Puff:
    """A ball of smoke that grows, drifts and fades."""

    x: float
    y: float
    size: float
    alpha: float = 200.0


@dataclass(eq=False)
class Tracer:
    """The bullet's streak from the muzzle to the target; ``t`` runs 0 → 1."""

    x0: float
    y0: float
    x1: float
    y1: float
    t: float = 0.0
    alpha: float = 255.0


@dataclass(eq=False)
class DuelFx:
    """Everything of a gunfight on screen now."""

    guns: list[GunSprite] = field(default_factory=list)
    puffs: list[Puff] = field(default_factory=list)
    tracers: list[Tracer] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return bool(self.guns or self.puffs or self.tracers)

    def gun(self, seat: int) -> GunSprite | None:
        return next((g for g in self.guns if g.seat == seat), None)


__all__ = ["GUN_RATIO", "GUN_W", "MUZZLE", "DuelFx", "GunSprite", "Puff", "Tracer"]
