"""The moves a player can make, with a short text form for records.

Text forms: ``deal``, ``draw``, ``take``, ``discard QS``, ``discard QS knock``,
``knock``, ``swap QS 7H`` (give QS, take 7H from the board), ``swap all``,
``pass``, ``new cards``; Old West: ``fire 2`` (at seat 2), ``quickdraw 1 3 answers 2@180``
(seat 1 draws on seat 3; seat 2 answers 180 ms later).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import Card
from .errors import InvalidActionError
from .json_input import brief


_SHARED: dict[tuple[object, ...], object] = {}
"""The card actions made so far, by class and fields: equal actions are one object.

Bounded: only actions whose fields are cards are kept (at most 6 + 104
discards + 2,704 swaps); the gun actions carry any seat number and
millisecond, so they are ordinary values compared field by field.
"""


def _shared(cls: type, *fields: object) -> object:
    key = (cls, *fields)
    action = _SHARED.get(key)
    if action is None:
        action = _SHARED[key] = object.__new__(cls)
    return action


class _FieldlessAction:
    """Base of the actions without fields: each has one shared instance."""

    __slots__ = ()

    def __new__(cls) -> _FieldlessAction:
        return _shared(cls)  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return (type(self), ())


# Card actions are interned (``Discard(card) is Discard(card)``), so ``eq=False`` keeps
# identity equality and hashing: checking an action against the legal list is
# then a pointer comparison, which the engine does on every move.


@dataclass(frozen=True, slots=True, eq=False)
class Deal(_FieldlessAction):
    """The dealer shuffles and deals the next round."""

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True, eq=False)
class DrawStock(_FieldlessAction):
    """Take the top card of the stock (face down)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True, eq=False)
class TakeDiscard(_FieldlessAction):
    """Take the top card of the discard pile (face up)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True, eq=False)
class Discard:
    """Put a card from the four in hand on the discard pile, and maybe knock."""

    card: Card
    knock: bool = False

    def __new__(cls, card: Card, knock: bool = False) -> Discard:
        return _shared(cls, card, bool(knock))  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type, tuple[Card, bool]]:
        return (type(self), (self.card, self.knock))

    def __str__(self) -> str:
        return f"discard {self.card.code}" + (" knock" if self.knock else "")


@dataclass(frozen=True, slots=True, eq=False)
class Knock(_FieldlessAction):
    """End the round after everyone else has one more turn."""

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True, slots=True, eq=False)
class Swap:
    """Give ``give`` from the hand to the board and take ``take`` from it."""

    give: Card
    take: Card

    def __new__(cls, give: Card, take: Card) -> Swap:
        return _shared(cls, give, take)  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type, tuple[Card, Card]]:
        return (type(self), (self.give, self.take))

    def __str__(self) -> str:
        return f"swap {self.give.code} {self.take.code}"


@dataclass(frozen=True, slots=True, eq=False)
class SwapAll(_FieldlessAction):
    """Exchange the whole hand with the whole board (commerce)."""

    def __str__(self) -> str:
        return "swap all"


@dataclass(frozen=True, slots=True, eq=False)
class Pass(_FieldlessAction):
    """Do nothing this turn (board games), or decline the discard when the stock is empty."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, eq=False)
class NewCards(_FieldlessAction):
    """A 7, an 8 and a 9 lie in the middle: lay three new cards from the stock, then play the turn
    (``Rules.new_cards_789``)."""

    def __str__(self) -> str:
        return "new cards"


@dataclass(frozen=True, slots=True, eq=False)
class KeepHand(_FieldlessAction):
    """The dealer's choice: keep the dealt hand; the spare hand is turned up as the middle."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True, eq=False)
class TakeSpare(_FieldlessAction):
    """The dealer's choice: lay the dealt hand open as the middle and take the spare hand unseen."""

    def __str__(self) -> str:
        return "take spare"


@dataclass(frozen=True, slots=True)
class Fire:
    """Old West: fire your derringer at seat ``target`` on your turn."""

    target: int

    def __str__(self) -> str:
        return f"fire {self.target}"


