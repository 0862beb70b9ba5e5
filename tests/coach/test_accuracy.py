"""Accuracy and lives given away, from the coach's review: known answers, and a game of only best moves."""

from __future__ import annotations

import json

import pytest

from thirtyone.bots import make_bot
from thirtyone.coach import advise, review_record
from thirtyone.coach.accuracy import MARGIN, Accuracy, accuracy_of
from thirtyone.coach.advice import Advice, Option
from thirtyone.coach.review import Decision, GameReview
from thirtyone.controller import Match
from thirtyone.i18n import set_language
from thirtyone.model import PRESETS, DrawStock, Knock, TakeDiscard
from thirtyone.model.record import GameRecord, Seat

from tests.cli_support import run
from tests.locations import DATA
from tests.review_once import reuse_in_commands, review_with_what_ifs

RECORD = DATA / "record_coach_two_rounds.json"


def decision(best: float | None, made: float | None, index: int = 0) -> Decision:
    """A decision where the best move (Knock) kept a life ``best`` of the time and the move made (Draw) ``made``."""
    options = (Option(Knock(), "Knock", best), Option(DrawStock(), "Draw", made), Option(TakeDiscard(), "Take", 0.1))
    return Decision(index, 1, DrawStock(), "Drew", 20.0, Advice(0, options))


def test_known_answers() -> None:
    review = GameReview(0, ("You", "Ada"), (
        decision(0.80, 0.80), decision(0.60, 0.59), decision(0.70, 0.60), decision(0.90, 0.60), decision(None, None)))
    found = accuracy_of(review)
    assert (found.decisions, found.accurate) == (4, 2)
    assert found.share == pytest.approx(0.5)
    assert found.given_away == pytest.approx(0.0 + 0.01 + 0.10 + 0.30)
    assert accuracy_of(GameReview(0, ("You",), ())) == Accuracy(0, 0, 0.0)
    assert Accuracy(0, 0, 0.0).share is None
    assert MARGIN == 0.02


def best_moves_game() -> GameRecord:
    """Seat 1 always plays the coach's best move against a Sharp bot (one life each, seed 11)."""
    rules = PRESETS["classic"].rules.replace(lives=1, honor_life=False)
    match = Match.new(rules, (Seat("You", "human"), Seat("Ada", "bot:sharp")), seed=11, bots={1: make_bot("sharp")})
    while not match.is_over:
        if match.advance() is None:
            match.submit(0, advise(match.observation(0)).best.action)
    return match.record


def test_a_game_of_only_best_moves_is_100_percent() -> None:
    found = accuracy_of(review_record(best_moves_game(), 0))
    assert found.decisions >= 10
    assert found.share == 1.0 and found.accurate == found.decisions
    assert found.given_away == 0.0


def test_thirtyone_review_reports_both(capsys, monkeypatch) -> None:
    set_language("en")
    record = GameRecord.from_json(RECORD.read_text(encoding="utf-8"))
    review, _found = review_with_what_ifs(record, 1)
    reuse_in_commands(monkeypatch)
    expected = accuracy_of(review)
    assert expected.share is not None
    code, out, _err = run(capsys, "review", str(RECORD), "--seat", "2")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("Accuracy: "))
    assert line == (f"Accuracy: {round(expected.share * 100)}% ({expected.accurate} of {expected.decisions} decisions "
                    f"within 2 points of the best) · lives given away: {expected.given_away:.2f}")
    code, out, _err = run(capsys, "review", str(RECORD), "--seat", "2", "--json")
    data = json.loads(out)
    assert isinstance(data["decisions"], list) and len(data["decisions"]) == len(review.decisions)
    assert (data["scored_decisions"], data["accurate_decisions"]) == (expected.decisions, expected.accurate)
    assert data["accuracy"] == round(expected.share, 4)
    assert data["lives_given_away"] == round(expected.given_away, 4)
