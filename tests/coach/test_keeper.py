"""The review kept while a game is played: each human decision answered in a worker and noted in the record."""

from __future__ import annotations

import random
import time

from thirtyone.coach import review as review_module
from thirtyone.coach.keeper import ReviewKeeper
from thirtyone.thinking import Thinker
from thirtyone.coach.review import KEPT_KEY, kept_answers, position_keys, review_record, seat_decisions
from thirtyone.controller import Match
from thirtyone.model import Deal, Phase, preset
from thirtyone.model.record import GameRecord, Seat


def _play(match: Match, keeper: ReviewKeeper, human_moves: int, rng: random.Random) -> None:
    """Bots play their turns; the human (seat 0) picks at random, ``human_moves`` times."""
    while human_moves > 0 and not match.is_over:
        if match.advance() is None:
            legal = match.observation(0).legal_actions
            choice = Deal() if match.state.phase is Phase.DEAL else rng.choice(legal)
            match.submit(0, choice)
            human_moves -= 0 if type(choice) is Deal else 1
        keeper.after_action(match)


def _settle(keeper: ReviewKeeper, match: Match) -> None:
    deadline = time.monotonic() + 120
    while keeper.busy and time.monotonic() < deadline:
        keeper.after_action(match)  # no action since: it only takes answers in and sends what waits
        time.sleep(0.05)


def test_every_human_decision_is_answered_while_playing_and_the_review_reads_the_answers(monkeypatch) -> None:
    from thirtyone.coach.advice import advise
    searched_here: list[object] = []
    monkeypatch.setattr("thirtyone.coach.review.advise",
                        lambda *a, **k: (searched_here.append(a), advise(*a, **k))[1])
    seats = [Seat("You", "human"), Seat("Ada", "bot:casual"), Seat("Bo", "bot:casual"), Seat("Cy", "bot:casual")]
    match = Match.new(preset("classic"), seats, seed=11)
    keeper = ReviewKeeper(Thinker())
    try:
        _play(match, keeper, 8, random.Random(3))
        assert searched_here == []  # the search runs in the worker (a spawned process: its coach is unpatched)
        _settle(keeper, match)
    finally:
        keeper.thinker.close()
    record = GameRecord.from_json(match.record.to_json())  # as saved and read back
    keys = position_keys(record)
    decisions = list(seat_decisions(record, 0))
    assert len(decisions) >= 6
    assert {keys[index] for index, _before, _action in decisions} <= set(kept_answers(record))
    assert KEPT_KEY in record.meta and not any(keys[i] in kept_answers(record)
                                               for i in range(len(keys)) if i not in {d[0] for d in decisions})
    fresh = review_record(record, 0, known={})

    def refuse(*args, **kwargs):
        raise AssertionError("searched again")
    monkeypatch.setattr(review_module, "advise", refuse)
    kept = review_record(record, 0)
    assert kept.to_dict() == fresh.to_dict()


def test_a_take_back_and_another_move_get_their_own_answer() -> None:
    seats = [Seat("You", "human"), Seat("Ada", "bot:casual")]
    match = Match.new(preset("classic"), seats, seed=5)
    keeper = ReviewKeeper(Thinker())
    try:
        _play(match, keeper, 3, random.Random(1))
        while not (match.state.phase is Phase.DISCARD and match.state.current == 0):
            _play(match, keeper, 1, random.Random(2))
        first, other = match.observation(0).legal_actions[:2]
        match.submit(0, first)
        keeper.after_action(match)
        assert type(match.take_back(0)).__name__ == "Accepted"
        keeper.after_action(match)
        match.submit(0, other)
        keeper.after_action(match)
        _play(match, keeper, 2, random.Random(9))
        _settle(keeper, match)
    finally:
        keeper.thinker.close()
    record = match.record
    keys = position_keys(record)
    assert {keys[i] for i, _b, _a in seat_decisions(record, 0)} <= set(kept_answers(record))
    # answers are read by position and move: the one given to the move taken back is never read for the other
    assert review_record(record, 0).to_dict() == review_record(record, 0, known={}).to_dict()
