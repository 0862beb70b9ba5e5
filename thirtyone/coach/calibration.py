"""Turning raw play-out shares into chances that mean what they say.

The play-outs model every player (this one included) with one quick greedy
policy, so their raw share of lives kept is biased: far too gloomy for moves
they rate hopeless, a little too hopeful in the middle. ``KNOTS`` maps the raw
share to the rate of lives actually kept, one map per kind of decision (a
turn's first choice, or a discard), measured on bot games by
``build_scripts/bench_coach.py --raw --fit`` and checked on games of other
seeds (``docs/coach.md``).
"""

from __future__ import annotations

from bisect import bisect_left

from ..model import Observation, Phase

Knots = tuple[tuple[float, float], ...]

KNOTS: dict[str, Knots] = {
    # build_scripts/bench_coach.py --raw --fit on 10,000 decisions (seeds 3 and 4), see docs/coach.md
    "turn": ((0.1695, 0.3408), (0.3766, 0.3812), (0.4759, 0.4247), (0.546, 0.5077), (0.6041, 0.5497),
             (0.6641, 0.6359), (0.7286, 0.6849), (0.8143, 0.7726), (0.9206, 0.8836), (0.992, 0.9829)),
    "discard": ((0.1337, 0.3422), (0.3427, 0.3822), (0.4404, 0.3976), (0.5098, 0.4976), (0.5715, 0.506),
                (0.6296, 0.6322), (0.6856, 0.6361), (0.7567, 0.7476), (0.8672, 0.8), (0.9774, 0.9471)),
}
"""Per decision kind, ``(raw share, chance shown)`` knots rising strictly; shown chances are
interpolated between knots and held level beyond the first and the last.

One map per kind for every rule set: maps per preset fitted on 5,000 decisions judged games
of other seeds worse than the pooled map (they fit the noise of a few hundred rounds).
"""


def decision_kind(observation: Observation) -> str:
    """``discard`` while the seat holds four cards, else ``turn``."""
    return "discard" if observation.phase is Phase.DISCARD else "turn"


def calibrated(raw: float, observation: Observation) -> float:
    """The chance to show for a raw play-out share."""
    return through(KNOTS[decision_kind(observation)], raw)


def through(knots: Knots, raw: float) -> float:
    """``raw`` through one map: straight lines between knots, level beyond the ends."""
    index = bisect_left(knots, (raw,))
    if index == 0:
        return knots[0][1]
    if index == len(knots):
        return knots[-1][1]
    (x0, y0), (x1, y1) = knots[index - 1], knots[index]
    return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)


__all__ = ["KNOTS", "Knots", "calibrated", "decision_kind", "through"]
