"""Drawing the table view: felt and oval, piles, seats, sprites, the log panel.

Only reads the view. What does not move is drawn once: the felt, plates, tokens and
labels into a cached layer (``table_layer``), the log onto an opaque piece of it, and
each still hand of another seat into one image; a frame blits those, then what moves.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ..i18n import _, seat_name
from .assets import Assets
from .gun_draw import draw_duel, draw_gun_badge, draw_seat_shade
from .layout import CARD_RATIO, Box, TableLayout
from .narration import honor_status
from .sprites import CardSprite, draw_popup
from .table_layer import STATUS_SIZE, background, name_font_size, plate_box, static_layer, status_room
from .table_view import TableView
from .theme import Theme
from .widgets import blit_text, fit_text, rect


def draw_table(surface: pygame.Surface, view: TableView, assets: Assets, theme: Theme, deck: str,
               log_lines: list[str], clock_s: float) -> None:
    """The whole table except the scene's own buttons and hints."""
    layout = view.layout
    u = layout.unit
    surface.blit(static_layer(view, assets, theme), (0, 0))
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
        still = not view.revealed and _at_rest(view.hands[seat])
        if still:
            image, topleft = _resting_fan(view, seat, assets, deck)
            surface.blit(image, topleft)
        for sprite in view.hands[seat]:
            if not still:
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


def _badge(surface: pygame.Surface, assets: Assets, theme: Theme, text: str, center: tuple[float, float],
           size: float, u: float) -> None:
    image = assets.text(text, size, (30, 24, 10), bold=True)
    box = image.get_rect(center=(round(center[0]), round(center[1])))
    pygame.draw.rect(surface, theme.highlight, box.inflate(16 * u, 6 * u), border_radius=max(3, int(10 * u)))
    surface.blit(image, box)


def _at_rest(hand: list[CardSprite]) -> bool:
    """Whether every card of a hand lies still, whole and plain (it can then be drawn as one image)."""
    return all(s.t >= 1.0 and s.drag is None and s.alpha >= 255 and s.flip in (0.0, 1.0) and not s.highlight
               and not s.raise_by for s in hand)


_FANS: dict[tuple[int, int], tuple[tuple[object, ...], pygame.Surface, tuple[int, int]]] = {}
"""Per (view, seat): the resting fan last drawn, as its key, image and top-left corner."""


def _resting_fan(view: TableView, seat: int, assets: Assets, deck: str) -> tuple[pygame.Surface, tuple[int, int]]:
    """A still hand drawn once into its own image: one blit a frame instead of two per card."""
    hand = view.hands[seat]
    key = (deck, tuple((s.card.code if s.card is not None and s.shows_face else "back", round(s.x), round(s.y), s.angle, round(s.width),
                        s.dim) for s in hand))
    cached = _FANS.get((id(view), seat))
    if cached is not None and cached[0] == key:
        return cached[1], cached[2]
    bounds = pygame.Rect(0, 0, 0, 0)
    for i, sprite in enumerate(hand):
        r = sprite.rect()
        r = r.inflate(r.h * 0.3, r.h * 0.3)  # room for the tilt and the shadow
        bounds = r if i == 0 else bounds.union(r)
    image = pygame.Surface(bounds.size or (1, 1), pygame.SRCALPHA)
    for sprite in hand:
        replace(sprite, x=sprite.x - bounds.x, y=sprite.y - bounds.y).draw(image, assets, deck)
    if len(_FANS) > 64:
        _FANS.clear()
    _FANS[(id(view), seat)] = (key, image, bounds.topleft)
    return image, bounds.topleft


def _new_marker(surface: pygame.Surface, assets: Assets, theme: Theme, sprite: CardSprite, u: float) -> None:
    """A small "new" tab above the card just drawn or taken."""
    r = sprite.rect()
    image = assets.text(_("new"), 11 * u, (30, 24, 10), bold=True)
    tab = image.get_rect(midbottom=(r.centerx, r.top + 2 * u)).inflate(10 * u, 4 * u)
    pygame.draw.rect(surface, theme.highlight, tab, border_radius=max(2, int(6 * u)))
    surface.blit(image, image.get_rect(center=tab.center))


def _draw_center(surface: pygame.Surface, view: TableView, assets: Assets, theme: Theme, deck: str) -> None:
    """The stock (its height and count change), the discard pile's top cards and the board."""
    layout = view.layout
    u = layout.unit
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
    label = _("stock") if view.stock_count < 0 else _("stock {count}").format(count=view.stock_count)
    blit_text(surface, assets, label, 13 * u, theme.label, (stock.center[0], stock.bottom + 4 * u), "midtop")
    glow = assets.scaled(("cards", "highlight.png"), round(layout.center_card_w * 1.18),
                         round(layout.center_card_w * CARD_RATIO * 1.14))
    for sprite in view.discard[-4:]:
        sprite.draw(surface, assets, deck, glow if sprite.highlight else None)
    for sprite in view.board:
        sprite.draw(surface, assets, deck, glow if sprite.highlight or (view.revealed and sprite.card in view.counted) else None)


