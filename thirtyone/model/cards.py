"""Cards, suits and the short text notation (``AS``, ``TH`` or ``10H``, ``Q♣``; German ``DP``, ``BKR``).

There are exactly 104 ``Card`` objects, the 52 of the first pack and the 52 of a
second pack (for tables that deal from two 32-card packs: two sevens of hearts
are two different cards). Parsing and construction always return the same
instance, so cards compare and hash by identity and are cheap to keep in
tuples. A second pack's card is written with a trailing ``2`` (``7H2``); people
see it as the same face (``7♥``).
"""

from __future__ import annotations

from typing import Iterable

from ..i18n import N_, _, rank_letter
from .errors import CardError

SUITS = "SHDC"
"""Suit letters in the game's fixed order: spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
RANKS = "A23456789TJQK"
"""Rank letters, ace first; ``T`` is ten."""
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
RANK_VALUES = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


class Card:
    """One playing card. Build one with ``Card.from_code`` or ``Card.of``."""

    __slots__ = ("index", "face", "pack", "rank", "suit", "value", "code", "face_code", "kin")

    index: int
    """0–103: the card's identity, ``pack * 52 + face``."""
    face: int
    """0–51: ``rank * 4 + suit``, the same for both packs' copies of a card."""
    pack: int
    """0 for the first pack, 1 for the second."""
    rank: int
    """0 (ace) to 12 (king), an index into ``RANKS``."""
    suit: int
    """0–3, an index into ``SUITS``."""
    value: int
    """Points in 31: ace 11, courts 10, others face value."""
    code: str
    """Short code such as ``"AS"`` or ``"TH"`` (a second pack's ``"TH2"``)."""
    face_code: str
    """The face's code, the same for both packs (``"TH"``): what the card looks like."""
    kin: int
    """A bit for its suit and a bit for its rank: cards all of one suit or all of one rank, and only
    they, have a bit in common (``a.kin & b.kin & c.kin``), one test where two chains of comparisons were."""

    def __new__(cls, index: int) -> Card:
        # Only this module makes cards; everyone else gets one of the 104.
        return Card.from_index(index)

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0–51 the first pack, 52–103 the second)."""
        if not 0 <= index < CARD_COUNT:
            raise CardError(_("card index {index} is not between 0 and 103").format(index=index))
        return _ALL[index]

    @staticmethod
    def of(rank: int, suit: int, pack: int = 0) -> Card:
        """The card of this rank index (0 = ace … 12 = king) and suit index, of the first pack (or ``pack`` 1)."""
        return Card.from_index(pack * 52 + rank * 4 + suit)

    @staticmethod
    def from_code(code: str) -> Card:
        """Parse ``AS``, ``TH``, ``10h``, ``q♣``, or German letters where they are unambiguous: ``DP``
        (Dame Pik, Q♠), ``BKR`` (Bube Kreuz, J♣), ``10KA`` (Karo); a trailing ``2`` names the second
        pack's copy (``7H2``); a bad code raises ``CardError``."""
        text = code.strip().upper()
        pack = 0
        if len(text) > 2 and text.endswith("2"):  # no first-pack code ends in a digit
            text, pack = text[:-1], 1
        if len(text) < 2:
            raise CardError(_("{code!r} is not a card: write a rank and a suit, like AS or 10H").format(code=code))
        suit_text = text[-2:] if len(text) > 2 and text[-2:] in _GERMAN_SUITS else text[-1]
        rank_text = text[:-len(suit_text)]
        suit = _SUIT_LOOKUP.get(suit_text)
        if suit is None:
            raise CardError(_("{code!r} has no suit: the last character must be S, H, D or C (or ♠ ♥ ♦ ♣)").format(
                code=code))
        rank = _RANK_LOOKUP.get(rank_text)
        if rank is None:
            raise CardError(_("{code!r} has no rank: use A, 2–9, T or 10, J, Q or K before the suit").format(
                code=code))
        return _ALL[pack * 52 + rank * 4 + suit]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``"10♥"``, for people to read, in their language's letters
        (German ``"D♣"`` for Q♣)."""
        rank = "10" if self.rank == 9 else rank_letter(RANKS[self.rank])
        return rank + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Long name, e.g. ``"queen of clubs"``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Card.from_code({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Pickling (process pools) must give back the one shared instance.
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _make_card(index: int) -> Card:
    card = object.__new__(Card)
    card.index = index
    card.pack, card.face = divmod(index, 52)
    card.rank, card.suit = divmod(card.face, 4)
    card.value = RANK_VALUES[card.rank]
    card.face_code = RANKS[card.rank] + SUITS[card.suit]
    card.code = card.face_code + ("2" if card.pack else "")
    card.kin = 1 << card.suit | 1 << (4 + card.rank)
    return card


CARD_COUNT = 104
"""Two packs of 52."""
_ALL: tuple[Card, ...] = tuple(_make_card(i) for i in range(CARD_COUNT))

_SUIT_LOOKUP = {letter: i for i, letter in enumerate(SUITS)}
_SUIT_LOOKUP.update({symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)})
_SUIT_LOOKUP.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})
_RANK_LOOKUP = {letter: i for i, letter in enumerate(RANKS)}
_RANK_LOOKUP["10"] = 9
_GERMAN_SUITS = {"P": 0, "KA": 2, "KR": 3}
"""Pik, Karo, Kreuz (Herz is H in both languages). Karo and Kreuz take two letters: "K" alone would
be either, and is the king; none of these is an English suit letter, so no code changes meaning."""
_SUIT_LOOKUP.update(_GERMAN_SUITS)
_RANK_LOOKUP.update({"D": 11, "B": 10})  # Dame, Bube: not English rank letters (Ass and König are A and K in both)

FULL_DECK: tuple[Card, ...] = _ALL[:52]
"""The 52 cards of the first pack in index order."""
ALL_CARDS: tuple[Card, ...] = _ALL
"""Both packs, 104 cards, in index order (``ALL_CARDS[card.index] is card``)."""


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse several codes, ``"AS TH 10H"`` or ``["AS", "TH"]``; repeats are an error."""
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(Card.from_code(code) for code in codes)
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        repeated = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise CardError(_("{card} appears more than once").format(card=repeated.code))
    return cards


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """Codes separated by spaces; with ``symbols`` as ``10♥ Q♣`` for people."""
    return " ".join(card.symbol if symbols else card.code for card in cards)