@dataclass(frozen=True, slots=True)
class QuickDraw:
    """Quick Draw: ``shooter`` draws on ``target`` at any moment; ``answers`` are the
    other guns drawn in reply, as ``(seat, milliseconds after the draw)``."""

    shooter: int
    target: int
    answers: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "answers", tuple(tuple(answer) for answer in self.answers))

    def __str__(self) -> str:
        replies = "".join(f" {seat}@{ms}" for seat, ms in self.answers)
        return f"quickdraw {self.shooter} {self.target}" + (f" answers{replies}" if replies else "")


Action = Union[Deal, KeepHand, TakeSpare, DrawStock, TakeDiscard, Discard, Knock, Swap, SwapAll, Pass, Fire,
               QuickDraw, NewCards]

_KIND_ORDER = {Deal: 0, DrawStock: 1, TakeDiscard: 2, Discard: 3, Swap: 4, SwapAll: 5, Pass: 6, Knock: 7,
               Fire: 8, QuickDraw: 9, KeepHand: 10, TakeSpare: 11, NewCards: 12}

ACTION_KINDS: frozenset[type] = frozenset(_KIND_ORDER)
"""Every kind of move the game has (anything else handed to the engine is refused as no move)."""


def action_sort_key(action: Action) -> tuple[int, int, int, int]:
    """The fixed order of legal actions: by kind, then by card."""
    kind = _KIND_ORDER[type(action)]
    if isinstance(action, Discard):
        return (kind, action.card.index, int(action.knock), 0)
    if isinstance(action, Swap):
        return (kind, action.give.index, action.take.index, 0)
    if isinstance(action, Fire):
        return (kind, action.target, 0, 0)
    if isinstance(action, QuickDraw):
        return (kind, action.shooter, action.target, len(action.answers))
    return (kind, 0, 0, 0)


_SIMPLE: dict[str, Action] = {"deal": Deal(), "draw": DrawStock(), "take": TakeDiscard(), "knock": Knock(), "pass": Pass(),
                              "keep": KeepHand()}


def parse_action(text: str) -> Action:
    """Read an action's text form; a bad one raises ``InvalidActionError``."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _SIMPLE:
        return _SIMPLE[words[0]]
    try:
        if words[:1] == ["discard"] and len(words) in (2, 3):
            if len(words) == 3 and words[2] != "knock":
                raise InvalidActionError(f"{brief(text)}: after the card only 'knock' may follow")
            return Discard(Card.from_code(words[1]), knock=len(words) == 3)
        if words == ["swap", "all"]:
            return SwapAll()
        if words == ["take", "spare"]:
            return TakeSpare()
        if words == ["new", "cards"]:
            return NewCards()
        if words[:1] == ["swap"] and len(words) == 3:
            return Swap(Card.from_code(words[1]), Card.from_code(words[2]))
        if words[:1] == ["fire"] and len(words) == 2:
            return Fire(int(words[1]))
        if words[:1] == ["quickdraw"] and len(words) >= 3 and (len(words) == 3 or words[3] == "answers"):
            answers = tuple((int(seat), int(ms)) for seat, _, ms in (w.partition("@") for w in words[4:]))
            return QuickDraw(int(words[1]), int(words[2]), answers)
    except InvalidActionError:
        raise
    except ValueError as error:
        raise InvalidActionError(f"{brief(text)}: {error}") from None
    raise InvalidActionError(
        f"{brief(text)} is not an action: use deal, draw, take, discard CARD [knock], knock, "
        "swap CARD CARD, swap all, pass, new cards, keep, take spare, fire SEAT or quickdraw SEAT SEAT [answers SEAT@MS ...]")


DEAL, DRAW, TAKE, KNOCK, PASS, SWAP_ALL = Deal(), DrawStock(), TakeDiscard(), Knock(), Pass(), SwapAll()
KEEP, TAKE_SPARE, NEW_CARDS = KeepHand(), TakeSpare(), NewCards()


def discard_action(card: Card, knock: bool = False) -> Discard:
    """The ``Discard`` action for this card (the one shared instance), made quickly."""
    action = _SHARED.get((Discard, card, knock))
    return action if action is not None else Discard(card, knock)  # type: ignore[return-value]


def swap_action(give: Card, take: Card) -> Swap:
    """The ``Swap`` action for this pair (the one shared instance), made quickly."""
    action = _SHARED.get((Swap, give, take))
    return action if action is not None else Swap(give, take)  # type: ignore[return-value]
