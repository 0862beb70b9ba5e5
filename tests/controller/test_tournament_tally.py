"""A tournament counted game by game gives the figures of the kept games, in memory that does not grow."""

from __future__ import annotations

import random
import statistics

import pytest

from thirtyone.model import PRESETS
from thirtyone.tournament import TournamentPlan, run_tournament, summarise, tally_tournament
from thirtyone.tournament.stats import tally_of
from thirtyone.tournament.tally import DecisionTimes


def test_quantiles_from_the_histogram_are_within_one_percent_of_the_sorted_times() -> None:
    rng = random.Random(5)
    times = [rng.lognormvariate(0, 1.5) for _ in range(20_000)] + [0.0, 1e-9]
    histogram = DecisionTimes()
    for ms in times:
        histogram.add(ms)
    ordered = sorted(times)
    for share in (0.1, 0.5, 0.9, 0.95, 0.99):
        exact = ordered[min(len(ordered) - 1, int(share * len(ordered)))]
        assert histogram.quantile(share) == pytest.approx(exact, rel=0.011)
    assert histogram.total == len(times) and DecisionTimes().quantile(0.5) == 0.0


def test_the_histogram_stays_small_however_many_decisions_it_counts() -> None:
    histogram = DecisionTimes()
    rng = random.Random(1)
    for _ in range(100_000):
        histogram.add(rng.uniform(0.01, 500.0))
    # 0.01 to 500 ms spans about 547 buckets of 2%: the count of buckets, not of decisions.
    assert histogram.total == 100_000 and len(histogram.counts) < 600


def test_a_tallied_tournament_reports_what_the_kept_games_report() -> None:
    plan = TournamentPlan(PRESETS["classic"].rules.to_dict(), ("sharp", "casual", "casual"), 12, seed=3)
    entries = list(plan.entries)
    kept = summarise(run_tournament(plan), entries)
    counted = summarise(tally_tournament(plan), entries)
    for exact, tallied in zip(kept[0] + kept[1], counted[0] + counted[1]):
        assert (tallied.label, tallied.games, tallied.wins, tallied.decisions) == (exact.label, exact.games, exact.wins,
                                                                                 exact.decisions)
        assert tallied.average_place == pytest.approx(exact.average_place)
        assert tallied.lives_per_round == pytest.approx(exact.lives_per_round)
    # Against the exact median of every decision time of the games (the old summary's sort).
    outcomes = run_tournament(plan)
    sharp_times = sorted(t for o in outcomes for t in o.decision_ms[0])
    assert tally_of(outcomes, 3).entries[0].times.quantile(0.5) == pytest.approx(
        sharp_times[len(sharp_times) // 2], rel=0.011)
    assert statistics.median(sharp_times) > 0
