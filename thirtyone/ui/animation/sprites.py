"""Things that move on the table: cards (position, rotation, flip), life tokens,
pop-up badges and confetti. Sprites hold numbers that tweens animate; drawing
reads them and never changes them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
import pygame

from ...model import Card
from ..assets import Assets
from ..layout import CARD_RATIO


@dataclass(eq=False)
class CardSprite:
    """One card on the table. ``t`` runs 0→1 while it travels from ``from_*`` to its rest place."""

    card: Card | None = None
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    width: float = 60.0
    flip: float = 0.0
    """0 shows the back, 1 the face; in between the card turns edge-on at 0.5."""
    t: float = 1.0
    from_x: float = 0.0
    from_y: float = 0.0
    from_angle: float = 0.0
    from_width: float = 60.0
    lift: float = 0.0
    """Height of the arc while travelling (pixels at full size)."""
    raise_by: float = 0.0
    """Eased lift above the rest place (a selected card)."""
    alpha: float = 255.0
    highlight: bool = False
    dim: bool = False
    drag: tuple[float, float] | None = None

    def start_move(self) -> None:
        """Remember where it is now as the start of a new trip (``t`` is then tweened to 1)."""
        self.from_x, self.from_y, self.from_angle, self.from_width = self.x, self.y, self.angle, self.width
        self.t = 0.0

    def place(self, rest_x: float, rest_y: float, rest_angle: float, rest_width: float) -> None:
        """Set the drawn position between the trip's start and the rest place."""
        if self.drag is not None:
            self.x, self.y = self.drag
            self.angle, self.width = 0.0, rest_width
            return
        t = self.t
        if t >= 1.0:
            self.x, self.y, self.angle, self.width = rest_x, rest_y, rest_angle, rest_width
        else:
            self.x = self.from_x + (rest_x - self.from_x) * t
            self.y = self.from_y + (rest_y - self.from_y) * t - math.sin(math.pi * t) * self.lift
            self.angle = self.from_angle + (rest_angle - self.from_angle) * t
            self.width = self.from_width + (rest_width - self.from_width) * t
        self.y -= self.raise_by

    @property
    def shows_face(self) -> bool:
        return self.card is not None and self.flip >= 0.5

    def rect(self) -> pygame.Rect:
        w = self.width
        return pygame.Rect(round(self.x - w / 2), round(self.y - w * CARD_RATIO / 2), round(w), round(w * CARD_RATIO))

    def bounds(self) -> pygame.Rect:
        """Every pixel ``draw`` may touch: the card at any tilt, with its shadow and a glow."""
        w = self.width + 6
        reach = math.hypot(w * 1.18, w * CARD_RATIO * 1.14) / 2 + max(1.0, w * 0.03) * 2 + 2
        return pygame.Rect(math.floor(self.x - reach), math.floor(self.y - reach),
                           math.ceil(2 * reach) + 2, math.ceil(2 * reach) + 2)

    def look(self) -> tuple[object, ...]:
        """Everything ``draw`` reads: equal looks draw equal pixels."""
        return (self.card if self.shows_face else None, self.x, self.y, self.angle, self.width, self.flip,
                self.t < 1.0 or self.drag is not None, self.alpha, self.dim, self.highlight)

    def draw(self, surface: pygame.Surface, assets: Assets, deck: str, highlight: pygame.Surface | None = None) -> None:
        width = max(2, round(self.width))
        moving = self.t < 1.0 or self.drag is not None
        if moving:
            width = max(2, 6 * round(self.width / 6))  # few sizes in flight: each is scaled once and cached
        face = self.card if self.shows_face else None
        image = assets.card(deck, face, width)
        key = ("card", deck, face.face_code if face else "back", width)
        squeeze = abs(1.0 - 2.0 * self.flip) if 0.0 < self.flip < 1.0 else 1.0
        if squeeze < 0.999:
            image = pygame.transform.scale(image, (max(1, round(image.get_width() * squeeze)), image.get_height()))
        elif self.angle:
            image = assets.rotated(key, image, self.angle, keep=not moving)
        if self.dim or self.alpha < 255:
            image = image.copy()
            if self.dim:
                image.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            if self.alpha < 255:
                image.set_alpha(max(0, int(self.alpha)))
        r = image.get_rect(center=(round(self.x), round(self.y)))
        shadow_off = max(1, round(width * 0.03))
        shadow = _shadow(assets, image.get_width(), image.get_height(), keep=not moving and squeeze >= 0.999)
        surface.blit(shadow, (r.x + shadow_off, r.y + shadow_off * 2))
        if self.highlight and highlight is not None:
            surface.blit(highlight, highlight.get_rect(center=r.center))
        surface.blit(image, r)


