"""Drawing Old West: each seat's derringer and misfire chance, the aim, and the gunfight effects.

Only reads the view. The derringer, flash and smoke images are scaled once per
size (``Assets``); turned guns are cached per whole degree.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ..assets import Assets
from .duel_fx import GUN_RATIO, GunSprite
from ..layout import Box
from ..table.view import TableView
from ..theme import TEXT, Theme
from ..widgets import blit_text, fit_text, rect

GUN = ("tokens", "derringer.png")
FLASH = ("tokens", "muzzle_flash.png")
SMOKE = ("tokens", "smoke.png")


def chance_colour(theme: Theme, chance: float) -> tuple[int, int, int]:
    """Plain text at 0 %, shading to the theme's warning colour by 40 %."""
    t = max(0.0, min(1.0, chance / 0.4))
    return tuple(round(a + (b - a) * t) for a, b in zip(theme.text, theme.bad))  # type: ignore[return-value]


def _icon(assets: Assets, height: int, loaded: bool) -> pygame.Surface:
    width = max(1, round(height / GUN_RATIO))
    key = ("gun-icon", width, loaded)
    image = assets.cache_get(key)
    if image is None:
        image = assets.scaled(GUN, width).copy()
        if not loaded:
            image.fill((90, 90, 90, 150), special_flags=pygame.BLEND_RGBA_MULT)
        image = assets.cache_put(key, image)
    return image


def draw_gun_badge(surface: pygame.Surface, view: TableView, seat: int, assets: Assets, theme: Theme) -> None:
    """A seat's derringer (bright when loaded, grey when empty) and its misfire chance."""
    layout = view.layout
    info = view.seats[seat]
    box = layout.seat_geo[seat].gun
    if box.w <= 0 or info.out:
        return
    u = layout.unit
    icon = _icon(assets, max(8, round(box.h * 1.05)), info.bullet)
    surface.blit(icon, icon.get_rect(midleft=(round(box.x), round(box.center[1]))))
    x = box.x + icon.get_width() + 4 * u
    size = 12 * u
    if info.bullet:
        pct = f"{info.misfire * 100:.0f}%"
        text = _("{percent} misfire").format(percent=pct)
        if fit_text(assets, text, size, box.right - x, bold=True) != text:
            text = pct
        colour = chance_colour(theme, info.misfire)
    else:
        text, colour = _("empty"), theme.text_dim
    blit_text(surface, assets, text, size, colour, (x, box.center[1]), "midleft", bold=info.bullet)


def draw_seat_shade(surface: pygame.Surface, view: TableView, seat: int, assets: Assets) -> None:
    """A shot seat flashes red, then its whole place falls dark."""
    info = view.seats[seat]
    if info.hit_flash <= 0.01 and not (info.shot and info.dim > 0.01):
        return
    geo = view.layout.seat_geo[seat]
    box = geo.box.inflate(8 * view.layout.unit, 8 * view.layout.unit)
    dark = round(120 * min(1.0, info.dim)) // 8 * 8 if info.shot else 0
    red = round(150 * info.hit_flash) // 8 * 8
    size = (round(box.w), round(box.h))
    # A shot seat stays dark for the rest of the game: its layer is made once per shade and size.
    key = ("seat-shade", size, dark, red)
    layer = assets.cache_get(key)
    if layer is None:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(4, round(12 * view.layout.unit))
        if dark:
            pygame.draw.rect(layer, (0, 0, 0, dark), layer.get_rect(), border_radius=radius)
        if red:
            pygame.draw.rect(layer, (220, 40, 20, red), layer.get_rect(), border_radius=radius)
        layer = assets.cache_put(key, layer)
    surface.blit(layer, (round(box.x), round(box.y)))


