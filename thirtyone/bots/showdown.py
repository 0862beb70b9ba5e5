"""Quick Draw judgement for the weighing gun styles: what a draw is likely to end in, and its worth.

A drawn gun fires ``draw_speed_ms`` after the draw; every answer fires at the one who drew,
fastest first, and a player hit before their own shot never fires. How fast each seat answers
is public at a real table (you see who is quick), so the controller tells every bot the
table's reaction ranges (``Gunslinger.meet``); nothing here looks at hidden cards.

A ``Showdown`` samples the duel the way the engine resolves it, on common random numbers so
that drawing on one seat or another, answering or holding, are compared on the same luck; it
values each ending by a win-chance guess from lives in which a loaded gun counts for more the
faster its owner can answer (others fear that answer), the more loaded guns it faces and the
less it is likely to misfire; and where a single gun is left loaded, its owner is expected to
spend it on the strongest of the others, since nobody can answer.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import prod
from statistics import NormalDist
from typing import Mapping, Sequence

from ..model import Observation
from ..model.rule_choices import KnockFails

Speed = tuple[int, int]
"""An answer time range in ms: the 5th and 95th percentiles of a normal distribution (see ``answer_after``)."""

HUMAN_REACTION_MS: Speed = (275, 420)
"""The assumed answer time of a seat whose speed is not known (a human, or an unknown bot): Sharp's.

