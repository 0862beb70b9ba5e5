"""Pure geometry of every screen: boxes and points from a window size.

No pygame here, only numbers, so the layout is unit-tested for every seat count
and window size. Seats are placed *relative to the viewer*: the viewer sits at
the bottom and the others follow clockwise (to the viewer's left first), as at
a real table seen from above.
"""

from __future__ import annotations

import math
from typing import Any
from dataclasses import dataclass, field

from .theme import MIN_FONT_PX, SMALLEST_FIT, TEXT

BASE_W, BASE_H = 1280, 720
CARD_RATIO = 1.4
"""Card height over width (the assets are 250×350)."""
FAN_STEP = 0.42
"""Horizontal offset between fanned cards, as a fraction of the card width."""


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle: left, top, width, height (floats)."""

    x: float
    y: float
    w: float
    h: float

    @classmethod
    def centered(cls, cx: float, cy: float, w: float, h: float) -> Box:
        return cls(cx - w / 2, cy - h / 2, w, h)

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def overlaps(self, other: Box) -> bool:
        return (self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom)

    def inside(self, other: Box) -> bool:
        return (self.x >= other.x - 1e-6 and self.y >= other.y - 1e-6 and self.right <= other.right + 1e-6
                and self.bottom <= other.bottom + 1e-6)

    def inflate(self, dx: float, dy: float) -> Box:
        return Box(self.x - dx / 2, self.y - dy / 2, self.w + dx, self.h + dy)

    def rounded(self) -> tuple[int, int, int, int]:
        """As integers for pygame.Rect."""
        return (round(self.x), round(self.y), round(self.w), round(self.h))


def ui_unit(width: float, height: float, ui_scale: float = 1.0) -> float:
    """Pixels per design pixel: 1 at 1280×720, 3 at 3840×2160."""
    return max(0.5, min(width / BASE_W, height / BASE_H) * ui_scale)


@dataclass(frozen=True, slots=True)
class SeatGeometry:
    """Where one seat's things go: the box it owns, its hand centre and its name plate."""

    box: Box
    hand_center: tuple[float, float]
    card_w: float
    plate: Box
    tokens: Box
    gun: Box = Box(0, 0, 0, 0)
    """Old West: where the derringer and its misfire chance are shown (empty otherwise)."""
    token_step: float = 1.05
    """The distance between life tokens' centres, in token widths: below 1 they overlap a little."""


@dataclass(frozen=True)
class TableLayout:
    """The table screen for one window size, seat count and viewer."""

    width: int
    height: int
    unit: float
    seats: int
    viewer: int
    table: Box
    log: Box
    oval: Box
    seat_geo: tuple[SeatGeometry, ...]
    """Indexed by real seat number."""
    center_card_w: float
    stock: Box
    discard: Box
    board: tuple[Box, ...]
    kitty: Box
    buttons: dict[str, Box] = field(default_factory=dict)
    hand_value: Box = Box(0, 0, 0, 0)
    message: Box = Box(0, 0, 0, 0)

    def relative(self, seat: int) -> int:
        """0 for the viewer, 1 for the next seat clockwise, …"""
        return (seat - self.viewer) % self.seats

    def card_w(self, seat: int) -> float:
        return self.seat_geo[seat].card_w

    def hand_card(self, seat: int, index: int, count: int) -> tuple[float, float, float]:
        """Centre x, y and rotation (degrees) of card ``index`` of ``count`` in a seat's fan."""
        geo = self.seat_geo[seat]
        step = geo.card_w * (FAN_STEP if self.relative(seat) else 1.06)
        offset = index - (count - 1) / 2
        cx, cy = geo.hand_center
        if self.relative(seat) == 0:
            return (cx + offset * step, cy, 0.0)
        return (cx + offset * step, cy + abs(offset) * geo.card_w * 0.04, -offset * 5.0)

    def discard_card(self, index: int) -> tuple[float, float, float]:
        """A gently messy pile: each card a little turned, by its position."""
        cx, cy = self.discard.center
        jitter = ((index * 37) % 11 - 5) / 5.0
        return (cx + jitter * self.unit * 2, cy + ((index * 17) % 7 - 3) * self.unit * 0.6, jitter * 4.0)

    def token(self, seat: int, index: int) -> tuple[float, float]:
        """Centre of life token ``index`` in a seat's token row."""
        row = self.seat_geo[seat].tokens
        size = row.h
        return (row.x + size / 2 + index * size * self.seat_geo[seat].token_step, row.y + size / 2)

    def kitty_token(self, index: int) -> tuple[float, float]:
        """Tokens pile up on the kitty in a loose spiral."""
        cx, cy = self.kitty.center
        angle = index * 2.4
        radius = self.kitty.w * 0.06 * math.sqrt(index)
        return (cx + math.cos(angle) * radius, cy + math.sin(angle) * radius * 0.7)

    @property
    def token_size(self) -> float:
        return self.seat_geo[self.viewer].tokens.h


