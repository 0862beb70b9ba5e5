"""The Expert and Sharp against opponent styles neither was tuned on, on the same deals (issue 19).

    python build_scripts/bench_unseen.py --games 400 --jobs 2
    python build_scripts/bench_unseen.py --styles early_knocker,mixed --games 200

For each opponent style (``unseen_opponents.py``) two tournaments are played on the same
deals with rotating seats: the Expert against three of the style, then Sharp in the
Expert's place. A row prints both win rates with 95% intervals and the Expert's lead, game
by game on the same deals, with its own 95% interval: a clear margin is one whose interval
stays above zero. The ``mixed`` row seats one early knocker, one late knocker and one greedy
taker.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the styles load as plug-ins from here

from thirtyone.model import preset  # noqa: E402
from thirtyone.tournament import GameOutcome, TournamentPlan, paired_gain, play_game, run_tournament, summarise  # noqa: E402
from thirtyone.tournament.runner import each_game  # noqa: E402

STYLES = {
    "early_knocker": ("unseen_opponents:early_knocker",) * 3,
    "late_knocker": ("unseen_opponents:late_knocker",) * 3,
    "greedy_taker": ("unseen_opponents:greedy_taker",) * 3,
    "wildcard": ("unseen_opponents:wildcard",) * 3,
    "sharp": ("sharp",) * 3,
    "mixed": ("unseen_opponents:early_knocker", "unseen_opponents:late_knocker", "unseen_opponents:greedy_taker"),
}
"""Opponents per row: three seats each."""


def first_seat(hero: str, opponents: tuple[str, ...], games: int, seed: int, jobs: int,
               rules: str, save: Path | None = None) -> tuple[str, list[GameOutcome]]:
    """``hero``'s win rate against ``opponents`` as 'rate (low–high)', and the games; with ``save``,
    each game's winner is appended to that file as it ends (a long run stopped early keeps its games)."""
    entries = (hero, *opponents)
    plan = TournamentPlan(preset(rules).to_dict(), entries, games, seed)
    if save is None:
        outcomes = run_tournament(plan, jobs=jobs)
    else:
        outcomes = []
        with save.open("w") as out:
            for outcome in each_game(plan, jobs, play_game):
                outcomes.append(outcome)
                out.write(json.dumps({"index": outcome.index, "winner": outcome.winner}) + "\n")
                out.flush()
    stats = summarise(outcomes, entries)[0][0]
    return f"{stats.win_rate:.1%} ({stats.win_low:.1%}–{stats.win_high:.1%})", outcomes


def main(argv: list[str] | None = None) -> int:
    """Play the chosen rows and print one table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per tournament (rounded up to rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--styles", default=",".join(STYLES), help=f"comma-separated: {', '.join(STYLES)}")
    parser.add_argument("--save", type=Path, metavar="DIR",
                        help="write every game's winner to DIR/<style>-sharp.jsonl and -expert.jsonl as it ends "
                             "(Sharp's tournament first: a long run stopped early can still be paired)")
    args = parser.parse_args(argv)
    chosen = [s for s in args.styles.split(",") if s]
    unknown = [s for s in chosen if s not in STYLES]
    if unknown or not chosen:
        parser.error(f"no such style {', '.join(unknown) or '(none)'}; choose from {', '.join(STYLES)}")
    print("$ python build_scripts/bench_unseen.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])))
    print("| opponents | games | Expert wins | Sharp wins (same seat, same deals) | Expert − Sharp (95%) | time |")
    print("|---|---:|---|---|---|---:|")
    for style in chosen:
        started = time.monotonic()
        saved = {hero: args.save / f"{style}-{hero}.jsonl" if args.save else None for hero in ("sharp", "expert")}
        sharp, sharp_games = first_seat("sharp", STYLES[style], args.games, args.seed, args.jobs, args.preset,
                                        saved["sharp"])
        expert, expert_games = first_seat("expert", STYLES[style], args.games, args.seed, args.jobs, args.preset,
                                          saved["expert"])
        gain, low, high = paired_gain(expert_games, sharp_games)
        print(f"| {style} | {len(expert_games)} | {expert} | {sharp} | {100 * gain:+.1f} ({100 * low:+.1f} to "
              f"{100 * high:+.1f}) | {time.monotonic() - started:.0f} s |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
