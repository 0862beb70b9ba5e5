"""Win-chance guesses for the weighing gun styles (Sharp, Expert) on Old West turns.

A player's chance to win the game is guessed from lives less this round's risk of
losing one, squared (leads compound) and shared out. A shot is worth the change in
that guess it is expected to make, against playing the turn instead and against
waiting a lap with a sweatier gun.
"""

from __future__ import annotations

import random
from typing import Mapping

from ..model import Observation
from ..model.scoring import hand_value
from .hands import expected_after_draw, keep_options, value_of
from .inference import sample_hands
from .tracking import remember


def my_value(observation: Observation) -> float:
    """The seat's hand value now (the best three of four while it is to discard)."""
    hand = observation.hand
    if len(hand) == 4:
        return keep_options(hand, observation.rules)[0][0]
    return value_of(hand, observation.rules) if hand else 0.0


def weigh_shot(observation: Observation, target: int, patience: float, turn_cost: bool,
               skill: Mapping[int, float] | None = None) -> tuple[float, float]:
    """Old West on turns: (expected gain in win chance of shooting ``target`` now, the worth of waiting a lap).

    ``skill`` scales each seat's share of the win chance by how well it plays (see ``equity``).
    """
    rules = observation.rules
    me = observation.seat
    alive = list(observation.active_seats)
    hit = 1.0 - observation.misfire_chances[me]
    risks, risks_without, my_play = round_risks(observation, target)
    rest = [s for s in alive if s != target]
    now = equity(observation, risks, me, alive, skill)
    without = equity(observation, risks_without, me, rest, skill)
    if turn_cost:
        # Firing is the whole turn: the hand stays as it is, where playing would improve it.
        played = dict(risks)
        played[me] = my_play
        gain = hit * without + (1 - hit) * now - equity(observation, played, me, alive, skill)
    else:
        gain = hit * (without - now)
    later = rules.misfire_step * (len(alive) if rules.misfire_clock.value == "table" else 1)
    hold_hit = max(0.0, 1.0 - min(rules.misfire_cap, observation.misfire_chances[me] + later))
    hold = patience * hold_hit * max(0.0, without - now)
    return gain, hold


def equity(observation: Observation, risks: dict[int, float], me: int, alive: list[int],
           skill: Mapping[int, float] | None = None) -> float:
    """My chance to win the game, guessed from lives less this round's risk, squared (leads compound).

    With ``skill``, each seat's share is also scaled by its factor there (missing seats count
    1): of two players with the same lives, the better one is likelier to win.
    """
    if me not in alive:
        return 0.0
    weights = {s: max(0.3, observation.tokens[s] - risks.get(s, 0.0)) ** 2 * (skill.get(s, 1.0) if skill else 1.0)
               for s in alive}
    return weights[me] / sum(weights.values())


def beaten_chances(observation: Observation, rng: random.Random, samples: int) -> dict[int, float]:
    """Each opponent's chance to hold a better hand than mine, over hands sampled from its pickups (``inference``)."""
    rules = observation.rules
    memory = remember(observation)
    mine = hand_value(observation.hand, rules)
    others = [s for s in observation.active_seats if s != observation.seat]
    beaten = dict.fromkeys(others, 0)
    for _ in range(samples):
        hands, _ = sample_hands(observation, memory, rng)
        for seat in others:
            beaten[seat] += hand_value(hands[seat], rules) > mine
    return {seat: count / samples for seat, count in beaten.items()}


def round_risks(observation: Observation, target: int) -> tuple[dict[int, float], dict[int, float], float]:
    """Each seat's chance of the lowest hand this round, with and without ``target``; and mine if I play on.

    Judged from lives, the knock and my own hand only: guessing opponents' hands from
    sampled worlds measured far worse (see ``docs/old_west.md``).
    """
    me = observation.seat
    alive = list(observation.active_seats)
    rules = observation.rules
    mine = my_value(observation)
    played = mine
    if len(observation.hand) == 3:
        played = max(mine, expected_after_draw(observation.hand, remember(observation).unseen, rules))
    base = 1.0 / len(alive)
    risks = {s: base * (0.4 if s == observation.knocker else 1.0) for s in alive}
    risks[me] = public_risk(mine, len(alive))
    without = {s: r * len(alive) / max(1, len(alive) - 1) for s, r in risks.items() if s != target}
    return risks, without, public_risk(played, len(alive))


def public_risk(value: float, players: int) -> float:
    """A rough chance that a hand of ``value`` is the lowest of ``players``, from its value alone."""
    scale = min(2.5, max(0.15, 2.2 - (value - 14.0) * 0.12))
    return min(0.95, scale / players)


__all__ = ["beaten_chances", "equity", "my_value", "public_risk", "round_risks", "weigh_shot"]
