"""Nothing a bot can import holds a game state: not while a bot decides, not after.

A plug-in bot runs in the game's process and may import any module of
``thirtyone.model`` or ``thirtyone.bots``; a ``GameState`` reachable from their
globals (a kept "last answer", a cache of searched worlds) would show it every
hidden card. The scan follows every reference from those modules' globals.
"""

from __future__ import annotations

import gc
import random
import sys
import types

from thirtyone.bots import make_bot
from thirtyone.controller import Match
from thirtyone.model import Action, GameState, Observation, apply, legal_actions, new_game, preset
from thirtyone.model.record import Seat

REACHABLE_BY_BOTS = ("thirtyone.model", "thirtyone.bots")


def states_reachable_from_bot_modules() -> list[GameState]:
    """Every ``GameState`` reachable from the globals of the modules a bot may import."""
    stack: list[object] = [vars(module) for name, module in list(sys.modules.items())
                           if name.startswith(REACHABLE_BY_BOTS) and module is not None]
    # Another module's globals (reached through a function's __globals__, say a test's plug-in factory
    # kept in a registry) are that module's, as the module itself is: a test that keeps a match in its
    # own globals (tests/xvfb_support.py keeps the last autosaved one) is not a bot's way in.
    seen: set[int] = {id(vars(module)) for name, module in list(sys.modules.items())
                      if module is not None and not name.startswith(REACHABLE_BY_BOTS)}
    found: list[GameState] = []
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, GameState):
            found.append(item)
        elif isinstance(item, types.ModuleType):
            if item.__name__.startswith(REACHABLE_BY_BOTS):
                stack.append(vars(item))
        elif not isinstance(item, types.FrameType):  # running code is not reachable from globals
            stack.extend(gc.get_referents(item))
    return found


class ProbingBot:
    """A real bot that, once it has chosen and before answering, looks for reachable states."""

    def __init__(self, level: str, findings: list[list[GameState]]) -> None:
        self.inner = make_bot(level, budget_ms=2, clock=False)
        self.findings = findings

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        action = self.inner.choose(observation, rng)
        if len(self.findings) < 4:  # a scan walks every object; four decisions suffice
            self.findings.append(states_reachable_from_bot_modules())
        return action


def test_the_scan_finds_a_state_kept_in_a_module() -> None:
    import thirtyone.bots.base as base

    state = new_game(preset("classic"), ["A", "B"], seed=1)
    base._probe_kept = {"world": [state]}  # type: ignore[attr-defined]
    try:
        assert any(found is state for found in states_reachable_from_bot_modules())
    finally:
        del base._probe_kept  # type: ignore[attr-defined]


def test_no_state_is_reachable_while_or_after_bots_decide() -> None:
    levels = ("expert", "sharp", "casual", "beginner")
    findings: list[list[GameState]] = []
    seats = [Seat(level.title(), f"bot:{level}") for level in levels]
    match = Match.new(preset("classic"), seats, seed=7,
                      bots={seat: ProbingBot(level, findings) for seat, level in enumerate(levels)})
    for _ in range(40):
        match.advance()
    # The engine used directly (as the coach and tests do) keeps nothing either.
    state = apply(new_game(preset("classic"), ["A", "B"], seed=2), legal_actions(new_game(
        preset("classic"), ["A", "B"], seed=2))[0])[0]
    legal_actions(state)
    assert len(findings) == 4
    assert findings == [[]] * 4
    assert states_reachable_from_bot_modules() == []