def other_seat_fractions(count: int, spread: float = 0.5) -> list[float]:
    """Where the seats other than the viewer go along the seat path, clockwise.

    ``spread`` is the gap at each end of the path in seat spacings: 0.5 gives every seat an
    equal share; 0 puts the first and last seats at the path's ends."""
    if count == 1:
        return [0.5]
    return [(i + spread) / (count - 1 + 2 * spread) for i in range(count)]


def seat_path_point(left: float, top: float, w: float, h: float, fraction: float) -> tuple[float, float]:
    """A point ``fraction`` of the way along the left edge (upwards), the top, and the right edge (down).

    Spacing seats evenly along this path keeps equal gaps between neighbours,
    which an ellipse does not do in a wide window.
    """
    distance = fraction * (2 * h + w)
    if distance <= h:
        return (left, top + h - distance)
    if distance <= h + w:
        return (left + distance - h, top)
    return (left + w, top + distance - h - w)


def fitted_unit(width: int, height: int, ui_scale: float = 1.0) -> float:
    """The UI unit shrunk so a full-window form (settings, statistics) always fits."""
    return max(0.5, min(ui_unit(width, height, ui_scale), height / 720, width / 1000))


def log_width(width: int, height: int, ui_scale: float = 1.0) -> float:
    """Width of the game-log column on the right of the table."""
    u = ui_unit(width, height, ui_scale)
    return min(max(230 * u, width * 0.2), width * 0.3)


SMALLEST_TABLE_SCALE = 0.75
"""How far the table gives way below the chosen interface size when its seats would not fit at that size."""


def table_layout(width: int, height: int, seats: int, viewer: int = 0, ui_scale: float = 1.0,
                 has_board: bool = False, guns: bool = False, tokens: int = 4, linked: bool = False) -> TableLayout:
    """The table for ``seats`` players seen by ``viewer`` in a ``width``×``height`` window.

    With ``guns`` (Old West) every name plate gets room for a derringer and its misfire chance.
    ``tokens`` is the number of life tokens a plate shows at most (``Rules.starting_tokens``, classic's
    four when not told): the plates' tokens move closer together where more of them would push the
    level out. ``linked`` (a table hosted elsewhere) makes room for a remote seat's connection dot and label.
    At the interface size chosen when the seats fit there without overlapping (each other, the
    middle of the table or the prompt); else at the largest smaller size at which they fit
    (12 seats at 150% in 1280×720 would overlap plates, cards and the prompt)."""
    scale = ui_scale
    while True:
        layout, fits = _table_layout_at(width, height, seats, viewer, scale, has_board, guns, tokens, linked)
        if fits or scale <= SMALLEST_TABLE_SCALE:
            return layout
        scale = max(SMALLEST_TABLE_SCALE, round(scale - 0.05, 2))


