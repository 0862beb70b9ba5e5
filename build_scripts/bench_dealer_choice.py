"""Does the dealer's choice pay? Sharp against a Sharp that always keeps its dealt hand, on the same deals.

    python build_scripts/bench_dealer_choice.py --preset schwimmen --games 2000 --jobs 1

Two tournaments with rotating seats on the same seed: Sharp against three Sharp, then, in the
first seat, a Sharp that never takes the spare (``unseen_opponents:always_keeps``) against the
same three. Prints both win rates with 95% intervals and the first seat's gain from choosing,
game by game on the same deals, with its own 95% interval.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the keeper loads as a plug-in from here

from bench_unseen import first_seat  # noqa: E402
from thirtyone.tournament import paired_gain  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Play both tournaments and print one table row."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per tournament (rounded up to rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", default="schwimmen")
    args = parser.parse_args(argv)
    print("$ python build_scripts/bench_dealer_choice.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])))
    started = time.monotonic()
    opponents = ("sharp",) * 3
    choosing, choosing_games = first_seat("sharp", opponents, args.games, args.seed, args.jobs, args.preset)
    keeping, keeping_games = first_seat("unseen_opponents:always_keeps", opponents, args.games, args.seed, args.jobs,
                                        args.preset)
    gain, low, high = paired_gain(choosing_games, keeping_games)
    print("| preset | games | Sharp (chooses) | Sharp that always keeps | choosing − keeping (95%) | time |")
    print("|---|---:|---|---|---|---:|")
    print(f"| {args.preset} | {len(choosing_games)} | {choosing} | {keeping} | {100 * gain:+.1f} ({100 * low:+.1f} to "
          f"{100 * high:+.1f}) | {time.monotonic() - started:.0f} s |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
