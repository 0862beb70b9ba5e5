"""A scripted ``TableSession`` for scene tests: the game's state lives here, not in a ``Match``.

It keeps the promises ``docs/session.md`` lists (only the viewer's observation goes
out; every move answers with its events and that observation) and counts what the
table asks of it, so a test can say how often the scene went to the game.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from thirtyone.model import (Action, Deal, Discard, DrawStock, GameState, IllegalActionError, Observation, Phase,
                             Rules, apply, new_game, observe)
from thirtyone.session import Move, Outcome, Played, Refused, TakenBack


def draw_and_throw(obs: Observation) -> Action:
    """The other seats' script: draw from the stock, throw the first card they may, never knock."""
    legal = obs.legal_actions
    if DrawStock() in legal:
        return DrawStock()
    throws = [a for a in legal if isinstance(a, Discard) and not a.knock]
    return throws[0] if throws else legal[0]


class ScriptedSession:
    """A ``TableSession`` with the humans at ``humans`` and every other seat played by ``script``."""

    def __init__(self, rules: Rules, names: tuple[str, ...], seed: int, humans: tuple[int, ...] = (0,),
                 script: Callable[[Observation], Action] = draw_and_throw) -> None:
        self.state: GameState = new_game(rules, list(names), seed=seed)
        self.humans = humans
        self.script = script
        self._viewer = humans[0]
        self.played: list[tuple[int, Action]] = []
        """Every action applied, with its seat, oldest first."""
        self.calls: Counter[str] = Counter()
        """How often the table called each method that reaches the game."""
        self.hints = 0
        self.fired_back: list[int] = []
        self.links: dict[int, str] = {}
        """A seat's connection as a network table would report it (``TableSession.connection``)."""

    names = property(lambda self: self.state.names)
    rules = property(lambda self: self.state.rules)
    viewer = property(lambda self: self._viewer)
    current_seat = property(lambda self: self.state.current)
    is_over = property(lambda self: self.state.is_terminal)
    winner = property(lambda self: self.state.winner)
    action_count = property(lambda self: len(self.played))
    thinking_seat = property(lambda self: -1)

    def human_seats(self) -> tuple[int, ...]:
        return self.humans

    def is_bot(self, seat: int) -> bool:
        return seat not in self.humans

    def observation(self) -> Observation:
        self.calls["observation"] += 1
        return observe(self.state, self._viewer)

    def take_seat(self, seat: int) -> Observation:
        self.calls["take_seat"] += 1
        self._viewer = seat
        return observe(self.state, seat)

    def submit(self, action: Action) -> Outcome:
        self.calls["submit"] += 1
        return self._play(self._viewer, action)

    def next_move(self, dt: float, think_s: float) -> Move:
        if self.state.is_terminal:
            return None
        seat = self.state.current
        if seat in self.humans:
            return self._play(seat, Deal()) if self.state.phase is Phase.DEAL else None
        self.calls["next_move"] += 1
        return self._play(seat, self.script(observe(self.state, seat)))

    def take_back_reason(self) -> str:
        return "a scripted game keeps every move"

    def take_back(self) -> TakenBack | Refused:
        return Refused(self.take_back_reason())

    def can_draw(self, seat: int) -> bool:
        return False

    def draw_targets(self, seat: int) -> tuple[int, ...]:
        return ()

    def holster_reason(self, seat: int) -> str | None:
        return None

    def fire_back(self, seat: int) -> None:
        self.fired_back.append(seat)

    def quick_draw(self, shooter: int, target: int, answers: tuple[tuple[int, int], ...]) -> Outcome:
        return Refused("no guns in a scripted game")

    def count_hint(self) -> None:
        self.hints += 1

    def finished(self) -> None:
        return None

    local = True

    def connection(self, seat: int) -> str:
        return self.links.get(seat, "")

    def ending(self) -> None:
        return None

    def close(self) -> None:
        pass

    def _play(self, seat: int, action: Action) -> Played | Refused:
        try:
            self.state, events = apply(self.state, action)
        except IllegalActionError as error:
            return Refused(str(error))
        self.played.append((seat, action))
        return Played(seat, events, observe(self.state, self._viewer))
