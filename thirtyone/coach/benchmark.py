"""Measuring the coach's honesty: predicted chance to keep one's lives against what happened.

Bots play whole games; at each of their decisions the coach is asked (from
that seat's observation) what the move made is worth, and when the round ends
the prediction is marked kept or not. ``calibration_table`` groups the
predictions by tenths. ``build_scripts/bench_coach.py`` runs it at size.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from ..bots import make_bot
from ..model import Deal, Fire, Observation, Phase, QuickDraw, new_game, preset
from ..model import apply, observe
from .advice import candidates
from .calibration import calibrated, decision_kind
from .search import PLAYOUTS, estimate_actions


@dataclass(frozen=True, slots=True)
class Sample:
    """One coached decision and what came of it."""

    preset: str
    kind: str
    """``turn`` (draw, take, swap, pass, knock), ``discard``, or ``board-32`` (a turn at a 32-card table
    with a middle); see ``calibration.decision_kind``."""
    raw: float
    """The play-outs' share of lives kept for the move made, before calibration."""
    predicted: float
    kept: bool
    knocked: bool = False
    """Someone had knocked when the move was made: the round's last lap (runs saved before this was
    recorded read as ``False``)."""
    round: str = ""
    """Which round of which run (``seed/game/round``): a round's decisions share one outcome, so
    sampling errors are counted by rounds, not decisions (empty in runs saved before)."""


def coached_games(presets: Sequence[str], seats: Sequence[str], seed: int, limit: int,
                  raw_only: bool = False, playouts: int = PLAYOUTS) -> Iterator[Sample]:
    """Play bot games (presets in turn) and yield a ``Sample`` per coached decision, up to ``limit``.

    ``playouts`` below the coach's own only make a quick check of the table's machinery.
    """
    made = 0
    game = 0
    while made < limit:
        preset_id = presets[game % len(presets)]
        rules = preset(preset_id)
        order = list(seats)
        random.Random(seed * 1000 + game).shuffle(order)
        bots = [make_bot(spec) for spec in order]
        rng = random.Random(seed * 7919 + game)
        state = new_game(rules, [f"{spec} {i + 1}" for i, spec in enumerate(order)], seed=seed * 100_003 + game)
        pending: list[tuple[int, str, float, float, bool]] = []
        start_tokens = state.tokens
        while state.phase is not Phase.GAME_OVER and made < limit:
            if state.phase is Phase.DEAL:
                state = apply(state, Deal())[0]
                start_tokens, pending = state.tokens, []
                continue
            seat = state.current
            observation = observe(state, seat)
            action = bots[seat].choose(observation, rng)
            if _coachable(observation, action):
                moves = candidates(observation, also=action)
                estimate = next(e for e in estimate_actions(observation, moves, playouts) if e.action == action)
                kind = decision_kind(observation)
                shown = estimate.keep_chance if raw_only else calibrated(estimate.keep_chance, observation)
                pending.append((seat, kind, estimate.keep_chance, shown, observation.knocker >= 0))
            round_number = state.round_number
            state = apply(state, action)[0]
            if state.round_number != round_number or state.phase in (Phase.DEAL, Phase.GAME_OVER):
                for who, kind, raw, shown, knocked in pending:
                    if made < limit:
                        made += 1
                        yield Sample(preset_id, kind, raw, shown, state.tokens[who] >= start_tokens[who], knocked,
                                     f"{seed}/{game}/{round_number}")
                pending = []
        game += 1


def _coachable(observation: Observation, action: object) -> bool:
    if isinstance(action, (Fire, QuickDraw)) or observation.rules.old_west:
        return False
    if observation.phase is Phase.CHOOSE:  # the coach gives no odds on the dealer's choice (``advise``)
        return False
    return len(candidates(observation)) > 1


@dataclass(frozen=True, slots=True)
class Group:
    """One tenth of the predictions."""

    low: float
    count: int
    predicted: float
    observed: float
    error: float | None = None
    """The observed rate's standard error counted by rounds (a round's decisions share one outcome),
    or ``None`` when the samples do not say their rounds."""

    @property
    def gap_points(self) -> float:
        """Observed minus predicted, in percentage points."""
        return (self.observed - self.predicted) * 100


def calibration_table(samples: Sequence[Sample], chance: Callable[[Sample], float] = lambda s: s.predicted
                      ) -> list[Group]:
    """Predictions grouped by tenths (0–10%, …, 90–100%), with the observed rate in each."""
    buckets: list[list[Sample]] = [[] for _ in range(10)]
    for sample in samples:
        buckets[min(9, int(chance(sample) * 10))].append(sample)
    return [Group(index / 10, len(bucket), sum(map(chance, bucket)) / len(bucket),
                  sum(s.kept for s in bucket) / len(bucket), round_error(bucket))
            for index, bucket in enumerate(buckets) if bucket]


def round_error(samples: Sequence[Sample]) -> float | None:
    """The standard error of the rate of lives kept among ``samples``, with each round's decisions
    counted together (they share one outcome, so they are not independent draws): the square root
    of the sum over rounds of (kept − rate × decisions)², over the number of decisions. ``None``
    when a sample does not say its round."""
    if not samples or any(not s.round for s in samples):
        return None
    rate = sum(s.kept for s in samples) / len(samples)
    by_round: dict[str, float] = {}
    for sample in samples:
        by_round[sample.round] = by_round.get(sample.round, 0.0) + sample.kept - rate
    return math.sqrt(sum(d * d for d in by_round.values())) / len(samples)


