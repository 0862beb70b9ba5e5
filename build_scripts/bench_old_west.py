"""Benchmark Old West and Quick Draw designs against the targets of issue 17 and print one table.

    python build_scripts/bench_old_west.py --rows designs --games 200      # the prototype designs
    python build_scripts/bench_old_west.py --rows levels --games 1000      # one of each level (slow: the Expert)
    python build_scripts/bench_old_west.py --rows human --games 400        # a 300 ms human against Sharp bots

Every game is a four-seat bot game with duplicate deals and rotating seats, as
``thirtyone tournament`` plays them (the same deal seeds), driven through the
controller like the window drives it. Per row it reports: games stopped
without a winner, players shot before their own first turn of the game, rounds
per game against the same rules without guns, shots, misfires and hits per
game, and each entry's win rate with a 95% interval.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import shlex
import sys
import time
from dataclasses import dataclass, replace
from typing import Sequence

from thirtyone.bots import make_bot
from thirtyone.bots.base import Bot
from thirtyone.controller import Match
from thirtyone.model import Observation, QuickDraw, Rules, preset
from thirtyone.model import events as ev
from thirtyone.model.actions import Action, Fire
from thirtyone.model.presets import QUICK_DRAW, SEED_GUNS
from thirtyone.model.record import Seat
from thirtyone.model.rule_choices import Holster, MisfireClock, MisfireCost
from thirtyone.tournament.runner import MAX_ACTIONS, deal_seed
from thirtyone.tournament.stats import wilson_interval

HUMAN_ANSWER_MS = 300
"""The scripted human answers a draw on itself this long after the cue (issue 17)."""


class ScriptedHuman:
    """Plays its cards like Sharp, never shoots, and answers every draw on itself after 300 ms.

    It announces no ``reaction_ms``: the bots know of it what they know of a person in the
    window, the human range ``showdown.HUMAN_REACTION_MS``, not its exact 300 ms.
    """

    def __init__(self) -> None:
        self.inner: Bot = make_bot("sharp").inner  # type: ignore[attr-defined]

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        cards = tuple(a for a in observation.legal_actions if not isinstance(a, (Fire, QuickDraw)))
        return self.inner.choose(replace(observation, legal_actions=cards), rng)

    def answer_draw(self, observation: Observation, shooter: int, target: int, rng: random.Random) -> int | None:
        return HUMAN_ANSWER_MS if target == observation.seat else None


@dataclass(frozen=True)
class Row:
    """One benchmark line: rules, entries (bot levels, or ``human``), and the plain rules to compare length with."""

    id: str
    group: str
    rules: Rules
    entries: tuple[str, ...]
    gunless: Rules


SCAT = preset("scat")
SEED = SCAT.replace(**SEED_GUNS)
ORBIT = SEED.replace(holster=Holster.FIRST_ORBIT)
MIX = ("sharp", "casual", "casual", "beginner")
LEVELS = ("expert", "sharp", "casual", "beginner")
ROWS = (
    Row("seed", "designs", SEED, MIX, SCAT),
    Row("seed-quick", "designs", SEED.replace(**QUICK_DRAW), MIX, SCAT),
    Row("orbit", "designs", ORBIT, MIX, SCAT),
    Row("orbit-misfire-life", "designs", ORBIT.replace(misfire_cost=MisfireCost.LIFE), MIX, SCAT),
    Row("orbit-misfire-reveal", "designs", ORBIT.replace(misfire_cost=MisfireCost.REVEAL), MIX, SCAT),
    Row("orbit-bounty", "designs", ORBIT.replace(bounty=True), MIX, SCAT),
    Row("orbit-start-10", "designs", ORBIT.replace(misfire_start=0.1), MIX, SCAT),
    Row("life-lost", "designs", SEED.replace(holster=Holster.LIFE_LOST), MIX, SCAT),
    Row("life-lost-misfire-life", "designs", SEED.replace(holster=Holster.LIFE_LOST, misfire_cost=MisfireCost.LIFE),
        MIX, SCAT),
    Row("life-lost-quick", "designs", SEED.replace(holster=Holster.LIFE_LOST, **QUICK_DRAW), MIX, SCAT),
    Row("orbit-quick", "designs", ORBIT.replace(**QUICK_DRAW), MIX, SCAT),
    Row("old-west", "designs", preset("old-west"), MIX, SCAT),
    Row("quick-draw", "designs", preset("quick-draw"), MIX, SCAT),
    Row("levels-old-west", "levels", preset("old-west"), LEVELS, SCAT),
    Row("levels-quick-draw", "levels", preset("quick-draw"), LEVELS, SCAT),
    Row("human-quick-draw", "human", preset("quick-draw"), ("human", "sharp", "sharp", "sharp"), SCAT),
    Row("human-quick-draw-own-clock", "human-variants", preset("quick-draw").replace(misfire_clock=MisfireClock.OWN),
        ("human", "sharp", "sharp", "sharp"), SCAT),
)


@dataclass
class GameFacts:
    """What one game showed, indexed by entry."""

    winner: int
    rounds: int
    shots: int
    misfires: int
    hits: int
    shot_before_first_turn: int
    answered: int
    answers_won: int


_TURN_EVENTS = (ev.DrewFromStock, ev.TookDiscard, ev.Swapped, ev.SwappedAll, ev.Passed, ev.Knocked)


def _bot(entry: str) -> Bot:
    return ScriptedHuman() if entry == "human" else make_bot(entry)


def play(task: tuple[Row | str, int, int, bool]) -> GameFacts:
    """Play game ``index`` of a row (``gunless``: the same deal without guns) and read its events."""
    row_or_id, seed, index, gunless = task
    row = row_or_id if isinstance(row_or_id, Row) else next(r for r in ROWS if r.id == row_or_id)
    count = len(row.entries)
    deal, rotation = divmod(index, count)
    entry_at = [(seat - rotation) % count for seat in range(count)]
    bots = {seat: _bot(row.entries[entry]) for seat, entry in enumerate(entry_at)}
    seats = [Seat(f"{entry + 1} {row.entries[entry]}", "bot:sharp") for entry in entry_at]
    match = Match.new(row.gunless if gunless else row.rules, seats, seed=deal_seed(seed, deal), bots=bots)
    try:
        match.play_bots_to_end(MAX_ACTIONS)
    except RuntimeError:
        pass  # counted as a game that did not end (see _facts)
    return _facts(match, entry_at, row)


def _facts(match: Match, entry_at: list[int], row: Row) -> GameFacts:
    played: set[int] = set()
    facts = GameFacts(entry_at[match.winner] if match.is_over and match.winner >= 0 else -1,
                      match.state.round_number, 0, 0, 0, 0, 0, 0)
    human = [seat for seat, entry in enumerate(entry_at) if row.entries[entry] == "human"]
    drawn_on_human = False
    for event in match.events:
        if isinstance(event, _TURN_EVENTS):
            played.add(event.seat)
        elif isinstance(event, ev.GunDrawn):
            drawn_on_human = event.target in human
        elif isinstance(event, ev.Fired):
            facts.shots += 1
            if event.after_ms == 0:
                played.add(event.shooter)  # a shot on one's turn is that turn
            if drawn_on_human and event.shooter in human:
                facts.answered += 1
        elif isinstance(event, ev.Misfired):
            facts.misfires += 1
        elif isinstance(event, ev.Hit):
            facts.hits += 1
            if event.target not in played:
                facts.shot_before_first_turn += 1
            if drawn_on_human and event.shooter in human:
                facts.answers_won += 1
    return facts


def _rate(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins / games:.1%} ({low:.1%}–{high:.1%})"


def run_row(row: Row, games: int, seed: int, jobs: int, every: int = 0) -> str:
    """One row of the table as a Markdown line; with ``every``, a partial line each ``every`` games too."""
    count = len(row.entries)
    games = -(-games // count) * count
    started = time.perf_counter()
    tasks = [(row.id, seed, index, False) for index in range(games)]
    base_tasks = [(row.id, seed, index, True) for index in range(games)] if row.group == "designs" else []
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            facts = pool.map(play, tasks, chunksize=4)
            plain = pool.map(play, base_tasks, chunksize=4)
        return _line(row, facts, plain, time.perf_counter() - started)
    facts, plain = [], []
    step = max(count, every - every % count) if every else games
    for start in range(0, games, step):
        facts += [play(task) for task in tasks[start:start + step]]
        plain += [play(task) for task in base_tasks[start:start + step]]
        if len(facts) < games:
            print(_line(row, facts, plain, time.perf_counter() - started) + " (partial)", flush=True)
    return _line(row, facts, plain, time.perf_counter() - started)


def _line(row: Row, facts: list[GameFacts], plain: list[GameFacts], seconds: float) -> str:
    games = len(facts)
    rounds = sum(f.rounds for f in facts) / games
    length = f"{rounds:.1f}" + (f" (×{rounds / (sum(f.rounds for f in plain) / len(plain)):.2f})" if plain else "")
    stopped = sum(1 for f in facts if f.winner < 0)
    early = sum(f.shot_before_first_turn for f in facts)
    shots = sum(f.shots for f in facts)
    wins = [sum(1 for f in facts if f.winner == entry) for entry in range(len(row.entries))]
    rates = "; ".join(f"{name} {_rate(w, games)}" for name, w in zip(row.entries, wins))
    duels = ""
    if row.group.startswith("human"):
        answered, won = sum(f.answered for f in facts), sum(f.answers_won for f in facts)
        duels = f" | human answered {answered} duels, won {_rate(won, answered) if answered else '-'}"
    return (f"| {row.id} | {games} | {stopped} | {early} | {length} | {shots / games:.2f} | "
            f"{sum(f.misfires for f in facts) / max(1, shots):.0%} | {sum(f.hits for f in facts) / games:.2f} | "
            f"{rates}{duels} | {seconds:.0f} s |")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen rows and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row (rounded up to whole rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--every", type=int, default=0, help="with --jobs 1: a partial line every this many games")
    parser.add_argument("--rows", default="designs",
                        help="comma-separated row ids or groups (designs, levels, human)")
    args = parser.parse_args(argv)
    wanted = set(args.rows.split(","))
    chosen = [r for r in ROWS if r.id in wanted or r.group in wanted]
    if not chosen:
        parser.error(f"no such rows; choose from designs, levels, human, {', '.join(r.id for r in ROWS)}")
    print("$ python build_scripts/bench_old_west.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])))
    print("| row | games | stopped | shot before 1st turn | rounds/game (× no guns) | shots/game | misfire | "
          "hits/game | win rate (95% CI) | time |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in chosen:
        print(run_row(row, args.games, args.seed, args.jobs, args.every), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
