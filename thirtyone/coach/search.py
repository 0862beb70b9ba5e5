"""Per-action estimates: every candidate played out in the same sampled worlds.

This is the Expert's search (``sample_world`` + ``play_out``) asked a different
question: not "is another move clearly better than Sharp's" but "how often does
each move keep this seat's lives this round". The work is bounded by a number of
play-outs (not a clock) and the random stream is seeded from the observation,
so the same view of the table always gets the same answer.

The worlds are looked at every ``LOOK_EVERY`` once ``FIRST_LOOK`` are in, and the
sampling stops as soon as the answer is settled (``settled``): the leading move
is ahead of every other move beyond doubt, or an other move is surely within
``TIE_MARGIN`` of it (a tie, which no count of play-outs within the bound tells
apart), and the move played (a review's) is surely on one side of that margin.
The first worlds are the ones the full count would sample, so an early answer
is the full one cut short: a clear decision takes a fraction of the play-outs.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from typing import Sequence

from ..bots.inference import sample_world
from ..bots.rollout import play_out
from ..bots.tracking import remember
from ..model import Action, Observation
from ..model import apply_trusted

SEARCH_VERSION = 2
"""Raise when the coach's search would answer a position otherwise (kept answers are keyed by it)."""
PLAYOUTS = 1200
"""Play-outs per question, shared among the candidates (about 0.3 s on the 2-core machine)."""
MIN_WORLDS = 120
"""The bound on worlds is at least this, however many candidates there are."""
FIRST_LOOK = 60
"""Worlds sampled before the first look at whether the answer is settled."""
LOOK_EVERY = 30
"""Worlds sampled between two looks."""
SETTLED_Z = 3.0
"""How many standard errors a difference must clear to count as settled (a few looks, several moves:
a wide bound keeps the chance of settling on the wrong side small)."""
TIE_MARGIN = 0.02
"""A move surely within this share of the leader is as good as tied (``accuracy.MARGIN``: a move this
close to the best counts as accurate)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """How often one move keeps the seat's lives this round, over the sampled worlds."""

    action: Action
    keep_chance: float
    """Share of play-outs after which the seat had lost no life this round."""
    worlds: int


def observation_seed(observation: Observation) -> int:
    """A seed from what the seat sees (never hidden cards): the same view, the same answer."""
    text = "|".join((
        str(observation.seat), str(observation.round_number), str(observation.turns_taken),
        observation.phase.value, " ".join(c.code for c in observation.hand),
        " ".join(c.code for c in observation.discards), " ".join(c.code for c in observation.board),
        ",".join(map(str, observation.tokens)), str(observation.knocker), str(len(observation.log)),
    ))
    return zlib.crc32(text.encode())


def estimate_actions(observation: Observation, actions: Sequence[Action], playouts: int = PLAYOUTS,
                     seed: int | None = None, made: Action | None = None, early: bool = True) -> list[Estimate]:
    """Each action's chance to keep the seat's lives this round, from the same worlds for all.

    The play-outs continue the round with the Expert's quick policy for every
    seat (this one included); a world is a guess at the hidden cards weighted by
    what each opponent's picks and discards reveal. ``made`` is the move played (a review's), whose
    side of ``TIE_MARGIN`` must be settled too; ``early=False`` samples the whole bound.
    """
    if not actions:
        return []
    seat = observation.seat
    start = observation.tokens[seat]

    def kept(tokens: tuple[int, ...], who: int, winner: int = -1) -> float:
        return 1.0 if tokens[who] >= start else 0.0

    rng = random.Random(observation_seed(observation) if seed is None else seed)
    memory = remember(observation)
    bound = max(min(MIN_WORLDS, playouts), playouts // len(actions))
    made_at = actions.index(made) if made is not None and made in actions else -1
    reshuffles = random.Random()
    rows: list[list[float]] = []
    while len(rows) < bound:
        world = sample_world(observation, memory, rng)
        chance = rng.random()  # the same reshuffles for every candidate
        row = []
        for action in actions:
            reshuffles.seed(chance)
            # trusted: the candidates are the seat's legal actions, which a world sampled from its observation shares
            row.append(play_out(apply_trusted(world, action)[0], seat, reshuffles, kept))
        rows.append(row)
        worlds = len(rows)
        if early and worlds >= FIRST_LOOK and (worlds - FIRST_LOOK) % LOOK_EVERY == 0 and worlds < bound \
                and settled(rows, made_at):
            break
    worlds = len(rows)
    return [Estimate(action, sum(row[index] for row in rows) / worlds, worlds) for index, action in enumerate(actions)]


def settled(rows: Sequence[Sequence[float]], made: int = -1) -> bool:
    """Whether play-outs ``rows`` (one per world, a result per move) settle the answer: against the leader
    every other move is surely worse or surely within ``TIE_MARGIN``, and the move at ``made`` (if any)
    surely within it or surely beyond it. Paired per world; the spread has a floor (one world each way)
    so a handful of equal results never looks certain."""
    count, moves = len(rows), len(rows[0])
    totals = [sum(row[index] for row in rows) for index in range(moves)]
    leader = max(range(moves), key=totals.__getitem__)
    for other in range(moves):
        if other == leader:
            continue
        gaps = [row[leader] - row[other] for row in rows]
        mean = sum(gaps) / count
        spread = max(0.0, (sum(g * g for g in gaps) + 2.0) / (count + 2) - mean * mean)
        doubt = SETTLED_Z * math.sqrt(spread / count)
        low, high = mean - doubt, mean + doubt
        if other == made:
            if not (low > TIE_MARGIN or high < TIE_MARGIN):
                return False
        elif not (low > 0.0 or high < TIE_MARGIN):
            return False
    return True


__all__ = ["Estimate", "FIRST_LOOK", "LOOK_EVERY", "MIN_WORLDS", "PLAYOUTS", "estimate_actions", "observation_seed", "settled"]
