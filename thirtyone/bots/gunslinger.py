"""Old West for every bot level: when to shoot, whom, and how to answer a Quick Draw.

``Gunslinger`` wraps a card-playing bot. With Old West off it passes every
decision straight through. With it on, it decides the gun actions itself and
hands the inner bot an observation whose legal actions hold no guns, so card
play never sees a move it does not understand. The controller also asks it
``draw_out_of_turn`` (Quick Draw, at the start of someone else's turn) and
``answer_draw`` (someone drew: fire back, and how fast).

A ``GunStyle`` sets a level's temper. Beginner and Casual follow plain rules
(Beginner shoots on a whim and sometimes at the wrong player; Casual shoots the
top of the table, or a knocker when its own hand is poor); Sharp and Expert
weigh each shot as a change in their chance to win the game, estimated from
lives and this round's risk of losing one, against the cost of the turn and
the worth of waiting. The Expert waits less, demands less, answers faster, and
counts each opponent's skill in its win chance (a fast answerer at the table plays
well, and is the one worth shooting when lives are level).

In Quick Draw, Sharp and Expert judge draws and answers by sampling the duel
(``showdown``) with the table's public answer speeds, which the controller hands
over through ``meet``; Casual never draws on a seat that would answer first.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Sequence

from ..model import Action, Fire, Observation, QuickDraw
from .base import Bot
from .hands import suit_points
from .odds import beaten_chances, my_value, round_risks, weigh_shot
from .showdown import HUMAN_REACTION_MS, Showdown, Speed, answer_after, faster_chance


@dataclass(frozen=True, slots=True)
class GunStyle:
    """How one level handles its derringer."""

    reaction_ms: tuple[int, int]
    """Answer time after a draw: 90% of answers fall in this range, drawn from human reaction-time
    data (``showdown.answer_after``; sources in ``docs/old_west.md``). A drawn gun fires at ``draw_speed_ms``."""
    trigger: float
    """Plain styles: chance to shoot at an opportunity it likes."""
    out_of_turn: float
    """Chance to even consider drawing at the start of someone else's turn."""
    misfire_limit: float
    """Above this misfire chance it keeps the gun holstered, unless desperate."""
    sloppiness: float
    """Chance to aim at a random opponent instead of the one it means."""
    bystander: float
    """Plain styles: chance to fire back at a shooter who drew on someone else."""
    needs_reason: bool = True
    """Plain styles: shoot only with a reason (a leader, a knocker over a poor hand); else on a whim."""
    weighs: bool = False
    """Decides by the win-chance estimate instead of plain rules."""
    patience: float = 0.5
    """Weighing styles: how much of a shot's gain waiting a lap is worth (the gun gets worse).

    Low is better while misfires rise with every turn: measured in Old West, Sharp with 0.2
    won 24% against 12% with 0.5, and the Expert 29% with 0.2 against 13% with 0.45; with the
    holster until a life is lost, the Expert won 39.5% with 0 (and no misfire limit) against 35%
    with 0.2 and a 55% limit (200 games each, one of each level).
    """
    margin: float = 0.01
    """Weighing styles: the least expected gain in win chance that is worth a shot."""
    wary: bool = False
    """Plain styles, Quick Draw: draws on a loaded seat that usually answers faster than a drawn gun only on ``nerve``."""
    nerve: float = 0.0
    """Plain wary styles, Quick Draw: the chance that it draws on a seat it fears anyway, as a casual player dares."""
    arm: float = 0.6
    """Weighing styles, Quick Draw: how much more a loaded gun is worth to its owner, at full speed."""
    bystanders: float = 0.3
    """Weighing styles, Quick Draw: the guessed chance that a loaded seat not aimed at fires back."""
    samples: int = 24
    """Weighing styles, Quick Draw: sampled duels per judgement."""
    respect: float = 0.0
    """Weighing styles, turn-based Old West: how much an opponent's skill counts when it weighs whom to shoot.

    Each seat's share of the win chance is scaled by (``SKILLED_ANSWER_MS`` / its mean answer
    time) to this power: the table sees how quickly each player answers a draw, and a level's
    speed goes with its play. 0 counts lives only. Measured in ``old-west``, one of each level,
    1,000 games: 0 left the Expert level with Sharp (35.8% and 32.4%); 2 (and 2.5, the same
    moves) 35.1% and 28.2%; 3 shot Sharp so often that Casual caught up with it (26.4% and 23.5%).
    Those were measured with answer means of 220 to 385 ms; since issue 30 the levels answer
    within 25 ms of each other (so that no level's duel is a foregone conclusion), and the power
    that gives the same factors as 2 did then (Expert 1.55, Casual 0.66, Beginner 0.43 against
    Sharp's 1; before 1.54, 0.71, 0.50) is 20."""
    knock_reads: int = 0
    """Weighing styles, Quick Draw: after its own knock, the sampled hands (``inference``) it reads to see who
    beats it, and so whom a draw would save the life from; 0 reads nothing."""


