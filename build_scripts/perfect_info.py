"""Measure the perfect-information references against three Sharp: the Expert, the Expert knowing every
hand, and the Expert knowing the stock's order too (``thirtyone.tournament.perfect_info``).

    python build_scripts/perfect_info.py --games 200 --seed 4242 [--log FILE]

Each entry plays the same deals in the same seats (a ``thirtyone tournament`` of that seed, seats
rotated), so each game of a reference is compared with the Expert's game on its twin deal
(``paired_gain``). Prints win rates with Wilson intervals, the paired gains, and the Expert's
strength as a share of the gap from par (one in as many players) to each reference.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time

from thirtyone.model import preset
from thirtyone.tournament import TournamentPlan, paired_gain, wilson_interval
from thirtyone.tournament.perfect_info import play_reference
from thirtyone.tournament.runner import GameOutcome

VARIANTS = ("expert", "expert-hands", "expert-omniscient")


def main(argv: list[str] | None = None) -> int:
    """Play each variant against three Sharp on the same deals and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--log", default=None, help="append each game's winner to this file as it ends")
    parser.add_argument("--budget-ms", type=float, default=None, help="the Expert's thinking (default its own)")
    parser.add_argument("--report", default=None, metavar="LOG",
                        help="print the table from a --log of an earlier run (games all variants finished)")
    args = parser.parse_args(argv)
    if args.report is not None:
        return report(read_log(args.report))
    print("$ python build_scripts/perfect_info.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])))
    variants = args.variants.split(",")
    plans = {variant: TournamentPlan(preset(args.preset).to_dict(), (variant, "sharp", "sharp", "sharp"), args.games,
                                     args.seed, args.budget_ms) for variant in variants}
    results: dict[str, list[GameOutcome]] = {variant: [] for variant in variants}
    started = time.monotonic()
    # Game by game, every variant in turn: a run stopped early still compares the variants on the same deals.
    for index in range(plans[variants[0]].total_games):
        for variant in variants:
            outcome = play_reference((plans[variant], index))
            results[variant].append(outcome)
            if args.log is not None:  # a long run on a shared machine: what is played so far is kept
                with open(args.log, "a", encoding="utf-8") as log:
                    log.write(json.dumps({"variant": variant, "game": index, "winner": outcome.winner}) + "\n")
    print(f"{plans[variants[0]].total_games} games per variant, {time.monotonic() - started:.0f} s", file=sys.stderr)
    return report(results)


def read_log(path: str) -> dict[str, list[GameOutcome]]:
    """The games of a ``--log``, keeping only game numbers every variant finished (so all stay paired)."""
    winners: dict[str, dict[int, int]] = {}
    with open(path, encoding="utf-8") as log:
        for line in log:
            entry = json.loads(line)
            winners.setdefault(entry["variant"], {})[entry["game"]] = entry["winner"]
    common = set.intersection(*(set(games) for games in winners.values()))
    return {variant: [GameOutcome(index, games[index], (), (), ()) for index in sorted(common)]
            for variant, games in winners.items()}


def report(results: dict[str, list[GameOutcome]]) -> int:
    """The table: each variant's win rate, its paired gain over the Expert, the Expert's share of the gap."""
    par = 1 / 4
    base = results.get("expert")
    print("| Entry vs 3 Sharp | Games | Wins | Win rate (95% interval) | Game by game against the Expert |")
    print("|---|---|---|---|---|")
    rates = {}
    for variant, outcomes in results.items():
        wins = sum(o.winner == 0 for o in outcomes)
        low, high = wilson_interval(wins, len(outcomes))
        rates[variant] = wins / len(outcomes)
        gain = ""
        if base is not None and variant != "expert":
            mean, g_low, g_high = paired_gain(outcomes, base)
            gain = f"{mean * 100:+.1f} ({g_low * 100:+.1f} to {g_high * 100:+.1f})"
        print(f"| {variant} | {len(outcomes)} | {wins} | {rates[variant]:.1%} ({low:.1%}–{high:.1%}) | {gain} |")
    if "expert" in rates:
        for variant in VARIANTS[1:]:
            if variant in rates and rates[variant] > par:
                share = (rates["expert"] - par) / (rates[variant] - par)
                print(f"The Expert's edge over par is {share:.0%} of {variant}'s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
