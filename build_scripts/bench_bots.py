"""Benchmark the bot levels against the targets of issue 3 and print one table.

    python build_scripts/bench_bots.py                    # full size (hours with the Expert)
    python build_scripts/bench_bots.py --games 200 --expert-games 100 --jobs 2
    python build_scripts/bench_bots.py --rows sharp-casual,four-sharp

Every row is a ``thirtyone tournament`` run (duplicate deals, rotating seats);
the table lists the row's command so any line can be rerun on its own.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from dataclasses import dataclass

from thirtyone.model import preset
from thirtyone.tournament import TournamentPlan, run_tournament, summarise
from thirtyone.tournament.progress import ProgressBar


@dataclass(frozen=True)
class Row:
    """One benchmark line: who plays, under which rules, and the target for the first entry."""

    id: str
    preset: str
    seats: tuple[str, ...]
    target: str
    minimum_win_rate: float | None
    uses_expert: bool


ROWS = (
    Row("expert-sharp", "classic", ("expert", "sharp", "sharp", "sharp"), "expert >= 33%", 0.33, True),
    Row("sharp-casual", "classic", ("sharp", "casual", "casual", "casual"), "sharp >= 30%", 0.30, False),
    Row("casual-beginner", "classic", ("casual", "beginner", "beginner", "beginner"), "casual >= 30%", 0.30, False),
    Row("expert-sharp-2p", "classic", ("expert", "sharp"), "expert >= 58%", 0.58, True),
    Row("four-sharp", "classic", ("sharp", "sharp", "sharp", "sharp"), "each 25% within CI", None, False),
    Row("expert-sharp-london", "london", ("expert", "sharp", "sharp", "sharp"), "expert > 25% (edge holds)", 0.25, True),
)


def main(argv: list[str] | None = None) -> int:
    """Run the chosen rows and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per row without the Expert")
    parser.add_argument("--expert-games", type=int, default=1000, help="games per row with the Expert")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=None, help="Expert thinking time (default: its own)")
    parser.add_argument("--rows", default=",".join(r.id for r in ROWS), help="comma-separated row ids")
    args = parser.parse_args(argv)
    chosen = [r for r in ROWS if r.id in args.rows.split(",")]
    if not chosen:
        parser.error(f"no such rows; choose from {', '.join(r.id for r in ROWS)}")
    print("$ python build_scripts/bench_bots.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])))
    lines = []
    for row in chosen:
        games = args.expert_games if row.uses_expert else args.games
        plan = TournamentPlan(preset(row.preset).to_dict(), row.seats, games, args.seed, args.budget_ms)
        bar = ProgressBar(plan.total_games)
        started = time.monotonic()
        outcomes = run_tournament(plan, jobs=args.jobs, on_game=bar.update)
        bar.close()
        per_entry, per_type = summarise(outcomes, row.seats)
        first = per_type[0]
        if row.minimum_win_rate is None:
            par = 1 / len(row.seats)
            verdict = "ok" if all(e.win_low <= par <= e.win_high for e in per_entry) else "MISSED"
            shown = " ".join(f"{e.win_rate:.1%}" for e in per_entry)
        else:
            verdict = "ok" if first.win_rate >= row.minimum_win_rate else "MISSED"
            shown = f"{first.win_rate:.1%} ({first.win_low:.1%}–{first.win_high:.1%})"
        timing = ""
        if row.uses_expert:
            timing = f"expert ms median {first.decision_ms_median:.0f}, p95 {first.decision_ms_p95:.0f}"
        command = (f"thirtyone tournament --preset {row.preset} --seats {','.join(row.seats)} "
                   f"--games {games} --seed {args.seed}" + (f" --budget-ms {args.budget_ms:g}" if args.budget_ms else ""))
        lines.append((row.id, plan.total_games, shown, row.target, verdict, timing, command,
                      time.monotonic() - started))
        print(f"{row.id}: {shown} [{verdict}] {timing} ({plan.total_games} games, "
              f"{time.monotonic() - started:.0f} s)", flush=True)
    print()
    print("| row | games | first seat's win rate (95% CI) | target | verdict | decision time | command |")
    print("|---|---|---|---|---|---|---|")
    for row_id, games, shown, target, verdict, timing, command, _ in lines:
        print(f"| {row_id} | {games} | {shown} | {target} | {verdict} | {timing} | `{command}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
