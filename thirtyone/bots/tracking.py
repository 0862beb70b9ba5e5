"""What a careful player remembers from the public record of a round.

Everything here is computed from an ``Observation`` alone: the cards nobody has
seen, the cards each seat is known to hold, and which suits each opponent seems
to collect, read from what it took, what it threw away and what it passed over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..model import Card, Observation
from ..model.events import (BoardRefreshed, NewCardsLaid, Dealt, Discarded, DrewFromStock, Knocked, Passed, Swapped,
                            SwappedAll, TookDiscard)

TAKE_WEIGHT = 2.0
"""Suit interest gained by taking a card of that suit face up."""
DISCARD_WEIGHT = 1.0
"""Suit interest lost by discarding a card of that suit."""
PASS_OVER_WEIGHT = 0.5
"""Suit interest lost by drawing blind instead of taking the face-up card."""


@dataclass(frozen=True, slots=True)
class TableMemory:
    """One seat's memory of the round so far."""

    unseen: tuple[Card, ...]
    """Cards this seat has not seen: in the stock or in opponents' hidden hands."""
    known: tuple[tuple[Card, ...], ...]
    """Cards each seat is publicly known to hold."""
    interest: tuple[tuple[float, float, float, float], ...]
    """Per seat and suit: how strongly the seat seems to collect that suit (0 is neutral)."""
    passed_over: tuple[tuple[Card, ...], ...]
    """Per seat: face-up cards it declined (drew blind instead)."""
    discarded: tuple[tuple[Card, ...], ...]
    """Per seat: cards it discarded or gave to the board this round."""
    acted: tuple[bool, ...]
    """Per seat: whether it has had a turn this round (and so chose not to knock, or knocked)."""
    blind_draws: tuple[int, ...]
    """Per seat: cards drawn blind from the stock this round (each kept or thrown by choice)."""


def remember(observation: Observation) -> TableMemory:
    """Read the public record of the round from one seat's point of view.

    A decision asks several times about the same observation (knock, take,
    discard), so the last answer is kept; observations are immutable.
    """
    global _last_memory
    last_observation, memory = _last_memory
    if observation is not last_observation:
        memory = _read_memory(observation)
        _last_memory = (observation, memory)
    return memory


def _read_memory(observation: Observation) -> TableMemory:
    seats = len(observation.names)
    seen = set(observation.hand)
    seen.update(observation.discards)
    seen.update(observation.board)
    for cards in observation.known:
        seen.update(cards)
    unseen = tuple([card for card in observation.rules.cards if card not in seen])
    interest = [[0.0, 0.0, 0.0, 0.0] for _ in range(seats)]
    passed: list[list[Card]] = [[] for _ in range(seats)]
    thrown: list[list[Card]] = [[] for _ in range(seats)]
    pile: list[Card] = []
    acted = [False] * seats
    draws = [0] * seats
    log: Sequence[Any] = observation.log  # dispatched by exact type below, which mypy does not narrow by
    for event in log:
        kind = type(event)  # exact types: a chain of isinstance checks was a third of a Sharp decision
        if kind is Dealt:
            pile = [event.upcard] if event.upcard is not None else []
            continue
        seat_of = getattr(event, "seat", None)
        if seat_of is not None:
            acted[seat_of] = True
        if kind is TookDiscard:
            interest[event.seat][event.card.suit] += TAKE_WEIGHT + event.card.value / 10
            if pile:
                pile.pop()
        elif kind is Discarded:
            interest[event.seat][event.card.suit] -= DISCARD_WEIGHT
            thrown[event.seat].append(event.card)
            pile.append(event.card)
        elif kind is DrewFromStock:
            draws[event.seat] += 1
            if pile:
                interest[event.seat][pile[-1].suit] -= PASS_OVER_WEIGHT
                passed[event.seat].append(pile[-1])
        elif kind is Swapped:
            interest[event.seat][event.took.suit] += TAKE_WEIGHT + event.took.value / 10
            interest[event.seat][event.gave.suit] -= DISCARD_WEIGHT
            thrown[event.seat].append(event.gave)
        elif kind is SwappedAll:
            interest[event.seat] = [0.0, 0.0, 0.0, 0.0]
            for card in event.took:
                interest[event.seat][card.suit] += TAKE_WEIGHT / 2
            thrown[event.seat].extend(event.gave)
    for seat, cards in enumerate(observation.known):
        for card in cards:
            interest[seat][card.suit] += card.value / 10
    return TableMemory(
        unseen=unseen,
        known=observation.known,
        interest=tuple((i[0], i[1], i[2], i[3]) for i in interest),
        passed_over=tuple(tuple(p) for p in passed),
        discarded=tuple(tuple(t) for t in thrown),
        acted=tuple(acted),
        blind_draws=tuple(draws),
    )


_last_memory: tuple[Observation | None, TableMemory] = (None, TableMemory((), (), (), (), (), (), ()))


def next_seats(observation: Observation) -> list[int]:
    """Active opponents in turn order, starting with the player after this seat."""
    count = len(observation.names)
    return [(observation.seat + step) % count for step in range(1, count)
            if observation.tokens[(observation.seat + step) % count] > 0]


def passes_in_row(observation: Observation) -> int:
    """How many turns in a row ended in a pass (or a knock that counts as one), from the log."""
    count = 0
    for event in reversed(observation.log):
        if isinstance(event, Passed):
            count += 1
        elif isinstance(event, (Swapped, SwappedAll, Knocked, Dealt, BoardRefreshed, NewCardsLaid)):
            break
    return count
