"""Every finished round's result stays on the table: the public showdowns a player remembers."""

from typing import Any

import random

from thirtyone.model import Phase, apply, legal_actions, new_game, observe, preset
from thirtyone.model.events import RoundEnded
from thirtyone.model.notation import from_line, to_line


def _play_rounds(rounds: int, seed: int = 5):
    """A random four-seat classic game after ``rounds`` finished rounds, and every RoundEnded seen."""
    state = new_game(preset("classic"), ["A", "B", "C", "D"], seed=seed)
    choose = random.Random(seed).choice
    ended: list[Any] = []
    while len(ended) < rounds and state.phase is not Phase.GAME_OVER:
        state, events = apply(state, choose(legal_actions(state)))
        ended += [event.result for event in events if isinstance(event, RoundEnded)]
    return state, ended


def test_each_round_end_adds_its_result_oldest_first() -> None:
    fresh = new_game(preset("classic"), ["A", "B", "C", "D"], seed=5)
    assert fresh.results == () and fresh.last_result is None
    state, ended = _play_rounds(3)
    assert state.results == tuple(ended)
    assert [result.round_number for result in state.results] == [1, 2, 3]
    assert state.last_result is state.results[-1]


def test_every_seat_sees_every_showdown() -> None:
    state, _ = _play_rounds(2)
    for seat in range(4):
        seen = observe(state, seat)
        assert seen.results == state.results
        assert seen.last_result == state.results[-1]
        # The knocker's hand was shown at the showdown, so its value is on record for everyone.
        knocked = [r for r in seen.results if r.knocker is not None]
        assert all(r.knocker is not None and r.scores[r.knocker] is not None for r in knocked)


def test_a_position_line_keeps_the_table_not_the_history() -> None:
    state, _ = _play_rounds(2)
    again = from_line(to_line(state))
    assert again.results == () and again.tokens == state.tokens and again.hands == state.hands
