"""Drives one match: the state, the record, the seats (human or bot).

The window and headless tournaments both use ``Match``. It never sleeps and
never imports pygame: a bot's thinking is packaged as a ``BotRequest`` that
holds only the seat's observation, so the window can run it on a worker
thread and hand the answer back with ``submit``.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Mapping, Sequence

from .bots import Bot, make_bot
from .model import Action, Event, GameState, IllegalActionError, Observation, Rules, new_game
from .model.record import GameRecord, Seat


@dataclass(frozen=True)
class Accepted:
    """The action was applied; these are the public events it caused."""

    events: tuple[Event, ...]


@dataclass(frozen=True)
class Rejected:
    """The action was refused and nothing changed; ``reason`` says why."""

    reason: str


@dataclass(frozen=True)
class BotRequest:
    """A bot's turn, ready to think about anywhere (it holds no game state)."""

    seat: int
    bot: Bot
    observation: Observation
    seed: str
    action_number: int

    def decide(self) -> Action:
        """Ask the bot; the answer is the same for the same request."""
        return self.bot.choose(self.observation, random.Random(self.seed))


class Match:
    """One game in progress. Build it with ``Match.new`` or ``Match.from_record``."""

    def __init__(self, record: GameRecord, bots: Mapping[int, Bot] | None = None) -> None:
        self._record_head = record
        self._actions: list[Action] = []
        self._state: GameState = record.initial_state()
        self.events: list[Event] = []
        """Every public event of the game so far, oldest first."""
        self._bots: dict[int, Bot] = dict(bots) if bots is not None else _bots_for(record.seats)
        for action in record.actions:
            outcome = self.submit(self._state.current, action)
            if isinstance(outcome, Rejected):
                raise IllegalActionError(f"the record does not replay: {outcome.reason}")

    @classmethod
    def new(cls, rules: Rules, seats: Sequence[Seat], seed: int | None = None,
            first_dealer: int | None = None, preset: str | None = None,
            bots: Mapping[int, Bot] | None = None) -> Match:
        """A fresh match; ``seed`` defaults to a random one, recorded for replays."""
        if seed is None:
            seed = secrets.randbits(63)
        if first_dealer is None:
            first_dealer = new_game(rules, [seat.name for seat in seats], seed=seed).dealer
        record = GameRecord(rules, tuple(seats), seed, first_dealer, preset=preset)
        return cls(record, bots)

    @classmethod
    def from_record(cls, record: GameRecord, bots: Mapping[int, Bot] | None = None) -> Match:
        """Resume a saved game exactly where its record stops."""
        return cls(record, bots)

    @property
    def record(self) -> GameRecord:
        """The game so far as a record (for saving and replays)."""
        head = self._record_head
        return GameRecord(head.rules, head.seats, head.seed, head.first_dealer, tuple(self._actions),
                          head.decks, head.preset, head.meta)

    @property
    def rules(self) -> Rules:
        return self._state.rules

    @property
    def names(self) -> tuple[str, ...]:
        return self._state.names

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._record_head.seats

    @property
    def current_seat(self) -> int:
        """The seat to act, or -1 once the game is over."""
        return self._state.current

    @property
    def is_over(self) -> bool:
        return self._state.is_terminal

    @property
    def winner(self) -> int:
        """The winning seat, or -1 while the game goes on."""
        return self._state.winner

    @property
    def action_count(self) -> int:
        return len(self._actions)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat``."""
        return seat in self._bots

    def human_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(len(self.names)) if seat not in self._bots)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now."""
        return self._state.observe(seat)

    def submit(self, seat: int, action: Action) -> Accepted | Rejected:
        """Apply ``action`` for ``seat`` if it is that seat's turn and the rules allow it."""
        if self._state.is_terminal:
            return Rejected("the game is over")
        if seat != self._state.current:
            return Rejected(f"it is {self.names[self._state.current]}'s turn, not {self.names[seat]}'s")
        try:
            self._state, events = self._state.apply(action)
        except IllegalActionError as error:
            return Rejected(str(error))
        self._actions.append(action)
        self.events.extend(events)
        return Accepted(events)

    def bot_request(self) -> BotRequest | None:
        """The pending bot turn, or ``None`` if a human is to act or the game is over."""
        seat = self._state.current
        if self._state.is_terminal or seat not in self._bots:
            return None
        number = len(self._actions)
        return BotRequest(seat, self._bots[seat], self._state.observe(seat),
                          f"{self._record_head.seed}:{seat}:{number}", number)

    def advance(self) -> Accepted | Rejected | None:
        """Let the pending bot act now (headless play); ``None`` if no bot is to act."""
        request = self.bot_request()
        if request is None:
            return None
        return self.submit(request.seat, request.decide())

    def play_bots_to_end(self, max_actions: int = 100_000) -> None:
        """Play on while bots are to act (all-bot tables finish the game)."""
        for _ in range(max_actions):
            if self.advance() is None:
                return
        raise RuntimeError(f"the game did not end within {max_actions} actions")


def _bots_for(seats: Sequence[Seat]) -> dict[int, Bot]:
    """Bots for every seat whose player is ``bot:<spec>``."""
    return {seat: make_bot(spec.player[4:]) for seat, spec in enumerate(seats) if spec.player.startswith("bot:")}
