"""What the table shows: card sprites in hands, piles and board, tokens, badges.

Choreography changes this view step by step as events play; ``place`` puts
every sprite at its rest position (or on its way there) from the layout, so a
resized window simply re-flows. ``sync`` rebuilds the view from one seat's
observation (at start, after a hand-off or a resume), never by diffing states.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...model import Card, Observation, Phase
from ..oldwest.duel_fx import DuelFx
from ..layout import TableLayout, table_layout
from ..animation.sprites import CardSprite, Confetti, Popup, TokenSprite

if TYPE_CHECKING:
    import pygame


@dataclass(eq=False)
class SeatView:
    """Per-seat status the table draws on the name plate."""

    name: str
    tokens: int
    kind: str = ""
    """'You', a bot level name, or 'Human'."""
    knocked: bool = False
    honor: bool = False
    out: bool = False
    dim: float = 0.0
    """0 → 1 while an eliminated seat fades."""
    value_text: str = ""
    """The hand's value, shown at round end."""
    bullet: bool = False
    """Old West: the derringer is loaded."""
    link: str = ""
    """A seat played from another machine: its connection (``session.CONNECTED``, ``WAITING``, ``STAND_IN``)."""
    misfire: float = 0.0
    """Old West: the gun's chance to misfire now."""
    shot: bool = False
    """Taken out by a shot (not by losing lives)."""
    hit_flash: float = 0.0
    """1 → 0 as the hit seat flashes red."""


