"""The autosave journal: one appended line per action, exact resume, cut or foreign journals ignored."""

from __future__ import annotations

from typing import Any

import threading
from functools import partial
from pathlib import Path

import pytest

from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.model.record import GameRecord, Seat
from thirtyone.storage import StoragePaths, save_game
from thirtyone.storage.journal import JournalWriter
from thirtyone.storage.saves import clear_saved_game, load_saved_game
from thirtyone.ui.bridge.autosave import AutosaveWriter

EXTRA = {"humans": [0]}


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)


def long_game(length: int) -> GameRecord:
    seats = [Seat("You", "human")] + [Seat(f"P{n}", "bot:random") for n in range(1, 8)]
    for seed in range(50):
        match = Match.new(preset("scat").replace(lives=30), [Seat(s.name, "bot:random") for s in seats],
                          seed=seed, preset="scat")
        match.play_bots_to_end()
        if match.action_count >= length:
            record = match.record
            return GameRecord(record.rules, tuple(seats), record.seed, record.first_dealer,
                              record.actions[:length], record.decks, record.preset)
    raise AssertionError("no long enough game")


def prefix(record: GameRecord, count: int) -> GameRecord:
    return GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions[:count],
                      record.decks, record.preset)


def journal_writer(paths: StoragePaths) -> tuple[JournalWriter, partial[Any]]:
    writer = JournalWriter(paths)
    return writer, partial(writer.save, write_base=lambda r, e, t: save_game(paths, r, e, journal_token=t))


def test_every_action_appends_one_line_and_the_base_is_rewritten_rarely(paths: StoragePaths) -> None:
    record = long_game(1200)
    writer, save = journal_writer(paths)
    for count in range(1, 1201):
        assert save(prefix(record, count), EXTRA) is None
        if count in (10, 700, 1200):
            loaded, notice = load_saved_game(paths)
            assert notice is None and loaded.actions == record.actions[:count]
    # bases at 1, 257 (256 journal lines), 514 and 1028 actions: the journal is folded in once it holds
    # as many actions as the base, so the bytes written per action stay the same at any length
    assert writer.base_writes == 4 and writer.appends == 1200 - 4
    assert len(paths.current_game_journal.read_text().splitlines()) == 1 + 1200 - 1028
    saved = load_saved_game(paths)[0]
    assert saved is not None
    resumed = Match.from_record(saved)
    original = Match.from_record(record)
    assert resumed.events == original.events
    assert all(resumed.observation(s) == original.observation(s) for s in range(8))


def saved_with_journal(paths: StoragePaths, count: int = 30) -> GameRecord:
    record = long_game(count)
    _, save = journal_writer(paths)
    for number in range(1, count + 1):
        save(prefix(record, number), EXTRA)
    return record


def test_a_line_cut_short_by_a_kill_resumes_at_the_last_whole_action(paths: StoragePaths) -> None:
    record = saved_with_journal(paths)
    with open(paths.current_game_journal, "a", encoding="utf-8") as journal:
        journal.write("31 disc")
    assert load_saved_game(paths)[0].actions == record.actions


@pytest.mark.parametrize("bad_line", ["7 dance\n", "99 draw\n", "x\n", "\x00\x00\x00\n"])
def test_a_damaged_line_ends_the_journal_there(paths: StoragePaths, bad_line: str) -> None:
    record = saved_with_journal(paths)
    lines = paths.current_game_journal.read_text().splitlines(keepends=True)
    kept = [line for line in lines[1:] if int(line.split()[0]) < 20]
    paths.current_game_journal.write_text(lines[0] + "".join(kept) + bad_line + "".join(lines[len(kept) + 1:]))
    loaded = load_saved_game(paths)[0]
    assert loaded.actions == record.actions[:19]


def test_an_illegal_journal_action_ends_the_journal_there(paths: StoragePaths) -> None:
    record = saved_with_journal(paths)
    with open(paths.current_game_journal, "a", encoding="utf-8") as journal:
        journal.write("31 deal\n32 draw\n")
    assert load_saved_game(paths)[0].actions == record.actions


def test_a_journal_of_another_base_is_ignored(paths: StoragePaths) -> None:
    record = saved_with_journal(paths)
    save_game(paths, prefix(record, 5), EXTRA, journal_token="0123456789abcdef")
    assert load_saved_game(paths)[0].actions == record.actions[:5]
    clear_saved_game(paths)
    assert not paths.current_game_journal.exists() and load_saved_game(paths) == (None, None)


def test_a_shorter_record_after_a_take_back_rewrites_the_base(paths: StoragePaths) -> None:
    record = long_game(30)
    writer, save = journal_writer(paths)
    for number in range(1, 31):
        save(prefix(record, number), EXTRA)
    save(prefix(record, 27), EXTRA)
    assert load_saved_game(paths)[0].actions == record.actions[:27]
    save(prefix(record, 28), EXTRA)
    assert load_saved_game(paths)[0].actions == record.actions[:28]


def test_the_window_hands_saves_to_a_worker_and_never_waits_on_the_disk(paths: StoragePaths, monkeypatch) -> None:
    record = long_game(40)
    slow = JournalWriter.save
    disk_free = threading.Event()

    def slow_save(self, *args, **kwargs):
        disk_free.wait(300)  # the disk is stuck until the test frees it (300 s only bounds a hang)
        return slow(self, *args, **kwargs)

    monkeypatch.setattr(JournalWriter, "save", slow_save)
    autosave = AutosaveWriter(paths)
    for count in range(1, 41):
        autosave.submit(prefix(record, count), EXTRA)
    assert autosave.writes == 0  # every submit came back while the disk was stuck
    disk_free.set()
    assert autosave.flush(300)
    assert load_saved_game(paths)[0].actions == record.actions
    assert autosave.writes < 40  # records that arrived while one was being written were folded into the next

