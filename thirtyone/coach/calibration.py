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
    # build_scripts/bench_coach.py --load (seeds 3, 4 and 5, 15,000 decisions) --fit, see docs/coach.md
    "turn": ((0.2389, 0.327), (0.4648, 0.4351), (0.5713, 0.5352), (0.6635, 0.6352), (0.7773, 0.731),
             (0.9313, 0.8999), (0.9999, 0.99)),
    "discard": ((0.2027, 0.33), (0.4303, 0.4217), (0.5376, 0.5194), (0.6324, 0.6371), (0.7349, 0.6949),
                (0.9009, 0.8375), (0.9997, 0.99)),
}
"""Per decision kind, ``(raw share, chance shown)`` knots rising strictly; shown chances are
interpolated between knots and held level beyond the first and the last.

One map per kind for every rule set: maps per preset fitted on 5,000 decisions judged games
of other seeds worse than the pooled map (they fit the noise of a few hundred rounds). The
lowest chance shown is about a third: bot moves the play-outs rated hopeless kept a life
about that often, and the few rated at zero are too few to map on their own.
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
