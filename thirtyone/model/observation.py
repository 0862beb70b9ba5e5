"""What one seat may know: the only view bots and the window get.

This module does not import the game state: an ``Observation`` is built from
it by ``observe``, and holds nothing a seat could not see at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card
from .events import Event, RoundResult
from .rules import Rules

if TYPE_CHECKING:
    from .actions import Action
    from .state import Phase


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the table. Tuples indexed by seat cover every seat."""

    seat: int
    rules: Rules
    names: tuple[str, ...]
    phase: Phase
    round_number: int
    dealer: int
    current_player: int
    tokens: tuple[int, ...]
    """Life tokens left per seat (the honor life included); 0 means out."""
    hand: tuple[Card, ...]
    """This seat's own cards (four while it is to discard)."""
    hand_sizes: tuple[int, ...]
    discards: tuple[Card, ...]
    """The discard pile, bottom first; everybody saw each card go down."""
    board: tuple[Card, ...]
    stock_count: int
    known: tuple[tuple[Card, ...], ...]
    """Cards each seat is publicly known to hold (taken face up from the pile or the board)."""
    knocker: int
    """The seat that knocked this round, or -1."""
    taken: Card | None
    """The card this seat took from the discard pile this turn."""
    drawn: Card | None
    """The card this seat drew from the stock this turn."""
    turns_taken: int
    log: tuple[Event, ...]
    """Public events of this round, oldest first."""
    results: tuple[RoundResult, ...]
    """Every finished round's result in this game, oldest first (hands shown, knocker, lives lost)."""
    winner: int
    legal_actions: tuple[Action, ...]
    """This seat's legal actions; empty when it is not this seat's turn."""
    bullets: tuple[bool, ...] = ()
    """Old West: whose derringer is still loaded (empty tuple when Old West is off)."""
    misfire_chances: tuple[float, ...] = ()
    """Old West: each gun's current chance to misfire."""

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.current_player == self.seat

    @property
    def last_result(self) -> RoundResult | None:
        """The result of the round that ended last, or ``None`` before the first."""
        return self.results[-1] if self.results else None

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(seat for seat, tokens in enumerate(self.tokens) if tokens > 0)

    @property
    def top_discard(self) -> Card | None:
        """The face-up card that may be taken, if any."""
        return self.discards[-1] if self.discards else None
