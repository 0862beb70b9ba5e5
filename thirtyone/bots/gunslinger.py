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
the worth of waiting. The Expert waits less, demands less and answers faster.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ..model import Action, Fire, Observation, QuickDraw
from .base import Bot
from .hands import expected_after_draw, keep_options, suit_points, value_of
from .inference import sample_hands
from .tracking import remember


@dataclass(frozen=True, slots=True)
class GunStyle:
    """How one level handles its derringer."""

    reaction_ms: tuple[int, int]
    """Answer time after a draw, uniform in this range (a Quick Draw gun fires at ``draw_speed_ms``)."""
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
    reads_hands: bool = False
    """Estimates this round's risks from sampled opponents' hands (costs a few milliseconds).

    No level uses it: in Old West (160 games, seed 4, 20 ms Expert) an Expert reading hands
    won 15% against 48% for the same Expert judging by lives and its own hand; the sampled
    risk makes a weak hand look worth playing on, and the gun's best moment passes.
    """
    patience: float = 0.5
    """Weighing styles: how much of a shot's gain waiting a lap is worth (the gun gets worse).

    Low is better while misfires rise with every turn: measured in Old West, Sharp with 0.2
    won 24% against 12% with 0.5, and the Expert 29% with 0.2 against 13% with 0.45.
    """
    margin: float = 0.01
    """Weighing styles: the least expected gain in win chance that is worth a shot."""
    fear: float = 0.35
    """Weighing styles, Quick Draw: the guessed chance that a loaded target fires back faster."""


STYLES: dict[str, GunStyle] = {
    "beginner": GunStyle((450, 650), trigger=0.3, out_of_turn=0.2, misfire_limit=0.6, sloppiness=0.35,
                         bystander=0.4, needs_reason=False),
    "casual": GunStyle((330, 480), trigger=0.6, out_of_turn=0.15, misfire_limit=0.35, sloppiness=0.0,
                       bystander=0.3),
    "sharp": GunStyle((250, 360), trigger=1.0, out_of_turn=1.0, misfire_limit=0.5, sloppiness=0.0,
                      bystander=0.0, weighs=True, patience=0.25),
    "expert": GunStyle((180, 260), trigger=1.0, out_of_turn=1.0, misfire_limit=0.55, sloppiness=0.0,
                       bystander=0.0, weighs=True, patience=0.2, margin=0.005),
}
"""Gun styles by bot level id."""

SAMPLES = 12
"""Sampled deals per estimate of this round's risks (reading style)."""


class Gunslinger:
    """A card-playing bot with a derringer: decides the gun actions, delegates the rest."""

    def __init__(self, inner: Bot, style: GunStyle) -> None:
        self.inner = inner
        self.style = style

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
        low, high = style.reaction_ms
        reaction = rng.randint(low, high)
        if target == observation.seat:
            return reaction  # the only defence there is, and a shooter who misfires deserves it
        if style.weighs:
            gain, hold = _weigh(observation, shooter, rng, style, turn_cost=False, aimed_at_me=False)
            return reaction if gain - hold > style.margin else None
        leader = _threats(observation)[0] == shooter
        return reaction if rng.random() < style.bystander * (1.5 if leader else 1.0) else None

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
        if style.weighs:
            best: tuple[float, int] | None = None
            for other in threats:
                gain, hold = _weigh(observation, other, rng, style, costs_turn)
                if gain - hold > style.margin and (best is None or gain - hold > best[0]):
                    best = (gain - hold, other)
            return best[1] if best else None
        if rng.random() >= style.trigger or (style.needs_reason and not _plain_reason(observation, threats[0])):
            return None
        if rng.random() < style.sloppiness:
            return rng.choice(threats)
        return threats[0]


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
    return observation.knocker == leader and _my_value(observation) < 21


def _my_value(observation: Observation) -> float:
    hand = observation.hand
    if len(hand) == 4:
        return keep_options(hand, observation.rules)[0][0]
    return value_of(hand, observation.rules) if hand else 0.0


