"""Tournament figures: win rates with Wilson intervals, places, lives, thinking time; in Old West, shots."""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass
from typing import Any, Sequence

from .runner import GameOutcome
from .tally import EntryTally, Tally

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
    """Read from a histogram with buckets 2% wide (``tally.DecisionTimes``): within 1% of the exact value."""
    decision_ms_p95: float
    decisions: int
    shots_per_game: float | None = None
    """Old West: triggers pulled per game and entry (Quick Draw answers included); ``None`` without guns."""
    hit_rate: float | None = None
    """Old West: the share of those shots that put their target out (``None`` if none was fired)."""


def summarise(outcomes: Sequence[GameOutcome] | Tally, entries: Sequence[str]) -> tuple[list[EntryStats], list[EntryStats]]:
    """Per-entry figures, and per-type figures (entries with the same spec pooled).

    ``outcomes`` may be the games themselves or a ``Tally`` counted while they were played
    (what ``thirtyone tournament`` does, so its memory does not grow with the games)."""
    tally = outcomes if isinstance(outcomes, Tally) else tally_of(outcomes, len(entries))
    per_entry = [_stats(f"{i + 1} {spec}", tally.pooled([i]), 1) for i, spec in enumerate(entries)]
    types: dict[str, list[int]] = {}
    for i, spec in enumerate(entries):
        types.setdefault(spec, []).append(i)
    per_type = [_stats(spec, tally.pooled(members), len(members)) for spec, members in types.items()]
    return per_entry, per_type


def tally_of(outcomes: Sequence[GameOutcome], entries: int) -> Tally:
    """The running sums of ``outcomes``."""
    tally = Tally(entries)
    for outcome in outcomes:
        tally.add(outcome)
    return tally


def _stats(label: str, sums: EntryTally, seats: int) -> EntryStats:
    low, high = wilson_interval(sums.wins, sums.games)
    return EntryStats(
        label=label, seats=seats, games=sums.games, wins=sums.wins,
        win_rate=sums.wins / sums.games if sums.games else 0.0, win_low=low, win_high=high,
        average_place=sums.places / sums.games if sums.games else 0.0,
        lives_per_round=sums.lives_lost / sums.rounds if sums.rounds else 0.0,
        decision_ms_median=sums.times.quantile(0.5),
        decision_ms_p95=sums.times.quantile(0.95),
        decisions=sums.times.total,
        shots_per_game=sums.shots / sums.armed_games if sums.armed_games else None,
        hit_rate=sums.hits / sums.shots if sums.shots else None,
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
