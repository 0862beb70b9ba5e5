"""The bots and the play-outs with two knocks in one lap (``Rules.second_knock_ends``, issue 34)."""

from __future__ import annotations

import random

import pytest

from tests.engine_support import deal, play
from thirtyone.bots import ExpertBot, make_bot
from thirtyone.bots.fastround import finish_round
from thirtyone.model import GameState, Phase, apply, new_game, observe, preset
from thirtyone.model.actions import KNOCK, PASS, Action, Swap
from thirtyone.model.events import Event, Knocked

TWO_KNOCKS = preset("schwimmen").replace(dealer_choice=False, second_knock_ends=True)
MIDDLE = "7C 8C 9D"
"""A middle that helps none of the hands below."""


def _choice(level: str, state: GameState) -> Action:
    bot = ExpertBot(budget_ms=20, clock=False) if level == "expert" else make_bot(level)
    return bot.choose(observe(state, state.current), random.Random(1))


@pytest.mark.parametrize("level", ["casual", "sharp"])
def test_with_nothing_to_gain_a_bot_knocks_second_to_stop_the_players_after_it(level):
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "AH KH TD", "7H 8D TC", "TS JH QD"), MIDDLE)
    state, _ = play(state, "knock")  # Kelly knocks; Al holds 21 and no card in the middle helps
    assert _choice(level, state) is KNOCK


@pytest.mark.parametrize("level", ["casual", "sharp", "expert"])
def test_the_last_to_play_before_the_knocker_does_not_knock_second(level):
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "7H 8D TC", "TS JH QD", "AH KH TD"), MIDDLE)
    state, _ = play(state, "knock", "pass", "pass")  # Maria is the last before Kelly: a knock only gives up her turn
    assert state.current == 3
    assert _choice(level, state) is not KNOCK


@pytest.mark.parametrize("level", ["casual", "sharp"])
def test_a_bot_takes_a_real_improvement_rather_than_knock_second(level):
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "AH KH 7D", "7H 8D TC", "TS JH QD"), "QH 8C 9D")
    state, _ = play(state, "knock")  # Al swaps 7D for QH: 21 becomes 31
    action = _choice(level, state)
    assert isinstance(action, Swap) and action.take.code == "QH"


def test_without_the_rule_the_bots_play_their_last_turn_as_before():
    rules = TWO_KNOCKS.replace(second_knock_ends=False)
    state, _ = deal(rules, ("AS KS 9S", "AH KH TD", "7H 8D TC", "TS JH QD"), MIDDLE)
    state, _ = play(state, "knock")
    assert _choice("casual", state) is PASS


@pytest.mark.parametrize("base", ["schwimmen", "classic"])
def test_the_play_outs_knock_second_as_the_engine_allows(base):
    """Every play-out move is legal in the engine, ends where the engine ends, and some end by a second knock."""
    rules = preset(base).replace(second_knock_ends=True)
    second_knocks = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(rules, [f"P{i}" for i in range(4)], seed=seed)
        bots = [make_bot("casual") for _ in state.names]
        for number in range(rng.randint(1, 12)):
            if state.is_terminal:
                break
            state = apply(state, bots[state.current].choose(observe(state, state.current), random.Random(number)))[0]
        if state.phase not in (Phase.TURN, Phase.DISCARD):
            continue
        moves: list[Action] = []
        fast = finish_round(state, random.Random(1), moves)
        by_engine = state
        events: list[Event] = []
        for move in moves:
            assert by_engine.phase in (Phase.TURN, Phase.DISCARD)
            by_engine, new = apply(by_engine, move)
            events += new
        assert by_engine.last_result is not None and by_engine.last_result.round_number == state.round_number
        assert fast.tokens == by_engine.tokens
        second_knocks += any(isinstance(e, Knocked) and e.second for e in events)
    assert second_knocks > 0


@pytest.mark.parametrize("level", ["casual", "sharp", "expert"])
def test_whole_games_with_two_knocks_end_and_use_the_second_knock(level):
    seen = 0
    for seed in range(3 if level == "expert" else 6):
        state = new_game(TWO_KNOCKS.replace(dealer_choice=True), ["A", "B", "C", "D"], seed=seed)
        bots = [ExpertBot(budget_ms=4, clock=False) if level == "expert" else make_bot(level) for _ in state.names]
        for number in range(3000):
            if state.is_terminal:
                break
            state, events = apply(state, bots[state.current].choose(observe(state, state.current),
                                                                    random.Random(number)))
            seen += any(isinstance(e, Knocked) and e.second for e in events)
        assert state.is_terminal
    assert seen > 0
