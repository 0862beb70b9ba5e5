"""The coach's search stops sampling once its answer is settled, and only then."""

import pytest

from thirtyone.bots.rollout import play_out
from thirtyone.coach import search
from thirtyone.coach.search import FIRST_LOOK, estimate_actions, settled
from thirtyone.model import Action, observe, preset
from thirtyone.model.actions import DRAW, KNOCK, TAKE

from tests.engine_support import deal


def _take_makes_31():
    """Seat 0 holds A♠ K♠ 2♠ with the Q♠ face up: taking it makes 31, a decision beyond doubt."""
    state, _ = deal(preset("classic"), ["AS KS 2S", "3C 4C 5D", "6H 7H 8S", "9D TD 2C"], "QS")
    return observe(state, 0)


@pytest.fixture
def playouts(monkeypatch):
    """Counts the play-outs the search plays."""
    played = []
    real = play_out

    def counting(*args, **kwargs):
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "play_out", counting)
    return played


def test_a_clear_decision_keeps_its_verdict_with_fewer_playouts(playouts):
    observation = _take_makes_31()
    moves: list[Action] = [DRAW, TAKE]  # drawing instead keeps the life about 87% of the time
    early = estimate_actions(observation, moves, made=DRAW)
    early_count = len(playouts)
    full = estimate_actions(observation, moves, early=False)
    full_count = len(playouts) - early_count
    best = lambda estimates: max(estimates, key=lambda e: e.keep_chance).action  # noqa: E731
    assert best(early) is best(full) is TAKE
    assert full_count == 600 * len(moves)  # 1,200 play-outs shared by two moves
    assert early_count == early[0].worlds * len(moves) <= full_count // 4
    assert all(e.worlds == early[0].worlds >= FIRST_LOOK for e in early)


def test_the_same_view_stops_at_the_same_count_with_the_same_answer():
    observation = _take_makes_31()
    moves: list[Action] = [DRAW, TAKE, KNOCK]
    assert estimate_actions(observation, moves, made=KNOCK) == estimate_actions(observation, moves, made=KNOCK)


def test_a_clear_gap_settles_and_a_coin_flip_does_not():
    clear = [[1.0, 0.0]] * FIRST_LOOK
    assert settled(clear)
    flip = [[1.0, 0.0] if world % 2 else [0.0, 1.0] for world in range(400)]
    assert not settled(flip)


def test_equal_moves_settle_as_a_tie_unless_one_of_them_was_played_near_the_margin():
    same = [[1.0, 1.0, 0.0]] * 300 + [[0.0, 0.0, 0.0]] * 100
    assert settled(same)  # the first two play out alike: a tie; the third is clearly worse
    assert settled(same, made=1)  # the move played is surely within the margin: accurate
    near = [[1.0, 0.0]] * 6 + [[1.0, 1.0]] * 194 + [[0.0, 0.0]] * 100  # the move played 3 points behind
    assert not settled(near, made=1)  # on which side of the 2-point margin is not yet sure
