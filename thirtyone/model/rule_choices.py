"""The choices a rule option can take (enums), and the table sizes one deck allows.

``Rules`` (``rules.py``) holds one value of each; presets, the option list and
the engine read them from here.
"""

from __future__ import annotations

import enum

from .cards import ALL_CARDS, Card

DECK_SIZE = 52
"""The largest deck: the full French deck, 2 to ace."""
HAND_SIZE = 3


class Deck(enum.Enum):
    """Which cards are in play."""

    FIFTY_TWO = "52"
    """The full deck, 2 to ace (the English and American sources)."""
    THIRTY_SIX = "36"
    """6 to ace, as some German-speaking regions play."""
    THIRTY_TWO = "32"
    """The Skat or piquet deck, 7 to ace: Schwimmen almost everywhere."""
    TWO_THIRTY_TWO = "2x32"
    """Two Skat packs shuffled together, 64 cards, for a large table: every card of 7 to ace twice."""


_LOWEST_NUMBER = {Deck.FIFTY_TWO: 2, Deck.THIRTY_SIX: 6, Deck.THIRTY_TWO: 7, Deck.TWO_THIRTY_TWO: 7}
_PACKS = {Deck.TWO_THIRTY_TWO: 2}
_DECK_CARDS = {deck: tuple(card for card in ALL_CARDS
                           if card.pack < _PACKS.get(deck, 1) and (card.rank == 0 or card.rank + 1 >= lowest))
               for deck, lowest in _LOWEST_NUMBER.items()}


def deck_cards(deck: Deck) -> tuple[Card, ...]:
    """The cards of ``deck`` in index order: the aces and every card from its lowest number up, of
    each of its packs."""
    return _DECK_CARDS[deck]


def deck_packs(deck: Deck) -> int:
    """How many packs ``deck`` is shuffled from: 2 for two 32-card packs, else 1."""
    return _PACKS.get(deck, 1)


def deck_lowest(deck: Deck) -> int:
    """The lowest number card of ``deck``: 2, 6 or 7 (two packs: 7)."""
    return _LOWEST_NUMBER[deck]


class Exchange(enum.Enum):
    """How a player changes cards on a turn."""

    DRAW = "draw"
    """Draw from the stock or take the discard, then discard one card."""
    BOARD = "board"
    """Swap one card with one of three face-up board cards, or pass."""
    COMMERCE = "commerce"
    """Like ``BOARD``, but swapping all three cards at once is also allowed."""


def deck_seats(exchange: Exchange, deck: Deck = Deck.FIFTY_TWO) -> int:
    """How many players one deck can deal to: three cards each, plus three board cards, or an
    upcard for the discard pile and at least one card left in the stock."""
    laid = 3 if exchange is not Exchange.DRAW else 2
    return (len(deck_cards(deck)) - laid) // HAND_SIZE


MAX_SEATS = max(deck_seats(exchange) for exchange in Exchange)
"""The largest table any rules allow (16: one deck deals 3 each to 16 plus a board or upcard)."""


class RoundLoss(enum.Enum):
    """Who loses a life when hands are compared at a round's end."""

    LOWEST = "lowest"
    """The lowest hand (the knocker's rules decide the rest)."""
    ALL_BUT_HIGHEST = "all-but-highest"
    """Everyone but the highest hand (GamePoint's game type); a knocker who is not highest pays the
    knocker's penalty."""


class ShownLoss(enum.Enum):
    """Who loses when a hand shown at once (31, or three aces as "fire") ends the round."""

    OTHERS = "others"
    """Every player who did not show loses a life."""
    LOWEST = "lowest"
    """The hands are compared as at any round's end: the lowest loses."""


class KnockTiming(enum.Enum):
    """When a knock may be made."""

    INSTEAD_OF_TURN = "instead-of-turn"
    AFTER_DISCARD = "after-discard"


class KnockFails(enum.Enum):
    """When the knocker pays the knocker's penalty."""

    LOWEST = "lowest"
    """The knocker has (or shares, see ``KnockerTied``) the lowest hand."""
    NOT_HIGHEST = "not-highest"
    """The knocker does not have the highest hand (ties for highest are safe)."""


class KnockerTied(enum.Enum):
    """Who loses when the knocker ties other players for the lowest hand."""

    PENALTY = "penalty"
    """The knocker pays the full knocker's penalty; the others tied lose one each."""
    ALL_ONE = "all-one"
    """Everyone tied loses one life, the knocker included ("shared pain")."""
    OTHERS = "others"
    """Only the players who did not knock lose a life."""
    KNOCKER_ONE = "knocker-one"
    """The knocker loses one life and the others tied lose none ("headshaker")."""


class StockOut(enum.Enum):
    """What happens when a player must draw but the stock is empty."""

    END_ROUND = "end-round"
    """The player may still take the discard; if they decline, the round ends."""
    RESHUFFLE = "reshuffle"
    """The discard pile, all but its top card, is shuffled into a new stock."""


class MisfireClock(enum.Enum):
    """Old West: whose turns make a gun more likely to misfire."""

    TABLE = "table"
    """Every turn at the table raises every gun's chance."""
    OWN = "own"
    """Only a player's own turns raise that player's chance."""


class Holster(enum.Enum):
    """Old West: when guns may come out at all."""

    NEVER = "never"
    """Guns are out from the first turn of the game (source 003 as written)."""
    FIRST_ORBIT = "first-orbit"
    """In each round, guns stay holstered until every player still in has had a turn."""
    LIFE_LOST = "life-lost"
    """A player may shoot only after losing a life (the underdog's weapon)."""


class MisfireCost(enum.Enum):
    """Old West: what a misfire costs the shooter besides the shot."""

    NOTHING = "nothing"
    REVEAL = "reveal"
    """The shooter's hand is turned face up for the rest of the round."""
    LIFE = "life"
    """The shooter loses a life."""
