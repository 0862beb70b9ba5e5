"""Past-tense, public events: what everybody at the table saw happen.

``apply`` returns these; the window animates them and the log prints them.
No event carries a card that only one player may see: a card drawn from the
stock is in the drawer's observation, not in ``DrewFromStock``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Protocol, TypeVar, Union

from .cards import ALL_CARDS, Card
from .rule_choices import MAX_SEATS


class RoundEnd(enum.Enum):
    """Why a round ended."""

    KNOCK = "knock"
    THIRTY_ONE = "thirty-one"
    DEALT_31 = "dealt-31"
    UNDER_THE_GUN = "under-the-gun"
    STOCK_OUT = "stock-out"
    TURN_LIMIT = "turn-limit"


class Explained(Protocol):
    """Sentences not yet written (see ``reasons.Why``): written on first reading, then kept."""

    def sentences(self, reader: int | None = None) -> tuple[str, ...]: ...


class RoundResult(NamedTuple):
    """Everything shown at the end of a round. Tuples are indexed by seat.

    A ``NamedTuple`` rather than a frozen dataclass: every round builds one,
    and a tuple is built several times faster; it compares by value all the same.
    """

    round_number: int
    reason: RoundEnd
    hands: tuple[tuple[Card, ...], ...]
    """Hands turned face up; empty for seats already out."""
    scores: tuple[float | None, ...]
    """Hand values; ``None`` for seats already out."""
    knocker: int | None
    showed_31: tuple[int, ...]
    lives_lost: tuple[int, ...]
    written: tuple[str, ...] | Explained
    """The sentences of ``reasons``, or what they are written from (read ``reasons``)."""

    @property
    def reasons(self) -> tuple[str, ...]:
        """One sentence per seat in the round saying why it lost lives or not; ``""`` for seats out."""
        written = self.written
        # Bots and benchmarks play thousands of rounds nobody reads, so the
        # sentences are written only when someone asks (``Why`` keeps them).
        return written if isinstance(written, tuple) else written.sentences()

    def reasons_for(self, reader: int | None) -> tuple[str, ...]:
        """``reasons`` as the seat ``reader`` reads them: its own sentence in the second person."""
        written = self.written
        return written if isinstance(written, tuple) else written.sentences(reader)


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_number: int
    dealer: int
    first_player: int


@dataclass(frozen=True, slots=True)
class Dealt:
    """Three cards to each seat in ``order``, then the upcard or the board."""

    dealer: int
    order: tuple[int, ...]
    upcard: Card | None
    board: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealerChose:
    """The dealer's choice (``Rules.dealer_choice``): ``board`` is the middle now face up — the
    spare hand when the dealer kept their own, else the dealer's own hand, laid open."""

    dealer: int
    took_spare: bool
    board: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DrewFromStock:
    seat: int


@dataclass(frozen=True, slots=True)
class TookDiscard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Swapped:
    seat: int
    gave: Card
    took: Card


@dataclass(frozen=True, slots=True)
class SwappedAll:
    seat: int
    gave: tuple[Card, ...]
    took: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class Knocked:
    seat: int
    under_the_gun: bool = False
    second: bool = False
    """A second knock in the lap, which ends the round at once (``Rules.second_knock_ends``)."""


@dataclass(frozen=True, slots=True)
class StockReshuffled:
    """The discard pile except its top card became the new stock."""

    cards: int


@dataclass(frozen=True, slots=True)
class BoardRefreshed:
    """Everybody passed (or, with ``laundry``, a 7, an 8 and a 9 lay there): the board was cleared and three
    new cards laid out."""

    old: tuple[Card, ...]
    new: tuple[Card, ...]
    laundry: bool = False
    """The old board was a 7, an 8 and a 9, "dirty laundry" (``Rules.dirty_laundry``), replaced at once."""


@dataclass(frozen=True, slots=True)
class NewCardsLaid:
    """A 7, an 8 and a 9 lay in the middle: ``seat`` had them put out of play and three new cards laid."""

    seat: int
    old: tuple[Card, ...]
    new: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Showed31:
    """Hands of 31 (or better) shown at once; several only right after a deal."""

    seats: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class RoundEnded:
    result: RoundResult


@dataclass(frozen=True, slots=True)
class LifeLost:
    seat: int
    lives: int
    tokens_left: int


@dataclass(frozen=True, slots=True)
class OnHonor:
    """The seat lost its last life and plays on its honor life."""

    seat: int


@dataclass(frozen=True, slots=True)
class Eliminated:
    seat: int


@dataclass(frozen=True, slots=True)
class GunDrawn:
    """Quick Draw: ``shooter`` went for the gun, aiming at ``target``."""

    shooter: int
    target: int


