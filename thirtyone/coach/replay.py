"""Stepping through a finished game's record, forward and back, by action or by round.

A state is kept only every ``CHECKPOINT`` actions; any other is computed from the nearest one
before it (at most ``CHECKPOINT - 1`` actions played), and the one shown last is kept, so a step
forward plays one action. Keeping every state cost memory that grew with the square of a round's
length (each state carries its round's log): a 10,000-action round took 411 MB and 5 s to open,
a 20,000-action one over a gigabyte. Now the states kept grow with the record's length divided by
``CHECKPOINT``.

A replay can be built in steps (``Replay(record, build=False)``, then ``build_some`` until
``ready``), so a window reads a long record a slice per frame, or on a worker, showing progress.
"""

from __future__ import annotations

from typing import Iterator

from ..model import Action, Deal, GameState, apply
from ..model.events import Event
from ..model.record import GameRecord

CHECKPOINT = 64
"""Actions between two kept states."""


class Replay:
    """A cursor over a record: ``position`` actions have been played (0 = before the first)."""

    def __init__(self, record: GameRecord, build: bool = True) -> None:
        self.record = record
        self.actions: list[Action] = list(record.actions)
        self.events: list[tuple[Event, ...]] = []
        self.checkpoints: list[GameState] = [record.initial_state()]
        """The state before action ``CHECKPOINT × i``, for each ``i`` built so far."""
        self._steps: Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]] = record.replay()
        self._last: tuple[int, GameState] = (0, self.checkpoints[0])
        self.applied = 0
        """Actions played by the engine since the replay was made (building and stepping): tests count them."""
        self.position = 0
        self.round_starts = [i + 1 for i, action in enumerate(self.actions) if type(action) is Deal]
        """Positions just after each deal: the fresh hands of every round."""
        if build:
            while not self.ready:
                self.build_some(CHECKPOINT * 64)

    @property
    def built(self) -> int:
        """How many actions have been read so far."""
        return len(self.events)

    @property
    def ready(self) -> bool:
        """Whether every action has been read (only then may the cursor move)."""
        return self.built >= len(self.actions)

    def build_some(self, count: int) -> None:
        """Read up to ``count`` more actions (``RecordError`` if one is illegal)."""
        for _ in range(min(count, len(self.actions) - self.built)):
            _before, _action, after, events = next(self._steps)
            self.applied += 1
            self.events.append(events)
            if len(self.events) % CHECKPOINT == 0:
                self.checkpoints.append(after)
            self._last = (len(self.events), after)

    @property
    def length(self) -> int:
        """How many actions the record holds."""
        return len(self.actions)

    @property
    def state(self) -> GameState:
        """The table after ``position`` actions."""
        return self.state_at(self.position)

    def state_at(self, position: int) -> GameState:
        """The table after ``position`` actions (of those read), from the nearest kept state."""
        last_position, last = self._last
        if not last_position <= position < last_position + CHECKPOINT:
            last_position = min(position // CHECKPOINT, len(self.checkpoints) - 1) * CHECKPOINT
            last = self.checkpoints[last_position // CHECKPOINT]
        while last_position < position:
            last = apply(last, self.actions[last_position])[0]
            self.applied += 1
            last_position += 1
        self._last = (position, last)
        return last

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    def go(self, position: int) -> None:
        """Jump to a position (clamped to the record, and to what has been read of it)."""
        self.position = max(0, min(self.built, position))

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


__all__ = ["CHECKPOINT", "Replay"]
