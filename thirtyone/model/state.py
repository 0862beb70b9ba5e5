"""The immutable game state and how a new game begins.

``GameState`` is a ``NamedTuple``: cheap to copy with ``_replace``, compared by
value (a replay can be checked against the original), and impossible to change
in place. Moves are made with ``state.apply(action)``; a seat's view of the
table is ``state.observe(seat)``.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from .cards import Card
from .errors import RulesError
from .events import Event, RoundResult
from .rules import Rules, player_counts
from .rng import choice_index

if TYPE_CHECKING:
    from .actions import Action
    from .observation import Observation

NO_SEAT = -1


class Phase(enum.Enum):
    """What the game is waiting for."""

    DEAL = "deal"
    """The dealer is to deal the next round."""
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
    last_result: RoundResult | None
    winner: int
    bullets: tuple[bool, ...]
    """Old West: whether each seat's derringer is still loaded."""
    sweat: tuple[int, ...]
    """Old West: turns that have raised each gun's misfire chance."""
    fired: bool
    """Old West: the current player has already fired this turn."""

    # The methods delegate to ``play`` and ``observe``, which import this module.

    def evolve(self, **changes: object) -> GameState:
        """A copy with some fields changed (faster than ``NamedTuple._replace``)."""
        values: list[Any] = list(self)
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        return state_from_values(values)

    @property
    def current_player(self) -> int:
        """The seat to act, or ``NO_SEAT`` when the game is over."""
        return self.current

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

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take, in a fixed sorted order."""
        return _legality.legal_actions(self)

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else the reason it is not."""
        return _legality.why_illegal(self, action)

    def apply(self, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        """The next state and the public events; ``IllegalActionError`` if not allowed."""
        return _play.apply(self, action)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know of this state."""
        return _observe.observe(self, seat)


_FIELD_INDEX = {name: index for index, name in enumerate(GameState._fields)}


def state_from_values(values: list[Any]) -> GameState:
    """A state from all its field values in order (``list(state)`` with some changed)."""
    return tuple.__new__(GameState, values)

# Field positions, for the engine's hot path: ``values = list(state)``, set a few
# positions, then ``GameState._make(values)`` is several times faster than
# ``evolve`` with keywords, and bots replay thousands of moves per decision.
(F_CHANCE, F_PHASE, F_ROUND, F_DEALER, F_CURRENT, F_TOKENS, F_HANDS, F_STOCK, F_UNSETTLED, F_LUCK,
 F_DISCARDS, F_BOARD, F_KNOWN, F_KNOCKER, F_TAKEN, F_DRAWN, F_TURNS, F_PASSES, F_LOG, F_LAST_RESULT,
 F_WINNER, F_BULLETS, F_SWEAT, F_FIRED) = (
    _FIELD_INDEX[name] for name in (
        "chance", "phase", "round_number", "dealer", "current", "tokens", "hands", "stock",
        "stock_unsettled", "luck", "discards", "board", "known", "knocker", "taken", "drawn",
        "turns_taken", "passes_in_row", "log", "last_result", "winner", "bullets", "sweat", "fired"))


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
        raise RulesError(f"these rules are for {allowed.start} to {allowed.stop - 1} players, not {count}")
    clean_names = tuple(str(name).strip() for name in names)
    if any(not name for name in clean_names):
        raise RulesError("every player needs a name")
    if len(set(clean_names)) != count:
        raise RulesError("players need different names")
    for number, deck in enumerate(decks, start=1):
        if len(set(deck)) != len(deck):
            raise RulesError(f"deck {number} has a card more than once")
    # Chance event 0 always draws the first dealer, used or not, so a record that
    # names its dealer deals the same cards as the game that drew it.
    if first_dealer is None:
        first_dealer = choice_index(seed, 0, count)
    chance = 1
    if not 0 <= first_dealer < count:
        raise RulesError(f"first dealer must be a seat from 0 to {count - 1}")
    empty = tuple(() for _ in range(count))
    return GameState(
        rules=rules, names=clean_names, seed=seed, decks=tuple(tuple(d) for d in decks),
        chance=chance, phase=Phase.DEAL, round_number=0, dealer=first_dealer, current=first_dealer,
        tokens=(rules.starting_tokens,) * count, hands=empty, stock=(), stock_unsettled=0, luck=0,
        discards=(), board=(),
        known=empty, knocker=NO_SEAT, taken=None, drawn=None, turns_taken=0, passes_in_row=0,
        log=(), last_result=None, winner=NO_SEAT,
        bullets=(rules.old_west,) * count, sweat=(0,) * count, fired=False,
    )


def next_active(tokens: Sequence[int], seat: int) -> int:
    """The next seat to the left of ``seat`` that is still in the game."""
    count = len(tokens)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if tokens[candidate] > 0:
            return candidate
    return NO_SEAT


from . import observe as _observe  # noqa: E402  (these modules import GameState)
from . import legality as _legality  # noqa: E402
from . import play as _play  # noqa: E402

# The engine's two hottest methods call straight into ``legality`` and ``play`` (one call fewer).
GameState.legal_actions = _legality.legal_actions  # type: ignore[method-assign,assignment]
GameState.apply = _play.apply  # type: ignore[method-assign,assignment]