def draw_aim(surface: pygame.Surface, view: TableView, targets: list[int], chosen: int, keys: dict[int, int],
             assets: Assets, theme: Theme, clock_s: float) -> None:
    """Legal targets ringed in red with their key; the chosen one under the crosshair."""
    layout = view.layout
    u = layout.unit
    pulse = 0.5 + 0.5 * abs(((clock_s * 1.6) % 2.0) - 1.0)
    for seat in targets:
        geo = layout.seat_geo[seat]
        box = rect(geo.box.inflate(6 * u, 6 * u))
        width = max(2, round((4 if seat == chosen else 2) * u))
        colour = (255, round(70 + 80 * pulse), 60) if seat == chosen else (230, 90, 70)
        pygame.draw.rect(surface, colour, box, width, border_radius=max(4, round(12 * u)))
        key = keys.get(seat)
        if key is not None:
            chip = (box.x + round(4 * u), box.y + round(4 * u))
            label = assets.text(str(key), TEXT.body * u, (255, 255, 255), bold=True)
            r = label.get_rect(topleft=chip).inflate(round(10 * u), round(4 * u))
            pygame.draw.rect(surface, (150, 30, 20), r, border_radius=max(3, round(5 * u)))
            surface.blit(label, label.get_rect(center=r.center))
        if seat == chosen:
            cx, cy = map(round, geo.hand_center)
            radius = round(22 * u + 4 * u * pulse)
            line = max(2, round(2 * u))
            # A dark outline under the bright sight keeps it visible on red card backs.
            for ink, width in (((20, 10, 5), line + max(2, round(2 * u))), ((255, 236, 120), line)):
                pygame.draw.circle(surface, ink, (cx, cy), radius, width)
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    pygame.draw.line(surface, ink, (cx + dx * radius * 0.5, cy + dy * radius * 0.5),
                                     (cx + dx * radius * 1.4, cy + dy * radius * 1.4), width)


def _turned_gun(assets: Assets, gun: GunSprite) -> pygame.Surface:
    width = max(4, 4 * round(gun.width * max(0.05, gun.scale) / 4))
    image = assets.scaled(GUN, width)
    left = gun.facing_left
    if left:
        key = ("gun-flipped", width)
        flipped = assets.cache_get(key)
        if flipped is None:
            flipped = assets.cache_put(key, pygame.transform.flip(image, False, True))
        image = flipped
    return assets.rotated(("gun", width, left), image, gun.angle)


def draw_duel(surface: pygame.Surface, view: TableView, assets: Assets, bounds: Box) -> None:
    """Guns, tracers, flashes and smoke, over the cards and under the pop-ups."""
    fx = view.fx
    if not fx.busy:
        return
    u = view.layout.unit
    clip = surface.get_clip()
    surface.set_clip(rect(bounds))
    for tracer in fx.tracers:
        head = (tracer.x0 + (tracer.x1 - tracer.x0) * tracer.t, tracer.y0 + (tracer.y1 - tracer.y0) * tracer.t)
        tail_t = max(0.0, tracer.t - 0.35)
        tail = (tracer.x0 + (tracer.x1 - tracer.x0) * tail_t, tracer.y0 + (tracer.y1 - tracer.y0) * tail_t)
        if tracer.alpha > 5:
            colour = (255, 240, 190) if tracer.alpha > 128 else (200, 180, 140)
            pygame.draw.line(surface, colour, tail, head, max(1, round(3 * u)))
    for gun in fx.guns:
        if gun.scale <= 0.02 or gun.alpha <= 2:
            continue
        image = _turned_gun(assets, gun)
        kick = gun.kick * gun.width * 0.08
        pos = (round(gun.x), round(gun.y - kick))
        if gun.alpha < 255:
            image = image.copy()
            image.set_alpha(round(gun.alpha))
        surface.blit(image, image.get_rect(center=pos))
        if gun.flash > 0.02:
            size = max(4, 8 * round(gun.width * (0.35 + 0.55 * gun.flash) / 8))
            flash = assets.rotated(("flash", size), assets.scaled(FLASH, size), gun.angle)
            mx, my = gun.muzzle()
            surface.blit(flash, flash.get_rect(center=(round(mx), round(my - kick))), special_flags=pygame.BLEND_RGB_ADD)
    for puff in fx.puffs:
        if puff.alpha <= 3:
            continue
        size = max(4, 4 * round(puff.size / 4))
        image = assets.scaled(SMOKE, size).copy()
        image.set_alpha(round(puff.alpha))
        surface.blit(image, image.get_rect(center=(round(puff.x), round(puff.y))))
    surface.set_clip(clip)