def _weigh(observation: Observation, target: int, rng: random.Random, style: GunStyle,
           turn_cost: bool, aimed_at_me: bool = True) -> tuple[float, float]:
    """(expected gain in win chance of shooting ``target`` now, the value of waiting a lap instead).

    ``aimed_at_me`` is false when answering someone else's draw: the shooter's gun points elsewhere.
    """
    rules = observation.rules
    me = observation.seat
    alive = list(observation.active_seats)
    hit = 1.0 - observation.misfire_chances[me]
    risks, risks_without, my_play = _round_risks(observation, target, rng, style.reads_hands)
    rest = [s for s in alive if s != target]
    now = _equity(observation, risks, me, alive)
    without = _equity(observation, risks_without, me, rest)
    if turn_cost:
        # Firing is the whole turn: the hand stays as it is, where playing would improve it.
        played = dict(risks)
        played[me] = my_play
        gain = hit * without + (1 - hit) * now - _equity(observation, played, me, alive)
    else:
        gain = hit * (without - now)
    if aimed_at_me and rules.quick_draw and observation.bullets[target]:
        gain -= style.fear * (1 - observation.misfire_chances[target]) * now  # the target may be faster
    later = rules.misfire_step * (len(alive) if rules.misfire_clock.value == "table" else 1)
    hold_hit = max(0.0, 1.0 - min(rules.misfire_cap, observation.misfire_chances[me] + later))
    hold = style.patience * hold_hit * max(0.0, without - now)
    return gain, hold


def _equity(observation: Observation, risks: dict[int, float], me: int, alive: list[int]) -> float:
    """My chance to win the game, guessed from lives less this round's risk, squared (leads compound)."""
    if me not in alive:
        return 0.0
    weights = {s: max(0.3, observation.tokens[s] - risks.get(s, 0.0)) ** 2 for s in alive}
    return weights[me] / sum(weights.values())


def _round_risks(observation: Observation, target: int, rng: random.Random,
                 reads_hands: bool) -> tuple[dict[int, float], dict[int, float], float]:
    """Each seat's chance of the lowest hand this round, with and without ``target``; and mine if I play on."""
    me = observation.seat
    alive = list(observation.active_seats)
    rules = observation.rules
    mine = _my_value(observation)
    unseen = remember(observation).unseen if reads_hands or len(observation.hand) == 3 else ()
    played = max(mine, expected_after_draw(observation.hand, unseen, rules)) if len(observation.hand) == 3 else mine
    if not reads_hands:
        base = 1.0 / len(alive)
        risks = {s: base * (0.4 if s == observation.knocker else 1.0) for s in alive}
        risks[me] = _public_risk(mine, len(alive))
        without = {s: r * len(alive) / max(1, len(alive) - 1) for s, r in risks.items() if s != target}
        return risks, without, _public_risk(played, len(alive))
    memory = remember(observation)
    lowest = {s: 0.0 for s in alive}
    lowest_without = {s: 0.0 for s in alive if s != target}
    mine_played = 0.0
    for _ in range(SAMPLES):
        hands, _stock = sample_hands(observation, memory, rng)
        values = {s: (mine if s == me else value_of(hands[s][:3], rules)) for s in alive}
        for pool, tally in ((alive, lowest), ([s for s in alive if s != target], lowest_without)):
            floor = min(values[s] for s in pool)
            for s in pool:
                if values[s] == floor:
                    tally[s] += 1.0 / SAMPLES
        if played <= min(values[s] for s in alive if s != me):
            mine_played += 1.0 / SAMPLES
    return lowest, lowest_without, mine_played


def _public_risk(value: float, players: int) -> float:
    """A rough chance that a hand of ``value`` is the lowest of ``players``, from its value alone."""
    scale = min(2.5, max(0.15, 2.2 - (value - 14.0) * 0.12))
    return min(0.95, scale / players)


def armed(inner: Bot, level: str) -> Gunslinger:
    """``inner`` with the gun style of ``level``."""
    return Gunslinger(inner, STYLES[level])


__all__ = ["GunStyle", "Gunslinger", "STYLES", "armed"]
