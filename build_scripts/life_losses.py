"""Where each bot's lives go: its knocks, and the lives it loses, by how the round ended.

    python build_scripts/life_losses.py --seats expert,sharp,sharp,sharp --games 400 --jobs 2
    python build_scripts/life_losses.py --seats sharp,sharp,sharp,sharp --games 400 --jobs 2

Plays a tournament (duplicate deals, rotating seats, the same games as ``thirtyone
tournament`` with the same seed) and, per bot, counts over every round it was in: how often
it knocked and on what, how often its knock cost it lives, how often it showed 31, and the
lives it lost to each kind of round end: its own failed knock, caught low after another's
knock, another player's 31, or the stock running out or the turn limit. Figures are per 100
rounds the bot played, so bots that stay in longer are not counted twice. Two runs whose
seats differ only in the first entry compare two bots on the same deals.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # plug-in bots may live beside this script

from thirtyone.cli.tournament_command import seat_entries  # noqa: E402
from thirtyone.model import PRESETS, RoundEnd, preset  # noqa: E402
from thirtyone.tournament import TournamentPlan  # noqa: E402
from thirtyone.tournament.runner import each_game, play_match  # noqa: E402

ROWS = (
    ("rounds", "rounds played"),
    ("knocks", "knocks"),
    ("knock_value", "mean value knocked on"),
    ("knocks_failed", "% of its knocks that cost a life"),
    ("shown_31", "31s shown"),
    ("lost", "lives lost"),
    ("lost_own_knock", "  to its own knock"),
    ("lost_caught", "  caught low after another's knock"),
    ("lost_31", "  to another player's 31"),
    ("lost_other", "  stock out or turn limit"),
)
"""The printed rows: a counter's key and its label. Lives, 31s and the rest are per 100 rounds played."""


def round_counts(task: tuple[TournamentPlan, int]) -> dict[int, Counter[str]]:
    """Play one game of the plan; per entry, the counts of every round it was in."""
    plan, index = task
    match, entry_at, _ = play_match(plan, index)
    counts: dict[int, Counter[str]] = {entry: Counter() for entry in entry_at}
    for result in match.state.results:
        for seat, entry in enumerate(entry_at):
            score = result.scores[seat]
            if score is None:  # already out
                continue
            tally = counts[entry]
            lost = result.lives_lost[seat]
            tally["rounds"] += 1
            tally["lost"] += lost
            tally["shown_31"] += seat in result.showed_31
            if result.knocker == seat:
                tally["knocks"] += 1
                tally["knock_value"] += score
                tally["knocks_failed"] += lost > 0
                tally["lost_own_knock"] += lost
            elif result.reason is RoundEnd.THIRTY_ONE:
                tally["lost_31"] += lost
            elif result.knocker is not None:
                tally["lost_caught"] += lost
            else:
                tally["lost_other"] += lost
    return counts


def profile(plan: TournamentPlan, jobs: int = 1) -> dict[str, Counter[str]]:
    """Every game of the plan, the counts pooled per bot name (entries of one bot share a row)."""
    totals: dict[str, Counter[str]] = {name: Counter() for name in plan.entries}
    for counts in each_game(plan, jobs, round_counts):
        for entry, tally in counts.items():
            totals[plan.entries[entry]].update(tally)
    return totals


def table(totals: dict[str, Counter[str]]) -> list[str]:
    """The profile as text lines: one column per bot."""
    names = list(totals)
    lines = [f"{'':40s}" + "".join(f"{name:>14s}" for name in names)]
    for key, label in ROWS:
        cells = []
        for name in names:
            tally = totals[name]
            rounds = tally["rounds"] or 1
            if key in ("rounds", "knocks"):
                cells.append(f"{tally[key]:>14d}")
            elif key == "knock_value":
                cells.append(f"{tally[key] / (tally['knocks'] or 1):>14.1f}")
            elif key == "knocks_failed":
                cells.append(f"{100 * tally[key] / (tally['knocks'] or 1):>14.1f}")
            else:
                cells.append(f"{100 * tally[key] / rounds:>14.2f}")
        lines.append(f"{label:40s}" + "".join(cells))
    return lines


def main(argv: list[str] | None = None) -> int:
    """Play the tournament and print the profile."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seats", default="expert,sharp,sharp,sharp", help="comma-separated bots, first seat first")
    parser.add_argument("--games", type=int, default=400, help="games (rounded up to rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("need at least one game and at least one job")
    entries = seat_entries(parser, args.seats, args.preset)
    plan = TournamentPlan(preset(args.preset).to_dict(), entries, args.games, args.seed)
    print(f"{args.preset}, seats {','.join(entries)}, {plan.total_games} games, seed {args.seed}; "
          "per 100 rounds each bot played:")
    print("\n".join(table(profile(plan, args.jobs))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
