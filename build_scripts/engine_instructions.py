"""Instructions per random-play round of the engine, counted by valgrind (callgrind).

Unlike timings, the count does not change with the machine's load, so two
versions of the engine can be compared at any time. Needs ``valgrind``
(Debian package ``valgrind``). Usage:
    python build_scripts/engine_instructions.py [--games 100] [--preset classic] [--seats 4]
The loop is ``bench_engine.py``'s: legal actions, ``random.choice``, ``apply`` (which checks the
action against the legal list; ``--trusted``: ``apply_trusted``, as a bot's search plays).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Count this checkout's engine: an installed copy (an editable install of another checkout, say)
# would otherwise be imported first, and its figure quoted for this one. The run under valgrind
# is this same file, so it counts the same engine.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def play(preset_id: str, seats: int, games: int, seed: int = 1, trusted: bool = False) -> int:
    """Play ``games`` random games; the number of rounds played."""
    import random

    from bench_engine import rounds_in_game  # this folder is on the path when run as a script
    from thirtyone.model import new_game, preset

    rules = preset(preset_id)
    names = [f"P{i}" for i in range(seats)]
    choose = random.Random(seed).choice
    return sum(rounds_in_game(new_game(rules, names, seed=seed * 100_000 + game), choose, trusted)
               for game in range(games))


def count(preset_id: str, seats: int, games: int, trusted: bool = False) -> int:
    """Instructions callgrind counts for a run of ``games`` games (imports included)."""
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.path.join(folder, 'out')}",
             sys.executable, __file__, "--play", str(games), "--preset", preset_id, "--seats", str(seats)] + (["--trusted"] if trusted else []),
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", result.stderr)
    if not found:
        raise SystemExit("valgrind printed no instruction count:\n" + result.stderr[-2000:])
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--trusted", action="store_true",
                        help="apply the listed actions with apply_trusted (as a bot's search does), not apply")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.play is not None:
        print(play(args.preset, args.seats, args.play, trusted=args.trusted))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    rounds = play(args.preset, args.seats, args.games)
    import thirtyone
    # The same program with no games: what importing and starting cost, taken away.
    per_round = (count(args.preset, args.seats, args.games, args.trusted)
                 - count(args.preset, args.seats, 0, args.trusted)) / rounds
    how = "apply_trusted" if args.trusted else "apply"
    print(f"engine random play ({how}), {args.seats} seats, {args.preset}: {per_round:,.0f} instructions per round "
          f"({rounds} rounds in {args.games} games; engine in {Path(thirtyone.__file__).parent})")


if __name__ == "__main__":
    main()
