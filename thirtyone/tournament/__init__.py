"""Headless tournaments: play many bot games with duplicate deals and measure the seats.

``run_tournament(plan, jobs)`` plays the games (in worker processes if asked)
and returns their outcomes in game order; ``summarise`` turns them into the
figures the ``thirtyone tournament`` command prints.
"""

from .runner import GameOutcome, TournamentPlan, play_game, run_tournament
from .stats import EntryStats, paired_gain, summarise, wilson_interval

__all__ = ["EntryStats", "GameOutcome", "TournamentPlan", "paired_gain", "play_game", "run_tournament", "summarise",
           "wilson_interval"]
