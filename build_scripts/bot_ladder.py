"""Measure the bots' ladder: each level's Elo rating from games in which the levels meet.

    python build_scripts/bot_ladder.py                          # the table in docs/bots.md
    python build_scripts/bot_ladder.py --games 400 --expert-games 100 --jobs 1

Every table of four different levels but the Expert, and the Expert against the three levels
below it, is played as a ``thirtyone tournament`` (classic, duplicate deals, rotating seats; the
Expert at its default budget, clock off: its games cost a hundred times more), each game
read pair by pair (``thirtyone.rating``), and the ratings fitted by maximum likelihood with
Casual fixed at its anchor. The intervals are 95% bootstrap intervals over deals, so they
are each level's uncertainty against Casual. Prints the table and the ``LADDER`` line for
``thirtyone/rating.py``; ``--json`` prints the figures as one object.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time

from thirtyone.bots import LEVELS
from thirtyone.model import preset
from thirtyone.rating import ANCHOR, PairTally, bootstrap_intervals, fit_ratings
from thirtyone.tournament import TournamentPlan
from thirtyone.tournament.ladder import ladder_tables, play_places
from thirtyone.tournament.runner import each_game


def main(argv: list[str] | None = None) -> int:
    """Play the ladder's tables, fit the ratings, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per table without the Expert (default 2000)")
    parser.add_argument("--expert-games", type=int, default=240, help="games per table with the Expert (default 240)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--size", type=int, default=4, help="players per table (default 4)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = list(LEVELS)
    rules = preset("classic").to_dict()
    tally = PairTally.empty(len(levels))
    games: list[tuple[tuple[int, ...], list[int], int]] = []
    tables = []
    started = time.monotonic()
    for number, table in enumerate(ladder_tables(levels, args.size)):
        if "expert" in table and table != tuple(levels[-args.size:]):
            continue
        count = args.expert_games if "expert" in table else args.games
        plan = TournamentPlan(rules, table, count, seed=args.seed * 1000 + number)
        table_started = time.monotonic()
        for deal, places, entry_at in each_game(plan, args.jobs, play_places):
            seated = [levels.index(table[entry]) for entry in entry_at]
            tally.add_game(places, seated)
            games.append((places, seated, number * 1_000_000 + deal))
        tables.append({"seats": list(table), "games": plan.total_games,
                       "seconds": round(time.monotonic() - table_started, 1)})
        print(f"{','.join(table)}: {plan.total_games} games, {time.monotonic() - table_started:.0f} s", file=sys.stderr)
    anchor = levels.index(ANCHOR[0])
    ratings = fit_ratings(tally, anchor, ANCHOR[1])
    intervals = bootstrap_intervals(games, len(levels), anchor, ANCHOR[1])
    if args.json:
        print(json.dumps({"levels": levels, "ratings": ratings, "intervals": intervals, "tables": tables,
                          "seed": args.seed, "seconds": round(time.monotonic() - started)}, indent=2))
        return 0
    print("$ python build_scripts/bot_ladder.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])))
    print(f"{len(games)} games, {time.monotonic() - started:.0f} s")
    print("| Level | Rating | 95% interval | Pairs played | Score |")
    print("|---|---|---|---|---|")
    for index, level in enumerate(levels):
        pairs = sum(tally.games[index])
        score = sum(tally.wins[index]) / pairs if pairs else 0.0
        low, high = intervals[index]
        shown = "fixed (anchor)" if index == anchor else f"{low:.0f} to {high:.0f}"
        print(f"| {level} | {ratings[index]:.0f} | {shown} | {pairs:.0f} | {score:.1%} |")
    print("LADDER = {" + ", ".join(f'"{level}": {round(r)}.0' for level, r in zip(levels, ratings)) + "}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
