"""The immutable game state and how a new game begins.

``GameState`` is a ``NamedTuple``: compared by value (a replay can be checked
against the original), impossible to change in place, and its fields are read
at C speed. It holds fields and nothing more; the rules are functions over it
(``play.apply``, ``legality.legal_actions``, ``observer.observe``, all offered by
``thirtyone.model``), so this module imports none of them.

A rule writes a new state by field name: ``values = list(state)`` is a ``Draft``,
the rule sets ``values[AT.hands] = …``, and ``build(values)`` is the one
constructor that freezes it. This is the engine's hot path (bots replay
thousands of moves per decision): a list copy and a tuple cost about half of a
keyword ``evolve``, and a slot read of ``AT`` a tenth of a dict lookup, measured
with ``build_scripts/engine_instructions.py`` (the README quotes the figures).

A named field read costs about 200 instructions on CPython 3.11 (a tuple subclass's field is
never specialised), so the hot moves read the draft instead. A state that is not a tuple was
measured and does not pay there: a ``__slots__`` class reads a field in about 55, but copying
it to a draft and freezing it again (a builder subclass re-classed) costs 6.5k a move against
the tuple's 4.3k; a ``__dict__`` class copies as cheaply as the tuple but reads in about 75,
and its draft (a dict written by name) costs that back in the rules' writes.
"""

from __future__ import annotations

import enum
from types import MethodType
from urllib.parse import quote
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from ..i18n import _
from .cards import Card
from .errors import CardError, RulesError
from .events import Event, RoundResult
from .line_parts import KEYS, NOBODY, card_text, cards_text, ints, rules_text, seat_cards
from .rules import Rules, player_counts
from .rng import choice_index

NO_SEAT = -1


class Phase(enum.Enum):
    """What the game is waiting for."""

    DEAL = "deal"
    """The dealer is to deal the next round."""
    CHOOSE = "choose"
    """The dealer chooses between the dealt hand and the spare (``Rules.dealer_choice``)."""
    TURN = "turn"
    """The current player is to draw, take, swap, pass or knock."""
    DISCARD = "discard"
    """The current player holds four cards and is to discard one."""
    GAME_OVER = "game-over"


class GameState(NamedTuple):
    """A whole table at one moment. Build the first one with ``new_game``."""

    rules: Rules
    names: tuple[str, ...]
    seed: int
    decks: tuple[tuple[Card, ...], ...]
    """Explicit deck orders (top card first) for the first rounds; later rounds are shuffled."""
    chance: int
    """How many chance events (shuffles, draws of lots) have been used."""
    phase: Phase
    round_number: int
    """0 before the first deal, then 1, 2, …"""
    dealer: int
    current: int
    """The seat to act: the dealer in the deal phase, ``NO_SEAT`` once the game is over."""
    tokens: tuple[int, ...]
    """Life tokens left per seat, the honor life included; 0 means out."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Face-down stock, top first. Its first ``stock_unsettled`` cards are not in order yet."""
    stock_unsettled: int
    """How many cards at the top of the stock are still being shuffled.

    A deal shuffles lazily: only the dealt cards get their places, and each later
    draw picks the next card at random among these, with ``luck``, so a round
    pays only for the cards it uses. The distribution is a full shuffle's. Cards
    below them (a shot player's, put under the stock) come in order.
    """
    luck: int
    """What is left of this round's shuffle: a random number spent digit by digit."""
    discards: tuple[Card, ...]
    """Discard pile from the bottom up; with a board, the cards put out of play."""
    board: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    """Cards each seat is publicly known to hold (taken face up)."""
    knocker: int
    taken: Card | None
    """The card the current player took from the discard pile this turn."""
    drawn: Card | None
    """The card the current player drew from the stock this turn (theirs to see only)."""
    turns_taken: int
    """Turns finished in this round."""
    passes_in_row: int
    log: tuple[Event, ...]
    """Public events of the current round, oldest first."""
    results: tuple[RoundResult, ...]
    """Every finished round's result in this game, oldest first: each showdown was public."""
    winner: int
    bullets: tuple[bool, ...]
    """Old West: whether each seat's derringer is still loaded."""
    sweat: tuple[int, ...]
    """Old West: turns that have raised each gun's misfire chance."""
    fired: bool
    """Old West: the current player has already fired this turn."""
    played: tuple[bool, ...]
    """Old West: whether each seat has finished a turn of its own in this game (``Rules.safe_until_played``)."""
    passed: tuple[bool, ...]
    """Whether each seat has passed in this round (``Rules.pass_once``)."""

    def __repr__(self) -> str:
        # One line that rebuilds the table (as python-chess shows a board by its FEN), not the
        # ~2,900 characters of every field: the history (log, results) is left out, as the line does.
        try:
            return f"from_line({self.line()!r})"
        except Exception:  # a repr must never raise: a half-built state (a failing test's) shows its fields
            return tuple.__repr__(self)

    def line(self) -> str:
        """The whole table as one line, history left out (docs/notation.md); ``model.from_line`` reads it back."""
        def seat(number: int) -> str:
            return NOBODY if number == NO_SEAT else str(number)

        parts = {
            "rules": rules_text(self.rules),
            "seats": ",".join(quote(name, safe="") for name in self.names),
            "lives": ints(self.tokens),
            "phase": self.phase.value,
            "round": str(self.round_number),
            "dealer": str(self.dealer),
            "turn": seat(self.current),
            "hands": seat_cards(self.hands),
            "stock": cards_text(self.stock),
            "unsettled": str(self.stock_unsettled),
            "luck": format(self.luck, "x"),
            "discards": cards_text(self.discards),
            "board": cards_text(self.board),
            "known": seat_cards(self.known),
            "knocker": seat(self.knocker),
            "taken": card_text(self.taken),
            "drawn": card_text(self.drawn),
            "turns": str(self.turns_taken),
            "passes": str(self.passes_in_row),
            "winner": seat(self.winner),
            "guns": ints(int(loaded) for loaded in self.bullets),
            "sweat": ints(self.sweat),
            "played": ints(int(played) for played in self.played),
            "fired": str(int(self.fired)),
            "seed": str(self.seed),
            "chance": str(self.chance),
            "decks": seat_cards(self.decks) if self.decks else NOBODY,
            "passed": ints(int(passed) for passed in self.passed),
        }
        return " ".join(f"{key}={parts[key]}" for key in KEYS)

    def evolve(self, **changes: Any) -> GameState:
        """A copy with the named fields changed; an unknown name raises ``TypeError``."""
        values: Draft = list(self)
        for name, value in changes.items():
            if name not in _POSITION:
                raise TypeError(f"GameState has no field {name!r}")
            values[_POSITION[name]] = value
        return build(values)

    @property
    def current_player(self) -> int:
        """The seat to act, or ``NO_SEAT`` when the game is over."""
        return self.current

    @property
    def last_result(self) -> RoundResult | None:
        """The result of the round that ended last, or ``None`` before the first."""
        return self.results[-1] if self.results else None

    @property
    def is_terminal(self) -> bool:
        """Whether the game has a winner."""
        return self.phase is Phase.GAME_OVER

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game."""
        return self.tokens[seat] > 0

    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return tuple(seat for seat, tokens in enumerate(self.tokens) if tokens > 0)


Draft = list[Any]
"""All fields of a state in order (``list(state)``), being changed by a rule; ``build`` freezes it."""

_FIELDS = GameState._fields
_POSITION = {name: index for index, name in enumerate(_FIELDS)}


class FieldPositions:
    """Each field's position in a ``Draft``, by name: a rule writes ``values[AT.hands]``.

    Slots named after the fields, so the positions follow the class definition,
    a misspelt name raises ``AttributeError``, and reading one costs about what
    a constant does (a dict lookup per write made a round 5% dearer).
    """

    __slots__ = _FIELDS

    def __init__(self) -> None:
        for name, index in _POSITION.items():
            setattr(self, name, index)

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> int: ...


AT = FieldPositions()

build: Callable[[Draft], GameState] = MethodType(tuple.__new__, GameState)
"""The one constructor of the engine: ``build(values)`` is a state from a changed ``Draft``.

