"""Tournament figures: win rates with Wilson intervals, places, lives, thinking time; in Old West, shots."""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass
from typing import Any, Sequence

from .runner import GameOutcome

Z_95 = 1.959964


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_gain(first: Sequence[GameOutcome], second: Sequence[GameOutcome], entry: int = 0,
                z: float = Z_95) -> tuple[float, float, float]:
    """How much more often ``entry`` won in ``first`` than in ``second``, game by game, with its interval.

    Both tournaments must be the same plan but for that entry's bot: the same deals in the
    same seats, so each game is compared with its twin and most of the luck of the deal
    cancels (the interval is narrower than two separate win rates' would allow).
    Returns (gain, low, high) as shares; ``ValueError`` if the games do not pair up.
    """
    twins = {o.index: o for o in second}
    if not first or len(first) != len(twins) or any(o.index not in twins for o in first):
        raise ValueError("the two tournaments did not play the same games")
    gains = [(o.winner == entry) - (twins[o.index].winner == entry) for o in first]
    mean = statistics.fmean(gains)
    half = z * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 1.0
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class EntryStats:
    """Figures for one entry, or for all entries of one bot type together."""

    label: str
    seats: int
    """How many entries these figures cover (copies of the same bot)."""
    games: int
    """Games played, counted once per entry: par win rate is 1 / players."""
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    average_place: float
    lives_per_round: float
    decision_ms_median: float
    decision_ms_p95: float
    decisions: int
    shots_per_game: float | None = None
    """Old West: triggers pulled per game and entry (Quick Draw answers included); ``None`` without guns."""
    hit_rate: float | None = None
    """Old West: the share of those shots that put their target out (``None`` if none was fired)."""


def summarise(outcomes: Sequence[GameOutcome], entries: Sequence[str]) -> tuple[list[EntryStats], list[EntryStats]]:
    """Per-entry figures, and per-type figures (entries with the same spec pooled)."""
    per_entry = [_stats(f"{i + 1} {spec}", [i], outcomes) for i, spec in enumerate(entries)]
    types: dict[str, list[int]] = {}
    for i, spec in enumerate(entries):
        types.setdefault(spec, []).append(i)
    per_type = [_stats(spec, members, outcomes) for spec, members in types.items()]
    return per_entry, per_type


def _stats(label: str, members: list[int], outcomes: Sequence[GameOutcome]) -> EntryStats:
    games = len(outcomes) * len(members)
    wins = sum(1 for o in outcomes if o.winner in members)
    low, high = wilson_interval(wins, games)
    places = [o.places[m] for o in outcomes for m in members]
    lives = sum(o.lives_lost[m] for o in outcomes for m in members)
    rounds = sum(o.rounds_played[m] for o in outcomes for m in members)
    times = sorted(t for o in outcomes for m in members if o.decision_ms for t in o.decision_ms[m])
    armed = [o for o in outcomes if o.shots]
    shots = sum(o.shots[m] for o in armed for m in members)
    hits = sum(o.hits[m] for o in armed for m in members)
    return EntryStats(
        label=label, seats=len(members), games=games, wins=wins,
        win_rate=wins / games if games else 0.0, win_low=low, win_high=high,
        average_place=statistics.fmean(places) if places else 0.0,
        lives_per_round=lives / rounds if rounds else 0.0,
        decision_ms_median=statistics.median(times) if times else 0.0,
        decision_ms_p95=times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
        decisions=len(times),
        shots_per_game=shots / (len(armed) * len(members)) if armed else None,
        hit_rate=hits / shots if shots else None,
    )


def format_table(rows: Sequence[EntryStats], heading: str = "seat") -> str:
    """A plain-text table, one line per row (``heading`` names what a row is: a seat's entry, or a
    kind of bot); shots and hit rate join in when guns were played."""
    guns = any(row.shots_per_game is not None for row in rows)
    header = f"{heading:<24} {'wins':>6} {'win rate':>9} {'95% CI':>15} {'place':>6} {'lives/rnd':>9} {'ms med':>7} {'ms p95':>7}"
    if guns:
        header += f" {'shots/g':>7} {'hit %':>6}"
    lines = [header, "-" * len(header)]
    for row in rows:
        label = row.label if row.seats == 1 else f"{row.label} (x{row.seats})"
        line = (f"{label[:24]:<24} {row.wins:>6} {row.win_rate:>8.1%} {f'{row.win_low:.1%}–{row.win_high:.1%}':>15} "
                f"{row.average_place:>6.2f} {row.lives_per_round:>9.3f} {row.decision_ms_median:>7.1f} {row.decision_ms_p95:>7.1f}")
        if guns:
            hit = f"{row.hit_rate:.0%}" if row.hit_rate is not None else "–"
            line += f" {row.shots_per_game or 0.0:>7.2f} {hit:>6}"
        lines.append(line)
    return "\n".join(lines)


def as_json(rows: Sequence[EntryStats]) -> list[dict[str, Any]]:
    """Rows as plain data for ``--json``."""
    return [asdict(row) for row in rows]
