"""Bots' CPU per decision, and a digest of every move, on a seeded tournament.

    python build_scripts/bench_decisions.py --games 100                    # 4 Sharp: CPU µs per decision + digest
    python build_scripts/bench_decisions.py --seats expert,sharp,sharp,sharp --games 8
    PYTHONPATH=/old/tree python build_scripts/bench_decisions.py           # the same for another tree

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
from thirtyone.bots import Bot, make_bot


def play(preset: str, entries: list[str], game: int, seed: int, digest: "hashlib._Hash",
         cpu_us: dict[str, list[float]]) -> None:
    """Play game ``game`` of a tournament as ``thirtyone tournament`` does, adding its moves to ``digest``."""
    rules: Rules = PRESETS[preset].rules
    count = len(entries)
    deal, rotation = divmod(game, count)
    entry_at = [(seat - rotation) % count for seat in range(count)]
    names = tuple(Seat(f"{entry + 1} {entries[entry]}", "bot:" + entries[entry]) for entry in entry_at)
    bots = {seat: _bot(entries[entry]) for seat, entry in enumerate(entry_at)}
    match = Match.new(rules, names, seed=deal_seed(seed, deal), bots=bots)
    for _ in range(50_000):
        request = match.bot_request()
        if request is None:
            break
        started = time.process_time()
        action = request.decide()
        elapsed = time.process_time() - started
        if len(request.observation.legal_actions) > 1:
            cpu_us[entries[entry_at[request.seat]]].append(elapsed * 1e6)
        match.submit(request.seat, action)
        digest.update(repr(action).encode())
    digest.update(f"|winner {match.winner}|".encode())


def _bot(spec: str) -> Bot:
    try:
        return make_bot(spec, clock=False)  # as tournaments play: no clock cuts a search short
    except TypeError:  # a tree from before the Expert's fixed play-outs
        return make_bot(spec)


def main(argv: list[str] | None = None) -> int:
    """Play the games and print decisions, CPU per decision and the digest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", default="sharp,sharp,sharp,sharp", help="bot levels in seat order")
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    entries = args.seats.split(",")
    cpu_us: dict[str, list[float]] = {entry: [] for entry in entries}
    started = time.process_time()
    for game in range(args.games):
        play(args.preset, entries, game, args.seed, digest, cpu_us)
    total = time.process_time() - started
    print(f"$ python build_scripts/bench_decisions.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    print(f"{args.games} games, {total:.2f} CPU s in all")
    for entry, times in cpu_us.items():
        ordered = sorted(times)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(f"{entry}: {len(times)} decisions with a choice, CPU per decision mean {statistics.fmean(times):.1f} µs, "
              f"median {statistics.median(times):.1f} µs, p95 {p95:.1f} µs")
    print(f"moves digest: {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
