"""The still part of the table, drawn once into a cached layer: felt, oval, seat plates,
names, life tokens, bot levels, a remote seat's connection, the dealer chip, the kitty and the pile labels.

A frame blits this layer and then only what moves or blinks (cards, the stock, status
words, the active plate's edge). The layer is rebuilt only when something in it changes
(a life lost, a new dealer, a seat out), keyed by everything it shows.
"""

from __future__ import annotations

import pygame

from ...i18n import N_, _, seat_name
from ..assets import Assets
from ..layout import DEALER_CHIP_CLEAR, DEALER_CHIP_INSET, LABEL_GAP, LINK_DOT, Box, TableLayout
from ..narration import honor_status
from ...session import CONNECTED, STAND_IN, WAITING
from .view import TableView
from ..theme import TEXT, Theme
from ..widgets import blit_text, draw_panel, fit_size, fit_text, rect

LINK_COLOURS = {CONNECTED: (90, 205, 110), WAITING: (240, 175, 50), STAND_IN: (160, 170, 185)}
"""The dot before a remote seat's label: connected, dropped (the table waits), a bot stands in."""
LINK_WORDS = {CONNECTED: "", WAITING: N_("offline"), STAND_IN: N_("bot")}
"""The label of a remote seat that is away (a connected one shows its kind); the colour is never alone.
Short, to fit beside the tokens on a narrow plate after the dot (``layout.LINK_EMS``): "bot plays" was cut
to "bot pl…" at eight seats."""


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


def plate_box(layout: TableLayout, seat: int) -> Box:
    """The panel behind a seat's name plate (a little taller than the plate's text area)."""
    plate = layout.seat_geo[seat].plate
    u = layout.unit
    return Box(plate.x, plate.y - 2 * u, plate.w, plate.h + 4 * u)


def pile_label_size(assets: Assets, layout: TableLayout) -> float:
    """The text size of the stock's and the discard pile's labels: ``TEXT.small``, smaller where the two
    piles stand too close for both (a large interface size on a small window), so they never overlap."""
    u = layout.unit
    size = TEXT.small * u
    room = layout.discard.center[0] - layout.stock.center[0] - 6 * u
    widest = (_("stock {count}").format(count=88), _("discard"))
    while size > 7 and room > 0 and max(assets.font(int(size)).size(text)[0] for text in widest) > room:
        size -= 1
    return size


def static_layer(view: TableView, assets: Assets, theme: Theme) -> pygame.Surface:
    """The table's still part for the view's current seats, cached until one of them changes."""
    layout = view.layout
    seats = tuple((s.name, s.tokens, s.kind, s.link, s.out, s.dim > 0.5) for s in view.seats)
    key = ("table-layer", theme.name, layout.width, layout.height, layout.unit, layout.viewer, layout.seats,
           view.has_board, view.honor_life, view.honor_at_zero, view.honor_swims, view.has_kitty, view.dealer, tuple(view.kitty), seats)
    layer = assets.cache_get(key)
    if layer is not None:
        return layer
    layer = background(assets, theme, layout).copy()
    for seat in range(len(view.seats)):
        _plate(layer, view, seat, assets, theme)
    _center(layer, view, assets, theme)
    return assets.cache_current("table layer", key, layer)


def _plate(surface: pygame.Surface, view: TableView, seat: int, assets: Assets, theme: Theme) -> None:
    layout = view.layout
    u = layout.unit
    geo = layout.seat_geo[seat]
    info = view.seats[seat]
    plate = geo.plate
    draw_panel(surface, plate_box(layout, seat), theme, u, alpha=140 if info.out else 200, edge=False)
    name, name_size, _low = plate_name(assets, view, seat)
    blit_text(surface, assets, name, name_size, theme.text_dim if info.out else theme.text,
              (plate.x + 6 * u, plate.y + 1 * u), bold=True)
    if seat == view.dealer and not info.out:
        chip = dealer_chip(layout, seat)
        pygame.draw.circle(surface, (245, 245, 235), (round(chip[0]), round(chip[1])), round(7 * u))
        blit_text(surface, assets, "D", TEXT.tiny * u, (20, 20, 20), chip, "center", bold=True)
    size = round(geo.tokens.h)
    for i in range(info.tokens):
        honor = view.honor_life and i == 0
        img = assets.scaled(("tokens", theme.token_honor if honor else theme.token), size)
        x, y = layout.token(seat, i)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    label = _(LINK_WORDS[info.link]) if LINK_WORDS.get(info.link) else info.kind
    if not label and info.link not in LINK_COLOURS:
        return
    x = plate.x + 6 * u if not info.tokens else label_x(view, seat)
    if info.link in LINK_COLOURS:
        dot = link_dot(view, seat)
        pygame.draw.circle(surface, (15, 15, 15), (round(dot[0]), round(dot[1])), max(3, round(5.5 * u)))
        pygame.draw.circle(surface, LINK_COLOURS[info.link], (round(dot[0]), round(dot[1])), max(2, round(4.5 * u)))
        x = dot[0] + (LINK_DOT - 5) * u
    if not info.tokens:
        blit_text(surface, assets, label, TEXT.caption * u, theme.text_dim, (x, geo.tokens.y), bold=False)
        return
    # Up to the dealer chip where it sits, else to the plate's edge; a little smaller before it is cut.
    end = dealer_chip(layout, seat)[0] - DEALER_CHIP_CLEAR * u if seat == view.dealer else plate.right - 6 * u
    room = end - x
    if room > 12 * u:
        kind_size = fit_size(assets, label, TEXT.caption * u, room)
        colour = LINK_COLOURS[WAITING] if info.link == WAITING else theme.text_dim
        blit_text(surface, assets, fit_text(assets, label, kind_size, room), kind_size, colour,
                  (x, geo.tokens.center[1]), "midleft")


