"""The perfect-information references: their worlds are the true table, and never a level."""

from __future__ import annotations

import random

import pytest

from thirtyone.bots import make_bot
from thirtyone.bots.tracking import remember
from thirtyone.controller import Match
from thirtyone.model import Card, Discard, Phase, apply, preset
from thirtyone.model.actions import DRAW
from thirtyone.model.dealing import stock_in_order
from thirtyone.model.record import Seat
from thirtyone.tournament import TournamentPlan
from thirtyone.tournament.perfect_info import PeekingExpert, play_reference


def table_at_turn() -> Match:
    """Four Sharp, classic, played until a turn a few moves into the first round."""
    seats = tuple(Seat(f"S{i}", "bot:sharp") for i in range(4))
    match = Match.new(preset("classic"), seats, seed=5, bots={i: make_bot("sharp") for i in range(4)})
    while match.state.turns_taken < 3 or match.state.phase is not Phase.TURN:
        request = match.bot_request()
        assert request is not None
        match.submit(request.seat, request.decide())
    assert match.state.stock_unsettled > 0  # the lazy shuffle is still under way
    return match


def draws(state, count: int) -> list[Card]:
    """The cards ``count`` turns of drawing and throwing the drawn card would deal, in order."""
    cards = []
    for _ in range(count):
        state = apply(state, DRAW)[0]
        cards.append(state.drawn)
        state = apply(state, Discard(state.drawn))[0]
    return cards


def test_the_omniscient_world_deals_the_cards_the_game_will_deal() -> None:
    match = table_at_turn()
    seat = match.state.current
    observation = match.observation(seat)
    peek = PeekingExpert(lambda: match.state, knows_stock=True)
    world = peek.world(observation, remember(observation), random.Random(1))
    assert world.hands == match.state.hands
    assert draws(world, 5) == draws(match.state, 5) == list(stock_in_order(match.state)[:5])
    # The stock as it lies (unsettled cards not yet in their places) is not the order the game deals:
    assert list(match.state.stock[:5]) != draws(match.state, 5)


def test_knowing_the_hands_shuffles_the_stock_anew_in_each_world() -> None:
    match = table_at_turn()
    observation = match.observation(match.state.current)
    peek = PeekingExpert(lambda: match.state, knows_stock=False)
    rng = random.Random(2)
    worlds = [peek.world(observation, remember(observation), rng) for _ in range(5)]
    truth = draws(match.state, 5)
    for world in worlds:
        assert world.hands == match.state.hands and world.discards == match.state.discards
        assert sorted(world.stock, key=str) == sorted(match.state.stock, key=str)
        assert world.stock_unsettled == 0 and world.luck == 0
    assert any(draws(world, 5) != truth for world in worlds)
    assert len({world.stock for world in worlds}) == 5


def test_a_reference_plays_a_tournament_game_and_is_no_level() -> None:
    plan = TournamentPlan(preset("classic").to_dict(), ("expert-omniscient", "sharp", "sharp", "sharp"), 4, seed=3,
                          budget_ms=5.0)
    outcome = play_reference((plan, 1))
    assert outcome.winner in range(4) and sorted(outcome.places)[0] == 1.0
    for spec in ("expert-hands", "expert-omniscient"):
        with pytest.raises(ValueError):
            make_bot(spec)
