"""Per-action estimates: every candidate played out in the same sampled worlds.

This is the Expert's search (``sample_world`` + ``play_out``) asked a different
question: not "is another move clearly better than Sharp's" but "how often does
each move keep this seat's lives this round". The work is fixed (a number of
play-outs, not a clock) and the random stream is seeded from the observation,
so the same view of the table always gets the same answer.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from typing import Sequence

from ..bots.inference import sample_world
from ..bots.rollout import play_out
from ..bots.tracking import remember
from ..model import Action, Observation
from ..model import apply_trusted

SEARCH_VERSION = 1
"""Raise when the coach's search would answer a position otherwise (kept answers are keyed by it)."""
PLAYOUTS = 1200
"""Play-outs per question, shared among the candidates (about 0.3 s on the 2-core machine)."""
MIN_WORLDS = 120
"""Worlds sampled at least, however many candidates there are."""


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
                     seed: int | None = None) -> list[Estimate]:
    """Each action's chance to keep the seat's lives this round, from the same worlds for all.

    The play-outs continue the round with the Expert's quick policy for every
    seat (this one included); a world is a guess at the hidden cards weighted by
    what each opponent's picks and discards reveal.
    """
    if not actions:
        return []
    seat = observation.seat
    start = observation.tokens[seat]

    def kept(tokens: tuple[int, ...], who: int, winner: int = -1) -> float:
        return 1.0 if tokens[who] >= start else 0.0

    rng = random.Random(observation_seed(observation) if seed is None else seed)
    memory = remember(observation)
    worlds = max(min(MIN_WORLDS, playouts), playouts // len(actions))
    totals = [0.0] * len(actions)
    for _ in range(worlds):
        world = sample_world(observation, memory, rng)
        chance = rng.random()  # the same reshuffles for every candidate
        for index, action in enumerate(actions):
            # trusted: the candidates are the seat's legal actions, which a world sampled from its observation shares
            totals[index] += play_out(apply_trusted(world, action)[0], seat, random.Random(chance), kept)
    return [Estimate(action, total / worlds, worlds) for action, total in zip(actions, totals)]


__all__ = ["Estimate", "MIN_WORLDS", "PLAYOUTS", "estimate_actions", "observation_seed"]