def _table_layout_at(width: int, height: int, seats: int, viewer: int, ui_scale: float,
                     has_board: bool, guns: bool, tokens: int, linked: bool) -> tuple[TableLayout, bool]:
    """The table at one interface size, and whether everything fits there without overlapping."""
    u = ui_unit(width, height, ui_scale)
    margin = 10 * u
    log_w = log_width(width, height, ui_scale)
    log = Box(width - log_w, 0, log_w, height)
    table = Box(0, 0, width - log_w, height)
    own_w = min(112 * u, table.w / 7.5, height / 6.2)
    own_h = own_w * CARD_RATIO
    plate_h = 44 * u
    strip_h = own_h + plate_h + 2 * margin
    hand_cy = height - margin - plate_h - own_h / 2
    own_box = Box.centered(table.center[0], hand_cy + plate_h / 2, own_w * (1 + 3 * 1.06) + 8 * u, own_h + plate_h)
    own_plate = Box(own_box.x, hand_cy + own_h / 2 + 6 * u, own_box.w, plate_h - 6 * u)
    ring = Box(table.x + margin, margin, table.w - 2 * margin, height - strip_h - margin)
    other_w = min(84 * u, own_w * 0.78)
    others = seats - 1

    def clear(geos: list[SeatGeometry], center_parts: dict[str, Any]) -> bool:
        boxes = [g.box for g in geos] + [own_box]
        center_box = center_parts["all"]
        return (all(b.inside(Box(0, 0, table.w, height)) for b in boxes + [center_box])
                and not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
                and not any(center_box.overlaps(b) for b in boxes))

    ok = False
    while not ok:
        # Even gaps first; with many seats, spreading them to the path's ends can keep the cards bigger.
        for spread in (0.5, 0.25, 0.0):
            angles = other_seat_fractions(others, spread)
            geos, center_parts = _try_ring(ring, angles, other_w, u, has_board, tokens, linked, guns)
            ok = clear(geos, center_parts)
            if ok:
                break
        if other_w < 24 * u:
            break
        if not ok:
            other_w *= 0.94
    if ok:  # plates with room for a bot's level beside the dealer chip, where they fit at these cards
        roomy = _try_ring(ring, angles, other_w, u, has_board, tokens, linked, guns, ROOMY_PLATE_W * u)
        if clear(*roomy):
            geos, center_parts = roomy
    own_tokens = Box(own_plate.x, own_plate.y + 20 * u, own_plate.w, 18 * u)
    # The viewer's plate is wide: the gun sits at the right of the token row, clear of the dealer chip.
    own_gun = Box(own_plate.right - 196 * u, own_tokens.y, 170 * u, own_tokens.h) if guns else Box(0, 0, 0, 0)
    own_geo = SeatGeometry(own_box, (own_box.center[0], hand_cy), own_w, own_plate, own_tokens, own_gun)
    ordered: list[SeatGeometry] = [own_geo] * seats
    for rel in range(1, seats):
        ordered[(viewer + rel) % seats] = geos[rel - 1]
    ordered[viewer] = own_geo
    bx = own_box.right + 16 * u
    # Narrowed to stay left of the game log; too narrow for "Knock" and the key: the table gives way.
    bw, bh = min(112 * u, table.right - margin - bx), 34 * u
    by = hand_cy - own_h / 2
    buttons = {name: Box(bx, by + i * (bh + 8 * u), bw, bh)
               for i, name in enumerate(("knock", "swap", "pass", "swap_all"))}
    # The dealer's choice is offered alone (``TableOffers.shown_buttons``): it takes the first two places,
    # wider where the table leaves room, as its labels are longer ("Keep hand" was "Keep h…" at 1024×600).
    choice_w = max(bw, min(150 * u, table.right - margin - bx))
    buttons["keep"] = Box(bx, buttons["knock"].y, choice_w, bh)
    buttons["spare"] = Box(bx, buttons["swap"].y, choice_w, bh)
    # Left of the hand, narrowed at large interface sizes so it never leaves the window.
    value_w = max(60 * u, min(134 * u, own_box.x - 16 * u - margin))
    hand_value = Box(max(margin, own_box.x - 16 * u - value_w), hand_cy - 22 * u, value_w, 44 * u)
    buttons["take_back"] = Box(hand_value.x, hand_value.bottom + 10 * u, hand_value.w, bh)
    if guns:
        buttons["gun"] = Box(hand_value.x, hand_value.y - 42 * u, hand_value.w, bh)
    # Above a selected card of the hand (it rises by 0.22 of its width), so the hint never covers it.
    message = Box.centered(table.center[0], own_box.y - own_w * 0.22 - 21 * u, min(table.w - 40 * u, 640 * u), 34 * u)
    fits = ok and not any(message.overlaps(g.box) for g in geos) and bw >= 92 * u
    return TableLayout(width, height, u, seats, viewer, table, log, center_parts["oval"], tuple(ordered),
                       center_parts["card_w"], center_parts["stock"], center_parts["discard"],
                       center_parts["board"], center_parts["kitty"], buttons, hand_value, message), fits


