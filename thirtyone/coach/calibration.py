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
    # bench_coach.py --presets schwimmen, seeds 5 to 12 (48,000 turns, Sharp as it plays since its hold
    # score) --fit, a knot per 500 decisions, docs/coach.md
    "board-32": ((0.0908, 0.0638), (0.2076, 0.1036), (0.2707, 0.1078), (0.322, 0.1574), (0.3631, 0.1833),
                 (0.3981, 0.2231), (0.4293, 0.2814), (0.4679, 0.3028), (0.501, 0.3386), (0.5217, 0.3433),
                 (0.5464, 0.3944), (0.5826, 0.4246), (0.6136, 0.4741), (0.646, 0.5169), (0.6746, 0.5428),
                 (0.6961, 0.5568), (0.7121, 0.5857), (0.7209, 0.6155), (0.743, 0.6196), (0.766, 0.6255),
                 (0.7739, 0.6295), (0.7878, 0.6565), (0.8033, 0.6793), (0.8266, 0.7117), (0.861, 0.7519),
                 (0.8877, 0.7663), (0.9032, 0.7824), (0.9108, 0.8048), (0.9251, 0.806), (0.9376, 0.8367),
                 (0.946, 0.8524), (0.9535, 0.8645), (0.9631, 0.8757), (0.973, 0.8944), (0.9795, 0.9163),
                 (0.9848, 0.9233), (0.9894, 0.9322), (0.9944, 0.9442), (1.0, 0.9745)),
}
"""Per decision kind, ``(raw share, chance shown)`` knots rising strictly; shown chances are
interpolated between knots and held level beyond the first and the last.

One map per kind for every 52-card rule set: maps per preset fitted on 5,000 decisions judged games
of other seeds worse than the pooled map (they fit the noise of a few hundred rounds). A turn at a
table of 7 to ace with a middle (``board-32``: ``schwimmen`` and its house rules) has its own: there the
pooled map showed chances 8 to 15 points too high in every group from 30% to 70%. Above 0 the
lowest chance shown on 52 cards is about a third: bot moves the play-outs rated poor kept a life
about that often; on ``board-32`` such moves kept it about one time in fifteen.
"""


SHARED_HOPELESS = 0.0167
"""The chance shown for a move no play-out kept, where a decision kind has too few such moves for a
rate of its own: 1 of 60 such bot moves kept a life in 20,000 decisions of the 52-card presets (turns
and discards together; those runs' files are gone, so the 52-card kinds keep this value)."""

HOPELESS: dict[str, float] = {
    "turn": SHARED_HOPELESS,
    "discard": SHARED_HOPELESS,
    # bench_coach.py --presets schwimmen, seeds 5 to 12: 581 such moves, 28 kept a life (1.9% to 13.7% by
    # seed, each within about two of its errors counted by rounds), docs/coach.md
    "board-32": 0.0482,
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
