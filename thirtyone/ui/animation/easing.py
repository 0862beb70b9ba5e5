"""Easing functions: progress 0..1 in, eased progress out (Pygame Zero names)."""

from __future__ import annotations

import math
from typing import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def accelerate(t: float) -> float:
    """Start slow, end fast (quadratic in)."""
    return t * t


def decelerate(t: float) -> float:
    """Start fast, end slow (quadratic out)."""
    return 1.0 - (1.0 - t) * (1.0 - t)


def accel_decel(t: float) -> float:
    """Slow at both ends (quadratic in-out)."""
    return 2 * t * t if t < 0.5 else 1.0 - 2 * (1.0 - t) * (1.0 - t)


def out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def out_back(t: float) -> float:
    """Overshoot a little, then settle: for cards landing and badges popping."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


def bounce_end(t: float) -> float:
    """Bounce to rest at the end (out bounce)."""
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


EASINGS: dict[str, Easing] = {f.__name__: f for f in (
    linear, accelerate, decelerate, accel_decel, out_cubic, out_back, out_elastic, bounce_end)}
