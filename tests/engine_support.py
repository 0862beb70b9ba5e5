"""Helpers for scripted engine scenarios: stack a deck, deal, play actions."""

from __future__ import annotations

import random
from typing import Sequence

from thirtyone.model import (Card, GameState, Rules, RulesError, parse_action, parse_cards, new_game, preset)
from thirtyone.model import apply, observe
from thirtyone.model.actions import DEAL
from thirtyone.model.events import Event
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import Exchange, KnockFails, KnockTiming, KnockerTied, StockOut

NAMES = ("Kelly", "Al", "Lou", "Maria", "Nico", "Olga", "Pat", "Quinn")


def stacked_deck(hands: Sequence[str], middle: str = "", stock: str = "") -> tuple[Card, ...]:
    """A deck that deals ``hands`` (seat 0 first), then ``middle`` (upcard or board), then ``stock``.

    Cards are dealt one at a time around the table, so the deck interleaves the hands.
    """
    parsed = [parse_cards(hand) for hand in hands]
    count = len(parsed)
    deck: list[Card] = [parsed[seat][position] for position in range(3) for seat in range(count)]
    return tuple(deck) + parse_cards(middle) + parse_cards(stock)


def deal(rules: Rules, hands: Sequence[str], middle: str = "", stock: str = "",
         tokens: Sequence[int] | None = None, later_decks: Sequence[tuple[Card, ...]] = ()) -> tuple[GameState, list[Event]]:
    """A game whose first deal gives ``hands`` with seat 0 playing first (the last seat deals)."""
    names = NAMES[:len(hands)]
    deck = stacked_deck(hands, middle, stock)
    state = new_game(rules, names, seed=7, first_dealer=len(hands) - 1, decks=(deck, *later_decks))
    if tokens is not None:
        state = state.evolve(tokens=tuple(tokens))
    state, events = apply(state, DEAL)
    return state, list(events)


def play(state: GameState, *actions: str) -> tuple[GameState, list[Event]]:
    """Apply actions written as text (``"draw"``, ``"discard QS"`` …); returns all events."""
    events: list[Event] = []
    for text in actions:
        state, new = apply(state, parse_action(text))
        events.extend(new)
    return state, events


def random_rules(rng: random.Random) -> Rules:
    """A random but valid house-rule set."""
    while True:
        try:
            return Rules(
                lives=rng.choice([1, 2, 3]), honor_life=rng.random() < 0.5,
                exchange=rng.choice(list(Exchange)), may_discard_taken=rng.random() < 0.5,
                knock_timing=rng.choice(list(KnockTiming)), knock_again_passes=rng.random() < 0.3,
                three_of_a_kind=rng.choice([None, 30.0, 30.5]), three_aces=rng.choice([None, 32.0, 33.0]),
                instant_31=rng.random() < 0.5, instant_31_on_deal=rng.random() < 0.5,
                knocker_penalty=rng.choice([1, 2, 3]), knock_fails=rng.choice(list(KnockFails)),
                knocker_tied=rng.choice(list(KnockerTied)), knocker_penalty_on_31=rng.choice([1, 2]),
                knock_minimum=rng.choice([0.0, 17.0, 21.0]), suited_knock=rng.random() < 0.2,
                under_the_gun=rng.random() < 0.3, stock_out=rng.choice(list(StockOut)),
                board_refresh=rng.random() < 0.5, turn_limit=rng.choice([0, 0, 5]))
        except RulesError:
            continue


SEATS = (Seat("Kelly"), Seat("Al", "bot:random"), Seat("Lou", "bot:random"))
"""The seats of ``scripted_record``."""


def scripted_record(actions=("deal", "knock", "draw", "discard 3C", "draw", "discard 5S")):
    deck = stacked_deck(["TH AH 4H", "8D TD 9D", "2D 2H 2C"], "6S", "3C 5S")
    return GameRecord(preset("classic"), SEATS, seed=3, first_dealer=2,
                      actions=tuple(parse_action(a) for a in actions), decks=(deck,), preset="classic")


def two_worlds(rules: Rules, seed: int, steps: int):
    """Play ``steps`` moves, then a copy of the state with opponents' hidden cards and the stock redrawn."""
    from thirtyone.bots import make_bot
    state = new_game(rules, ["A", "B", "C", "D"], seed=seed)
    bots = [make_bot("casual") for _ in range(4)]
    for number in range(steps):
        if state.is_terminal:
            break
        state, _ = apply(state, bots[state.current].choose(observe(state, state.current), random.Random(number)))
    seat = state.current
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in state.known[s]]
    pool = hidden + list(state.stock)
    random.Random(seed).shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        hands.append(tuple(state.known[s]) + tuple(pool.pop() for _ in range(len(hand) - len(state.known[s]))))
    drawn = state.drawn
    stock = tuple(pool)
    other = state.evolve(hands=tuple(hands), stock=stock, drawn=drawn)
    return state, other, seat


def long_round_record(length: int) -> GameRecord:
    """A valid record of ``length`` actions, all but the deal in one round: four players on a
    London board pass, turn after turn (the longest a record's round can grow)."""
    rules = preset("london")
    actions = [DEAL] + [parse_action("pass")] * (length - 1)
    return GameRecord(rules, tuple(Seat(name) for name in NAMES[:4]), 1, 3, tuple(actions), (), "london")
