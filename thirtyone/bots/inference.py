"""Guessing the hidden cards: worlds consistent with everything public, weighted by behaviour.

Every card a seat has seen (its hand, the discard pile, the board, cards known
to be in hands) is excluded. Each opponent's hidden cards are drawn one by one,
weighted by the suits its picks and discards show it collecting; a knocker's
hand is resampled a few times to make it look like a hand one would knock on.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from itertools import accumulate

from ..model import FULL_DECK, Card, GameState, Observation, new_game
from ..model.scoring import hand_value
from .tracking import TableMemory, passes_in_row

INTEREST_SCALE = 0.45
"""How sharply suit interest tilts the odds of a card (per point of interest, in log-odds)."""
KNOCKER_MIN_VALUE = 21.0
"""A knocker's hand below this is resampled (up to ``KNOCKER_TRIES`` times)."""
KNOCKER_TRIES = 8
QUIET_MAX_VALUE = 27.0
"""A player who had a turn and did not knock rarely sits on more than this; such guesses are redrawn."""
QUIET_TRIES = 3


def card_weights(memory: TableMemory, seat: int, pool: list[Card]) -> list[float]:
    """Relative odds that ``seat`` holds each card of ``pool``."""
    by_index = _weights_by_index(memory, seat)
    return [by_index[card.face] for card in pool]


def _weights_by_index(memory: TableMemory, seat: int) -> list[float]:
    """``seat``'s odds for every card, by card face (both packs' copies alike); a search asks this for thousands of worlds."""
    global _last_weights
    last_memory, rows = _last_weights
    if memory is not last_memory:
        rows = {}
        _last_weights = (memory, rows)
    row = rows.get(seat)
    if row is None:
        interest = memory.interest[seat]
        tilt = [math.exp(INTEREST_SCALE * max(-3.0, min(6.0, i))) for i in interest]
        row = [tilt[card.suit] for card in FULL_DECK]
        for card in set(memory.passed_over[seat]):
            row[card.face] *= 0.3  # it was offered face up and declined; it may still be drawn later
        rows[seat] = row
    return row


_last_weights: tuple[TableMemory | None, dict[int, list[float]]] = (None, {})


def _draw_weighted(pool: list[Card], weights: list[float], count: int, rng: random.Random) -> list[Card]:
    """``count`` cards from ``pool`` without replacement, each pick by weight (pool and weights shrink)."""
    picked = []
    for _ in range(count):
        cumulative = list(accumulate(weights))
        index = min(bisect_left(cumulative, rng.random() * cumulative[-1]), len(pool) - 1)
        picked.append(pool.pop(index))
        weights.pop(index)
    return picked


def _replay_draws(known: tuple[Card, ...], hidden: list[Card], pool: list[Card], weights: list[float],
                  draws: int, observation: Observation, rng: random.Random) -> None:
    """Replay the seat's blind draws: each draws a card and keeps the best hand, as players do.

    Without this a guessed hand is as weak as a fresh deal, while real hands have
    been improved on every turn; search would then knock far too often.
    """
    rules = observation.rules
    for _ in range(min(draws, len(pool))):
        card = _draw_weighted(pool, weights, 1, rng)[0]
        best_value, worst = -1.0, card
        for index, candidate in enumerate(hidden):
            rest = known + tuple(hidden[:index]) + tuple(hidden[index + 1:]) + (card,)
            value = hand_value(rest, rules)
            if value > best_value:
                best_value, worst = value, candidate
        if hand_value(known + tuple(hidden), rules) >= best_value:
            worst = card
        else:
            hidden[hidden.index(worst)] = card
        pool.append(worst)  # back into the unknown cards (in truth, the pile; close enough)
        weights.append(1.0)


def sample_hands(observation: Observation, memory: TableMemory, rng: random.Random,
                 uniform: bool = False) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """One guess at every hand and the stock order, consistent with the observation."""
    seats = len(observation.names)
    pool = list(memory.unseen)
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = [()] * seats
    hands[observation.seat] = observation.hand
    opponents = [s for s in range(seats) if s != observation.seat and observation.hand_sizes[s]]
    # The knocker first, so its resampling sees the full pool.
    opponents.sort(key=lambda s: s != observation.knocker)
    for seat in opponents:
        known = tuple(observation.known[seat])
        missing = observation.hand_sizes[seat] - len(known)
        if missing <= 0:
            hands[seat] = known[:observation.hand_sizes[seat]]
            continue
        full = len(known) + missing == 3
        if uniform or not full:
            low, high, tries = 0.0, 99.0, 1
        elif seat == observation.knocker:
            low, high, tries = KNOCKER_MIN_VALUE, 99.0, KNOCKER_TRIES
        elif memory.acted[seat]:
            # It had a turn without knocking (and, with instant 31, without showing 31).
            low, high, tries = 0.0, QUIET_MAX_VALUE, QUIET_TRIES
        else:
            low, high, tries = 0.0, 99.0, 1
        for attempt in range(tries):
            trial_pool = list(pool)
            weights = [1.0] * len(trial_pool) if uniform else card_weights(memory, seat, trial_pool)
            hidden = _draw_weighted(trial_pool, weights, missing, rng)
            if full and not uniform:
                _replay_draws(known, hidden, trial_pool, weights, memory.blind_draws[seat], observation, rng)
            hand = known + tuple(hidden)
            if attempt == tries - 1 or low <= hand_value(hand, observation.rules) <= high:
                break
        pool = trial_pool
        hands[seat] = hand
    return tuple(hands), tuple(pool)


def sample_world(observation: Observation, memory: TableMemory, rng: random.Random,
                 uniform: bool = False) -> GameState:
    """A full game state that this seat could be in, for play-outs."""
    hands, stock = sample_hands(observation, memory, rng, uniform)
    rules = observation.rules
    base = new_game(rules, observation.names, seed=rng.getrandbits(48), first_dealer=observation.dealer)
    return base.evolve(
        phase=observation.phase, round_number=observation.round_number, dealer=observation.dealer,
        current=observation.current_player, tokens=observation.tokens, hands=hands, stock=stock,
        discards=observation.discards, board=observation.board, known=observation.known,
        knocker=observation.knocker, taken=observation.taken, drawn=observation.drawn,
        turns_taken=observation.turns_taken, passes_in_row=passes_in_row(observation),
        chance=1 + observation.round_number * 7,
    )
