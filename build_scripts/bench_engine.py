"""Benchmark: random-play rounds per second of the rules engine (4 seats, classic).

Prints the median of several timed runs; not a test. Time is the process's CPU
time, so other programs on a shared machine do not slow the figure down. Usage:
    python build_scripts/bench_engine.py [--preset classic] [--seats 4] [--seconds 2] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from thirtyone.model import Phase, new_game, preset
from thirtyone.model.presets import PRESETS


def rounds_per_second(preset_id: str, seats: int, seconds: float, seed: int) -> float:
    """Play random legal actions for ``seconds``; count finished rounds."""
    rules = preset(preset_id)
    names = [f"P{i}" for i in range(seats)]
    rng = random.Random(seed)
    rounds = 0
    game = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = new_game(rules, names, seed=seed * 100_000 + game)
        game += 1
        while not state.is_terminal:
            round_number = state.round_number
            state, _ = state.apply(rng.choice(state.legal_actions()))
            if state.phase is Phase.DEAL or state.is_terminal:
                rounds += state.round_number == round_number
    return rounds / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    results = [rounds_per_second(args.preset, args.seats, args.seconds, seed) for seed in range(1, args.runs + 1)]
    print(f"engine random play, {args.seats} seats, {args.preset}: "
          f"median {statistics.median(results):,.0f} rounds per CPU second "
          f"(runs: {', '.join(f'{r:,.0f}' for r in results)})")


if __name__ == "__main__":
    main()