STYLES: dict[str, GunStyle] = {
    # Answer times: a person answering a draw must see it, know it and press a key, between a
    # simple reaction (Human Benchmark median 273 ms) and a recognition reaction (Laming: 384 ms);
    # the levels sit 7.5 ms apart around the drawn gun's 350 ms, so that whoever draws on any level
    # wins 35-65% of the duels (issue 30; measured by build_scripts/bench_duels.py). 90% ranges:
    # a spread of about 13% of the mean.
    "beginner": GunStyle((285, 440), trigger=0.3, out_of_turn=0.2, misfire_limit=0.6, sloppiness=0.35,
                         bystander=0.4, needs_reason=False, wary=True, nerve=0.3),
    "casual": GunStyle((280, 430), trigger=0.2, out_of_turn=0.15, misfire_limit=0.25, sloppiness=0.0,
                       bystander=0.3, wary=True, nerve=0.15),
    "sharp": GunStyle((275, 420), trigger=1.0, out_of_turn=1.0, misfire_limit=0.65, sloppiness=0.0,
                      bystander=0.0, weighs=True, patience=0.1, arm=0.0, bystanders=0.2),
    "expert": GunStyle((270, 410), trigger=1.0, out_of_turn=1.0, misfire_limit=0.75, sloppiness=0.0,
                       bystander=0.0, weighs=True, patience=0.0, margin=0.005, bystanders=0.5, samples=48,
                       knock_reads=24, respect=20.0),
}
"""Gun styles by bot level id."""

SKILLED_ANSWER_MS = 347.5
"""The mean answer time of a seat whose skill factor is 1: Sharp's (and a person's, ``HUMAN_REACTION_MS``)."""


class Gunslinger:
    """A card-playing bot with a derringer: decides the gun actions, delegates the rest."""

    def __init__(self, inner: Bot, style: GunStyle) -> None:
        self.inner = inner
        self.style = style
        self.speeds: tuple[Speed | None, ...] | None = None
        """Each seat's answer time range (``None``: never answers), as the table knows it; set by ``meet``."""

    @property
    def reaction_ms(self) -> Speed:
        """This level's answer time range after a draw: public, everyone at the table sees how quick it is."""
        return self.style.reaction_ms

    def meet(self, speeds: Sequence[Speed | None]) -> None:
        """Learn the table's public answer speeds, one per seat (the controller calls this once per game)."""
        self.speeds = tuple(speeds)

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """A shot if one is worth it, otherwise the inner bot's move among the non-gun actions."""
        legal = observation.legal_actions
        if not observation.rules.old_west:
            return self.inner.choose(observation, rng)
        guns = [a for a in legal if isinstance(a, (Fire, QuickDraw))]
        if not guns:
            return self.inner.choose(observation, rng)
        rest = tuple(a for a in legal if not isinstance(a, (Fire, QuickDraw)))
        target = self.target(observation, random.Random(rng.random()), costs_turn=_costs_turn(observation))
        chosen = [a for a in guns if a.target == target]
        if chosen or not rest:
            return chosen[0] if chosen else guns[0]
        return self.inner.choose(dataclasses.replace(observation, legal_actions=rest), rng)

    def draw_out_of_turn(self, observation: Observation, rng: random.Random) -> int | None:
        """Quick Draw, at the start of another player's turn: the seat to draw on, or ``None``."""
        if rng.random() >= self.style.out_of_turn:
            return None
        return self.target(observation, rng, costs_turn=False)

    def answer_draw(self, observation: Observation, shooter: int, target: int, rng: random.Random) -> int | None:
        """Someone drew: milliseconds until this bot fires back at ``shooter``, or ``None`` to hold fire."""
        style = self.style
        reaction = answer_after(style.reaction_ms, rng.random())
        if target == observation.seat:
            return reaction  # the only defence there is, and a shooter who misfires deserves it
        if style.weighs:
            duel = self._showdown(observation, rng)
            others = self._answering(observation, shooter, target)
            held = duel.draw(shooter, target, others)
            fired = duel.draw(shooter, target, {**others, observation.seat: 1.0}, {observation.seat: reaction})
            return reaction if fired - held > style.margin else None
        leader = _threats(observation)[0] == shooter
        return reaction if rng.random() < style.bystander * (1.5 if leader else 1.0) else None

    def draw_odds(self, observation: Observation, target: int, rng: random.Random) -> tuple[float, float]:
        """Quick Draw: the chances that my draw on ``target`` puts it out, and that an answer puts me out."""
        duel = self._showdown(observation, rng)
        return duel.odds(observation.seat, target, self._answering(observation, observation.seat, target))

    def target(self, observation: Observation, rng: random.Random, costs_turn: bool) -> int | None:
        """The opponent to shoot now, or ``None`` to keep the gun holstered."""
        style = self.style
        seat = observation.seat
        chances = observation.misfire_chances
        if not observation.bullets or not observation.bullets[seat]:
            return None
        threats = _threats(observation)
        if not threats:
            return None
        if chances[seat] > style.misfire_limit and not _desperate(observation, threats[0]):
            return None
        if style.weighs and observation.rules.quick_draw:
            return self._best_draw(observation, threats, rng)
        if style.weighs:
            best: tuple[float, int] | None = None
            skills = self._skills(observation)
            for other in threats:
                gain, hold = weigh_shot(observation, other, style.patience, costs_turn, skills)
                if gain - hold > style.margin and (best is None or gain - hold > best[0]):
                    best = (gain - hold, other)
            return best[1] if best else None
        if style.wary and observation.rules.quick_draw and not (style.nerve and rng.random() < style.nerve):
            threats = [t for t in threats if not self._beats_a_draw(observation, t)]
            if not threats:
                return None
        if rng.random() >= style.trigger or (style.needs_reason and not _plain_reason(observation, threats[0])):
            return None
        if rng.random() < style.sloppiness:
            return rng.choice(threats)
        return threats[0]

    def _speed(self, seat: int) -> Speed | None:
        return self.speeds[seat] if self.speeds is not None and seat < len(self.speeds) else HUMAN_REACTION_MS

    def _skills(self, observation: Observation) -> dict[int, float] | None:
        """Each seat's skill factor read from its public answer speed, or ``None`` with ``respect`` 0."""
        if not self.style.respect:
            return None
        factors = {}
        for seat in observation.active_seats:
            speed = self._speed(seat)
            if speed is not None:
                factors[seat] = (SKILLED_ANSWER_MS / (sum(speed) / 2)) ** self.style.respect
        return factors

    def _beats_a_draw(self, observation: Observation, seat: int) -> bool:
        """Whether ``seat`` is loaded and usually answers before a drawn gun fires."""
        return (bool(observation.bullets[seat])
                and faster_chance(self._speed(seat), observation.rules.draw_speed_ms) > 0.25)

    def _showdown(self, observation: Observation, rng: random.Random) -> Showdown:
        speeds = [self._speed(seat) for seat in range(len(observation.tokens))]
        risks, _, _ = round_risks(observation, observation.seat)
        beats_me = None
        if self.style.knock_reads and observation.knocker == observation.seat and len(observation.hand) == 3:
            beats_me = beaten_chances(observation, rng, self.style.knock_reads)
        return Showdown(observation, speeds, risks, self.style.arm, rng, self.style.samples, beats_me)

    def _answering(self, observation: Observation, shooter: int, target: int) -> dict[int, float]:
        """Who is guessed to fire back at ``shooter``: the target always, others now and then (not me)."""
        me = observation.seat
        return {seat: 1.0 if seat == target else self.style.bystanders
                for seat in observation.active_seats
                if seat not in (me, shooter) and self._speed(seat) is not None}

    def _best_draw(self, observation: Observation, threats: list[int], rng: random.Random) -> int | None:
        """Quick Draw: the seat whose draw most raises my win chance over holding, by ``margin``; or ``None``."""
        duel = self._showdown(observation, rng)
        best: tuple[float, int] | None = None
        hold = duel.now()
        for other in threats:
            gain = duel.draw(observation.seat, other, self._answering(observation, observation.seat, other)) - hold
            if gain > self.style.margin and (best is None or gain > best[0]):
                best = (gain, other)
        return best[1] if best else None


