"""The bots' ladder: each level's rating from tournament games in which the levels meet.

``ladder_tables`` lists the tables (every choice of ``size`` levels out of the ladder, so each
level meets every other); ``play_places`` plays one game of a plan and returns each entry's
place as Statistics counts it (``storage.stats.finishing_places``), so the bots' ratings and a
player's are read from the same places. ``build_scripts/bot_ladder.py`` fits them
(``rating.fit_ratings``) and prints the table in ``docs/bots.md``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from ..storage.stats import finishing_places
from .runner import TournamentPlan, play_match


def ladder_tables(levels: Sequence[str], size: int) -> list[tuple[str, ...]]:
    """Every table of ``size`` different levels, weakest first in each."""
    return [tuple(table) for table in combinations(levels, size)]


def play_places(task: tuple[TournamentPlan, int]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Play game ``index`` of the plan: (its deal, each seat's place, the entry at each seat)."""
    plan, index = task
    match, entry_at, _ = play_match(plan, index)
    return index // len(plan.entries), finishing_places(match.events, len(entry_at)), tuple(entry_at)
