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
from ..model.rule_choices import deck_lowest

Knots = tuple[tuple[float, float], ...]

KNOTS: dict[str, Knots] = {
    # build_scripts/bench_coach.py --load (seeds 3 to 6, 20,000 decisions) --fit, see docs/coach.md
    "turn": ((0.2524, 0.3241), (0.4724, 0.4486), (0.5758, 0.5362), (0.6679, 0.6275), (0.7834, 0.7281),
             (0.9346, 0.8912), (0.9999, 0.99)),
    "discard": ((0.2166, 0.3265), (0.4394, 0.4165), (0.5424, 0.5211), (0.6339, 0.6153), (0.7374, 0.6954),
                (0.9002, 0.8376), (0.9998, 0.99)),
    # bench_coach.py --presets schwimmen, seeds 1 to 4 (24,000 turns, Sharp's 32-card knocks) --fit, a knot
    # per 500 decisions, docs/coach.md
    "board-32": ((0.0789, 0.095), (0.2123, 0.1206), (0.3032, 0.2292), (0.3735, 0.2569), (0.427, 0.2693),
                 (0.4711, 0.3458), (0.5226, 0.3953), (0.565, 0.4079), (0.5903, 0.415), (0.6152, 0.4664),
                 (0.6379, 0.5237), (0.6586, 0.5287), (0.6881, 0.5534), (0.714, 0.6028), (0.731, 0.6198),
                 (0.7556, 0.6225), (0.7807, 0.664), (0.7967, 0.6752), (0.8226, 0.6996), (0.8481, 0.7273),
                 (0.8642, 0.7426), (0.8893, 0.7589), (0.9152, 0.7984), (0.9299, 0.8297), (0.9429, 0.832),
                 (0.9594, 0.835), (0.9798, 0.9235), (0.9912, 0.9308), (0.9944, 0.9447), (1.0, 0.9784)),
}
"""Per decision kind, ``(raw share, chance shown)`` knots rising strictly; shown chances are
interpolated between knots and held level beyond the first and the last.

One map per kind for every 52-card rule set: maps per preset fitted on 5,000 decisions judged games
of other seeds worse than the pooled map (they fit the noise of a few hundred rounds). A turn at a
table of 7 to ace with a middle (``board-32``: ``schwimmen`` and its house rules) has its own: there the
pooled map showed chances 8 to 15 points too high in every group from 30% to 70%. Above 0 the
lowest chance shown on 52 cards is about a third: bot moves the play-outs rated poor kept a life
about that often; on ``board-32`` such moves kept it about one time in ten.
"""


SHARED_HOPELESS = 0.0167
"""The chance shown for a move no play-out kept, where a decision kind has too few such moves for a
rate of its own: 1 of 60 such bot moves kept a life in 20,000 decisions of the 52-card presets (turns
and discards together; those runs' files are gone, so the 52-card kinds keep this value)."""

HOPELESS: dict[str, float] = {
    "turn": SHARED_HOPELESS,
    "discard": SHARED_HOPELESS,
    # bench_coach.py --presets schwimmen, seeds 1 to 4: 385 such moves, 39 kept a life (6 of 74, 30 of 155,
    # 1 of 102 and 2 of 54 by seed: the rate moves a lot from run to run), docs/coach.md
    "board-32": 0.1013,
}
"""Per decision kind (as ``KNOTS``), the chance shown for a move that no play-out kept: how often such
bot moves kept a life, fitted by ``benchmark.fit_hopeless``. It is not on the map: a move kept in even
one play-out kept a life about a quarter of the time on 52 cards."""


def decision_kind(observation: Observation) -> str:
    """``discard`` while the seat holds four cards; ``board-32`` for a turn at a table of 7 to ace
    with a middle (one or two 32-card packs); else ``turn``."""
    if observation.phase is Phase.DISCARD:
        return "discard"
    rules = observation.rules
    return "board-32" if rules.has_board and deck_lowest(rules.deck) == 7 else "turn"


def calibrated(raw: float, observation: Observation) -> float:
    """The chance to show for a raw play-out share."""
    kind = decision_kind(observation)
    return shown(raw, KNOTS[kind], HOPELESS[kind])


def shown(raw: float, knots: Knots, hopeless: float) -> float:
    """The chance to show: ``hopeless`` for a share of 0 (no play-out kept), else through ``knots``."""
    return hopeless if raw <= 0 else through(knots, raw)


def through(knots: Knots, raw: float) -> float:
    """``raw`` through one map: straight lines between knots, level beyond the ends."""
    index = bisect_left(knots, (raw,))
    if index == 0:
        return knots[0][1]
    if index == len(knots):
        return knots[-1][1]
    (x0, y0), (x1, y1) = knots[index - 1], knots[index]
    return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)


__all__ = ["HOPELESS", "KNOTS", "SHARED_HOPELESS", "Knots", "calibrated", "decision_kind", "shown", "through"]
