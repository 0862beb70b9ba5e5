"""No level passes up a sure 31 (issue 45): a move that shows 31 at once is always made.

Seeded rounds are played with every seat at one level; at each decision the engine itself says
whether some legal move would show 31 for the player (a swap, a swap of all three, a discard,
or taking the face-up card and then a discard), and the bot's move is checked against it.
Before the shared rule (``bots.sure31``) Sharp knocked on a good hand without looking at the
swaps, and the others passed 31s by the way.
"""

from __future__ import annotations

import random

import pytest

from thirtyone.bots import ExpertBot, make_bot
from thirtyone.bots.base import Bot
from thirtyone.model import Action, Discard, GameState, Phase, Showed31, apply, legal_actions, new_game, observe, preset
from thirtyone.model.actions import DEAL, TAKE

NAMES = ("Kelly", "Al", "Lou", "Maria")
LEVELS = ("random", "beginner", "casual", "sharp", "expert")
PRESETS = ("schwimmen", "commerce", "classic")
DECISIONS = {"schwimmen": 1500, "commerce": 1500, "classic": 2500}
"""Decisions played per level and preset: enough for a few dozen chances at 31 each."""


def shows_31(state: GameState, action: Action) -> bool:
    """Whether ``action`` ends the player's turn on a 31 shown at once (after a take: some discard does)."""
    seat = state.current
    after, events = apply(state, action)
    if any(isinstance(e, Showed31) and seat in e.seats for e in events):
        return True
    if action is TAKE and after.phase is Phase.DISCARD:
        return any(shows_31(after, a) for a in legal_actions(after) if isinstance(a, Discard))
    return False


def bot_for(level: str) -> Bot:
    """The level's bot; the Expert thinks briefly (the rule comes before its search) and never by the clock."""
    return ExpertBot(budget_ms=8, clock=False) if level == "expert" else make_bot(level)


def missed_31s(level: str, preset_id: str, seed: int = 45) -> tuple[int, int]:
    """(chances, missed) over ``DECISIONS[preset_id]`` decisions of seeded games at ``level``."""
    rules = preset(preset_id)
    bots = [bot_for(level) for _ in NAMES]
    rng = random.Random(seed)
    chances = missed = decisions = 0
    game = 0
    while decisions < DECISIONS[preset_id]:
        state = new_game(rules, NAMES, seed=seed * 1000 + game)
        game += 1
        while state.phase is not Phase.GAME_OVER and decisions < DECISIONS[preset_id]:
            if state.phase is Phase.DEAL:
                state, _ = apply(state, DEAL)
                continue
            seat = state.current
            legal = legal_actions(state)
            action = bots[seat].choose(observe(state, seat), rng)
            decisions += 1
            if len(legal) > 1 and state.phase in (Phase.TURN, Phase.DISCARD):
                sure = [a for a in legal if shows_31(state, a)]
                if sure:
                    chances += 1
                    missed += action not in sure
            state, _ = apply(state, action)
    return chances, missed


@pytest.mark.parametrize("preset_id", PRESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_no_level_passes_up_a_sure_31(level, preset_id):
    chances, missed = missed_31s(level, preset_id)
    assert chances >= 5, f"only {chances} chances at 31: the test would prove nothing"
    assert missed == 0, f"{level} on {preset_id} passed up {missed} of {chances} sure 31s"
