"""Drawing the table view: felt and oval, piles, seats, sprites, the log panel.

Only reads the view. What does not move is drawn once: the felt, plates, tokens and
labels into a cached layer (``table.layer``), the log onto an opaque piece of it, and
each still hand of another seat into one image. A frame is that layer and a list of
``repaint.Item``s over it (``table_items``), so only what changed need be painted again.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame

from ...i18n import _
from ..assets import Assets
from ..oldwest.gun_draw import draw_duel, draw_gun_badge, draw_seat_shade
from ..layout import CARD_RATIO, Box
from ..narration import honor_status
from ..repaint import Item, paint_all
from ..animation.sprites import CardSprite, draw_popup, popup_box
from .layer import STATUS_SIZE, plate_box, plate_name, static_layer, pile_label_size
from .log import log_area, log_image
from .view import TableView
from ..theme import TEXT, Theme
from ..widgets import blit_text, fit_text, rect


def draw_table(surface: pygame.Surface, view: TableView, assets: Assets, theme: Theme, deck: str,
               log_lines: list[str], clock_s: float) -> None:
    """The whole table except the scene's own buttons and hints, painted from scratch."""
    paint_all(surface, static_layer(view, assets, theme), table_items(view, assets, theme, deck, log_lines, clock_s))


def table_items(view: TableView, assets: Assets, theme: Theme, deck: str, log_lines: list[str],
                clock_s: float) -> list[Item]:
    """Everything over the still layer, in painting order, each with its area and look."""
    layout = view.layout
    u = layout.unit
    items: list[Item] = []
    log = log_image(layout, assets, theme, log_lines)
    log_at = log_area(layout).topleft
    items.append(Item(log.get_rect(topleft=log_at), log, partial(_blit, image=log, topleft=log_at)))
    items.append(_stock_item(view, assets, theme, deck))
    glow = assets.scaled(("cards", "highlight.png"), round(layout.center_card_w * 1.18),
                         round(layout.center_card_w * CARD_RATIO * 1.14))
    for sprite in view.discard[-4:]:
        items.append(_sprite_item(sprite, assets, deck, glow if sprite.highlight else None))
    for sprite in view.board:
        lit = sprite.highlight or (view.revealed and sprite.card in view.counted)
        items.append(_sprite_item(sprite, assets, deck, glow if lit else None))
    glows: dict[int, pygame.Surface] = {}

    def hand_glow(width: float) -> pygame.Surface:
        w = round(width * 1.18)
        if w not in glows:
            glows[w] = assets.scaled(("cards", "highlight.png"), w, round(width * CARD_RATIO * 1.14))
        return glows[w]

    order = [s for s in range(len(view.names)) if s != view.viewer] + [view.viewer]
    for seat in order:
        plate = _plate_item(view, seat, assets, theme, clock_s)
        if plate is not None:
            items.append(plate)
        if view.guns and not view.seats[seat].out and layout.seat_geo[seat].gun.w > 0:
            info = view.seats[seat]
            gun = rect(layout.seat_geo[seat].gun)
            area = gun.inflate(gun.h * 2, gun.h * 2).union(gun.move(gun.w, 0))
            items.append(Item(area, ("gun", info.bullet, info.misfire),
                              partial(draw_gun_badge, view=view, seat=seat, assets=assets, theme=theme)))
        if not view.revealed and _at_rest(view.hands[seat]):
            image, topleft = _resting_fan(view, seat, assets, deck)
            items.append(Item(image.get_rect(topleft=topleft), image, partial(_blit, image=image, topleft=topleft)))
        else:
            for sprite in view.hands[seat]:
                lit = view.revealed and sprite.card in view.counted or sprite.highlight
                items.append(_sprite_item(sprite, assets, deck, hand_glow(sprite.width) if lit else None))
        for sprite in view.hands[seat]:
            if sprite.card is not None and sprite.card == view.just_drawn and seat == view.face_seat:
                items.append(_marker_item(sprite, assets, theme, u))
    for seat in order:  # badges after every hand, so a neighbour's fan never covers one
        if view.revealed and view.seats[seat].value_text:
            geo = layout.seat_geo[seat]
            cx, cy = geo.hand_center
            center = (cx, cy + geo.card_w * CARD_RATIO * 0.5)
            items.append(_badge_item(assets, theme, view.seats[seat].value_text, center, 20 * u, u))
    if view.guns:
        for seat in order:
            info = view.seats[seat]
            if info.hit_flash > 0.01 or (info.shot and info.dim > 0.01):
                area = rect(layout.seat_geo[seat].box.inflate(8 * u, 8 * u)).inflate(4, 4)
                items.append(Item(area, ("shade", info.hit_flash, info.shot, info.dim),
                                  partial(draw_seat_shade, view=view, seat=seat, assets=assets)))
    for sprite in view.transit:
        items.append(_sprite_item(sprite, assets, deck, None))
    for token in view.tokens:
        img = assets.scaled(("tokens", theme.token_honor if token.honor else theme.token), round(token.size))
        at = img.get_rect(center=(round(token.x), round(token.y)))
        items.append(Item(at, img, partial(_blit, image=img, topleft=at.topleft)))
    table = rect(layout.table)
    if view.confetti.busy:
        items.append(Item(view.confetti.bounds().clip(table), None, partial(_confetti, view=view, table=table)))
    if view.fx.busy:  # the duel clips to the table itself: it is painted with the whole frame
        items.append(Item(pygame.Rect(0, 0, layout.width, layout.height), None,
                          partial(draw_duel, view=view, assets=assets, bounds=layout.table)))
    bounds = table.inflate(-8 * u, -8 * u)
    for popup in view.popups:
        box = popup_box(assets, popup, u, bounds)
        if box is not None:
            look = (popup.text, popup.x, popup.y, popup.size, popup.colour, popup.scale, popup.alpha, popup.background)
            items.append(Item(box, look, partial(draw_popup, assets=assets, popup=popup, unit=u, bounds=bounds)))
    return items


