"""The review from the coach's answers kept while the game was played: the same review, without the search."""

from __future__ import annotations

import json

import pytest

from thirtyone.coach import review as review_module
from thirtyone.coach.accuracy import accuracy_of
from thirtyone.coach.review import (KEPT_KEY, kept_entry, position_keys, review_record,
                                    seat_decisions)
from thirtyone.model.record import GameRecord
from thirtyone.storage.saves import with_meta

from tests.cli_support import run
from tests.locations import DATA
from tests.review_once import kept_answers, reuse_in_commands, review_with_what_ifs

RECORD = DATA / "record_coach_two_rounds.json"
SEAT = 1


def _no_search(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("the review searched although the answer was kept")
    monkeypatch.setattr(review_module, "advise", refuse)


def _as_read(review) -> tuple[object, ...]:
    return (review.to_dict(), [d.sentence() for d in review.decisions], [d.advice.text() for d in review.decisions],
            accuracy_of(review).to_dict())


@pytest.fixture(scope="module")
def fresh_and_answers():
    record = GameRecord.from_json(RECORD.read_text())
    return _as_read(review_with_what_ifs(record, SEAT)[0]), kept_answers(record, SEAT)


def test_a_review_from_kept_answers_is_the_one_worked_out_afresh_and_searches_nothing(monkeypatch, fresh_and_answers):
    fresh, answers = fresh_and_answers
    record = GameRecord.from_json(RECORD.read_text())
    kept = GameRecord.from_json(with_meta(record, **{KEPT_KEY: kept_entry(answers)}).to_json())
    _no_search(monkeypatch)
    assert len(answers) == 17
    assert _as_read(review_record(kept, SEAT)) == fresh


def test_the_review_command_reads_kept_answers_and_prints_the_same(capsys, monkeypatch, tmp_path, fresh_and_answers):
    _fresh, answers = fresh_and_answers
    reuse_in_commands(monkeypatch)
    code, plain, _err = run(capsys, "review", str(RECORD), "--seat", str(SEAT + 1))
    kept_file = tmp_path / "kept.json"
    kept_file.write_text(with_meta(GameRecord.from_json(RECORD.read_text()), **{KEPT_KEY: kept_entry(answers)}).to_json())
    _no_search(monkeypatch)
    code_kept, kept, err = run(capsys, "review", str(kept_file), "--seat", str(SEAT + 1))
    assert code == code_kept == 0 and err == ""
    assert kept == plain


@pytest.mark.parametrize("damage", ["move", "illegal", "chance", "shape", "version", "position", "huge"])
def test_a_kept_answer_that_does_not_fit_is_worked_out_afresh(damage, fresh_and_answers):
    fresh, answers = fresh_and_answers
    record = GameRecord.from_json(RECORD.read_text())
    keys = position_keys(record)
    first = next(seat_decisions(record, SEAT))[0]
    damaged = json.loads(json.dumps(answers))
    entry = damaged[keys[first]]
    if damage == "move":
        entry["move"] = "knock"
    elif damage == "illegal":
        entry["options"][0][0] = "discard AS"
    elif damage == "chance":
        entry["options"][0][1] = 7.5
    elif damage == "shape":
        entry["options"] = [[["deep"] * 3] * 3]
    elif damage == "huge":
        entry["options"] = entry["options"] * 100
    elif damage == "position":  # the answer is filed under another position (a take-back, another game)
        damaged[keys[0]] = damaged.pop(keys[first])
    kept_value = kept_entry(damaged)
    if damage == "version":
        kept_value["version"] = "0.0.0/1/1"
    kept = with_meta(record, **{KEPT_KEY: kept_value})
    searched = []
    real = vars(review_module)["advise"]

    def counting(*args, **kwargs):
        searched.append(1)
        return real(*args, **kwargs)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review_module, "advise", counting)
        again = review_record(kept, SEAT)
    assert _as_read(again) == fresh
    assert len(searched) == (17 if damage == "version" else 1)


def test_kept_answers_survive_a_new_program_version(tmp_path, fresh_and_answers):
    # A record kept by this program is reviewed from its answers by a later release that changed
    # neither the coach's search nor the bots (issue 45: an upgrade used to throw them all away).
    _fresh, answers = fresh_and_answers
    kept_file = tmp_path / "kept.json"
    kept_file.write_text(with_meta(GameRecord.from_json(RECORD.read_text()), **{KEPT_KEY: kept_entry(answers)}).to_json())
    script = ("import thirtyone; thirtyone.__version__ = '99.0'\n"
              "from thirtyone.coach import review\n"
              "from thirtyone.model.record import GameRecord\n"
              f"record = GameRecord.from_file({str(kept_file)!r})\n"
              "print(len(review.kept_answers(record)))\n")
    import subprocess
    import sys
    from tests.locations import ROOT
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.split() == [str(len(answers))]


def test_kept_answers_are_not_read_for_other_rules(fresh_and_answers):
    _fresh, answers = fresh_and_answers
    record = GameRecord.from_json(RECORD.read_text())
    other = GameRecord.from_json(with_meta(
        GameRecord(record.rules.replace(knocker_penalty=3), record.seats, record.seed, record.first_dealer,
                   record.actions, record.decks, record.preset, record.meta), **{KEPT_KEY: kept_entry(answers)}).to_json())
    assert review_module.kept_answers(other)  # still there, but filed under the other rules' positions
    assert not set(position_keys(other)) & set(answers)


def test_could_have_won_lines_kept_with_the_record_are_read_not_replayed(monkeypatch):
    from thirtyone.coach import what_if
    from thirtyone.coach.what_if import KEPT_LINES_KEY, kept_lines_entry, what_if_lines
    seat = 2  # lost a life in each round
    plain = GameRecord.from_json(RECORD.read_text())
    record = GameRecord.from_json(with_meta(plain, **{KEPT_KEY: kept_entry(kept_answers(plain, seat))}).to_json())
    review, found = review_with_what_ifs(record, seat)  # worked out once (the lines replay rounds)
    assert len(found) == 2
    kept = GameRecord.from_json(with_meta(record, **{KEPT_LINES_KEY: kept_lines_entry(record, found, seat)}).to_json())

    def refuse(*args, **kwargs):
        raise AssertionError("a round was replayed although its line was kept")
    _no_search(monkeypatch)
    monkeypatch.setattr(what_if, "replay_line", refuse)
    again = what_if.review_with_what_ifs(kept, seat)
    names = [s.name for s in record.seats]
    assert what_if_lines(again[1], names) == what_if_lines(found, names)
    assert [w.to_dict(names) for w in again[1]] == [w.to_dict(names) for w in found]
    # Another seat's lines are not kept, and another rule set's game never reads these.
    assert what_if.kept_what_ifs(kept, dataclasses_replace(review, seat=0)) is None
    other = GameRecord(kept.rules.replace(knocker_penalty=3), kept.seats, kept.seed, kept.first_dealer, kept.actions,
                       kept.decks, kept.preset, kept.meta)
    assert what_if.kept_what_ifs(other, review) is None


def dataclasses_replace(review, **changes):
    import dataclasses
    return dataclasses.replace(review, **changes)
