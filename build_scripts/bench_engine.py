"""Benchmark: random-play rounds per second of the rules engine (4 seats, classic).

Prints the median of several timed runs; not a test. Time is the process's CPU
time, so waiting for the CPU does not count; other programs on a shared machine
still slow it through shared caches and clocks, so compare engines in the same
minute, or count instructions with ``engine_instructions.py``. Usage:
    python build_scripts/bench_engine.py [--preset classic] [--seats 4] [--seconds 2] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable, Sequence

from thirtyone.model import Action, GameState, Phase, new_game, preset
from thirtyone.model import apply, apply_trusted, legal_actions
from thirtyone.model.presets import PRESETS


def rounds_per_second(preset_id: str, seats: int, seconds: float, seed: int) -> float:
    """Play random legal actions for ``seconds``; count finished rounds.

    A round is counted when a new round result appears (rounds ended by a 31
    on the deal included). The loop keeps its own work small, so the figure is
    the engine's: legal actions, a uniform random pick, and ``apply``.
    """
    rules = preset(preset_id)
    names = [f"P{i}" for i in range(seats)]
    choose = random.Random(seed).choice
    rounds = 0
    game = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        rounds += rounds_in_game(new_game(rules, names, seed=seed * 100_000 + game), choose)
        game += 1
    return rounds / (time.process_time() - start)


def rounds_in_game(state: GameState, choose: Callable[[Sequence[Action]], Action], trusted: bool = False) -> int:
    """Play ``state`` to the end with ``choose`` picking from the legal actions; the rounds played.
    ``trusted``: apply them with ``apply_trusted`` (a bot's search), else with ``apply``, which checks."""
    game_over = Phase.GAME_OVER
    move = apply_trusted if trusted else apply
    while state.phase is not game_over:
        state = move(state, choose(legal_actions(state)))[0]
    return state.round_number  # a game ends as its last round does, so every round dealt was played


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