Answering a draw in the window is more than a simple visual reaction (the Human Benchmark's
273 ms median): the player sees the cue, knows it is a draw and presses the key, nearer a
recognition reaction (``docs/old_west.md``, "Reaction times").
"""

LATER = 0.8
"""How much a free shot put off is worth against taking it now: the gun sweats, the table changes."""

_Z95 = NormalDist().inv_cdf(0.95)


@lru_cache(maxsize=64)
def _distribution(speed: Speed) -> NormalDist:
    low, high = speed
    return NormalDist((low + high) / 2, max(1.0, (high - low) / (2 * _Z95)))


def answer_after(speed: Speed, luck: float) -> int:
    """The answer time at quantile ``luck`` (in [0, 1)) of ``speed``: human reaction times are about normal."""
    return max(0, round(_distribution(speed).inv_cdf(min(max(luck, 1e-6), 1 - 1e-6))))


def faster_chance(speed: Speed | None, draw_ms: int) -> float:
    """The chance that an answer from ``speed`` fires no later than a gun drawn at ``draw_ms`` (answers win ties)."""
    if speed is None:
        return 0.0
    return _distribution(speed).cdf(draw_ms + 0.5)


class Showdown:
    """One seat's sampled view of Quick Draw duels from the present position."""

    def __init__(self, observation: Observation, speeds: Sequence[Speed | None], risks: Mapping[int, float],
                 arm: float, rng: random.Random, samples: int, beats_me: Mapping[int, float] | None = None) -> None:
        self.obs = observation
        self.speeds = speeds
        self.risks = risks
        self.beats_me = beats_me
        """When I have knocked: each opponent's chance to hold a better hand (then I lose the life)."""
        self.arm = arm
        self.alive = frozenset(observation.active_seats)
        self.loaded = frozenset(s for s in self.alive if observation.bullets[s])
        # Per sample and seat: (does it answer, its answer time, its trigger roll), each spread
        # evenly over the samples (a Latin hypercube) so few samples still judge steadily.
        columns = [[_spread(samples, rng) for _ in range(3)] for _ in observation.tokens]
        self.luck = [[(seat[0][i], seat[1][i], seat[2][i]) for seat in columns] for i in range(samples)]
        self._values: dict[tuple[frozenset[int], frozenset[int]], float] = {}

    def value(self, alive: frozenset[int], loaded: frozenset[int]) -> float:
        """My guessed chance to win the game from a table of ``alive`` players, ``loaded`` of them armed."""
        loaded &= alive
        key = (alive, loaded)
        if key not in self._values:
            self._values[key] = self._value(alive, loaded)
        return self._values[key]

    def _value(self, alive: frozenset[int], loaded: frozenset[int]) -> float:
        obs = self.obs
        me = obs.seat
        if me not in alive:
            return 0.0
        if len(alive) == 1:
            return 1.0
        if len(loaded) == 1:
            # The last loaded gun fears no answer: its owner will spend it on someone.
            (gunman,) = loaded
            spends = obs.rules.misfire_spends_bullet
            hit = 1.0 - obs.misfire_chances[gunman] if spends else 1.0
            empty = frozenset[int]()
            missed = self.value(alive, empty)
            if gunman == me:
                hit *= LATER  # held now, so fired later: worth less than firing at once
                targets = [max(alive - {me}, key=lambda seat: self.value(alive - {seat}, empty))]
            else:
                weights = self._weights(alive, empty)
                top = max(weights[seat] for seat in alive if seat != gunman)
                targets = [seat for seat in alive if seat != gunman and weights[seat] == top]
            return sum(hit * self.value(alive - {t}, empty) + (1 - hit) * missed for t in targets) / len(targets)
        weights = self._weights(alive, loaded)
        return weights[me] / sum(weights.values())

    def _weights(self, alive: frozenset[int], loaded: frozenset[int]) -> dict[int, float]:
        """Lives less this round's risk, squared (leads compound); more for a gun that guards its owner."""
        obs = self.obs
        draw_ms = obs.rules.draw_speed_ms
        # This round's risk of a life is shared among fewer players when someone falls.
        share = len(self.alive) / len(alive)
        weights: dict[int, float] = {}
        for seat in alive:
            risk = min(0.95, self.risks.get(seat, 0.0) * share)
            if seat == obs.seat and self.beats_me is not None:
                risk = knock_risk(obs, self.beats_me, alive)
            weight = max(0.3, obs.tokens[seat] - risk) ** 2
            if seat in loaded:
                # A kept bullet protects only against other loaded guns, the more the faster its answer.
                threat = (len(loaded) - 1) / (len(alive) - 1)
                guard = 0.2 + faster_chance(self.speeds[seat], draw_ms)
                weight *= 1.0 + self.arm * guard * threat * (1.0 - obs.misfire_chances[seat])
            weights[seat] = weight
        return weights

    def now(self) -> float:
        """The value of the table as it stands (nobody draws)."""
        return self.value(self.alive, self.loaded)

    def draw(self, shooter: int, target: int, answering: Mapping[int, float],
             fixed: Mapping[int, int] | None = None) -> float:
        """The mean value after ``shooter`` draws on ``target``.

        ``answering`` gives each seat's chance to fire back (seats missing never do);
        ``fixed`` gives seats whose answer time is known (this bot's own answer).
        """
        endings = self._endings(shooter, target, answering, fixed or {})
        return sum(self.value(alive, loaded) for alive, loaded in endings) / len(self.luck)

    def odds(self, shooter: int, target: int, answering: Mapping[int, float]) -> tuple[float, float]:
        """The chances that ``shooter``'s draw on ``target`` puts the target out, and that it costs the shooter."""
        endings = self._endings(shooter, target, answering, {})
        hit = shot = 0
        for alive, _loaded in endings:
            hit += target not in alive
            shot += shooter not in alive
        return hit / len(self.luck), shot / len(self.luck)

    def _endings(self, shooter: int, target: int, answering: Mapping[int, float],
                 fixed: Mapping[int, int]) -> list[tuple[frozenset[int], frozenset[int]]]:
        """Who is left alive and loaded after the draw, one table per sample, resolved as the engine does."""
        obs = self.obs
        rules = obs.rules
        chances = obs.misfire_chances
        endings = []
        for luck in self.luck:
            shots = [(rules.draw_speed_ms, 1, shooter, target)]
            for seat, chance in answering.items():
                if seat not in self.loaded or seat == shooter:
                    continue
                if seat in fixed:
                    shots.append((fixed[seat], 0, seat, shooter))
                elif luck[seat][0] < chance:
                    speed = self.speeds[seat] or HUMAN_REACTION_MS
                    after = answer_after(speed, luck[seat][1])
                    shots.append((min(rules.answer_window_ms, after), 0, seat, shooter))
            alive = set(self.alive)
            loaded = set(self.loaded)
            died_at: dict[int, int] = {}
            for after_ms, _, gunman, aim in sorted(shots):
                if len(alive) == 1:
                    break
                if died_at.get(gunman, after_ms) < after_ms or aim not in alive:
                    continue
                misfired = luck[gunman][2] < chances[gunman]
                if not misfired or rules.misfire_spends_bullet:
                    loaded.discard(gunman)
                if not misfired:
                    alive.discard(aim)
                    died_at[aim] = after_ms
            endings.append((frozenset(alive), frozenset(loaded)))
        return endings


def knock_risk(observation: Observation, beats_me: Mapping[int, float], alive: frozenset[int]) -> float:
    """My chance that my knock fails at a table of ``alive``, from each opponent's chance to beat my hand.

    Where a knocker without the highest hand pays, anyone better is enough (a draw on the likely
    winner saves the life); where only the lowest pays, every one left must be better.
    """
    others = [beats_me.get(seat, 0.0) for seat in alive if seat != observation.seat]
    if observation.rules.knock_fails is KnockFails.NOT_HIGHEST:
        return 1.0 - prod(1.0 - chance for chance in others)
    return prod(others)


def _spread(count: int, rng: random.Random) -> list[float]:
    """``count`` uniforms in [0, 1), one in each of ``count`` equal slices, in random order."""
    values = [(i + rng.random()) / count for i in range(count)]
    rng.shuffle(values)
    return values


__all__ = ["HUMAN_REACTION_MS", "LATER", "Showdown", "Speed", "answer_after", "faster_chance", "knock_risk"]
