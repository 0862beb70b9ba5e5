"""Drawing the table view: felt and oval, piles, seats, sprites, the log panel.

Only reads the view; every costly surface (background, scaled cards, text) is
cached, so a frame is mostly blits.
"""

from __future__ import annotations

import pygame

from .assets import Assets
from .gun_draw import draw_duel, draw_gun_badge, draw_seat_shade
from .layout import CARD_RATIO, Box, TableLayout
from .sprites import draw_popup
from .table_view import TableView
from .theme import Theme
from .widgets import blit_text, draw_panel, fit_text, rect


def background(assets: Assets, theme: Theme, layout: TableLayout) -> pygame.Surface:
    """Felt with a wooden-rimmed oval table and the log panel, cached per size."""
    size = (layout.width, layout.height)
    key = ("table-bg", theme.name, size, layout.seats, layout.viewer, layout.unit)
    cached = assets.cache_get(key)
    if cached is not None:
        return cached
    u = layout.unit
    surface = assets.felt(theme.felt, size, u).copy()
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 70))
    oval = rect(layout.oval)
    pygame.draw.ellipse(shade, (0, 0, 0, 0), oval.inflate(-8 * u, -8 * u))
    surface.blit(shade, (0, 0))
    pygame.draw.ellipse(surface, theme.table_rim, oval, max(3, int(10 * u)))
    pygame.draw.ellipse(surface, tuple(min(255, c + 40) for c in theme.table_rim), oval, max(1, int(2 * u)))
    draw_panel(surface, layout.log.inflate(-12 * u, -12 * u), theme, u, alpha=215)
    return assets.cache_put(key, surface)


def draw_table(surface: pygame.Surface, view: TableView, assets: Assets, theme: Theme, deck: str,
               log_lines: list[str], clock_s: float) -> None:
    """The whole table except the scene's own buttons and hints."""
    layout = view.layout
    assert layout is not None
    u = layout.unit
    surface.blit(background(assets, theme, layout), (0, 0))
    _draw_log(surface, layout, assets, theme, log_lines)
    _draw_center(surface, view, assets, theme, deck)
    highlight_cache: dict[int, pygame.Surface] = {}

    def glow(width: float) -> pygame.Surface:
        w = round(width * 1.18)
        if w not in highlight_cache:
            highlight_cache[w] = assets.scaled(("cards", "highlight.png"), w, round(width * CARD_RATIO * 1.14))
        return highlight_cache[w]

    order = [s for s in range(len(view.names)) if s != view.viewer] + [view.viewer]
    for seat in order:
        _draw_seat(surface, view, seat, assets, theme, clock_s)
        if view.guns:
            draw_gun_badge(surface, view, seat, assets, theme)
        for sprite in view.hands[seat]:
            sprite.draw(surface, assets, deck, glow(sprite.width) if view.revealed and sprite.card in view.counted
                        or sprite.highlight else None)
            if sprite.card is not None and sprite.card == view.just_drawn and seat == view.face_seat:
                _new_marker(surface, assets, theme, sprite, u)
    for seat in order:  # badges after every hand, so a neighbour's fan never covers one
        if view.revealed and view.seats[seat].value_text:
            geo = layout.seat_geo[seat]
            cx, cy = geo.hand_center
            h = geo.card_w * CARD_RATIO
            _badge(surface, assets, theme, view.seats[seat].value_text, (cx, cy + h * 0.5), 20 * u, u)
    if view.guns:
        for seat in order:
            draw_seat_shade(surface, view, seat, assets)
    for sprite in view.transit:
        sprite.draw(surface, assets, deck)
    token_img = None
    for token in view.tokens:
        name = theme.token_honor if token.honor else theme.token
        token_img = assets.scaled(("tokens", name), round(token.size))
        surface.blit(token_img, token_img.get_rect(center=(round(token.x), round(token.y))))
    clip = surface.get_clip()
    surface.set_clip(rect(layout.table))
    view.confetti.draw(surface)
    surface.set_clip(clip)
    draw_duel(surface, view, assets, layout.table)
    bounds = rect(layout.table).inflate(-8 * u, -8 * u)
    for popup in view.popups:
        draw_popup(surface, assets, popup, u, bounds)


def _badge(surface, assets, theme, text, center, size, u) -> None:
    image = assets.text(text, size, (30, 24, 10), bold=True)
    box = image.get_rect(center=(round(center[0]), round(center[1])))
    pygame.draw.rect(surface, theme.highlight, box.inflate(16 * u, 6 * u), border_radius=max(3, int(10 * u)))
    surface.blit(image, box)