@dataclass(frozen=True, slots=True)
class Fired:
    """Old West: a trigger was pulled, ``after_ms`` into a quick draw (0 on a turn)."""

    shooter: int
    target: int
    misfire_chance: float
    after_ms: int = 0


@dataclass(frozen=True, slots=True)
class Misfired:
    """The gun only clicked; ``bullet_spent`` says whether the cartridge is gone.

    ``revealed`` is the shooter's hand when a misfire turns it face up (``Rules.misfire_cost``).
    """

    shooter: int
    bullet_spent: bool
    revealed: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Hit:
    """The shot struck: ``target`` is out of the game (an ``Eliminated`` follows)."""

    shooter: int
    target: int


@dataclass(frozen=True, slots=True)
class Won:
    seat: int


Event = Union[
    RoundStarted, Dealt, DealerChose, DrewFromStock, TookDiscard, Discarded, Swapped, SwappedAll, Passed,
    Knocked, StockReshuffled, BoardRefreshed, NewCardsLaid, Showed31, RoundEnded, LifeLost, OnHonor,
    Eliminated, Won, GunDrawn, Fired, Misfired, Hit,
]

__all__ = [
    "BoardRefreshed", "Dealt", "DealerChose", "Discarded", "DrewFromStock", "Eliminated", "Event", "Fired", "GunDrawn",
    "Hit", "Knocked", "Misfired", "NewCardsLaid",
    "LifeLost", "OnHonor", "Passed", "RoundEnd", "RoundEnded", "RoundResult", "RoundStarted",
    "Showed31", "StockReshuffled", "Swapped", "SwappedAll", "TookDiscard", "Won",
]


# Shared instances of the events every turn makes (events compare by value, so
# sharing one is invisible); building a frozen dataclass costs as much as the
# rest of a draw. Indexed by seat, then by card index.
_SEATS = range(MAX_SEATS)
DREW_FROM_STOCK = tuple(DrewFromStock(seat) for seat in _SEATS)
PASSED = tuple(Passed(seat) for seat in _SEATS)
KNOCKED = tuple(Knocked(seat) for seat in _SEATS)
ELIMINATED = tuple(Eliminated(seat) for seat in _SEATS)
ON_HONOR = tuple(OnHonor(seat) for seat in _SEATS)
DISCARDED = tuple(tuple(Discarded(seat, card) for card in ALL_CARDS) for seat in _SEATS)
TOOK_DISCARD = tuple(tuple(TookDiscard(seat, card) for card in ALL_CARDS) for seat in _SEATS)


_E = TypeVar("_E")
_SHARED: dict[type, dict[tuple[Any, ...], Any]] = {}
_SHARED_PER_KIND = 4096
"""At most this many shared events of a kind: a game of thousands of rounds makes new ones past it."""


def shared(kind: type[_E], *fields: Any) -> _E:
    """One shared instance per distinct event (``RoundStarted``, ``LifeLost``: few values, many rounds).

    Events are public values (nothing hidden, nothing of a state), and the table is bounded.
    """
    # One dict per kind, keyed by the argument tuple itself: no key tuple to build.
    cache = _SHARED.get(kind)
    if cache is None:
        cache = _SHARED[kind] = {}
    event = cache.get(fields)
    if event is None:
        event = kind(*fields)
        if len(cache) < _SHARED_PER_KIND:
            cache[fields] = event
    return event


# Made once or twice a round by the engine: written into their slots directly, as their frozen
# ``__init__`` would through ``object.__setattr__`` for each field, at about 60% of its cost.
def _slot_setter(kind: type, name: str) -> Callable[[object, object], None]:
    """What writes slot ``name`` of a ``kind`` (its member descriptor's ``__set__``)."""
    setter: Callable[[object, object], None] = vars(kind)[name].__set__
    return setter


_new_event = object.__new__
_set_result = _slot_setter(RoundEnded, "result")
_set_dealer, _set_order = _slot_setter(Dealt, "dealer"), _slot_setter(Dealt, "order")
_set_upcard, _set_board = _slot_setter(Dealt, "upcard"), _slot_setter(Dealt, "board")


def round_ended(result: RoundResult) -> RoundEnded:
    """``RoundEnded(result)``, made quickly."""
    event: RoundEnded = _new_event(RoundEnded)
    _set_result(event, result)
    return event


def dealt(dealer: int, order: tuple[int, ...], upcard: Card | None, board: tuple[Card, ...]) -> Dealt:
    """``Dealt(dealer, order, upcard, board)``, made quickly."""
    event: Dealt = _new_event(Dealt)
    _set_dealer(event, dealer)
    _set_order(event, order)
    _set_upcard(event, upcard)
    _set_board(event, board)
    return event