def link_dot(view: TableView, seat: int) -> tuple[float, float]:
    """The centre of a remote seat's connection dot: where its label would start on the token row."""
    layout, u = view.layout, view.layout.unit
    geo = layout.seat_geo[seat]
    if not view.seats[seat].tokens:
        return geo.plate.x + 11 * u, geo.tokens.y + TEXT.caption * u * 0.6
    return label_x(view, seat) + 5 * u, geo.tokens.center[1]  # the label follows LINK_DOT after label_x


STATUS_SIZE = 13
"""Design size of the status words on a name plate."""
STATUS_WORDS = (N_("thinking"), N_("knocked"), N_("to play"), N_("out"), N_("shot"))
"""Every status a plate can show but the honor words (see ``table_draw.seat_status``)."""


def status_room(assets: Assets, view: TableView, seat: int) -> float:
    """Width kept free at a plate's right for its widest status, so the name never runs into it."""
    font = assets.font(int(STATUS_SIZE * view.layout.unit))
    honor = honor_status(view.honor_at_zero, seat == view.viewer, view.honor_swims)
    words = [_(word) for word in STATUS_WORDS] + [_("thinking") + "...", honor]
    return max(font.size(word)[0] for word in words)


def plate_name(assets: Assets, view: TableView, seat: int) -> tuple[str, float, bool]:
    """A plate's name as shown, its size, and whether the status words go down to the token row.

    Beside the status words when the name fits there; on a narrow plate (nine seats and
    more) the name takes the whole line, a little smaller if that saves it from being cut,
    and a status, while one shows, is drawn on a tab over the end of the name.
    """
    u = view.layout.unit
    plate = view.layout.seat_geo[seat].plate
    size = name_font_size(view, seat)
    full = seat_name(view.seats[seat].name)
    if assets.font(int(size), True).size(full)[0] <= plate.w - status_room(assets, view, seat) - 16 * u:
        return full, size, False
    size = fit_size(assets, full, size, plate.w - 12 * u, bold=True)
    return fit_text(assets, full, size, plate.w - 12 * u, bold=True), size, True


def label_x(view: TableView, seat: int) -> float:
    """Where the level's label starts on the token row, after the tokens."""
    layout = view.layout
    size = round(layout.seat_geo[seat].tokens.h)
    return layout.token(seat, max(view.seats[seat].tokens, 1))[0] + size * LABEL_GAP


def name_font_size(view: TableView, seat: int) -> float:
    """The name's size on a plate: the viewer's own a little larger."""
    return (17 if seat == view.viewer else 15) * view.layout.unit


def dealer_chip(layout: TableLayout, seat: int) -> tuple[float, float]:
    """Centre of the dealer chip: at the right end of the token row, below the status words."""
    geo = layout.seat_geo[seat]
    u = layout.unit
    return (geo.plate.right - DEALER_CHIP_INSET * u, geo.tokens.center[1])


def _center(surface: pygame.Surface, view: TableView, assets: Assets, theme: Theme) -> None:
    """The kitty with its tokens, the pile outlines and labels (the stock's count is drawn per frame)."""
    layout = view.layout
    u = layout.unit
    kitty = assets.scaled(("tokens", theme.kitty), round(layout.kitty.w))
    surface.blit(kitty, kitty.get_rect(center=tuple(map(round, layout.kitty.center))))
    size = round(layout.token_size * 1.5)
    for i, honor in enumerate(view.kitty):
        img = assets.scaled(("tokens", theme.token_honor if honor else theme.token), size)
        x, y = layout.kitty_token(i)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
    label = _("kitty") if view.has_kitty else _("lives lost")
    beside = (layout.board[-1] if view.has_board and layout.board else layout.discard).right + 6 * u
    half = assets.font(int(TEXT.small * u)).size(label)[0] / 2  # a long label ("Verlorene Leben") clears the cards
    blit_text(surface, assets, label, TEXT.small * u, theme.label,
              (max(layout.kitty.center[0], beside + half), layout.kitty.bottom + 2 * u), "midtop")
    outlines = list(layout.board) if view.has_board else [layout.discard]
    for box in outlines:
        pygame.draw.rect(surface, theme.table_shade, rect(box), max(1, int(2 * u)), border_radius=int(8 * u))
    if not view.has_board:
        blit_text(surface, assets, _("discard"), pile_label_size(assets, layout), theme.label,
                  (layout.discard.center[0], layout.discard.bottom + 4 * u), "midtop")