ROOMY_PLATE_W = 152
"""Design width of a plate with room for four tokens, a level as long as "Marlowe" and the dealer chip."""
TIGHT_TOKEN_STEP = 0.75
"""The token step on a plate narrower than ``ROOMY_PLATE_W`` (eight seats in 1024×600 at 150–200%): the
tokens overlap by a quarter, still one by one to count, so a level as long as "Marlowe" fits beside
them and the dealer chip instead of being cut to "Ma…"."""
LEAST_TOKEN_STEP = 0.5
"""The closest tokens come (Old West's five on a narrow plate of a table hosted elsewhere, with a remote
seat's dot and label after them): each still shows half of itself, five to count at a glance."""
TOKEN_H = 16
"""Design size of a life token on another seat's plate."""
TOKEN_INSET = 4
"""Design distance from a plate's left edge to its first life token."""
LABEL_GAP = 0.2
"""The gap between a plate's tokens and the label after them, in token widths (``layer.label_x``)."""
DEALER_CHIP_INSET = 11
"""Design distance of the dealer chip's centre from its plate's right edge (``layer.dealer_chip``)."""
DEALER_CHIP_CLEAR = 10
"""Design room a label keeps from the dealer chip's centre."""
LEVEL_EMS = 4.4
"""The room a bot's level needs after the tokens, in ems of its text: "Marlowe", the longest level name,
is 4.3 em in the game's font (47 px at 11 px)."""
LINK_DOT = 14
"""Design room a remote seat's connection dot takes before its label (``layer.link_dot``)."""
LINK_EMS = 3.9
"""The room a remote seat's label needs after its dot, in ems: "Mensch" (a connected player) is 3.8 em;
"offline" and "bot" are shorter."""


def token_step(plate_w: float, tokens: int, u: float, roomy: bool, linked: bool = False) -> float:
    """The distance between a plate's life tokens' centres, in token widths.

    A little apart on a roomy plate, overlapping by a quarter on a narrow one (``TIGHT_TOKEN_STEP``), and
    closer still where ``tokens`` would otherwise push the level out: as close as leaves the level
    room at its smallest size (``SMALLEST_FIT``, never below ``MIN_FONT_PX``) between the tokens and the
    dealer chip (on a ``linked`` table, a remote seat's dot and label), but never below ``LEAST_TOKEN_STEP``."""
    size = TOKEN_H * u
    em = max(MIN_FONT_PX, int(TEXT.caption * u * SMALLEST_FIT))
    level = max(LEVEL_EMS * em, LINK_EMS * em + LINK_DOT * u if linked else 0.0)
    free = plate_w - (TOKEN_INSET + DEALER_CHIP_INSET + DEALER_CHIP_CLEAR) * u - (0.5 + LABEL_GAP) * size - level
    fitting = free / (max(1, tokens) * size)
    return max(LEAST_TOKEN_STEP, min(1.05 if roomy else TIGHT_TOKEN_STEP, fitting))


