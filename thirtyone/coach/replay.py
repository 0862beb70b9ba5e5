"""Stepping through a finished game's record, forward and back, by action or by round.

Every state is computed once from the record (a game is a few hundred
actions), so stepping back is as cheap as stepping forward.
"""

from __future__ import annotations

from ..model import Action, Deal, GameState
from ..model.events import Event
from ..model.record import GameRecord


class Replay:
    """A cursor over a record: ``position`` actions have been played (0 = before the first)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.states: list[GameState] = [record.initial_state()]
        self.actions: list[Action] = []
        self.events: list[tuple[Event, ...]] = []
        for _before, action, after, events in record.replay():
            self.actions.append(action)
            self.events.append(events)
            self.states.append(after)
        self.position = 0
        self.round_starts = [i + 1 for i, action in enumerate(self.actions) if type(action) is Deal]
        """Positions just after each deal: the fresh hands of every round."""

    @property
    def length(self) -> int:
        """How many actions the record holds."""
        return len(self.actions)

    @property
    def state(self) -> GameState:
        """The table after ``position`` actions."""
        return self.states[self.position]

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    def go(self, position: int) -> None:
        """Jump to a position (clamped to the record)."""
        self.position = max(0, min(self.length, position))

    def step(self, delta: int = 1) -> None:
        """Forward (or back, with a negative ``delta``) by actions."""
        self.go(self.position + delta)

    def next_round(self) -> None:
        """To the start of the next round, or the end of the game."""
        later = [p for p in self.round_starts if p > self.position]
        self.go(later[0] if later else self.length)

    def previous_round(self) -> None:
        """To the start of the current round, or of the one before when already there."""
        earlier = [p for p in self.round_starts if p < self.position]
        self.go(earlier[-1] if earlier else 0)

    def events_so_far(self) -> list[tuple[int, Event]]:
        """``(position after, event)`` for every event up to the cursor."""
        return [(index + 1, event) for index in range(self.position) for event in self.events[index]]


__all__ = ["Replay"]