def _blit(surface: pygame.Surface, image: pygame.Surface, topleft: tuple[int, int]) -> None:
    surface.blit(image, topleft)


def _confetti(surface: pygame.Surface, view: TableView, table: pygame.Rect) -> None:
    clip = surface.get_clip()
    surface.set_clip(table.clip(clip))
    view.confetti.draw(surface)
    surface.set_clip(clip)


def _sprite_item(sprite: CardSprite, assets: Assets, deck: str, glow: pygame.Surface | None) -> Item:
    return Item(sprite.bounds(), (sprite.look(), deck, glow), partial(sprite.draw, assets=assets, deck=deck,
                                                                        highlight=glow))


def _stock_item(view: TableView, assets: Assets, theme: Theme, deck: str) -> Item:
    layout = view.layout
    u = layout.unit
    stock = layout.stock
    label = _("stock") if view.stock_count < 0 else _("stock {count}").format(count=view.stock_count)
    text = assets.text(label, pile_label_size(assets, layout), theme.label).get_rect(midtop=(round(stock.center[0]), round(stock.bottom + 4 * u)))
    area = rect(stock).inflate(stock.w * 0.4 + 16 * u, stock.h * 0.4 + 20 * u).union(text)
    return Item(area, ("stock", view.stock_count, view.stock_lit, deck, label),
                partial(_draw_stock, view=view, assets=assets, theme=theme, deck=deck, label=label))


def _plate_item(view: TableView, seat: int, assets: Assets, theme: Theme, clock_s: float) -> Item | None:
    info = view.seats[seat] if view.seats else None
    if info is None:
        return None
    active = seat == view.current and not info.out
    status = seat_status(view, seat, clock_s)
    if not active and not status:
        return None
    layout = view.layout
    u = layout.unit
    area = rect(plate_box(layout, seat)).inflate(4, 4)
    area.h = max(area.h, round(26 * u))  # the name's line may reach below a narrow plate
    return Item(area, ("plate", active, info.name, status, info.out),
                partial(_draw_seat, view=view, seat=seat, assets=assets, theme=theme, status=status))