def _try_ring(ring: Box, angles: list[float], card_w: float, u: float, has_board: bool, tokens: int,
              linked: bool, guns: bool = False, least_w: float = 0.0) -> tuple[list[SeatGeometry], dict[str, Any]]:
    """The other seats at ``angles`` along ``ring`` and the middle of the table (``token_step`` for
    ``tokens`` and ``linked``)."""
    card_h = card_w * CARD_RATIO
    gun_h = 17 * u if guns else 0.0
    plate_h = 38 * u + gun_h
    # A fan of four: three steps, one card, and the outer cards' tilt (±7.5°) sticking out.
    box_w = max(card_w * (1 + 3 * FAN_STEP) + card_h * 0.14, 128 * u, least_w)  # four tokens and "Marlowe" fit
    box_h = card_h + plate_h + 12 * u
    cx, cy = ring.center
    geos: list[SeatGeometry] = []
    for fraction in angles:
        x, y = seat_path_point(ring.x + box_w / 2, ring.y + box_h / 2, ring.w - box_w, ring.h - box_h, fraction)
        box = Box.centered(x, y, box_w, box_h)
        hand_c = (x, box.y + card_h / 2)
        plate = Box(box.x, box.y + card_h + 14 * u, box_w, plate_h - 4 * u)
        row = Box(plate.x + TOKEN_INSET * u, plate.y + 18 * u, plate.w, TOKEN_H * u)
        gun = Box(plate.x + 4 * u, row.bottom + 1 * u, plate.w - 8 * u, gun_h - 2 * u) if guns else Box(0, 0, 0, 0)
        step = token_step(plate.w, tokens, u, box_w >= ROOMY_PLATE_W * u - 1e-6, linked)
        geos.append(SeatGeometry(box, hand_c, card_w, plate, row, gun, step))
    cw = min(card_w * 1.1, 96 * u)
    ch = cw * CARD_RATIO
    gap = cw * 0.18
    kitty_w = cw * 1.25
    if has_board:
        total = cw * 0.8 + 3 * cw + 4 * gap + kitty_w
    else:
        total = 2 * cw + 2 * gap + kitty_w
    left = cx - total / 2
    ccy = cy + ring.h * 0.06 if len(angles) > 1 else cy + ring.h * 0.12
    parts: dict[str, Any] = {"card_w": cw}
    if has_board:
        stock = Box(left, ccy - ch * 0.4, cw * 0.8, ch * 0.8)
        board = tuple(Box(stock.right + gap + i * (cw + gap * 0.5), ccy - ch / 2, cw, ch) for i in range(3))
        discard = Box(board[-1].right + gap, ccy - ch / 2, 0, ch)
        kitty = Box(board[-1].right + gap * 1.5, ccy - kitty_w * 0.375, kitty_w, kitty_w * 0.75)
    else:
        stock = Box(left, ccy - ch / 2, cw, ch)
        discard = Box(stock.right + gap, ccy - ch / 2, cw, ch)
        board = ()
        kitty = Box(discard.right + gap, ccy - kitty_w * 0.375, kitty_w, kitty_w * 0.75)
    parts.update(stock=stock, discard=discard, board=board, kitty=kitty)
    parts["all"] = Box(left - 6 * u, ccy - ch / 2 - 6 * u, total + 12 * u, ch + 26 * u)
    parts["oval"] = Box(ring.x + ring.w * 0.08, ring.y + ring.h * 0.1, ring.w * 0.84, ring.h * 0.8 + 40 * u)
    return geos, parts


def menu_buttons(width: int, height: int, count: int, ui_scale: float = 1.0, top_frac: float = 0.42) -> list[Box]:
    """Centred menu buttons, one under another (title and pause screens)."""
    u = ui_unit(width, height, ui_scale)
    bw, bh, gap = 300 * u, 50 * u, 14 * u
    top = height * top_frac
    return [Box(width / 2 - bw / 2, top + i * (bh + gap), bw, bh) for i in range(count)]


def dialog(width: int, height: int, w_design: float, h_design: float, ui_scale: float = 1.0) -> Box:
    """A centred panel of a design size, shrunk to fit the window."""
    u = ui_unit(width, height, ui_scale)
    w = min(w_design * u, width - 20 * u)
    h = min(h_design * u, height - 20 * u)
    return Box.centered(width / 2, height / 2, w, h)