def _costs_turn(observation: Observation) -> bool:
    rules = observation.rules
    return not rules.quick_draw and rules.shot_ends_turn


def _threats(observation: Observation) -> list[int]:
    """Opponents in the game, most dangerous first: lives, then the knocker, visible strength, a loaded gun."""
    me = observation.seat
    tokens = observation.tokens
    others = [s for s in observation.active_seats if s != me]
    bullets = observation.bullets

    def danger(seat: int) -> tuple[int, int, int, int, int]:
        shown = max(suit_points(observation.known[seat])) if observation.known[seat] else 0
        return (tokens[seat], int(seat == observation.knocker), shown, int(bool(bullets and bullets[seat])),
                -((seat - me) % len(tokens)))

    return sorted(others, key=danger, reverse=True)


def _desperate(observation: Observation, leader: int) -> bool:
    """Down to a last life against a clear leader, or alone with one opponent who leads."""
    mine = observation.tokens[observation.seat]
    theirs = observation.tokens[leader]
    return (mine == 1 and theirs >= 3) or (len(observation.active_seats) == 2 and theirs > mine)


def _plain_reason(observation: Observation, leader: int) -> bool:
    """The plain styles' reasons to shoot: a leader not behind it by lives, a knocker over a poor hand, a last duel."""
    mine = observation.tokens[observation.seat]
    if observation.tokens[leader] >= mine or len(observation.active_seats) == 2:
        return True  # nobody is behind it: the top of the table is fair game
    return observation.knocker == leader and my_value(observation) < 21


def armed(inner: Bot, level: str) -> Gunslinger:
    """``inner`` with the gun style of ``level``."""
    return Gunslinger(inner, STYLES[level])


__all__ = ["GunStyle", "Gunslinger", "STYLES", "armed"]