@dataclass(eq=False)
class TableView:
    """The visible table; all sizes come from ``layout``."""

    names: tuple[str, ...]
    viewer: int
    has_board: bool
    honor_life: bool
    guns: bool = False
    """Old West: seats carry derringers (the layout makes room for them)."""
    honor_at_zero: bool = False
    """``Rules.honor_at_zero``: a seat on its last token is "at zero lives" rather than "on honor"."""
    honor_swims: bool = False
    """``Rules.honor_swims``: a seat on its last token is "swimming" rather than "on honor"."""
    has_kitty: bool = False
    """``Rules.kitty``: lost lives go to a kitty (001); elsewhere the bowl is only where they are kept."""
    starting_tokens: int = 4
    """``Rules.starting_tokens``: the most life tokens a plate shows (the layout makes room for them)."""
    linked: bool = False
    """The table is hosted elsewhere: remote seats show a connection dot and label (the layout makes room)."""
    seats: list[SeatView] = field(default_factory=list)
    hands: list[list[CardSprite]] = field(default_factory=list)
    discard: list[CardSprite] = field(default_factory=list)
    board: list[CardSprite] = field(default_factory=list)
    transit: list[CardSprite] = field(default_factory=list)
    """Cards on their way off the table (back to the stock); removed when they arrive."""
    stock_count: int = 0
    """Cards in the stock; -1 before the first deal (the whole deck, no count yet)."""
    just_drawn: Card | None = None
    """The card the face-up seat drew or took this turn (marked "new" in its hand)."""
    tokens: list[TokenSprite] = field(default_factory=list)
    kitty: list[bool] = field(default_factory=list)
    """Tokens in the kitty (True for an honor token)."""
    popups: list[Popup] = field(default_factory=list)
    confetti: Confetti = field(default_factory=Confetti)
    fx: DuelFx = field(default_factory=DuelFx)
    current: int = -1
    thinking: int = -1
    dealer: int = -1
    face_seat: int = -1
    """The seat whose own cards may be shown face up now, or -1 (pass-and-play hides them)."""
    humans: frozenset[int] = frozenset()
    """The seats people play (none in a demo)."""
    revealed: bool = False
    counted: frozenset[Card] = frozenset()
    stock_lit: bool = False
    """Drawing from the stock is a legal move for the viewer now."""
    selected: set[int] = field(default_factory=set)
    board_selected: set[int] = field(default_factory=set)
    placed: TableLayout | None = None
    """The layout of the last ``relayout``; None until the table is first laid out."""
    ui_scale: float = 1.0
    fans: dict[int, tuple[tuple[object, ...], pygame.Surface, tuple[int, int]]] = field(default_factory=dict, repr=False)
    """Per seat, its still hand as last drawn into one image (``draw``): what it showed, the image and its
    top-left corner. Kept here, it goes with the view when the game is over (one image per seat at most)."""
    _layout_key: tuple[object, ...] = ()

    def __post_init__(self) -> None:
        if not self.hands:
            self.hands = [[] for _ in self.names]

    @property
    def you(self) -> int | None:
        """The seat the log and popups address as "you": the person whose own hand faces the screen.

        ``None`` while nobody holds it (a demo's bots, a pass-and-play table between hand-offs)."""
        return self.viewer if self.viewer in self.humans and self.face_seat == self.viewer else None

    @property
    def layout(self) -> TableLayout:
        """Where everything sits; the scene lays the table out before it draws or animates anything."""
        if self.placed is None:
            raise RuntimeError("the table view is used before it was laid out")
        return self.placed

    def relayout(self, size: tuple[int, int]) -> TableLayout:
        """The layout for this window size, recomputed only when something changed."""
        layout = self.placed
        key = (size, self.viewer, self.ui_scale, self.guns, self.starting_tokens, self.linked)
        if layout is None or self._layout_key != key:
            layout = table_layout(size[0], size[1], len(self.names), self.viewer, self.ui_scale, self.has_board,
                                  self.guns, self.starting_tokens, self.linked)
            self.placed = layout
            self._layout_key = key
        return layout

    def sync(self, obs: Observation, kinds: list[str]) -> None:
        """Rebuild every sprite at rest from one seat's observation."""
        self.seats = [SeatView(name, tokens, kind) for name, tokens, kind in zip(obs.names, obs.tokens, kinds)]
        for seat, view in enumerate(self.seats):
            view.out = obs.tokens[seat] == 0 and obs.round_number > 0
            view.dim = 1.0 if view.out else 0.0
            view.knocked = obs.knocker == seat
            view.honor = self.honor_life and obs.tokens[seat] == 1
        self.sync_guns(obs)
        self.hands = []
        for seat, size in enumerate(obs.hand_sizes):
            if seat == obs.seat and seat == self.face_seat:
                self.hands.append([CardSprite(card, flip=1.0) for card in obs.hand])
            else:
                known = list(obs.known[seat]) if obs.known else []
                self.hands.append([CardSprite(known[i] if i < len(known) else None) for i in range(size)])
        self.discard = [CardSprite(card, flip=1.0) for card in obs.discards[-8:]]
        self.board = ([CardSprite(None) for _ in range(3)] if obs.phase is Phase.CHOOSE else  # the spare, face down
                      [CardSprite(card, flip=1.0) for card in obs.board])
        self.transit = []
        self.stock_count = -1 if obs.phase is Phase.DEAL and obs.round_number <= 1 else obs.stock_count
        self.just_drawn = (obs.drawn or obs.taken) if obs.seat == self.face_seat else None
        self.current = obs.current_player
        self.dealer = obs.dealer
        self.selected.clear()
        self.board_selected.clear()
        self.revealed = False
        self.counted = frozenset()
        start = obs.rules.starting_tokens
        self.kitty = [False] * max(0, sum(start - t for t in obs.tokens))

    def sync_guns(self, obs: Observation) -> None:
        """Take every seat's bullet and misfire chance from an observation (both are public)."""
        for seat, view in enumerate(self.seats):
            view.bullet = bool(obs.bullets) and obs.bullets[seat]
            view.misfire = obs.misfire_chances[seat] if obs.misfire_chances else 0.0

    def all_sprites(self) -> list[CardSprite]:
        out = [s for hand in self.hands for s in hand]
        return out + self.discard + self.board + self.transit

    def place(self, size: tuple[int, int]) -> None:
        """Put every sprite where it rests (or partway there); called each update."""
        layout = self.relayout(size)
        for seat, hand in enumerate(self.hands):
            width = layout.card_w(seat)
            for i, sprite in enumerate(hand):
                x, y, angle = layout.hand_card(seat, i, len(hand))
                sprite.raise_by = width * 0.22 if (seat == self.viewer and i in self.selected) else 0.0
                sprite.dim = self.seats[seat].dim > 0.5 if self.seats else False
                sprite.place(x, y, angle, width)
        cw = layout.center_card_w
        for i, sprite in enumerate(self.discard):
            x, y, angle = layout.discard_card(i)
            sprite.raise_by = 0.0
            sprite.place(x, y, angle, cw)
        for i, sprite in enumerate(self.board):
            if i < len(layout.board):
                x, y = layout.board[i].center
                sprite.raise_by = cw * 0.16 if i in self.board_selected else 0.0
                sprite.place(x, y, 0.0, cw)
        sx, sy = layout.stock.center
        for sprite in self.transit:
            sprite.place(sx, sy, 0.0, layout.stock.w)
        for token in self.tokens:
            token.place()

    def find_in_hand(self, seat: int, card: Card, fallback: int) -> int:
        """Index of ``card`` in a seat's hand, or ``fallback`` when nobody there knows it."""
        hand = self.hands[seat]
        for i, sprite in enumerate(hand):
            if sprite.card is card:
                return i
        return max(0, min(fallback, len(hand) - 1))

    def stock_xy(self) -> tuple[float, float]:
        return self.layout.stock.center
