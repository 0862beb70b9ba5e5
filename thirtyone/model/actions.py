"""The moves a player can make, with a short text form for records.

Text forms: ``deal``, ``draw``, ``take``, ``discard QS``, ``discard QS knock``,
``knock``, ``swap QS 7H`` (give QS, take 7H from the board), ``swap all``,
``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import FULL_DECK, Card
from .errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer shuffles and deals the next round."""

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock (face down)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (face up)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put a card from the four in hand on the discard pile, and maybe knock."""

    card: Card
    knock: bool = False

    def __str__(self) -> str:
        return f"discard {self.card.code}" + (" knock" if self.knock else "")


@dataclass(frozen=True, slots=True)
class Knock:
    """End the round after everyone else has one more turn."""

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True, slots=True)
class Swap:
    """Give ``give`` from the hand to the board and take ``take`` from it."""

    give: Card
    take: Card

    def __str__(self) -> str:
        return f"swap {self.give.code} {self.take.code}"


@dataclass(frozen=True, slots=True)
class SwapAll:
    """Exchange the whole hand with the whole board (commerce)."""

    def __str__(self) -> str:
        return "swap all"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn (board games), or decline the discard when the stock is empty."""

    def __str__(self) -> str:
        return "pass"


Action = Union[Deal, DrawStock, TakeDiscard, Discard, Knock, Swap, SwapAll, Pass]

_KIND_ORDER = {Deal: 0, DrawStock: 1, TakeDiscard: 2, Discard: 3, Swap: 4, SwapAll: 5, Pass: 6, Knock: 7}


def action_sort_key(action: Action) -> tuple[int, int, int, int]:
    """The fixed order of legal actions: by kind, then by card."""
    kind = _KIND_ORDER[type(action)]
    if isinstance(action, Discard):
        return (kind, action.card.index, int(action.knock), 0)
    if isinstance(action, Swap):
        return (kind, action.give.index, action.take.index, 0)
    return (kind, 0, 0, 0)


_SIMPLE = {"deal": Deal(), "draw": DrawStock(), "take": TakeDiscard(), "knock": Knock(), "pass": Pass()}


def parse_action(text: str) -> Action:
    """Read an action's text form; a bad one raises ``IllegalActionError``."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _SIMPLE:
        return _SIMPLE[words[0]]
    try:
        if words[:1] == ["discard"] and len(words) in (2, 3):
            if len(words) == 3 and words[2] != "knock":
                raise IllegalActionError(f"{text!r}: after the card only 'knock' may follow")
            return Discard(Card.from_code(words[1]), knock=len(words) == 3)
        if words == ["swap", "all"]:
            return SwapAll()
        if words[:1] == ["swap"] and len(words) == 3:
            return Swap(Card.from_code(words[1]), Card.from_code(words[2]))
    except IllegalActionError:
        raise
    except ValueError as error:
        raise IllegalActionError(f"{text!r}: {error}") from None
    raise IllegalActionError(
        f"{text!r} is not an action: use deal, draw, take, discard CARD [knock], knock, "
        "swap CARD CARD, swap all or pass")


# Shared instances: legal-action lists reuse these, so checking whether an
# action is legal is mostly an identity test.
DEAL, DRAW, TAKE, KNOCK, PASS, SWAP_ALL = Deal(), DrawStock(), TakeDiscard(), Knock(), Pass(), SwapAll()
_DISCARDS = {(card, knock): Discard(card, knock) for card in FULL_DECK for knock in (False, True)}
_SWAPS: dict[tuple[Card, Card], Swap] = {}


def discard_action(card: Card, knock: bool = False) -> Discard:
    """The shared ``Discard`` instance for this card."""
    return _DISCARDS[card, knock]


def swap_action(give: Card, take: Card) -> Swap:
    """The shared ``Swap`` instance for this pair."""
    action = _SWAPS.get((give, take))
    if action is None:
        action = _SWAPS[give, take] = Swap(give, take)
    return action
