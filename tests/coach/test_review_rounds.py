"""A review worked out afresh spreads its rounds over worker processes and answers as one process does."""

from __future__ import annotations

import pytest

from thirtyone import workers
from thirtyone.coach.what_if import line_data, review_with_what_ifs
from thirtyone.i18n import set_language
from thirtyone.model.record import GameRecord

from tests.locations import DATA

RECORD = DATA / "record_coach_two_rounds.json"
SEAT = 2
"""Seat 3 lost a life in both rounds: two rounds to rate, two lines to replay."""


class Stop(Exception):
    """What the window's review raises from its progress when it is closed."""


@pytest.fixture(scope="module")
def record() -> GameRecord:
    set_language("en")
    return GameRecord.from_json(RECORD.read_text(encoding="utf-8"))


def test_the_rounds_in_workers_give_the_review_and_lines_worked_out_in_one_process(record) -> None:
    running = set(workers.live_workers())
    told: list[tuple[int, int]] = []
    review, found = review_with_what_ifs(record, SEAT, lambda done, total: told.append((done, total)), jobs=2)
    alone, alone_found = review_with_what_ifs(record, SEAT, jobs=1)
    assert review.to_dict() == alone.to_dict()
    assert [line_data(w) for w in found] == [line_data(w) for w in alone_found]
    assert [w.round_number for w in found] == [1, 2]
    total = len(review.decisions) + len(found)
    assert told and told[-1] == (total, total)
    assert [done for done, _total in told] == sorted(done for done, _total in told)
    assert set(workers.live_workers()) <= running  # the pool is gone with the review


def test_a_review_stopped_while_the_workers_think_ends_them(record) -> None:
    def stop(_done: int, _total: int) -> None:
        raise Stop

    running = set(workers.live_workers())
    with pytest.raises(Stop):
        review_with_what_ifs(record, SEAT, stop, jobs=2)
    assert set(workers.live_workers()) <= running
