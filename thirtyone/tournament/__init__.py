"""Headless tournaments: play many bot games with duplicate deals and measure the seats.

``tally_tournament(plan, jobs)`` plays the games (in worker processes if asked)
and counts each as it ends, keeping none (``thirtyone tournament``: its memory does
not grow with the games); ``run_tournament`` returns every outcome in game order,
for studies that compare games one by one (``paired_gain``). ``summarise`` turns
either into the figures the command prints.
"""

from .runner import GameOutcome, TournamentPlan, play_game, run_tournament
from .stats import EntryStats, paired_gain, summarise, wilson_interval
from .tally import Tally, tally_tournament

__all__ = ["EntryStats", "GameOutcome", "Tally", "TournamentPlan", "paired_gain", "play_game", "run_tournament",
           "summarise", "tally_tournament", "wilson_interval"]
