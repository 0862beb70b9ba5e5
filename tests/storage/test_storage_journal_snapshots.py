"""Saving a match's snapshots: each save reads only the actions played since the last one."""

from __future__ import annotations


from pathlib import Path

import pytest

from thirtyone.controller import Match
from thirtyone.model import Discard, DrawStock, preset
from thirtyone.model.growing_record import RecordSnapshot
from thirtyone.model.record import Seat
from thirtyone.storage import StoragePaths

from tests.storage.journal_support import CountingList, writer_for
from thirtyone.storage.saves import load_saved_game

EXTRA = {"humans": [0]}


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)



def bots_match(seats: int = 6, lives: int = 30) -> Match:
    return Match.new(preset("scat").replace(lives=lives), [Seat(f"P{n}", "bot:random") for n in range(seats)],
                     seed=3, preset="scat")


def test_a_save_late_in_a_long_game_reads_no_more_actions_than_one_early_on(paths: StoragePaths) -> None:
    match = bots_match()
    match._actions = CountingList()  # the match appends to it; snapshots share it
    writer, save = writer_for(paths)
    reads: list[int] = []
    for _ in range(1200):
        request = match.bot_request()
        if request is None:
            break
        match.submit(request.seat, request.decide())
        before = CountingList.read
        assert save(match.snapshot(), EXTRA) is None
        reads.append(CountingList.read - before)
    assert len(reads) == 1200 and writer.appends + writer.base_writes == 1200
    # An append reads the one new action; only the compactions (a whole rewrite, 4 in 1,200 saves
    # after the first) read the game so far.
    whole = [r for r in reads if r > 1]
    assert len(whole) == writer.base_writes - 1 and 2 <= len(whole) <= 4
    loaded, notice = load_saved_game(paths)
    assert notice is None and loaded.actions == match.record.actions


def test_a_take_back_then_another_move_is_saved_as_played(paths: StoragePaths) -> None:
    match = Match.new(preset("classic"), [Seat("You", "human"), Seat("Ada", "bot:random")], seed=11,
                      preset="classic")
    _, save = writer_for(paths)
    while match.current_seat != 0 or match.observation(0).legal_actions[0] != DrawStock():
        seat = match.current_seat
        match.submit(seat, match.bot_request().decide() if seat else match.observation(0).legal_actions[0])
        save(match.snapshot(), EXTRA)
    match.submit(0, DrawStock())
    save(match.snapshot(), EXTRA)
    hand = match.observation(0).hand
    match.submit(0, Discard(hand[0]))
    kept = match.snapshot()
    save(kept, EXTRA)
    assert match.take_back(0).__class__.__name__ == "Accepted"
    match.submit(0, Discard(hand[1]))
    save(match.snapshot(), EXTRA)
    loaded, _notice = load_saved_game(paths)
    assert loaded.actions[-1] == Discard(hand[1]) and loaded.actions == match.record.actions
    # The snapshot taken before the take-back still holds the move it was taken with.
    assert kept.record().actions[-1] == Discard(hand[0])


def test_a_record_saved_after_snapshots_is_compared_with_what_is_on_disk(paths: StoragePaths) -> None:
    match = bots_match(seats=3, lives=5)
    _, save = writer_for(paths)
    for _ in range(40):
        request = match.bot_request()
        match.submit(request.seat, request.decide())
        save(match.snapshot(), EXTRA)
    for _ in range(5):
        request = match.bot_request()
        match.submit(request.seat, request.decide())
    save(match.record, EXTRA)  # a whole record, as tests and older callers hand it
    loaded, _notice = load_saved_game(paths)
    assert loaded.actions == match.record.actions
    lines = paths.current_game_journal.read_text().splitlines()[1:]
    assert [int(line.split()[0]) for line in lines] == list(range(2, 46)), "every action once, in order"


def test_a_snapshot_rebuilds_the_record_it_was_taken_of() -> None:
    match = bots_match(seats=3, lives=5)
    for _ in range(25):
        request = match.bot_request()
        match.submit(request.seat, request.decide())
    snapshot = match.snapshot()
    assert isinstance(snapshot, RecordSnapshot) and snapshot.record() == match.record
    for _ in range(5):
        request = match.bot_request()
        match.submit(request.seat, request.decide())
    assert snapshot.record().actions == match.record.actions[:25]
    assert match.snapshot().shares_history(snapshot) and not snapshot.shares_history(match.snapshot())
