"""Could I have won? Each lost round's costliest decision replayed on the same deal with the coach's move."""

from __future__ import annotations

import pytest

from thirtyone.coach.what_if import Step, WhatIf, replay_line, what_if_lines
from thirtyone.i18n import set_language
from thirtyone.model import Discard
from thirtyone.model.actions import DRAW, KNOCK
from thirtyone.model.dealing import stock_in_order
from thirtyone.model.record import GameRecord

from tests.cli_support import run
from tests.locations import DATA
from tests.review_once import reuse_in_commands, review_with_what_ifs


LAST = DATA / "record_rating_last.json"
"""You (seat 1, played by Sharp's moves) against Casual, Beginner and Sharp: out fourth, a life lost in
rounds 1, 3, 5 and 8. In round 5 you drew on 25 (action 150) where the coach would have knocked."""


@pytest.fixture(scope="module")
def found() -> tuple[GameRecord, tuple[WhatIf, ...]]:
    set_language("en")
    record = GameRecord.from_json(LAST.read_text(encoding="utf-8"))
    return record, review_with_what_ifs(record, 0)[1]


def test_every_lost_round_gets_its_costliest_decision(found) -> None:
    record, rounds = found
    assert [(w.round_number, w.lost) for w in rounds] == [(1, 1), (3, 1), (5, 1), (8, 1)]
    for what_if in rounds:
        assert what_if.decision is not None and what_if.decision.round_number == what_if.round_number
        assert what_if.steps[0].seat == 0 and what_if.steps[0].action is what_if.decision.advice.best.action


def test_knocking_in_round_five_would_have_kept_the_life_on_the_same_deal(found) -> None:
    record, rounds = found
    fifth = rounds[2]
    assert fifth.decision.index == 149 and fifth.decision.move is DRAW
    assert fifth.decision.advice.best.action is KNOCK
    assert fifth.line_lost == 0 and fifth.kept
    assert [w.kept for w in rounds] == [False, False, True, False]
    # The same deal: the draws of the line are the stock's next cards, in the order the game had them.
    before = list(record.replay())[149][0]
    drawn = [step.drawn for step in fifth.steps if step.action is DRAW]
    assert drawn and drawn == list(stock_in_order(before)[:len(drawn)])
    # ... and the engine agrees with the line: replayed by hand it ends the round with your lives kept.
    steps, lost = replay_line(record, 0, 149, KNOCK)
    assert steps == fifth.steps and lost == 0
    lines = fifth.lines([s.name for s in record.seats])
    assert lines[0].startswith("Round 5: you drew with 25; knocking now would have kept your life ")
    assert lines[1].startswith("On the same deal: You: Knock now · Sunny: ") and lines[1].endswith("→ you keep your lives.")


def test_the_words_of_a_line_and_a_round_the_cards_decided() -> None:
    set_language("en")
    record = GameRecord.from_json(LAST.read_text(encoding="utf-8"))
    before = list(record.replay())[149][0]
    card = before.hands[1][0]
    names = ("You", "Sunny")
    assert Step(1, Discard(card), None).words(names) == f"Sunny: Throw the {card.symbol}"
    assert Step(0, DRAW, card).words(names) == f"You: Draw ({card.symbol})"
    assert WhatIf(2, 1, None).lines(names) == ["Round 2: the coach would have played every move as you did; the cards "
                                               "decided it."]
    assert what_if_lines((), names) == ["Could you have won? You lost no life."]


def test_thirtyone_review_says_which_line_would_have_kept_the_life(found, capsys, monkeypatch) -> None:
    record, rounds = found
    reuse_in_commands(monkeypatch)
    code, out, _err = run(capsys, "review", str(LAST))
    assert code == 0
    text = out.split("Could you have won?\n", 1)[1].splitlines()
    names = [s.name for s in record.seats]
    assert text == [f"  {line}" for what_if in rounds for line in what_if.lines(names)]


def test_the_json_of_a_kept_round(found) -> None:
    record, rounds = found
    data = rounds[2].to_dict([s.name for s in record.seats])
    assert (data["round"], data["lives_lost"], data["decision"], data["best"]) == (5, 1, 150, "knock")
    assert data["kept"] is True and data["line_lives_lost"] == 0
    assert data["line"][0] == {"seat": 0, "move": "knock", "drawn": None}
    assert all(step["drawn"] is None or len(step["drawn"]) == 2 for step in data["line"])
