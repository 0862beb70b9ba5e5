"""Sharp's cost per decision, and a digest of every move, on a seeded 4-Sharp tournament.

    python build_scripts/bench_sharp.py --games 100             # CPU µs per decision + digest
    PYTHONPATH=/old/tree python build_scripts/bench_sharp.py    # the same for another tree

Two trees that print the same digest made the same decisions in every game
(each game is played exactly as ``thirtyone tournament`` plays it: the same
deals, seats and per-decision seeds). CPU time is the process's own
(``time.process_time``), so a busy machine changes it little.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time

from thirtyone.controller import Match
from thirtyone.model import Rules
from thirtyone.model.presets import PRESETS
from thirtyone.model.record import Seat
from thirtyone.tournament.runner import deal_seed
from thirtyone.bots import make_bot


def play(preset: str, seats: int, game: int, seed: int, digest: "hashlib._Hash", cpu_us: list[float]) -> None:
    """Play game ``game`` of a ``seats``-Sharp tournament, adding its moves to ``digest``."""
    rules: Rules = PRESETS[preset].rules
    deal, rotation = divmod(game, seats)
    names = tuple(Seat(f"{(seat - rotation) % seats + 1} sharp", "bot:sharp") for seat in range(seats))
    match = Match.new(rules, names, seed=deal_seed(seed, deal), bots={s: make_bot("sharp") for s in range(seats)})
    for _ in range(50_000):
        request = match.bot_request()
        if request is None:
            break
        started = time.process_time()
        action = request.decide()
        elapsed = time.process_time() - started
        if len(request.observation.legal_actions) > 1:
            cpu_us.append(elapsed * 1e6)
        match.submit(request.seat, action)
        digest.update(repr(action).encode())
    digest.update(f"|winner {match.winner}|".encode())


def main(argv: list[str] | None = None) -> int:
    """Play the games and print decisions, CPU per decision and the digest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    cpu_us: list[float] = []
    started = time.process_time()
    for game in range(args.games):
        play(args.preset, args.seats, game, args.seed, digest, cpu_us)
    total = time.process_time() - started
    print(f"$ python build_scripts/bench_sharp.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    print(f"{args.games} games, {len(cpu_us)} decisions with a choice, {total:.2f} CPU s in all")
    print(f"CPU per decision: mean {statistics.fmean(cpu_us):.1f} µs, median {statistics.median(cpu_us):.1f} µs")
    print(f"moves digest: {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
