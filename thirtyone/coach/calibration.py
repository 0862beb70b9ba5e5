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

from ..model import PRESETS, Observation, Phase, Rules

SCALING: dict[str, tuple[float, float]] = {
    # build_scripts/bench_coach.py --raw --fit over 6,404 decisions (seeds 1 and 2), see docs/coach.md
    "any/discard": (0.0252, 0.7518),
    "any/turn": (-0.0915, 0.88),
    "classic/discard": (0.1687, 0.7057),
    "classic/turn": (0.1744, 0.7009),
    "commerce/turn": (-0.6989, 1.5495),
    "kitty/discard": (0.2254, 0.8408),
    "kitty/turn": (0.2553, 0.8283),
    "london/turn": (-0.4822, 0.9295),
    "open-table/discard": (0.0892, 0.8246),
    "open-table/turn": (0.1414, 0.7877),
    "scat/discard": (-0.267, 0.6756),
    "scat/turn": (-0.2806, 0.7675),
}
"""Per ``preset/kind`` (``any/kind`` for house rules), ``(a, b)``: shown = sigmoid(a + b · logit(raw)).

Presets differ in how far the play-out policy is from real play (in Scat a knock
without the highest hand costs a life, and real knockers misjudge that more
than the play-outs do), so each preset the benchmark covers has its own map.
"""
_PRESET_OF: dict[Rules, str] = {}
EDGE = 0.004
"""Raw shares are kept this far from 0 and 1 (a few hundred play-outs never prove certainty)."""


def decision_kind(observation: Observation) -> str:
    """``discard`` while the seat holds four cards, else ``turn``."""
    return "discard" if observation.phase is Phase.DISCARD else "turn"


def scaling_key(rules: Rules, kind: str) -> str:
    """``classic/turn``, or ``any/turn`` for rules that are not exactly a preset's."""
    if not _PRESET_OF:
        _PRESET_OF.update({p.rules: p.id for p in PRESETS.values()})
    return f"{_PRESET_OF.get(rules, 'any')}/{kind}"


def calibrated(raw: float, observation: Observation) -> float:
    """The chance to show for a raw play-out share."""
    kind = decision_kind(observation)
    key = scaling_key(observation.rules, kind)
    return scaled(raw, SCALING.get(key) or SCALING[f"any/{kind}"])


def logit(chance: float) -> float:
    """Log-odds of a share, kept off the edges."""
    chance = min(1 - EDGE, max(EDGE, chance))
    return math.log(chance / (1 - chance))


def scaled(raw: float, scaling: tuple[float, float]) -> float:
    """``raw`` through one logistic map."""
    a, b = scaling
    return 1 / (1 + math.exp(-(a + b * logit(raw))))


__all__ = ["SCALING", "calibrated", "decision_kind", "logit", "scaled", "scaling_key"]
