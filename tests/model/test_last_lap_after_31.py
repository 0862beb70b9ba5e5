"""A 31 made in play gives everyone one more turn (``Rules.last_lap_after_31``): the state after each move.

Games4All (G4A: 31/Schwimmen): "When a player has 31 points his/her cards are turned face up and all players
get one more turn before play ends." Board Game Arena calls this the usual game: "In contrast to the usual
game, once a player has a hand of 31 points, they automatically end the round and the evaluation is
proceeded, leaving no last turn for the others."
"""

from __future__ import annotations

import pytest

from thirtyone.model import RoundEnded, Showed31, legal_actions, preset
from thirtyone.model.actions import KNOCK
from thirtyone.model.describe import rules_text
from thirtyone.model.events import RoundEnd
from thirtyone.model.rules import Rules, as_played_then
from thirtyone.model.state import NO_SEAT, Phase

from tests.engine_support import deal, play

BOARD = preset("schwimmen").replace(dealer_choice=False, last_lap_after_31=True)
DRAW = preset("classic").replace(last_lap_after_31=True)
HANDS = ("AS KS 7C", "KD QD 9H", "8C 9C 7D")
"""Kelly (seat 0) swaps 7C for QS to make 31; Al has 20, Lou 17."""


def test_a_31_made_on_a_turn_is_shown_and_play_goes_on():
    state, _ = deal(BOARD, HANDS, "QS 8H 9S")
    state, events = play(state, "swap 7C QS")
    assert [type(e) for e in events if isinstance(e, (Showed31, RoundEnded))] == [Showed31]
    assert state.phase is Phase.TURN and state.current == 1
    assert state.knocker == 0  # the 31 closes the round as a knock does
    assert set(state.known[0]) == set(state.hands[0])  # the whole hand is face up
    assert KNOCK not in legal_actions(state)


def test_everyone_else_has_one_more_turn_then_the_lowest_loses():
    state, _ = deal(BOARD, HANDS, "QS 8H 9S")
    state, _ = play(state, "swap 7C QS", "swap 9H 8H")
    assert state.phase is Phase.TURN and state.current == 2  # Lou still has her turn
    state, events = play(state, "swap 8C 9S")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.reason is RoundEnd.KNOCK and result.knocker is None  # nobody knocked: no knocker's penalty
    assert result.scores == (31, 20, 9)
    assert result.lives_lost == (0, 0, 1)
    assert result.reasons[0] == "Kelly showed 31 and everyone else had one more turn: safe."
    assert result.reasons[2] == "Lou had the lowest hand, 9: loses a life."


def test_draw_and_discard_tables_play_it_too():
    state, _ = deal(DRAW, ("AS KS 7C", "KD QD 9H", "8C 9C 7D"), "2H", "QS 3D 4C")
    state, events = play(state, "draw", "discard 7C")
    assert any(isinstance(e, Showed31) for e in events) and not any(isinstance(e, RoundEnded) for e in events)
    state, events = play(state, "draw", "discard 3D", "draw", "discard 4C")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.lives_lost == (0, 0, 1)


def test_a_knock_before_the_31_stays_the_knock():
    state, _ = deal(BOARD, ("KD QD 9H", "AS KS 7C", "8C 9C 7D"), "QS 8H 9S")
    state, _ = play(state, "knock", "swap 7C QS")
    assert state.knocker == 0 and state.current == 2
    state, events = play(state, "swap 8C 9S")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.knocker == 0 and result.lives_lost == (0, 0, 1)


@pytest.mark.parametrize("rules, ends_at_once", [(BOARD.replace(last_lap_after_31=False), True), (BOARD, False)])
def test_off_the_31_ends_the_round_at_once(rules, ends_at_once):
    state, _ = deal(rules, HANDS, "QS 8H 9S")
    state, events = play(state, "swap 7C QS")
    assert any(isinstance(e, RoundEnded) for e in events) is ends_at_once
    assert (state.knocker == NO_SEAT) is ends_at_once or state.phase is Phase.DEAL


def test_the_rules_text_says_so():
    assert "everyone else then has one more turn, as after a knock" in rules_text(BOARD)
    assert "everyone else then has one more turn" not in rules_text(BOARD.replace(last_lap_after_31=False))


def test_records_from_before_the_option_end_the_round_at_once():
    old = {k: v for k, v in BOARD.to_dict().items() if k != "last_lap_after_31"}
    assert Rules.from_dict(as_played_then(old)).last_lap_after_31 is False