def _new_marker(surface, assets: Assets, theme: Theme, sprite, u: float) -> None:
    """A small "new" tab above the card just drawn or taken."""
    r = sprite.rect()
    image = assets.text("new", 11 * u, (30, 24, 10), bold=True)
    tab = image.get_rect(midbottom=(r.centerx, r.top + 2 * u)).inflate(10 * u, 4 * u)
    pygame.draw.rect(surface, theme.highlight, tab, border_radius=max(2, int(6 * u)))
    surface.blit(image, image.get_rect(center=tab.center))


def _draw_center(surface, view: TableView, assets: Assets, theme: Theme, deck: str) -> None:
    layout = view.layout
    u = layout.unit
    kitty = assets.scaled(("tokens", theme.kitty), round(layout.kitty.w))
    surface.blit(kitty, kitty.get_rect(center=tuple(map(round, layout.kitty.center))))
    size = round(layout.token_size * 1.5)
    for i, honor in enumerate(view.kitty):
        img = assets.scaled(("tokens", theme.token_honor if honor else theme.token), size)
        x, y = layout.kitty_token(i)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    blit_text(surface, assets, "kitty", 13 * u, theme.label, (layout.kitty.center[0], layout.kitty.bottom + 2 * u),
              "midtop")
    stock = layout.stock
    back = assets.card(deck, None, round(stock.w))
    shown = min(6, (view.stock_count + 3) // 4) if view.stock_count >= 0 else 6
    if view.stock_lit and shown:
        glow = assets.scaled(("cards", "highlight.png"), round(stock.w * 1.18), round(stock.h * 1.14))
        top = (round(stock.center[0] - (shown - 1) * 1.2 * u), round(stock.center[1] - (shown - 1) * 1.6 * u))
        surface.blit(glow, glow.get_rect(center=top))
    for i in range(shown):
        surface.blit(back, back.get_rect(center=(round(stock.center[0] - i * 1.2 * u), round(stock.center[1] - i * 1.6 * u))))
    if view.stock_count == 0:
        pygame.draw.rect(surface, theme.text_dim, rect(stock), max(1, int(2 * u)), border_radius=int(8 * u))
    label = "stock" if view.stock_count < 0 else f"stock {view.stock_count}"
    blit_text(surface, assets, label, 13 * u, theme.label,
              (stock.center[0], stock.bottom + 4 * u), "midtop")
    outlines = list(layout.board) if view.has_board else [layout.discard]
    for box in outlines:
        pygame.draw.rect(surface, theme.table_shade, rect(box), max(1, int(2 * u)), border_radius=int(8 * u))
    if not view.has_board:
        blit_text(surface, assets, "discard", 13 * u, theme.label,
                  (layout.discard.center[0], layout.discard.bottom + 4 * u), "midtop")
    glow = assets.scaled(("cards", "highlight.png"), round(layout.center_card_w * 1.18),
                         round(layout.center_card_w * CARD_RATIO * 1.14))
    for sprite in view.discard[-4:]:
        sprite.draw(surface, assets, deck, glow if sprite.highlight else None)
    for sprite in view.board:
        sprite.draw(surface, assets, deck, glow if sprite.highlight or (view.revealed and sprite.card in view.counted) else None)


def _draw_seat(surface, view: TableView, seat: int, assets: Assets, theme: Theme, clock_s: float) -> None:
    layout = view.layout
    u = layout.unit
    geo = layout.seat_geo[seat]
    info = view.seats[seat] if view.seats else None
    if info is None:
        return
    plate = geo.plate
    is_viewer = seat == view.viewer
    active = seat == view.current and not info.out
    plate_box = Box(plate.x, plate.y - 2 * u, plate.w, plate.h + 4 * u)
    draw_panel(surface, plate_box, theme, u, alpha=140 if info.out else 200, edge=active)
    name_size = (17 if is_viewer else 15) * u
    colour = theme.text_dim if info.out else (theme.accent if active else theme.text)
    status = seat_status(view, seat, clock_s)
    status_w = assets.font(int(STATUS_SIZE * u)).size(status)[0] if status else 0
    name = fit_text(assets, info.name, name_size, max(plate.w * 0.4, plate.w - status_w - 16 * u), bold=True)
    blit_text(surface, assets, name, name_size, colour, (plate.x + 6 * u, plate.y + 1 * u), bold=True)
    if status:
        blit_text(surface, assets, fit_text(assets, status, STATUS_SIZE * u, plate.w - 12 * u), STATUS_SIZE * u,
                  theme.bad if info.out else theme.highlight, (plate.right - 6 * u, plate.y + 3 * u), "topright")
    if seat == view.dealer and not info.out:
        chip = dealer_chip(layout, seat)
        pygame.draw.circle(surface, (245, 245, 235), (round(chip[0]), round(chip[1])), round(7 * u))
        blit_text(surface, assets, "D", 10 * u, (20, 20, 20), chip, "center", bold=True)
    size = round(geo.tokens.h)
    for i in range(info.tokens):
        honor = view.honor_life and i == 0
        img = assets.scaled(("tokens", theme.token_honor if honor else theme.token), size)
        x, y = layout.token(seat, i)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    if info.kind and not info.tokens:
        blit_text(surface, assets, info.kind, 12 * u, theme.text_dim, (plate.x + 6 * u, geo.tokens.y), bold=False)
    elif info.kind:
        x = layout.token(seat, max(info.tokens, 1))[0] + size * 0.2
        blit_text(surface, assets, info.kind, 12 * u, theme.text_dim, (x, geo.tokens.center[1]), "midleft")


STATUS_SIZE = 13
"""Design size of the status words on a name plate."""


def dealer_chip(layout: TableLayout, seat: int) -> tuple[float, float]:
    """Centre of the dealer chip: at the right end of the token row, below the status words."""
    geo = layout.seat_geo[seat]
    u = layout.unit
    return (geo.plate.right - 11 * u, geo.tokens.center[1])


def seat_status(view: TableView, seat: int, clock_s: float = 0.0) -> str:
    """The short status on a seat's plate: "you" only on the viewer's own plate, else the third person."""
    info = view.seats[seat]
    if info.out:
        return "shot" if info.shot else "out"
    if view.revealed:
        return "knocked" if info.knocked else ""
    if seat == view.thinking:
        return "thinking" + "." * (1 + int(clock_s * 3) % 3)
    if info.knocked:
        return "knocked"
    if seat == view.current:
        return "to play"
    if info.honor:
        return "on your honor" if seat == view.viewer and view.face_seat == seat else "on honor"
    return ""


def _draw_log(surface, layout: TableLayout, assets: Assets, theme: Theme, lines: list[str]) -> None:
    """The log text, rendered once per new line into a cached transparent layer."""
    box = layout.log.inflate(-12 * layout.unit, -12 * layout.unit)
    key = ("log", theme.name, box.rounded(), len(lines), lines[-1] if lines else "")
    layer = assets.cache_get(key)
    if layer is None:
        layer = pygame.Surface((round(box.w), round(box.h)), pygame.SRCALPHA)
        _render_log(layer, layout, assets, theme, lines, Box(0, 0, box.w, box.h))
        old = getattr(_draw_log, "last_key", None)
        if old is not None:
            assets.cache_drop(old)
        _draw_log.last_key = key
        assets.cache_put(key, layer)
    surface.blit(layer, (round(box.x), round(box.y)))


def _render_log(surface, layout: TableLayout, assets: Assets, theme: Theme, lines: list[str], box: Box) -> None:
    u = layout.unit
    blit_text(surface, assets, "Game log", 18 * u, theme.accent, (box.x + 12 * u, box.y + 10 * u), bold=True)
    size = 13 * u
    line_h = assets.font(int(size)).get_linesize()
    top = box.y + 42 * u
    bottom = box.bottom - 10 * u
    wrapped: list[tuple[str, bool]] = []
    for line in lines[-60:]:
        heading = line.startswith("—")
        for part in _wrap_cached(assets, line, size, box.w - 24 * u, heading):
            wrapped.append((part, heading))
    visible = max(1, int((bottom - top) // line_h))
    y = top
    for text, heading in wrapped[-visible:]:
        blit_text(surface, assets, text, size, theme.accent if heading else theme.text, (box.x + 12 * u, y), bold=heading)
        y += line_h


_WRAP: dict = {}


def _wrap_cached(assets: Assets, line: str, size: float, width: float, bold: bool) -> list[str]:
    key = (line, int(size), int(width), bold)
    wrapped = _WRAP.get(key)
    if wrapped is None:
        if len(_WRAP) > 4000:
            _WRAP.clear()
        wrapped = _WRAP[key] = assets.wrap(line, size, width, bold)
    return wrapped