def format_table(groups: Sequence[Group], minimum: int = 200) -> str:
    """The table as text; groups with ``minimum`` or more decisions are held to the 3-point target."""
    errors = all(group.error is not None for group in groups)
    lines = ["| predicted | decisions | mean predicted | observed | gap (points) |" + (" error (by rounds) |" if errors else ""),
             "|---|---|---|---|---|" + ("---|" if errors else "")]
    for group in groups:
        flag = "" if group.count < minimum else (" ✓" if abs(group.gap_points) <= 3 else " ✗")
        error = f" ±{(group.error or 0) * 100:.1f} |" if errors else ""
        lines.append(f"| {group.low * 100:.0f}–{group.low * 100 + 10:.0f}% | {group.count} | "
                     f"{group.predicted * 100:.1f}% | {group.observed * 100:.1f}% | {group.gap_points:+.1f}{flag} |{error}")
    return "\n".join(lines)


CALIBRATION_BINS = 6
"""The fewest equal-count groups of raw shares a calibration map is fitted on. A round's decisions
share one outcome, so 5,000 decisions are only a few hundred independent rounds: with 8 to 15 bins
of a few hundred decisions the lowest group's rate moved by 7–11 points from one seed's games to
another's."""

KNOT_DECISIONS = 500
"""Where the data is denser, a map gets a knot per this many decisions instead: on ``schwimmen``
(12,000 decisions) six groups of 1,560 left one lowest knot for raw shares from 0.5% to 50%,
whose moves kept a life 13% of the time at its low end and 34% at its top."""

HOPELESS_DECISIONS = 100
"""A decision kind gets a hopeless chance of its own (``fit_hopeless``) from this many moves no
play-out kept; with fewer it keeps the shared one (``calibration.SHARED_HOPELESS``)."""


CERTAIN = 0.995
"""Raw shares above this (about every play-out kept) are a group of their own: such moves kept
a life 99.4% of the time, which the next group's average (93%) would hide. At the other end
only a share of exactly 0 stands apart (``fit_hopeless``): moves that kept a life in even one
play-out kept it about a quarter of the time, like the lowest group."""


SURE = 0.01
"""The coach never shows a chance nearer than this to 0 or 1."""


def fit_knots(samples: Sequence[Sample], bins: int | None = None) -> tuple[tuple[float, float], ...]:
    """A calibration map: ``(raw share, chance to show)`` knots, both rising strictly.

    The samples are sorted by raw share; those above ``CERTAIN`` form one group, and the
    rest (but for shares of 0, see ``fit_hopeless``) is cut into ``bins`` groups of equal
    size (by default one per ``KNOT_DECISIONS``, at least ``CALIBRATION_BINS``). Each group becomes a knot at its mean raw share and its observed rate of lives
    kept. Neighbours out of order (or level) are pooled until every knot is above the last
    (pool-adjacent-violators), so a better raw share never shows a lower chance.
    """
    ordered = sorted(samples, key=lambda s: s.raw)
    rest = [s for s in ordered if 0 < s.raw <= CERTAIN]
    count = len(rest)
    if bins is None:
        bins = max(CALIBRATION_BINS, count // KNOT_DECISIONS)
    groups = [*(rest[index * count // bins:(index + 1) * count // bins] for index in range(bins)),
              [s for s in ordered if s.raw > CERTAIN]]
    pools: list[list[float]] = []  # [sum of raw, lives kept, decisions]
    for part in groups:
        if not part:
            continue
        pools.append([sum(s.raw for s in part), float(sum(s.kept for s in part)), float(len(part))])
        while len(pools) > 1 and pools[-2][1] / pools[-2][2] >= pools[-1][1] / pools[-1][2]:
            raw, kept, size = pools.pop()
            pools[-1] = [pools[-1][0] + raw, pools[-1][1] + kept, pools[-1][2] + size]
    return tuple((round(raw / size, 4), _bounded(kept / size)) for raw, kept, size in pools)


def fit_hopeless(samples: Sequence[Sample], shared: float, minimum: int = HOPELESS_DECISIONS) -> float:
    """The chance to show for a move no play-out kept: how often such moves among ``samples`` kept
    a life, or ``shared`` when there are fewer than ``minimum`` of them."""
    hopeless = [s for s in samples if s.raw <= 0]
    if len(hopeless) < minimum:
        return shared
    return _bounded(sum(s.kept for s in hopeless) / len(hopeless))


def _bounded(rate: float) -> float:
    # A few thousand decisions never prove certainty either way.
    return round(min(1 - SURE, max(SURE, rate)), 4)


__all__ = ["CALIBRATION_BINS", "CERTAIN", "HOPELESS_DECISIONS", "KNOT_DECISIONS", "SURE", "Group", "Sample", "calibration_table", "coached_games", "round_error",
           "fit_hopeless", "fit_knots", "format_table"]
