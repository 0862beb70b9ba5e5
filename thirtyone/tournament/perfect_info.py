"""Perfect-information references: the Expert with its play-outs handed the true state.

Measured for ``docs/bots.md`` only (never a seat in the window, and never a level: ``make_bot``
cannot build one): how far the Expert is from what reading opponents perfectly would give.

* ``hands``: every world of its search is the true table, the other hands included; the
  stock's cards are known as a set (they are what no hand, pile or board holds) but not their
  order, which each world shuffles afresh.
* ``omniscient``: the true state itself, the stock's order too. The stock is shuffled lazily
  (``GameState.stock_unsettled`` and ``luck``: each draw picks among the unsettled cards with
  the round's luck), so the world keeps both: its play-outs then draw exactly the cards the
  game will deal (``dealing.stock_in_order``), not a stock in no real order.

Opponents' future choices stay unknown: the play-outs still play them with the greedy policy.
``play_reference`` plays game ``index`` of a plan whose entries are ``sharp``-style level ids
plus ``expert-hands`` / ``expert-omniscient``, on the tournament's deals and rotations, so the
references play the same deals as a plain tournament of the same seed.
"""

from __future__ import annotations

import random
from typing import Callable

from ..bots import make_bot
from ..bots.base import Bot
from ..bots.expert import DEFAULT_BUDGET_MS, ExpertBot
from ..bots.tracking import TableMemory
from ..controller import Match
from ..model import GameState, Observation, Rules
from ..model.record import Seat
from .runner import MAX_ACTIONS, GameOutcome, TournamentPlan, _outcome, deal_seed

REFERENCES = {"expert-hands": False, "expert-omniscient": True}
"""The reference entries and whether each knows the stock's order."""


class PeekingExpert(ExpertBot):
    """The Expert whose worlds are the true table (``truth()``), with or without the stock's order."""

    def __init__(self, truth: Callable[[], GameState], knows_stock: bool, budget_ms: float | None = None) -> None:
        super().__init__(budget_ms=DEFAULT_BUDGET_MS if budget_ms is None else budget_ms, clock=False)
        self.truth = truth
        self.knows_stock = knows_stock

    def world(self, observation: Observation, memory: TableMemory, rng: random.Random) -> GameState:
        """The true state; without the stock's order, its cards in an order of this world's own."""
        state = self.truth()
        if state.current != observation.seat:
            raise RuntimeError("the reference was asked out of turn: the true state is not its decision's")
        if self.knows_stock:
            return state
        stock = list(state.stock)
        rng.shuffle(stock)
        return state.evolve(stock=tuple(stock), stock_unsettled=0, luck=0, seed=rng.getrandbits(48))


def play_reference(task: tuple[TournamentPlan, int]) -> GameOutcome:
    """Game ``index`` of the plan, its reference entries peeking at the match they play in (top level,
    for worker processes). Classic-style rules: no Old West."""
    plan, index = task
    count = len(plan.entries)
    deal, rotation = divmod(index, count)
    entry_at = [(seat - rotation) % count for seat in range(count)]
    seats = tuple(Seat(f"{entry + 1} {plan.entries[entry]}", "bot:" + plan.entries[entry]) for entry in entry_at)
    holder: list[Match] = []

    def truth() -> GameState:
        return holder[0].state

    bots: dict[int, Bot] = {}
    for seat, entry in enumerate(entry_at):
        spec = plan.entries[entry]
        bots[seat] = (PeekingExpert(truth, REFERENCES[spec], plan.budget_ms) if spec in REFERENCES
                      else make_bot(spec, budget_ms=plan.budget_ms, clock=False))
    rules = Rules.from_dict(plan.rules)
    if rules.old_west:
        raise ValueError("the references play without guns")
    match = Match.new(rules, seats, seed=deal_seed(plan.seed, deal), bots=bots)
    holder.append(match)
    for _ in range(MAX_ACTIONS):
        request = match.bot_request()
        if request is None:
            break
        match.submit(request.seat, request.decide())
    return _outcome(index, match, entry_at, [[] for _ in range(count)])
