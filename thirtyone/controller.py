"""Drives one match: the state, the record, the seats (human or bot).

The window and headless tournaments both use ``Match``. It never sleeps and
never imports pygame: a bot's thinking is packaged as a ``BotRequest`` that
holds only the seat's observation, so the window can run it on a worker
thread and hand the answer back with ``submit``. Quick Draw duels (see
``thirtyone.duels`` and ``docs/old_west.md``) are decided the same way: bots' draws and
answers are pure functions of the state, the seed and the action number.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .bots import Bot, make_bot
from .i18n import _
from .model import (Action, Discard, Event, GameState, IllegalActionError, Observation, QuickDraw, Rules, Swap,
                    SwapAll, new_game)
from .model import apply, observe
from .model.rng import bot_seed
from .model import events as ev
from .model.record import GameRecord, Seat
from .noted_record import Note, NotedSnapshot, apply_notes
from . import duels


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
    """Its generator's seed: a one-way digest of the game seed, seat and action number (``rng.bot_seed``)."""
    action_number: int

    def decide(self) -> Action:
        """Ask the bot; the answer is the same for the same request."""
        return self.bot.choose(self.observation, random.Random(self.seed))


class Match:
    """One game in progress. Build it with ``Match.new`` or ``Match.from_record``."""

    def __init__(self, record: GameRecord, bots: Mapping[int, Bot] | None = None) -> None:
        self._record_head = record
        self._actions: list[Action] = []
        self._notes: list[Note] = []
        """Notes made since the start (or the resume): append-only, shared with the snapshots."""
        self._state: GameState = record.initial_state()
        self.events: list[Event] = []
        """Every public event of the game so far, oldest first."""
        self._bots: dict[int, Bot] = dict(bots) if bots is not None else _bots_for(record.seats)
        self._undo: tuple[int, GameState, int] | None = None
        """Before the last action: its seat, the state and the event count (for ``take_back``)."""
        duels.introduce(self._bots, len(record.seats))
        for action in record.actions:
            outcome = self.submit(action.shooter if isinstance(action, QuickDraw) else self._state.current, action)
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
                          head.decks, head.preset, apply_notes(head.meta, self._notes) if self._notes else head.meta)

    def snapshot(self) -> NotedSnapshot:
        """The game so far without copying it (what the autosave takes after every action)."""
        return NotedSnapshot(self._record_head, self._actions, len(self._actions), self._notes, len(self._notes))

    def note(self, key: str, value: Any) -> None:
        """Keep a free-form note in the record's ``meta`` (saved and archived with the game)."""
        self._notes.append((key, (), value))

    def note_entry(self, key: str, path: Sequence[str], value: Any) -> None:
        """Set one entry inside the note ``key`` (``meta[key][path[0]]…[path[-1]]``) without copying
        the note: the autosave writes just this entry, however big the note has grown."""
        self._notes.append((key, tuple(path), value))

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
        return observe(self._state, seat)

    @property
    def state(self) -> GameState:
        """The full state (hidden cards included): for the engine's helpers, never for bots."""
        return self._state

    def submit(self, seat: int, action: Action) -> Accepted | Rejected:
        """Apply ``action`` for ``seat`` if the rules allow it.

        Every action needs ``seat`` to be the current seat, except a ``QuickDraw``:
        its shooter (``seat == action.shooter``) may draw at any moment the rules allow.
        """
        if self._state.is_terminal:
            return Rejected(_("the game is over"))
        if isinstance(action, QuickDraw):
            if seat != action.shooter:
                return Rejected(_("a draw is made by its shooter, {shooter}, not by {seat}").format(
                    shooter=self.names[action.shooter], seat=self.names[seat]))
        elif seat != self._state.current:
            return Rejected(_("it is {current}'s turn, not {seat}'s").format(
                current=self.names[self._state.current], seat=self.names[seat]))
        try:
            before = self._state
            self._state, events = apply(self._state, action)
        except IllegalActionError as error:
            return Rejected(str(error))
        self._undo = (seat, before, len(self.events)) if _undoable(action, events) else None
        self._actions.append(action)
        self.events.extend(events)
        return Accepted(events)

    def take_back_reason(self, seat: int) -> str:
        """Why ``seat`` may not take back its last move now, or "" when it may."""
        if len(self.human_seats()) != 1 or seat not in self.human_seats():
            return _("moves can be taken back only by the one human against bots")
        if self._undo is None or self._undo[0] != seat:
            return _("there is no discard or swap of yours to take back: the next player has acted")
        return ""

    def take_back(self, seat: int) -> Accepted | Rejected:
        """Undo ``seat``'s last discard or swap, back to the exact state before it.

        Allowed against bots only (never in pass-and-play) and only until the next seat
        has acted, so nothing hidden has been revealed since; the record loses the action.
        """
        reason = self.take_back_reason(seat)
        if reason:
            return Rejected(reason)
        assert self._undo is not None
        _, state, event_count = self._undo
        self._undo = None
        self._state = state
        # A new list: snapshots taken before the take-back keep the actions they were taken with.
        self._actions = self._actions[:-1]
        undone = tuple(self.events[event_count:])
        del self.events[event_count:]
        return Accepted(undone)

    def replace_bot(self, seat: int, bot: Bot) -> None:
        """Let ``bot`` play ``seat`` from now on (a failed plug-in's stand-in); the record is unchanged."""
        self._bots[seat] = bot

    def bot_request(self) -> BotRequest | None:
        """The pending bot turn, or ``None`` if a human is to act or the game is over."""
        seat = self._state.current
        if self._state.is_terminal or seat not in self._bots:
            return None
        number = len(self._actions)
        return BotRequest(seat, self._bots[seat], observe(self._state, seat),
                          bot_seed(self._record_head.seed, seat, "turn", number), number)

    def can_draw(self, seat: int) -> bool:
        """Quick Draw: whether ``seat`` may draw now (alive, loaded, and the rules allow a draw)."""
        return bool(duels.draw_targets(self._state, seat))

    def draw_targets(self, seat: int) -> tuple[int, ...]:
        """Quick Draw: the seats ``seat`` may draw on now; empty when it may not draw."""
        return duels.draw_targets(self._state, seat)

    def bot_answers(self, shooter: int, target: int) -> tuple[tuple[int, int], ...]:
        """Quick Draw: the bots' answers to ``shooter`` drawing on ``target`` now, as ``(seat, ms)``.

        Every bot seat with a bullet, other than the shooter, decides whether to fire
        back and how fast (its level's reaction time, seeded by the game seed, the seat
        and ``action_count``): the same call always gives the same answers.
        """
        return duels.bot_answers(self._state, self._bots, self._record_head.seed, len(self._actions),
                                 shooter, target)

    def quick_draw(self, shooter: int, target: int,
                   human_answers: Sequence[tuple[int, int]] = ()) -> QuickDraw:
        """The ``QuickDraw`` to submit: ``human_answers`` merged with ``bot_answers``.

        A human answer later than ``rules.answer_window_ms``, or from a seat that cannot
        answer, is dropped (too late, or nothing to fire), so the result is always legal
        to submit while the draw itself is legal.
        """
        return duels.merged_draw(self._state, shooter, target, human_answers, self.bot_answers(shooter, target))

    def pending_bot_draw(self) -> QuickDraw | None:
        """Quick Draw: a bot's draw out of turn at this moment, or ``None``.

        Bots consider drawing only at the start of a turn (phase ``TURN``) and not
        straight after another draw; they are asked in seat order from the seat after
        the current one (the current seat's bot draws, if it wants, through its own
        turn). The result has no answers: submit ``quick_draw(shooter, target, ...)``.
        """
        return duels.pending_bot_draw(self._state, self._bots, self._record_head.seed, self._actions)

    def advance(self) -> Accepted | Rejected | None:
        """Let bots act now (headless play); ``None`` if no bot is to act.

        A pending bot draw out of turn goes first; a bot's own draw on its turn gets
        the other bots' answers merged in.
        """
        if self._state.is_terminal:
            return None
        draw = self.pending_bot_draw()
        if draw is not None:
            return self.submit(draw.shooter, self.quick_draw(draw.shooter, draw.target))
        request = self.bot_request()
        if request is None:
            return None
        action = request.decide()
        if isinstance(action, QuickDraw):
            action = self.quick_draw(action.shooter, action.target)
        return self.submit(request.seat, action)

    def play_bots_to_end(self, max_actions: int = 100_000) -> None:
        """Play on while bots are to act (all-bot tables finish the game)."""
        for _step in range(max_actions):
            if self.advance() is None:
                return
        raise RuntimeError(f"the game did not end within {max_actions} actions")


_QUIET_EVENTS = (ev.Discarded, ev.Swapped, ev.SwappedAll, ev.Knocked)


def _undoable(action: Action, events: Sequence[Event]) -> bool:
    """A discard or swap that revealed nothing new (no round end, reshuffle or new board)."""
    return isinstance(action, (Discard, Swap, SwapAll)) and all(isinstance(e, _QUIET_EVENTS) for e in events)


def _bots_for(seats: Sequence[Seat]) -> dict[int, Bot]:
    """Bots for every seat whose player is ``bot:<spec>``."""
    return {seat: make_bot(spec.player[4:]) for seat, spec in enumerate(seats) if spec.player.startswith("bot:")}