def _shadow(assets: Assets, w: int, h: int, keep: bool = True) -> pygame.Surface:
    """A card's shadow of ``w``×``h``; cached when ``keep`` (a card at rest is drawn at its size again)."""
    key = ("shadow", w, h)
    surface = assets.cache_get(key)
    if surface is None:
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect(), border_radius=max(2, w // 12))
        if keep:
            surface = assets.cache_put(key, surface)
    return surface


@dataclass(eq=False)
class TokenSprite:
    """A life token flying (or resting); ``honor`` picks the honor design."""

    x: float
    y: float
    honor: bool = False
    size: float = 18.0
    alpha: float = 255.0
    t: float = 0.0
    from_xy: tuple[float, float] = (0.0, 0.0)
    to_xy: tuple[float, float] = (0.0, 0.0)

    def place(self) -> None:
        t = self.t
        self.x = self.from_xy[0] + (self.to_xy[0] - self.from_xy[0]) * t
        self.y = self.from_xy[1] + (self.to_xy[1] - self.from_xy[1]) * t - math.sin(math.pi * t) * self.size * 3


@dataclass(eq=False)
class Popup:
    """A badge or banner: text that pops in, stays, and fades."""

    text: str
    x: float
    y: float
    size: float
    colour: tuple[int, int, int]
    scale: float = 0.0
    alpha: float = 255.0
    background: tuple[int, int, int] | None = None
    done: bool = False


@dataclass(eq=False)
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    colour: tuple[int, int, int]
    size: float
    life_s: float
    spin: float = 0.0
    angle: float = 0.0


@dataclass
class Confetti:
    """Simple confetti physics: launched pieces fall and fade, in seconds."""

    particles: list[Particle] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(31))
    colours: tuple[tuple[int, int, int], ...] = ((246, 200, 80), (240, 90, 90), (90, 170, 250), (140, 230, 140),
                                                 (250, 150, 230), (255, 255, 255))

    def burst(self, x: float, y: float, count: int, speed: float, unit: float) -> None:
        for _ in range(count):
            angle = self.rng.uniform(-math.pi, 0)
            v = self.rng.uniform(0.3, 1.0) * speed
            self.particles.append(Particle(x, y, math.cos(angle) * v, math.sin(angle) * v,
                                           self.rng.choice(self.colours), self.rng.uniform(4, 9) * unit,
                                           self.rng.uniform(1.6, 3.2), self.rng.uniform(-8, 8)))

    def update(self, dt: float, gravity: float) -> None:
        for p in self.particles:
            p.vy += gravity * dt
            p.vx *= 1 - 0.6 * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.angle += p.spin * dt
            p.life_s -= dt
        self.particles = [p for p in self.particles if p.life_s > 0]

    def draw(self, surface: pygame.Surface) -> None:
        for p in self.particles:
            w = max(1, p.size * abs(math.cos(p.angle)))
            pygame.draw.rect(surface, p.colour, (round(p.x - w / 2), round(p.y - p.size / 4), round(w), max(1, round(p.size / 2))))

    @property
    def busy(self) -> bool:
        return bool(self.particles)

    def bounds(self) -> pygame.Rect:
        """The area the pieces cover now (empty when there are none)."""
        if not self.particles:
            return pygame.Rect(0, 0, 0, 0)
        reach = max(p.size for p in self.particles) + 2
        left = min(p.x for p in self.particles) - reach
        top = min(p.y for p in self.particles) - reach
        right = max(p.x for p in self.particles) + reach
        bottom = max(p.y for p in self.particles) + reach
        return pygame.Rect(math.floor(left), math.floor(top), math.ceil(right - left), math.ceil(bottom - top))


def popup_box(assets: Assets, popup: Popup, unit: float, bounds: pygame.Rect | None = None) -> pygame.Rect | None:
    """Where a pop-up is drawn now, or ``None`` while it is too small or faint to show."""
    if popup.scale <= 0.02 or popup.alpha <= 2:
        return None
    size = max(6, round(popup.size * popup.scale))
    text = assets.text(popup.text, size, popup.colour, bold=True)
    pad_x, pad_y = 14 * unit * popup.scale, 6 * unit * popup.scale
    box = pygame.Rect(0, 0, text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y)
    box.center = (round(popup.x), round(popup.y))
    if bounds is not None:
        box.clamp_ip(bounds)
    return box


def draw_popup(surface: pygame.Surface, assets: Assets, popup: Popup, unit: float,
               bounds: pygame.Rect | None = None) -> None:
    """A pop-up badge or banner, scaled and faded as its tweens say."""
    box = popup_box(assets, popup, unit, bounds)
    if box is None:
        return
    text = assets.text(popup.text, max(6, round(popup.size * popup.scale)), popup.colour, bold=True)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    if popup.background is not None:
        pygame.draw.rect(layer, (*popup.background, 230), layer.get_rect(), border_radius=max(3, box.h // 3))
        pygame.draw.rect(layer, (*popup.colour, 255), layer.get_rect(), max(1, round(2 * unit)), border_radius=max(3, box.h // 3))
    layer.blit(text, text.get_rect(center=layer.get_rect().center))
    if popup.alpha < 255:
        layer.set_alpha(int(popup.alpha))
    surface.blit(layer, box)
