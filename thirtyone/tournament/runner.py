"""Playing a tournament's games: duplicate deals, rotating seats, optional worker processes.

Game ``g`` replays deal ``g // n`` with the seat list rotated by ``g % n``, so
every entry plays every seat of every deal and luck cancels out. Each game is
fully determined by the plan and its index, so results do not depend on how
many processes play them (outcomes are merged in game order).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, TypeVar

from .. import workers
from ..bots import BotFailure, make_bot
from ..bots.plugin import DECISION_TIMEOUT_S
from ..controller import Match
from ..model import QuickDraw, Rules
from ..model.events import Eliminated, Fired, Hit, LifeLost, RoundEnded
from ..model.record import Seat

MAX_ACTIONS = 50_000
"""A game still going after this many actions is stopped without a winner."""
MAX_GAMES = 1_000_000
"""The most games one tournament plays (``thirtyone tournament`` counts each game as it ends and keeps
none, ``tally.tally_tournament``; ``run_tournament`` keeps every outcome, about 13 KB each with its
decision times, for studies that compare games one by one)."""
BATCH_PER_JOB = 16
"""Games handed to the worker processes at a time, per worker: tasks are made as they are needed."""
T = TypeVar("T")


@dataclass(frozen=True)
class TournamentPlan:
    """What to play: rules, the entries (bot specs in seat order), how many games, the seed."""

    rules: dict[str, Any]
    """The rules as plain data (``Rules.to_dict``), so plans cross process boundaries."""
    entries: tuple[str, ...]
    games: int
    seed: int = 1
    budget_ms: float | None = None
    """The Expert's thinking per decision (its play-outs); ``None`` keeps its default.

    No clock cuts a search short in a tournament, so a seed gives the same games on any machine."""
    timeout_s: float = DECISION_TIMEOUT_S
    """How long a plug-in bot may take to load or to make one decision."""

    @property
    def deals(self) -> int:
        """Distinct deals: each is played once per rotation of the seats."""
        return -(-self.games // len(self.entries))

    @property
    def total_games(self) -> int:
        """Games actually played: ``games`` rounded up to whole sets of rotations."""
        return self.deals * len(self.entries)


@dataclass(frozen=True)
class GameOutcome:
    """One game's result, indexed by entry (position in ``plan.entries``), not by seat."""

    index: int
    winner: int
    """The winning entry, or -1 if the game was stopped."""
    places: tuple[float, ...]
    """Finishing place per entry (1 = winner); entries out in the same round share the average."""
    lives_lost: tuple[int, ...]
    rounds_played: tuple[int, ...]
    decision_ms: tuple[tuple[float, ...], ...] = field(default=())
    """Per entry: thinking time of each decision that had a real choice."""
    shots: tuple[int, ...] = ()
    """Old West: triggers pulled per entry (Quick Draw answers included); empty when Old West is off."""
    hits: tuple[int, ...] = ()
    """Old West: shots per entry that put their target out."""