def _marker_item(sprite: CardSprite, assets: Assets, theme: Theme, u: float) -> Item:
    r = sprite.rect()
    area = pygame.Rect(r.x - round(20 * u) - 4, r.y - round(24 * u) - 4, r.w + round(40 * u) + 8, round(30 * u) + 8)
    return Item(area, ("new", tuple(r)), partial(_new_marker, assets=assets, theme=theme, sprite=sprite, u=u))


def _badge_item(assets: Assets, theme: Theme, text: str, center: tuple[float, float], size: float, u: float) -> Item:
    image = assets.text(text, size, (30, 24, 10), bold=True)
    box = image.get_rect(center=(round(center[0]), round(center[1]))).inflate(16 * u + 2, 6 * u + 2)
    return Item(box, ("badge", text, box.topleft),
                partial(_badge, assets=assets, theme=theme, text=text, center=center, size=size, u=u))


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


def _resting_fan(view: TableView, seat: int, assets: Assets, deck: str) -> tuple[pygame.Surface, tuple[int, int]]:
    """A still hand drawn once into its own image: one blit a frame instead of two per card."""
    hand = view.hands[seat]
    key = (deck, tuple((s.card.code if s.card is not None and s.shows_face else "back", round(s.x), round(s.y), s.angle, round(s.width),
                        s.dim) for s in hand))
    cached = view.fans.get(seat)
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
    view.fans[seat] = (key, image, bounds.topleft)
    return image, bounds.topleft


def _new_marker(surface: pygame.Surface, assets: Assets, theme: Theme, sprite: CardSprite, u: float) -> None:
    """A small "new" tab above the card just drawn or taken."""
    r = sprite.rect()
    image = assets.text(_("new"), TEXT.tiny * u, (30, 24, 10), bold=True)
    tab = image.get_rect(midbottom=(r.centerx, r.top + 2 * u)).inflate(10 * u, 4 * u)
    pygame.draw.rect(surface, theme.highlight, tab, border_radius=max(2, int(6 * u)))
    surface.blit(image, image.get_rect(center=tab.center))


def _draw_stock(surface: pygame.Surface, view: TableView, assets: Assets, theme: Theme, deck: str, label: str) -> None:
    """The stock: its height and count change as it is drawn from."""
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
    blit_text(surface, assets, label, pile_label_size(assets, layout), theme.label, (stock.center[0], stock.bottom + 4 * u),
              "midtop")


def _draw_seat(surface: pygame.Surface, view: TableView, seat: int, assets: Assets, theme: Theme, status: str) -> None:
    """What changes on a plate from frame to frame: the active seat's edge and name colour, the status."""
    layout = view.layout
    u = layout.unit
    info = view.seats[seat]
    plate = layout.seat_geo[seat].plate
    name, size, low = plate_name(assets, view, seat)
    if seat == view.current and not info.out:
        _edge(surface, plate_box(layout, seat), theme, u)
        blit_text(surface, assets, name, size, theme.accent, (plate.x + 6 * u, plate.y + 1 * u), bold=True)
    if status:
        text = fit_text(assets, status, STATUS_SIZE * u, plate.w - 12 * u)
        at = (plate.right - 6 * u, plate.y + 3 * u)
        if low:  # a narrow plate: the status covers the end of the name while it shows
            tab = assets.font(int(STATUS_SIZE * u)).size(text)
            box = pygame.Rect(0, 0, tab[0] + 10 * u, tab[1] + 2 * u)
            box.topright = (round(at[0] + 4 * u), round(at[1] - 2 * u))
            pygame.draw.rect(surface, theme.panel, box, border_radius=max(3, int(6 * u)))
        blit_text(surface, assets, text, STATUS_SIZE * u, theme.bad if info.out else theme.highlight, at, "topright")


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
        return honor_status(view.honor_at_zero, seat == view.viewer and view.face_seat == seat, view.honor_swims)
    return ""


