"""Turning raw play-out shares into chances that mean what they say.

The play-outs model every player (this one included) with one quick greedy
policy, so their raw share of lives kept is biased, differently for a turn's
first choice (draw, take, swap, pass, knock) and for a discard mid-round.
``build_scripts/bench_coach.py --raw --fit`` measures the bias on bot games
and prints these maps (a logistic rescaling of the raw share, two numbers a kind);
its cross-fitted table checks each half of the games with a map fitted on the
other half.
"""

from __future__ import annotations

import math

from ..model import Observation, Phase

SCALING: dict[str, tuple[float, float]] = {
    "turn": (0.0, 1.0),
    "discard": (0.0, 1.0),
}
"""Per decision kind, ``(a, b)``: shown = sigmoid(a + b · logit(raw)); (0, 1) shows the raw share."""
EDGE = 0.004
"""Raw shares are kept this far from 0 and 1 (a few hundred play-outs never prove certainty)."""


def decision_kind(observation: Observation) -> str:
    """``discard`` while the seat holds four cards, else ``turn``."""
    return "discard" if observation.phase is Phase.DISCARD else "turn"


def calibrated(raw: float, observation: Observation) -> float:
    """The chance to show for a raw play-out share."""
    return scaled(raw, SCALING.get(decision_kind(observation), (0.0, 1.0)))


def logit(chance: float) -> float:
    """Log-odds of a share, kept off the edges."""
    chance = min(1 - EDGE, max(EDGE, chance))
    return math.log(chance / (1 - chance))


def scaled(raw: float, scaling: tuple[float, float]) -> float:
    """``raw`` through one logistic map."""
    a, b = scaling
    return 1 / (1 + math.exp(-(a + b * logit(raw))))


__all__ = ["SCALING", "calibrated", "decision_kind", "logit", "scaled"]