``tuple.__new__`` bound to the class as a method (a ``partial`` costs a tenth more
per move), so a move pays one C call for it; a draft only ever comes from
``list(state)`` and is written through ``AT``, so it has every field in its place.
"""


def new_game(
    rules: Rules,
    names: Sequence[str],
    seed: int = 0,
    first_dealer: int | None = None,
    decks: Sequence[Sequence[Card]] = (),
) -> GameState:
    """The state before the first deal.

    ``first_dealer`` defaults to a seat drawn by lot from ``seed``. ``decks``
    may fix the order of the first rounds' decks (top card first); a partial
    deck is completed with the remaining cards in a seeded shuffle.
    """
    count = len(names)
    allowed = player_counts(rules)
    if count not in allowed:
        raise RulesError(_("these rules are for {low} to {high} players, not {count}").format(
            low=allowed.start, high=allowed.stop - 1, count=count))
    clean_names = tuple(str(name).strip() for name in names)
    if any(not name for name in clean_names):
        raise RulesError(_("every player needs a name"))
    if len(set(clean_names)) != count:
        raise RulesError(_("players need different names"))
    for number, deck in enumerate(decks, start=1):
        if len(set(deck)) != len(deck):
            raise RulesError(_("deck {number} has a card more than once").format(number=number))
        try:
            rules.check_in_deck(deck)
        except CardError as error:
            raise RulesError(_("deck {number}: {error}").format(number=number, error=error)) from None
    # Chance event 0 always draws the first dealer, used or not, so a record that
    # names its dealer deals the same cards as the game that drew it.
    if first_dealer is None:
        first_dealer = choice_index(seed, 0, count)
    chance = 1
    if not 0 <= first_dealer < count:
        raise RulesError(_("first dealer must be a seat from 0 to {last}").format(last=count - 1))
    empty = tuple(() for _seat in range(count))
    return GameState(
        rules=rules, names=clean_names, seed=seed, decks=tuple(tuple(d) for d in decks),
        chance=chance, phase=Phase.DEAL, round_number=0, dealer=first_dealer, current=first_dealer,
        tokens=(rules.starting_tokens,) * count, hands=empty, stock=(), stock_unsettled=0, luck=0,
        discards=(), board=(),
        known=empty, knocker=NO_SEAT, taken=None, drawn=None, turns_taken=0, passes_in_row=0,
        log=(), results=(), winner=NO_SEAT,
        bullets=(rules.old_west,) * count, sweat=(0,) * count, fired=False,
        played=(False,) * count, passed=(False,) * count,
    )


def next_active(tokens: Sequence[int], seat: int) -> int:
    """The next seat to the left of ``seat`` that is still in the game."""
    count = len(tokens)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if tokens[candidate] > 0:
            return candidate
    return NO_SEAT