def _draw_seat(surface: pygame.Surface, view: TableView, seat: int, assets: Assets, theme: Theme, clock_s: float) -> None:
    """What changes on a plate from frame to frame: the active seat's edge and name colour, the status."""
    layout = view.layout
    u = layout.unit
    info = view.seats[seat] if view.seats else None
    if info is None:
        return
    plate = layout.seat_geo[seat].plate
    if seat == view.current and not info.out:
        _edge(surface, plate_box(layout, seat), theme, u)
        size = name_font_size(view, seat)
        name = fit_text(assets, seat_name(info.name), size, plate.w - status_room(assets, view, seat) - 16 * u, bold=True)
        blit_text(surface, assets, name, size, theme.accent, (plate.x + 6 * u, plate.y + 1 * u), bold=True)
    status = seat_status(view, seat, clock_s)
    if status:
        blit_text(surface, assets, fit_text(assets, status, STATUS_SIZE * u, plate.w - 12 * u), STATUS_SIZE * u,
                  theme.bad if info.out else theme.highlight, (plate.right - 6 * u, plate.y + 3 * u), "topright")


def _edge(surface: pygame.Surface, box: Box, theme: Theme, u: float) -> None:
    """The active plate's thin edge (the panel itself is in the still layer)."""
    r = rect(box)
    key = ("plate-edge", theme.name, r.size, round(u, 2))
    edge = _EDGES.get(key)
    if edge is None:
        edge = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(edge, (*theme.panel_edge, 200), edge.get_rect(), max(1, int(2 * u)),
                         border_radius=max(4, int(10 * u)))
        if len(_EDGES) > 64:
            _EDGES.clear()
        _EDGES[key] = edge
    surface.blit(edge, r.topleft)


_EDGES: dict[tuple[object, ...], pygame.Surface] = {}


def seat_status(view: TableView, seat: int, clock_s: float = 0.0) -> str:
    """The short status on a seat's plate: "you" only on the viewer's own plate, else the third person."""
    info = view.seats[seat]
    if info.out:
        return _("shot") if info.shot else _("out")
    if view.revealed:
        return _("knocked") if info.knocked else ""
    if seat == view.thinking:
        return _("thinking") + "." * (1 + int(clock_s * 3) % 3)
    if info.knocked:
        return _("knocked")
    if seat == view.current:
        return _("to play")
    if info.honor:
        return honor_status(view.honor_at_zero, seat == view.viewer and view.face_seat == seat)
    return ""


_LOG_KEY: dict[int, tuple[object, ...]] = {}
"""Per assets cache: the key of the log image it holds now, dropped when a new line comes."""


def _draw_log(surface: pygame.Surface, layout: TableLayout, assets: Assets, theme: Theme, lines: list[str]) -> None:
    """The log text, rendered once per new line onto its own piece of the table's background.

    The piece is opaque (the panel under the text is part of it), so a frame copies it
    without blending, which costs a fraction of blitting transparent text over the panel."""
    box = layout.log.inflate(-12 * layout.unit, -12 * layout.unit)
    key = ("log", theme.name, layout.width, layout.height, box.rounded(), len(lines), lines[-1] if lines else "")
    layer = assets.cache_get(key)
    if layer is None:
        area = rect(box).clip(pygame.Rect(0, 0, layout.width, layout.height))
        layer = background(assets, theme, layout).subsurface(area).copy()
        _render_log(layer, layout, assets, theme, lines, Box(0, 0, box.w, box.h))
        old = _LOG_KEY.get(id(assets))
        if old is not None:
            assets.cache_drop(old)
        _LOG_KEY[id(assets)] = key
        assets.cache_put(key, layer)
    surface.blit(layer, (round(box.x), round(box.y)))


def _render_log(surface: pygame.Surface, layout: TableLayout, assets: Assets, theme: Theme, lines: list[str], box: Box) -> None:
    u = layout.unit
    blit_text(surface, assets, _("Game log"), 18 * u, theme.accent, (box.x + 12 * u, box.y + 10 * u), bold=True)
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


_WRAP: dict[tuple[object, ...], list[str]] = {}


def _wrap_cached(assets: Assets, line: str, size: float, width: float, bold: bool) -> list[str]:
    key = (line, int(size), int(width), bold)
    wrapped = _WRAP.get(key)
    if wrapped is None:
        if len(_WRAP) > 4000:
            _WRAP.clear()
        wrapped = _WRAP[key] = assets.wrap(line, size, width, bold)
    return wrapped
