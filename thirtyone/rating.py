"""Ratings on the bots' ladder: Elo for games of several players, read pair by pair.

A game of N players is read as one game between every pair of them: the seat that finished
in the better place scored 1 against the other, equal places 0.5 each (places as Statistics
counts them, ``storage.stats.finishing_places``). That is the pairwise decomposition of
multi-player Elo: standard Elo's logistic expectation on the usual 400-point scale, so a
100-point gap means the better player finishes ahead 64% of the time.

* The **ladder** (``LADDER``) is each bot level's rating, measured by
  ``build_scripts/bot_ladder.py`` (Bradley-Terry maximum likelihood on the pairs of
  tournament games, the same model Elo's updates estimate step by step; ``docs/bots.md``
  has the table with its intervals). The bots' ratings are fixed: only the player moves.
* A **player's rating** starts at ``START`` and, after each finished game against bots
  only, moves by ``K / (N - 1)`` times the sum over the bots of (score − expected score):
  a game is worth as much as one two-player game whatever the table's size, and beating
  three bots of your own rating gains ``K`` / 2 = 16 points.

Elo rather than Glicko: the bots' ratings are fixed and known, a player's games come one at a
time, and a rating a player can follow by hand (the documented ``K``) is the point; Glicko's
deviation would mostly say "few games yet", which the count of games beside it says too.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Mapping, Sequence

SCALE = 400.0
"""Elo's scale: a gap of this many points means odds of 10 to 1 of finishing ahead."""
K = 32.0
"""How far one game moves a player's rating at most (split over the pairs of the game)."""
ANCHOR = ("casual", 1200.0)
"""The level whose rating is fixed by definition: the other levels are measured against it."""
LADDER: Mapping[str, float] = {
    "random": 180.0,
    "beginner": 1058.0,
    "casual": 1200.0,
    "sharp": 1248.0,
    "expert": 1330.0,
}
"""Each bot level's rating (classic rules, four players), measured 2026-11-26 by
``build_scripts/bot_ladder.py --games 2000 --expert-games 240`` (2,240 games; the intervals are in
``docs/bots.md``). The ratings a player's games are read against: change them only by measuring again."""
START = ANCHOR[1]
"""A new player's rating: the anchor level's, until games say otherwise."""


def expected_score(rating: float, other: float) -> float:
    """The share of pairs ``rating`` is expected to win against ``other`` (0.5 between equals)."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / SCALE))


def pair_scores(places: Sequence[float], seat: int) -> list[tuple[int, float]]:
    """``seat``'s score against each other seat: 1 for a better place, 0.5 for the same, 0 for worse."""
    mine = places[seat]
    return [(other, 1.0 if mine < place else 0.5 if mine == place else 0.0)
            for other, place in enumerate(places) if other != seat]


def rating_change(rating: float, opponents: Sequence[tuple[float, float]], k: float = K) -> float:
    """The change of ``rating`` after one game: ``opponents`` are (their rating, your score against them)."""
    if not opponents:
        return 0.0
    return k / len(opponents) * sum(score - expected_score(rating, other) for other, score in opponents)


def game_change(rating: float, places: Sequence[float], seat: int, ratings: Sequence[float]) -> float:
    """The change of ``seat``'s ``rating`` from a finished game's places, the others rated ``ratings``
    (by seat; the seat's own entry is not read)."""
    return rating_change(rating, [(ratings[other], score) for other, score in pair_scores(places, seat)])


@dataclass(frozen=True)
class PairTally:
    """Pairwise results between entries: ``wins[i][j]`` is what ``i`` scored against ``j`` over ``games[i][j]``."""

    wins: list[list[float]]
    games: list[list[float]]

    @classmethod
    def empty(cls, entries: int) -> PairTally:
        return cls([[0.0] * entries for _ in range(entries)], [[0.0] * entries for _ in range(entries)])

    def add_game(self, places: Sequence[float], entries: Sequence[int]) -> None:
        """Count one game: ``places[s]`` is seat ``s``'s place and ``entries[s]`` who sat there."""
        for seat, entry in enumerate(entries):
            for other, score in pair_scores(places, seat):
                if entries[other] != entry:  # two copies of one level tell nothing about it
                    self.wins[entry][entries[other]] += score
                    self.games[entry][entries[other]] += 1


def fit_ratings(tally: PairTally, anchor: int, anchor_rating: float, prior_games: float = 1.0,
                iterations: int = 2000) -> list[float]:
    """Bradley-Terry ratings by maximum likelihood (Hunter's MM updates), on Elo's scale.

    ``prior_games`` adds that many drawn games between every two entries that met: a level
    that never lost to another would otherwise be rated infinitely above it."""
    count = len(tally.wins)
    wins = [[tally.wins[i][j] + (prior_games / 2 if tally.games[i][j] else 0.0) for j in range(count)]
            for i in range(count)]
    games = [[tally.games[i][j] + (prior_games if tally.games[i][j] else 0.0) for j in range(count)]
             for i in range(count)]
    strength = [1.0] * count
    for _ in range(iterations):
        moved = 0.0
        for i in range(count):
            total = sum(wins[i])
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(count) if games[i][j])
            if denominator and total:
                new = total / denominator
                moved = max(moved, abs(math.log(new / strength[i])))
                strength[i] = new
        if moved < 1e-10:
            break
    base = math.log10(strength[anchor])
    return [anchor_rating + SCALE * (math.log10(s) - base) for s in strength]


def bootstrap_intervals(games: Sequence[tuple[Sequence[float], Sequence[int], int]], entries: int, anchor: int,
                        anchor_rating: float, samples: int = 200, seed: int = 1,
                        share: float = 0.95) -> list[tuple[float, float]]:
    """Each entry's rating interval: refit on deals drawn with replacement (a deal's games stay together,
    since the rotations of one deal share its luck). ``games`` are (places, entries by seat, deal)."""
    by_deal: dict[int, list[tuple[Sequence[float], Sequence[int]]]] = {}
    for places, seated, deal in games:
        by_deal.setdefault(deal, []).append((places, seated))
    deals = list(by_deal.values())
    rng = random.Random(seed)
    fits: list[list[float]] = []
    for _ in range(samples):
        tally = PairTally.empty(entries)
        for _ in deals:
            for places, seated in rng.choice(deals):
                tally.add_game(places, seated)
        fits.append(fit_ratings(tally, anchor, anchor_rating))
    cut = (1 - share) / 2
    intervals = []
    for entry in range(entries):
        values = sorted(fit[entry] for fit in fits)
        intervals.append((values[int(cut * (samples - 1))], values[int((1 - cut) * (samples - 1) + 0.5)]))
    return intervals


__all__ = ["ANCHOR", "K", "LADDER", "SCALE", "START", "PairTally", "bootstrap_intervals", "expected_score",
           "fit_ratings", "game_change", "pair_scores", "rating_change"]