def deal_seed(seed: int, deal: int) -> int:
    """The engine seed of a deal: a hash, so neighbouring deals are unrelated."""
    digest = hashlib.blake2b(f"tournament:{seed}:{deal}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def play_game(task: tuple[TournamentPlan, int]) -> GameOutcome:
    """Play game ``index`` of the plan (top level, so worker processes can run it).

    A plug-in bot that fails raises ``BotFailure`` naming the game, the decision and the bot.
    """
    plan, index = task
    return _outcome(index, *play_match(plan, index))


def play_match(plan: TournamentPlan, index: int) -> tuple[Match, list[int], list[list[float]]]:
    """Play game ``index`` of the plan to its end: the finished match, the entry at each seat,
    and each entry's thinking time per decision with a real choice (for studies of whole games)."""
    count = len(plan.entries)
    deal, rotation = divmod(index, count)
    entry_at = [(seat - rotation) % count for seat in range(count)]
    seats = tuple(Seat(f"{entry + 1} {plan.entries[entry]}", "bot:" + plan.entries[entry]) for entry in entry_at)
    try:
        bots = {seat: make_bot(plan.entries[entry], budget_ms=plan.budget_ms, clock=False, timeout_s=plan.timeout_s)
                for seat, entry in enumerate(entry_at)}
    except ValueError as error:
        raise BotFailure(f"game {index + 1}: {error}") from None
    match = Match.new(Rules.from_dict(plan.rules), seats, seed=deal_seed(plan.seed, deal), bots=bots)
    timings: list[list[float]] = [[] for _ in range(count)]
    for _ in range(MAX_ACTIONS):
        draw = match.pending_bot_draw()  # Quick Draw: a bot drawing out of turn goes first
        if draw is not None:
            match.submit(draw.shooter, match.quick_draw(draw.shooter, draw.target))
            continue
        request = match.bot_request()
        if request is None:
            break
        started = time.perf_counter()
        try:
            action = request.decide()
        except BotFailure as failure:  # a plug-in: the whole tournament stops, naming it
            raise BotFailure(f"game {index + 1}, action {request.action_number + 1}: {failure}") from None
        elapsed_ms = (time.perf_counter() - started) * 1000
        if len(request.observation.legal_actions) > 1:
            timings[entry_at[request.seat]].append(elapsed_ms)
        if isinstance(action, QuickDraw):
            action = match.quick_draw(action.shooter, action.target)
        match.submit(request.seat, action)
    return match, entry_at, timings


def _outcome(index: int, match: Match, entry_at: list[int], timings: list[list[float]]) -> GameOutcome:
    count = len(entry_at)
    lives = [0] * count
    rounds = [0] * count
    shots = [0] * count
    hits = [0] * count
    # Entries that went out together (in one round's end, or one shot each) share a place.
    groups: list[list[int]] = [[]]
    shot_down = False
    for event in match.events:
        if isinstance(event, RoundEnded):
            groups.append([])
            for seat, hand in enumerate(event.result.hands):
                if hand:
                    rounds[entry_at[seat]] += 1
        elif isinstance(event, LifeLost):
            lives[entry_at[event.seat]] += event.lives
        elif isinstance(event, Fired):
            shots[entry_at[event.shooter]] += 1
        elif isinstance(event, Hit):
            hits[entry_at[event.shooter]] += 1
            shot_down = True
        elif isinstance(event, Eliminated):
            if shot_down:  # alone in its place, between the round's other exits
                groups += [[entry_at[event.seat]], []]
                shot_down = False
            else:
                groups[-1].append(entry_at[event.seat])
    places = [0.0] * count
    out = {entry for group in groups for entry in group}
    survivors = [entry for entry in range(count) if entry not in out]
    place = 1
    for group in [survivors] + [g for g in reversed(groups) if g]:
        shared = place + (len(group) - 1) / 2
        for entry in group:
            places[entry] = shared
        place += len(group)
    winner = entry_at[match.winner] if match.winner >= 0 else -1
    old_west = match.rules.old_west
    return GameOutcome(index, winner, tuple(places), tuple(lives), tuple(rounds),
                       tuple(tuple(t) for t in timings), tuple(shots) if old_west else (),
                       tuple(hits) if old_west else ())


def run_tournament(plan: TournamentPlan, jobs: int = 1,
                   on_game: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Play every game of the plan; ``on_game(done)`` is called after each one (for a progress bar)."""
    outcomes = []
    for done, outcome in enumerate(each_game(plan, jobs, play_game), start=1):
        outcomes.append(outcome)
        if on_game is not None:
            on_game(done)
    return outcomes


def each_game(plan: TournamentPlan, jobs: int, work: Callable[[tuple[TournamentPlan, int]], T]) -> Iterator[T]:
    """``work((plan, index))`` for every game of the plan, in game order, in ``jobs`` worker processes.

    ``work`` is ``play_game`` for a tournament; studies of whole games pass their own (a
    top-level function, so the workers can find it).
    """
    if jobs <= 1:
        for index in range(plan.total_games):
            yield work((plan, index))
        return
    # The executor's workers (unlike a Pool's) are not daemons, so a plug-in bot can start its own
    # process in them. Stopped (SIGTERM, Ctrl+C, the reader gone), the workers are ended at once, games
    # under way with them (an Expert's game can take minutes); after a failed game the others finish
    # (each bot in its bound), so no plug-in's process is cut off as it starts.
    pool = workers.process_pool(jobs)
    try:
        # map would submit every task at once; hand them over a batch at a time.
        batch = jobs * BATCH_PER_JOB
        for start in range(0, plan.total_games, batch):
            tasks = [(plan, index) for index in range(start, min(start + batch, plan.total_games))]
            with workers.starting_workers():  # each submit may start a worker
                results = pool.map(work, tasks)
            yield from results
    except (workers.Terminated, KeyboardInterrupt, GeneratorExit):
        workers.end_pool(pool)
        raise
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
