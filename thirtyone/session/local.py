"""The table session of a game on this machine: a ``Match``, its bots in a worker process, pass-and-play."""

from __future__ import annotations

from ..controller import Accepted, Match
from ..model import Action, Deal, Observation, Phase, QuickDraw, Rules
from ..model.record import HINTS_USED
from .bot_worker import BotRunner
from .protocol import DrawCalled, GameHooks, Move, Notice, Outcome, Played, Refused, TakenBack



class LocalSession:
    """A ``TableSession`` over a ``Match`` played here: bots think in a worker process,
    humans take turns at one screen (``take_seat``), storage listens through ``hooks``."""

    def __init__(self, match: Match, hooks: GameHooks | None = None) -> None:
        self.match = match
        """The game itself (for storage and the game-over screen; the table never reads it)."""
        self.hooks = hooks if hooks is not None else GameHooks()
        humans = match.human_seats()
        self._viewer = humans[0] if humans else 0
        self._notices: list[Notice] = []
        self.bots = BotRunner(on_failure=lambda line, detail: self._notices.append(Notice(line, detail)))
        self._polled = -1
        """The action count at which bots were last asked whether they draw out of turn."""

    # -- what the table reads -----------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def viewer(self) -> int:
        return self._viewer

    def human_seats(self) -> tuple[int, ...]:
        return self.match.human_seats()

    def is_bot(self, seat: int) -> bool:
        return self.match.is_bot(seat)

    @property
    def current_seat(self) -> int:
        return self.match.current_seat

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def winner(self) -> int:
        return self.match.winner

    @property
    def action_count(self) -> int:
        return self.match.action_count

    @property
    def thinking_seat(self) -> int:
        return self.bots.seat

    def observation(self) -> Observation:
        return self.match.observation(self._viewer)

    def take_seat(self, seat: int) -> Observation:
        if seat not in self.match.human_seats():
            raise ValueError(f"seat {seat} is not played at this screen")
        self._viewer = seat
        return self.match.observation(seat)

    # -- moves ---------------------------------------------------------------------------------
    def submit(self, action: Action) -> Outcome:
        return self._play(self._viewer, action)

    def next_move(self, dt: float, think_s: float) -> Move:
        if self._notices:
            return self._notices.pop(0)
        match = self.match
        if match.is_over:
            return None
        if match.rules.old_west and match.rules.quick_draw and self._polled != match.action_count:
            self._polled = match.action_count  # the answer is fixed for a state: ask once
            draw = match.pending_bot_draw()
            if draw is not None:
                self.bots.cancel()
                return DrawCalled(draw.shooter, draw.target)
        seat = match.current_seat
        if match.is_bot(seat):
            self.bots.start(match)
            decided = self.bots.poll(dt, think_s)
            if decided is None:
                return self._notices.pop(0) if self._notices else None
            request, action = decided
            if request.action_number != match.action_count:
                return None  # a draw came while it thought: it thinks again
            if isinstance(action, QuickDraw):
                return DrawCalled(action.shooter, action.target)
            return self._play(request.seat, action)
        if match.state.phase is Phase.DEAL:
            return self._play(seat, Deal())
        return None

    def take_back_reason(self) -> str:
        return self.match.take_back_reason(self._viewer)

    def take_back(self) -> TakenBack | Refused:
        seat = self._viewer
        reason = self.match.take_back_reason(seat)
        if reason:
            return Refused(reason)
        self.bots.cancel()
        outcome = self.match.take_back(seat)
        if not isinstance(outcome, Accepted):
            return Refused(outcome.reason)
        self._polled = -1  # the same action count may come again with another state
        if self.hooks.after_action is not None:
            self.hooks.after_action(self.match)
        return TakenBack(seat, outcome.events, self.match.observation(seat))

    # -- Quick Draw ----------------------------------------------------------------------------
    def can_draw(self, seat: int) -> bool:
        return self.match.can_draw(seat)

    def draw_targets(self, seat: int) -> tuple[int, ...]:
        return self.match.draw_targets(seat)

    def holster_reason(self, seat: int) -> str | None:
        from ..model.gunplay import holstered, why_gun_illegal
        state = self.match.state
        reason = holstered(state, seat)
        if reason is None:  # the engine's own reason for the first seat it could aim at
            others = [t for t in self.match.observation(seat).active_seats if t != seat]
            reason = why_gun_illegal(state, QuickDraw(seat, others[0])) if others else None
        return reason

    def fire_back(self, seat: int) -> None:
        """The answer's time is this screen's: ``quick_draw`` brings it."""

    def quick_draw(self, shooter: int, target: int, answers: tuple[tuple[int, int], ...]) -> Outcome:
        return self._play(shooter, self.match.quick_draw(shooter, target, answers))

    # -- the rest ------------------------------------------------------------------------------
    def count_hint(self) -> None:
        self.match.note(HINTS_USED, int(self.match.record.meta.get(HINTS_USED, 0)) + 1)

    def finished(self) -> Match | None:
        return self.match if self.match.is_over else None

    local = True

    def connection(self, seat: int) -> str:
        """Every seat is played on this machine."""
        return ""

    def ending(self) -> None:
        """The game is kept here: ``finished`` gives all of it."""
        return None

    def close(self) -> None:
        self.bots.shutdown()

    def _play(self, seat: int, action: Action) -> Played | Refused:
        """Apply ``seat``'s action; on success tell the listeners, and answer with the viewer's observation."""
        outcome = self.match.submit(seat, action)
        if not isinstance(outcome, Accepted):
            return Refused(outcome.reason)
        if self.hooks.after_action is not None:
            self.hooks.after_action(self.match)
        if self.match.is_over and self.hooks.after_game is not None:
            self.hooks.after_game(self.match)
        return Played(seat, outcome.events, self.match.observation(self._viewer))


__all__ = ["HINTS_USED", "LocalSession"]
