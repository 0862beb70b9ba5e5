"""Expert: searches sampled worlds with play-outs, within a thinking-time budget.

Each decision samples worlds consistent with the observation (opponents' hands
weighted by what their picks and discards reveal), plays every candidate move
in each world to the end of the round with a quick greedy policy, and keeps the
move with the best average equity (chance to win the game, judged by lives).
The same worlds serve every candidate, so their differences are not noise.

The number of worlds is fixed by ``budget_ms`` × ``WORLDS_PER_MS`` (so the same
seed gives the same move on any machine); the clock only cuts a search short
when the machine is slower than planned.
"""

from __future__ import annotations

import random
import time

from ..model import Action, Discard, Observation, Phase, Swap, SwapAll
from ..model.actions import KNOCK, PASS, SWAP_ALL
from .hands import keep_options, value_of
from .rollout import play_out
from .inference import sample_world
from .sharp import SharpBot
from .tracking import remember

DEFAULT_BUDGET_MS = 80.0
PLAYOUTS_PER_MS = 3.0
"""Planned play-outs per millisecond of budget (about 70% of this machine's speed, fast simulator)."""
CLOCK_MARGIN_S = 0.003
"""Stop this long before the deadline: one more play-out must still fit."""
MAX_CANDIDATES = 5
KNOCKS_ONLY = True
"""Search only whether to knock; leave every other choice to the guide.

Measured against three Sharp bots (160 games, 40 ms): searching every choice
won 23–24% with ``CONFIDENCE`` 1 and 16–17% with 0; searching knocks only, 25%.
Play-outs misjudge close discards and pickups, and following their noise costs.
"""
CONFIDENCE = 0.5
"""Standard errors a move must gain over the guide's move before the search prefers it."""


class ExpertBot:
    """Searches sampled worlds with play-outs; ``budget_ms`` is the thinking time per decision."""

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, uniform_hands: bool = False) -> None:
        self.budget_ms = budget_ms
        self.uniform_hands = uniform_hands
        """Guess opponents' cards uniformly (for measuring what inference is worth)."""
        self._guide = SharpBot()

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The candidate move with the best average play-out equity."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        deadline = started + self.budget_ms / 1000 - CLOCK_MARGIN_S
        guide_choice = self._guide.choose(observation, random.Random(rng.random()))
        candidates = self.candidates(observation, guide_choice)
        if len(candidates) == 1:
            return candidates[0]
        memory = remember(observation)
        worlds = max(1, int(self.budget_ms * PLAYOUTS_PER_MS / len(candidates)))
        gains: list[list[float]] = [[] for _ in candidates]
        for _ in range(worlds):
            if time.perf_counter() > deadline:
                break
            world = sample_world(observation, memory, rng, self.uniform_hands)
            chance = rng.random()  # the same reshuffles for every candidate
            base = play_out(world.apply(candidates[0])[0], observation.seat, random.Random(chance))
            for index in range(1, len(candidates)):
                outcome = play_out(world.apply(candidates[index])[0], observation.seat, random.Random(chance))
                gains[index].append(outcome - base)
        return candidates[self._confident_best(gains)]

    def _confident_best(self, gains: list[list[float]]) -> int:
        """The candidate whose paired gain over the guide's move is largest *and* clearly above zero.

        Index 0 is the guide's move. Few play-outs are noisy, and a search that
        follows noise plays worse than its guide, so it deviates only when the
        mean gain beats ``CONFIDENCE`` standard errors.
        """
        best, best_gain = 0, 0.0
        for index, sample in enumerate(gains[1:], start=1):
            count = len(sample)
            if count < 2:
                continue
            mean = sum(sample) / count
            spread = (sum((g - mean) ** 2 for g in sample) / (count - 1)) ** 0.5
            if mean > CONFIDENCE * spread / count ** 0.5 and mean > best_gain:
                best, best_gain = index, mean
        return best

    def candidates(self, observation: Observation, guide_choice: Action) -> list[Action]:
        """The moves worth searching, the guide's choice first."""
        legal = observation.legal_actions
        rules = observation.rules
        hand = observation.hand
        if observation.phase is Phase.DISCARD:
            kept = [card for _, card in keep_options(hand, rules)]
            ordered = sorted((a for a in legal if isinstance(a, Discard)),
                             key=lambda a: (kept.index(a.card), a.knock))
            picks = [a for a in ordered if kept.index(a.card) < 3]
        elif rules.has_board:
            swaps = sorted((a for a in legal if isinstance(a, Swap)),
                           key=lambda a: -value_of(tuple(a.take if c is a.give else c for c in hand), rules))
            picks = swaps[:3] + [a for a in legal if a is PASS or a is KNOCK or a is SWAP_ALL]
        else:
            picks = list(legal)
        if KNOCKS_ONLY:
            picks = [a for a in picks if _is_knock(a) != _is_knock(guide_choice)]
        ordered_picks = [guide_choice] + [a for a in picks if a != guide_choice]
        return ordered_picks[:MAX_CANDIDATES] if len(ordered_picks) > MAX_CANDIDATES else ordered_picks


def _is_knock(action: Action) -> bool:
    return action is KNOCK or (isinstance(action, Discard) and action.knock)


__all__ = ["ExpertBot", "SwapAll"]
